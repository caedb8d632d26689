import ArgumentParser

/// `bodii today` in its plain form — `--json`, `--date DAY`, `--db PATH`, each at most once —
/// read without the argument parser, as `PlainSearch` reads a search: status bars and scripts run
/// it every few seconds, and building the parser's command tree (its reflection and conformance
/// look-ups) was a fifth of such a process. Anything else (help, `--`, `=` forms, a repeated or
/// blank option, any other word) is left to the parser, so its messages and exit codes stay its own.
struct PlainToday {
    var json = false
    var date: OptionText?
    var db: OptionText?

    /// The arguments (after `GlobalArguments.normalized`) when they are a plain `today`; nil for
    /// anything the parser must see.
    init?(_ arguments: [String]) {
        guard arguments.first == "today" else { return nil }
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            switch word {
            case "--json":
                guard !json else { return nil }
                json = true
            case "--date", "--db":
                // A blank value or one that is an option: the parser says which.
                guard i + 1 < arguments.count, let value = OptionText(argument: arguments[i + 1]) else { return nil }
                if word == "--date" {
                    guard date == nil else { return nil }
                    date = value
                } else {
                    guard db == nil else { return nil }
                    db = value
                }
                i += 1
            default:
                return nil
            }
            i += 1
        }
    }

    /// Runs it as `TodayCommand` would; the exit code.
    func run() -> Int32 {
        do {
            try CommandFailure.reporting(databasePath: db?.text) {
                try TodayCommand.run(date: date, json: json, databasePath: db?.text)
            }
            return 0
        } catch {
            return (error as? ExitCode)?.rawValue ?? CommandFailure.Kind.io.rawValue
        }
    }
}
