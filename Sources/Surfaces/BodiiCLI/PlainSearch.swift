/// `bodii search` in its plain form — query words, `--limit N`, `--json`, `--db PATH`, each option
/// at most once — read without the argument parser. Scripts and launchers run it once a query, and
/// building the parser's command tree (its reflection and conformance look-ups) was a tenth of
/// such a process. Anything else (help, `--`, `=` forms, a repeated or blank option, any word
/// that starts with "-", the word "help") is left to the parser, so its messages and exit codes
/// stay the parser's own; what is read here is what the parser would have read.
struct PlainSearch {
    var query: [String] = []
    var limit: OptionText?
    var json = false
    var db: OptionText?

    /// The arguments (after `GlobalArguments.normalized`) when they are a plain search; nil for
    /// anything the parser must see.
    init?(_ arguments: [String]) {
        guard let plain = PlainArguments(arguments, command: "search", flags: ["--json"], options: ["--limit", "--db"], takesWords: true)
        else { return nil }
        query = plain.words
        json = plain.flags.contains("--json")
        limit = plain.values["--limit"]
        db = plain.values["--db"]
    }

    /// Runs it as `SearchCommand` would; the exit code.
    func run() -> Int32 {
        PlainArguments.exitCode(databasePath: db?.text) {
            try SearchCommand.run(query: query, limit: limit, json: json, databasePath: db?.text)
        }
    }
}
