import ArgumentParser
import BodiiApp

/// The one reading of a plain command line that `PlainSearch` and `PlainToday` share: the command's
/// name, then flags and valued options each at most once, and (where the command takes them) plain
/// words. Anything else — help, `--`, `=` forms, a repeated or blank option, an option as a value,
/// an unknown word — gives nil, so the argument parser sees it and its messages and exit codes stay
/// its own.
struct PlainArguments {
    private(set) var flags: Set<String> = []
    private(set) var values: [String: OptionText] = [:]
    private(set) var words: [String] = []

    init?(_ arguments: [String], command: String, flags knownFlags: Set<String>, options: Set<String>, takesWords: Bool) {
        guard arguments.first == command else { return nil }
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            if knownFlags.contains(word) {
                guard flags.insert(word).inserted else { return nil }
            } else if options.contains(word) {
                // A blank value or one that is an option: the parser says which.
                guard i + 1 < arguments.count, let value = OptionText(argument: arguments[i + 1]), values[word] == nil else { return nil }
                values[word] = value
                i += 1
            } else {
                guard takesWords, !word.hasPrefix("-"), word != "help" else { return nil }
                words.append(word)
            }
            i += 1
        }
    }

    /// Runs a plain command's body as its parsed command would; the exit code.
    static func exitCode(databasePath: String?, _ body: () throws -> Void) -> Int32 {
        do {
            try CommandFailure.reporting(databasePath: databasePath, body)
            return 0
        } catch {
            return (error as? ExitCode)?.rawValue ?? CommandFailure.Kind.io.rawValue
        }
    }
}
