/// `bodii log food` in its line form — words, `--meal M`, `--date D`, `--dry-run`, `--json`,
/// `--db PATH`, each option at most once — read without the argument parser, as `PlainSearch`
/// reads a search: building the parser's command tree (its reflection and conformance look-ups)
/// was ~20 M of a 5-food line's ~99 M instructions, and the line is meant to be as quick as
/// `bodii search`. Anything else (--grams, --id, quick add, help, `--`, `=` forms, a repeated or
/// blank option, any word that starts with "-", the word "help") is left to the parser, so its
/// messages and exit codes stay the parser's own; what is read here is what the parser would read.
struct PlainLogFood {
    var words: [String] = []
    var line = LogFoodLine()
    var db: OptionText?

    /// The arguments (after `GlobalArguments.normalized`) when they are a plain `log food` line;
    /// nil for anything the parser must see.
    init?(_ arguments: [String]) {
        guard arguments.first == "log",
            let plain = PlainArguments(
                Array(arguments.dropFirst()), command: "food", flags: ["--dry-run", "--json"], options: ["--meal", "--date", "--db"],
                takesWords: true)
        else { return nil }
        words = plain.words
        line.meal = plain.values["--meal"]
        line.date = plain.values["--date"]
        line.dryRun = plain.flags.contains("--dry-run")
        line.json = plain.flags.contains("--json")
        db = plain.values["--db"]
        line.databasePath = db?.text
    }

    /// Runs it as `LogFoodCommand` would; the exit code.
    func run() -> Int32 {
        PlainArguments.exitCode(databasePath: db?.text) { try line.run(words: words) }
    }
}
