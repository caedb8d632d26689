import ArgumentParser

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
        guard arguments.first == "search" else { return nil }
        var i = 1
        while i < arguments.count {
            let word = arguments[i]
            switch word {
            case "--json":
                guard !json else { return nil }
                json = true
            case "--limit", "--db":
                // A blank value or one that is an option: the parser says which.
                guard i + 1 < arguments.count, let value = OptionText(argument: arguments[i + 1]) else { return nil }
                if word == "--limit" {
                    guard limit == nil else { return nil }
                    limit = value
                } else {
                    guard db == nil else { return nil }
                    db = value
                }
                i += 1
            default:
                guard !word.hasPrefix("-"), word != "help" else { return nil }
                query.append(word)
            }
            i += 1
        }
    }

    /// Runs it as `SearchCommand` would; the exit code.
    func run() -> Int32 {
        do {
            try CommandFailure.reporting(databasePath: db?.text) {
                try SearchCommand.run(query: query, limit: limit, json: json, databasePath: db?.text)
            }
            return 0
        } catch {
            return (error as? ExitCode)?.rawValue ?? CommandFailure.Kind.io.rawValue
        }
    }
}
