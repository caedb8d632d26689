import Foundation

/// Search over activities, the way a person types: every word of the query must match a word of
/// the activity (its name, its extra search words or its category), in any order; a word matches
/// when it is the same, a prefix ("run" → "running"), the same but for a plural "s", or — for
/// words of four letters or more — one typo away (a letter wrong, missing, extra or two swapped).
/// Case and accents never matter. Matches in the name count more than in the extra words; a
/// query that starts the name ranks it higher; among equals the catalog's order decides (each
/// group lists its general activity first, then paces and variants). Pure and deterministic.
struct ActivitySearch: Sendable {
    struct Entry: Sendable {
        let activity: Activity
        let order: Int
        let nameWords: [[Character]]
        let otherWords: [[Character]]
        let key: String
    }

    let entries: [Entry]

    init(_ activities: [Activity]) {
        entries = activities.enumerated().map { i, a in
            let name = Self.tokens(a.name)
            let other = a.searchWords.flatMap(Self.tokens) + Self.tokens(a.category.label)
            return Entry(activity: a, order: i, nameWords: name.map(Array.init), otherWords: other.map(Array.init),
                         key: name.joined(separator: " "))
        }
    }

    // MARK: Queries

    func search(_ query: String, limit: Int? = nil) -> [Activity] {
        let words = Self.tokens(query).map { Array($0) }
        guard !words.isEmpty else { return Array(entries.prefix(limit ?? entries.count).map(\.activity)) }
        var scored: [(score: Double, entry: Entry)] = []
        for entry in entries {
            if let s = score(words, entry) { scored.append((s, entry)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.entry.order < $1.entry.order }
        let found = scored.map(\.entry.activity)
        return limit.map { Array(found.prefix($0)) } ?? found
    }

    func exact(_ name: String) -> Activity? {
        let key = Self.tokens(name).joined(separator: " ")
        guard !key.isEmpty else { return nil }
        return entries.first { $0.key == key }?.activity
    }

    /// For a query that matches nothing: activities sharing any word with it, allowing two typos
    /// in longer words, ranked by how much of the query they explain (at least half as much as
    /// the best).
    func suggestions(_ query: String, limit: Int) -> [Activity] {
        let words = Self.tokens(query).map { Array($0) }
        guard !words.isEmpty, limit > 0 else { return [] }
        var scored: [(score: Double, entry: Entry)] = []
        for entry in entries {
            var total = 0.0
            for q in words {
                let all = entry.nameWords + entry.otherWords
                var best = 0.0
                for w in all {
                    if let m = Self.match(q, w) {
                        best = max(best, m)
                    } else if q.count >= 5, Self.isLetters(q), Self.closest(q, w) <= 2 {
                        best = max(best, 20)
                    }
                }
                total += best
            }
            if total > 0 { scored.append((total - Double(entry.nameWords.count), entry)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.entry.order < $1.entry.order }
        // Far weaker guesses than the best one would only be noise.
        let floor = (scored.first?.score ?? 0) / 2
        return scored.prefix(limit).filter { $0.score >= floor }.map(\.entry.activity)
    }

    // MARK: Scoring

    /// The activity's score for the query words, nil when a word matches nothing.
    func score(_ words: [[Character]], _ entry: Entry) -> Double? {
        var total = 0.0
        for q in words {
            var best = 0.0
            for w in entry.nameWords { if let s = Self.match(q, w) { best = max(best, s) } }
            for w in entry.otherWords { if let s = Self.match(q, w) { best = max(best, s * 0.8) } }
            guard best > 0 else { return nil }
            total += best
        }
        // The name starts with what was typed first: "jog" puts Jogging above the runs.
        if let first = words.first, let head = entry.nameWords.first, let s = Self.match(first, head), s >= 60 {
            total += 30
        }
        return total
    }

    /// How well query word `q` matches word `w`: 100 same, 60–100 prefix, 35 one typo; nil otherwise.
    static func match(_ q: [Character], _ w: [Character]) -> Double? {
        if q == w || singular(q) == singular(w) { return 100 }
        if q.count < w.count, w.starts(with: q) { return 60 + 40 * Double(q.count) / Double(w.count) }
        guard q.count >= 4, isLetters(q) else { return nil }
        return closest(q, w) <= 1 ? 35 : nil
    }

    /// The smallest edit distance between `q` and `w` or a prefix of `w` about as long as `q`
    /// (so a typo in the middle of typing still finds the word).
    static func closest(_ q: [Character], _ w: [Character]) -> Int {
        var best = editDistance(q, w)
        for n in max(1, q.count - 1)...(q.count + 1) where n < w.count {
            best = min(best, editDistance(q, Array(w.prefix(n))))
        }
        return best
    }

    static func singular(_ w: [Character]) -> ArraySlice<Character> {
        if w.count > 3, w.last == "s", w[w.count - 2] != "s" { return w.dropLast() }
        return w[...]
    }

    static func isLetters(_ w: [Character]) -> Bool { w.allSatisfy(\.isLetter) }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each cost 1.
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }

    // MARK: Words

    /// Lower-case, accent-free words: runs of letters, and numbers with their decimal point
    /// ("6mph" → 6, mph; "9.7 km/h" → 9.7, km, h).
    static func tokens(_ text: String) -> [String] {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased()
        var out: [String] = []
        var current = ""
        var isNumber = false
        func flush() {
            while current.last == "." { current.removeLast() }
            if !current.isEmpty { out.append(current) }
            current = ""
        }
        for c in folded {
            if c.isLetter {
                if isNumber { flush() }
                isNumber = false
                current.append(c)
            } else if c.isASCII && c.isNumber {
                if !isNumber { flush() }
                isNumber = true
                current.append(c)
            } else if c == ".", isNumber, !current.contains(".") {
                current.append(c)
            } else {
                flush()
            }
        }
        flush()
        return out
    }
}
