import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiStore
import Foundation
import NcursesTerminal
import TerminalKit

public enum BodiiMain {
    public static func main() {
        // Columns (`history`, `search`) measured as the terminal draws them, as the app does.
        LibcTextWidth.installForLocale()
        exit(run(GlobalArguments.normalized(Array(CommandLine.arguments.dropFirst()))))
    }

    /// Parses and runs one command; every refusal is one line on stderr (PRODUCT.md §4), never
    /// the argument parser's usage text. Returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        // The plain forms of the most run commands skip the parser (see PlainSearch).
        if let search = PlainSearch(arguments) {
            ProcessConfig.warnOnStandardError()
            return search.run()
        }
        if let line = PlainLogFood(arguments) {
            ProcessConfig.warnOnStandardError()
            return line.run()
        }
        if let today = PlainToday(arguments) {
            ProcessConfig.warnOnStandardError()
            return today.run()
        }
        // The app shows the config file's problems itself (no warning on stderr).
        if let app = PlainRun(arguments) { return app.run() }
        do {
            var command = try BodiiCommand.parseAsRoot(arguments)
            // The config file's problems: on stderr once, but never from `status` (a status bar
            // runs it every few seconds and must stay clean) nor the app (it shows them itself).
            if !(command is StatusCommand), !(command is RunCommand) { ProcessConfig.warnOnStandardError() }
            try command.run()
            return 0
        } catch let failure as CommandFailure {
            StandardError.write("bodii: \(failure.message)")
            return failure.kind.rawValue
        } catch let exit as ExitCode {
            return exit.rawValue  // the command has said why
        } catch {
            let code = BodiiCommand.exitCode(for: error)
            if code == .success {  // --help, help: the full text, on stdout, ASCII outside UTF-8
                PlainText.print(BodiiCommand.fullMessage(for: error))
                return 0
            }
            guard code == .validationFailure else {
                // Not the parser's: something a command did not catch, said in one line all the same.
                let failure = FailureLine.forUnexpected(error, databasePath: nil)
                StandardError.write("bodii: \(failure.line)")
                return failure.code.rawValue
            }
            let message = BodiiCommand.message(for: error)
            if let refusal = OptionText.refusal(parserMessage: message) {
                StandardError.write("bodii: " + refusal)
            } else {
                StandardError.write("bodii: " + parserLine(message) + " (see \(helpCommand(for: arguments)))")
            }
            return CommandFailure.Kind.usage.rawValue
        }
    }

    /// Where the help of the command `arguments` name is: "bodii log food --help" for
    /// `bodii log food --grms 5`, "bodii --help" when no command is named.
    static func helpCommand(for arguments: [String]) -> String {
        var path = ["bodii"]
        var command: any ParsableCommand.Type = BodiiCommand.self
        for word in arguments {
            guard let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) else { break }
            path.append(word)
            command = sub
        }
        return (path + ["--help"]).joined(separator: " ")
    }

    /// The parser's message in one line: its first line, without the "Error: " it starts with,
    /// and short (it quotes values as they were typed, 10 kB ones too).
    static func parserLine(_ message: String) -> String {
        var line = message.split(whereSeparator: \.isNewline).first.map(String.init) ?? "invalid arguments"
        if line.hasPrefix("Error: ") { line.removeFirst("Error: ".count) }
        line = line.trimmingCharacters(in: .whitespaces)
        return line.count > 160 ? String(line.prefix(80)) + "…" + String(line.suffix(40)) : line
    }
}

/// Positional words (a food query, an activity, a weight) are parsed with `.allUnrecognized` so
/// that "-5" or "-" arrive as values instead of as unknown options; words that are clearly
/// options ("--grms") are refused here.
enum PositionalWords {
    /// The words without the `--` that may end the options (`bodii log weight -- -5`).
    static func values(_ words: [String]) throws -> [String] {
        if let option = words.first(where: { $0.hasPrefix("--") && $0.count > 2 }) {
            throw CommandFailure.usage("unknown option \(ValidationError.quoted(option)) (see bodii help)")
        }
        return words.filter { $0 != "--" }
    }

    /// The words as one search text (a food, an activity, a line of foods), refused (65) past
    /// `Validation.maxSearchLength` characters: the same limit as the app's search fields.
    static func searchText(_ words: [String], field: String = "search words") throws -> String {
        let text = try values(words).joined(separator: " ")
        return try validated { () throws(BodiiDomain.ValidationError) in try Validation.searchText(text, field: field) }
    }

    /// The one value of a positional argument parsed this way (an id, an amount): "-1" reaches
    /// the value's own check and is refused there as a bad value (65), not as a missing argument.
    static func single(_ words: [String], missing: String) throws -> String {
        let values = try values(words)
        guard let value = values.first else { throw CommandFailure.usage(missing) }
        guard values.count == 1 else {
            throw CommandFailure.usage("one value at a time: got \(ValidationError.quoted(values.joined(separator: " ")))")
        }
        return value
    }
}

/// Store errors outside a `StoreError` (a full disk, a damaged file) as one line without SQL.
enum FailureLine {
    static func forUnexpected(_ error: any Error, databasePath: String?) -> (line: String, code: CommandFailure.Kind) {
        let url = AppEnvironment.databaseURL(explicit: databasePath)
        if let line = StoreErrorMessage.line(for: error, database: url.path) { return (line, .io) }
        return (ErrorLine.text(error), .io)
    }
}
