import ArgumentParser
import BodiiDomain
import BodiiSearch
import Foundation

/// Completions of food and activity names for bash, zsh and fish (`bodii --generate-completion-script`).
/// The shell completes one word at a time, so the candidates are words: the words of the best
/// matches (the same search `log food` and `log exercise` use) that start with what is typed.
/// `chicken br<Tab>` offers `breast` and `broilers`. A completion never writes: the food catalog
/// is read as `bodii search` reads it.
enum ShellCompletion {
    static let limit = 20

    static let foods = CompletionKind.custom { words, index, prefix in
        candidates(words: words, index: index, prefix: prefix) { query in
            try SearchCommand.searchFoods(query, limit: limit, databasePath: databasePath(in: words)).map(\.name)
        }
    }

    static let activities = CompletionKind.custom { words, index, prefix in
        candidates(words: words, index: index, prefix: prefix) { query in
            ActivityCatalog.search(query).prefix(limit).map(\.name)
        }
    }

    /// The words of `names` (found for the words typed so far) that start with `prefix`, in the
    /// order of the names, each once, keeping the case the user typed the prefix in.
    static func candidates(words: [String], index: Int, prefix: String, names: (String) throws -> [String]) -> [String] {
        let typed = queryWords(words, upTo: index) + [prefix]
        let query = typed.joined(separator: " ").trimmingCharacters(in: .whitespaces)
        guard SearchText.hasSearchableWord(query), let found = try? names(query) else { return [] }
        return matchingWords(of: found, startingWith: prefix)
    }

    static func matchingWords(of names: [String], startingWith prefix: String) -> [String] {
        let lowered = prefix.lowercased()
        var seen: Set<String> = []
        var out: [String] = []
        for name in names {
            for word in name.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "-" && $0 != "'" }) {
                let candidate = word.lowercased()
                guard candidate.hasPrefix(lowered), seen.insert(candidate).inserted else { continue }
                out.append(prefix + candidate.dropFirst(prefix.count))
            }
        }
        return out
    }

    /// The query words before the one being completed: after the subcommand's name, without
    /// options and their values.
    static func queryWords(_ words: [String], upTo index: Int) -> [String] {
        let before = Array(words.prefix(max(0, min(index, words.count))))
        guard let start = before.lastIndex(where: { ["food", "exercise", "search"].contains($0) }) else { return [] }
        var out: [String] = []
        var skipNext = false
        for word in before[(start + 1)...] {
            if skipNext { skipNext = false; continue }
            if word.hasPrefix("--") { skipNext = !word.contains("=") && !flags.contains(word); continue }
            out.append(word)
        }
        return out
    }

    /// Options of these commands that take no value.
    static let flags: Set<String> = ["--json", "--ascii"]

    /// `--db PATH` or `--db=PATH` typed on the line; nil for `$BODII_DB` or the default.
    static func databasePath(in words: [String]) -> String? {
        for (i, word) in words.enumerated() {
            if word == "--db", i + 1 < words.count { return words[i + 1] }
            if word.hasPrefix("--db=") { return String(word.dropFirst(5)) }
        }
        return nil
    }
}
