import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Database file (default: $BODII_DB, else the config file's database, else ~/.local/share/bodii/bodii.sqlite).",
            valueName: "path"))
    var db: OptionText?
}

/// `--db` is global (PRODUCT.md §4): `bodii --db X today` must work like `bodii today --db X`.
/// ArgumentParser would give a leading option to the default subcommand, so it is moved after
/// the subcommand (before any `--`, which ends the options).
enum GlobalArguments {
    // An array: a Set's first use costs a conformance look-up that outweighs 17 comparisons.
    static let subcommands: [String] = [
        "run", "log", "today", "report", "demo", "search", "profile", "status", "help",
        "review", "action", "import", "export", "history", "pantry", "shop", "budget", "insights", "nutrients",
        "plan", "sync", "targets", "fast", "moment", "moments",
    ]

    static func normalized(_ arguments: [String]) -> [String] {
        guard let commandIndex = arguments.firstIndex(where: { subcommands.contains($0) }) else { return arguments }
        var leading: [String] = []
        var moved: [String] = []
        var i = 0
        while i < commandIndex {
            let word = arguments[i]
            if word == "--db", i + 1 < commandIndex {
                moved += [word, arguments[i + 1]]
                i += 2
            } else {
                if word.hasPrefix("--db=") { moved.append(word) } else { leading.append(word) }
                i += 1
            }
        }
        guard !moved.isEmpty else { return arguments }
        var rest = Array(arguments[commandIndex...])
        let end = rest.firstIndex(of: "--") ?? rest.count
        rest.insert(contentsOf: moved, at: end)
        return leading + rest
    }
}

struct BodiiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodii",
        abstract: "A terminal health and fitness tracker: body, diet, exercise and sleep.",
        discussion: """
            Defaults you set once go in $XDG_CONFIG_HOME/bodii/config.toml (~/.config/bodii/config.toml, or the file \
            $BODII_CONFIG names): database, units, theme, week_start (monday or sunday), first_day_hour (0-6) and currency (EUR, USD…). A \
            command-line option wins over an environment variable, which wins over the config file. Bodii never \
            writes the file; a bad value is reported with its line and that key keeps its default.
            """,
        subcommands: [
            RunCommand.self, LogCommand.self, TodayCommand.self, ReportCommand.self, SearchCommand.self, HistoryCommand.self,
            DemoCommand.self,
            ProfileCommand.self, StatusCommand.self, ReviewCommand.self, ActionCommand.self, ImportCommand.self,
            ExportCommand.self, PantryCommand.self, ShopCommand.self, BudgetCommand.self, InsightsCommand.self,
            NutrientsCommand.self, PlanCommand.self, SyncCommand.self, TargetsCommand.self, FastCommand.self,
            MomentCommand.self, MomentsCommand.self,
        ],
        defaultSubcommand: RunCommand.self
    )
}

struct RunCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the full-screen app (the default).")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Draw charts and borders with plain ASCII characters.")
    var ascii = false
    @Flag(name: .long, help: .hidden)
    var exitAfterFirstFrame = false

    func run() throws {
        try reportingFailures {
            try Self.run(databasePath: global.db?.text, ascii: ascii, exitAfterFirstFrame: exitAfterFirstFrame)
        }
    }

    /// The full-screen app on the database at `databasePath` (`PlainRun` calls it too).
    static func run(databasePath: String?, ascii: Bool, exitAfterFirstFrame: Bool) throws {
        let env = try AppEnvironment.open(databasePath: databasePath, access: .readWrite)
        let code = try MainActor.assumeIsolated {
            try FullScreenApp(environment: env, forceASCII: ascii, exitAfterFirstFrame: exitAfterFirstFrame).run()
        }
        if code != 0 { throw ExitCode(code) }
    }
}

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Record a measurement from the command line.",
        subcommands: [
            LogWeightCommand.self, LogFoodCommand.self, LogExerciseCommand.self, LogSleepCommand.self, LogWaterCommand.self,
            LogMeasureCommand.self, LogBloodPressureCommand.self, LogRestingHeartRateCommand.self,
        ])
}

/// A command that opens the database: its `--db`, for messages about the file.
protocol DatabaseCommand {
    var global: GlobalOptions { get }
}
