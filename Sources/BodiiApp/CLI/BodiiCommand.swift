import ArgumentParser
import BodiiDomain
import Foundation

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Database file (default: $BODII_DB, else ~/.local/share/bodii/bodii.sqlite).", valueName: "path"))
    var db: String?
}

public enum BodiiMain {
    public static func main() {
        BodiiCommand.main()
    }
}

struct BodiiCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bodii",
        abstract: "A terminal health and fitness tracker: body, diet, exercise and sleep.",
        subcommands: [RunCommand.self, LogCommand.self, TodayCommand.self, DemoCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "run", abstract: "Open the full-screen app (the default).")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Draw charts and borders with plain ASCII characters.")
    var ascii = false
    @Flag(name: .long, help: .hidden)
    var exitAfterFirstFrame = false

    func run() throws {
        try reportingFailures {
            let env = try AppEnvironment.open(databasePath: global.db)
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
        subcommands: [LogWeightCommand.self])
}
