import ArgumentParser
import BodiiDomain
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Database file (default: $BODII_DB, else ~/.local/share/bodii/bodii.sqlite).", valueName: "path"))
    var db: String?
}

/// `--db` is global (PRODUCT.md §4): `bodii --db X today` must work like `bodii today --db X`.
/// ArgumentParser would give a leading option to the default subcommand, so it is moved after
/// the subcommand (before any `--`, which ends the options).
enum GlobalArguments {
    static let subcommands: Set<String> = ["run", "log", "today", "report", "demo", "search", "profile", "status", "help",
                                             "review", "action", "import", "export", "pantry", "shop", "budget"]

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
        subcommands: [RunCommand.self, LogCommand.self, TodayCommand.self, ReportCommand.self, SearchCommand.self, DemoCommand.self,
                      ProfileCommand.self, StatusCommand.self, ReviewCommand.self, ActionCommand.self, ImportCommand.self,
                      ExportCommand.self, PantryCommand.self, ShopCommand.self, BudgetCommand.self],
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
            let env = try AppEnvironment.open(databasePath: global.db, access: .readWrite)
            let code = try MainActor.assumeIsolated {
                try FullScreenApp(environment: env, forceASCII: ascii, exitAfterFirstFrame: exitAfterFirstFrame).run()
            }
            if code != 0 { throw ExitCode(code) }
        }
    }
}

struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log", abstract: "Record a measurement from the command line.",
        subcommands: [LogWeightCommand.self, LogFoodCommand.self, LogExerciseCommand.self, LogSleepCommand.self])
}

/// A command that opens the database: its `--db`, for messages about the file.
protocol DatabaseCommand {
    var global: GlobalOptions { get }
}
