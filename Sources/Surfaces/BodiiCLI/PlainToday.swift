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
        guard let plain = PlainArguments(arguments, command: "today", flags: ["--json"], options: ["--date", "--db"], takesWords: false)
        else { return nil }
        json = plain.flags.contains("--json")
        date = plain.values["--date"]
        db = plain.values["--db"]
    }

    /// Runs it as `TodayCommand` would; the exit code.
    func run() -> Int32 {
        PlainArguments.exitCode(databasePath: db?.text) {
            try TodayCommand.run(date: date, json: json, databasePath: db?.text)
        }
    }
}
