import Foundation

/// Search over activities, the way a person types: every word of the query must match a word of
/// the activity (its name, its extra search words or its category), in any order; a word matches
/// when it is the same, a prefix ("run" → "running"), the same but for a plural "s", or — for
/// words of four letters or more — one typo away (a letter wrong, missing, extra or two swapped).
/// Case and accents never matter. Matches in the name count more than in the extra words; a
/// query that starts the name ranks it higher; among equals the catalog's order decides (each
/// group lists its general activity first, then paces and variants). Pure and deterministic.
struct ActivitySearch: Sendable {
    /// A word as its Unicode scalars: comparing and slicing these is cheap on every keystroke.
    typealias Word = [UInt32]

    struct Entry: Sendable {
        let activity: Activity
        let order: Int
        let nameWords: [IndexedWord]
        let otherWords: [IndexedWord]
        let key: String
    }

    /// A catalog word with its singular form, worked out once.
    struct IndexedWord: Sendable {
        let word: Word
        let singular: ArraySlice<UInt32>

        init(_ text: String) {
            word = ActivitySearch.word(text)
            singular = ActivitySearch.singular(word)
        }
    }

    let entries: [Entry]

    init(_ activities: [Activity]) {
        entries = activities.enumerated().map { i, a in
            let name = Self.tokens(a.name)
            let other = a.searchWords.flatMap(Self.tokens) + Self.tokens(a.category.label)
            return Entry(activity: a, order: i, nameWords: name.map(IndexedWord.init), otherWords: other.map(IndexedWord.init),
                         key: name.joined(separator: " "))
        }
    }

    static func word(_ text: String) -> Word { text.unicodeScalars.map(\.value) }

    /// A word of the query with what matching asks of it on every comparison, worked out once.
    struct QueryWord {
        let word: Word
        let singular: ArraySlice<UInt32>
        /// Long enough, and letters only, for a typo to be forgiven.
        let typoAllowed: Bool
        let isLetters: Bool

        init(_ text: String) {
            word = ActivitySearch.word(text)
            singular = ActivitySearch.singular(word)
            isLetters = ActivitySearch.isLetters(word)
            typoAllowed = isLetters && word.count >= 4
        }
    }

    // MARK: Queries

    func search(_ query: String, limit: Int? = nil) -> [Activity] {
        let words = Self.tokens(query).map(QueryWord.init)
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
        let words = Self.tokens(query).map(QueryWord.init)
        guard !words.isEmpty, limit > 0 else { return [] }
        var scored: [(score: Double, entry: Entry)] = []
        for entry in entries {
            var total = 0.0
            for q in words {
                var best = 0.0
                for w in entry.nameWords + entry.otherWords {
                    if let m = Self.match(q, w) {
                        best = max(best, m)
                    } else if q.word.count >= 5, q.isLetters, Self.closest(q.word, w.word) <= 2 {
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
    func score(_ words: [QueryWord], _ entry: Entry) -> Double? {
        var total = 0.0
        for q in words {
            var best = 0.0
            for w in entry.nameWords { if let s = Self.match(q, w) { best = max(best, s) } }
            for w in entry.otherWords where best < 80 { if let s = Self.match(q, w) { best = max(best, s * 0.8) } }
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
    static func match(_ q: QueryWord, _ w: IndexedWord) -> Double? {
        let n = q.word.count, m = w.word.count
        if q.word == w.word || q.singular == w.singular { return 100 }
        if n < m, w.word.starts(with: q.word) { return 60 + 40 * Double(n) / Double(m) }
        guard q.typoAllowed, mayBeOneTypoAway(q.word, w.word) else { return nil }
        return isOneTypoAway(q.word, w.word) ? 35 : nil
    }

    static func match(_ q: String, _ w: String) -> Double? { match(QueryWord(q), IndexedWord(w)) }

    /// A cheap test that rules most words out: one edit leaves the first or the second letter
    /// where it was, or shifts it by one.
    static func mayBeOneTypoAway(_ q: Word, _ w: Word) -> Bool {
        guard q.count >= 2, w.count >= 2 else { return true }
        return q[0] == w[0] || q[1] == w[1] || q[1] == w[0] || q[0] == w[1]
    }

    /// Whether `q` is one edit from `w` or from a prefix of `w` about as long as `q` (so a typo
    /// in the middle of typing still finds the word).
    static func isOneTypoAway(_ q: Word, _ w: Word) -> Bool {
        if withinOneEdit(q[...], w[...]) { return true }
        for n in max(1, q.count - 1)...(q.count + 1) where n < w.count {
            if withinOneEdit(q[...], w[0..<n]) { return true }
        }
        return false
    }

    /// Optimal string alignment distance ≤ 1, in one pass: equal, or one letter wrong, missing,
    /// extra, or two neighbours swapped.
    static func withinOneEdit(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        guard long.count - short.count <= 1 else { return false }
        var i = 0
        while i < short.count, short[short.startIndex + i] == long[long.startIndex + i] { i += 1 }
        if i == short.count { return true }
        let s = short.startIndex + i, l = long.startIndex + i
        if short.count == long.count {
            if short[(s + 1)...] == long[(l + 1)...] { return true }
            return s + 1 < short.endIndex && short[s] == long[l + 1] && short[s + 1] == long[l] && short[(s + 2)...] == long[(l + 2)...]
        }
        return short[s...] == long[(l + 1)...]
    }

    /// The smallest edit distance between `q` and `w` or a prefix of `w` about as long as `q`.
    static func closest(_ q: Word, _ w: Word) -> Int {
        var best = editDistance(q[...], w[...])
        for n in max(1, q.count - 1)...(q.count + 1) where n < w.count {
            best = min(best, editDistance(q[...], w[0..<n]))
        }
        return best
    }

    static func singular(_ w: Word) -> ArraySlice<UInt32> {
        if w.count > 3, w.last == 0x73, w[w.count - 2] != 0x73 { return w.dropLast() }   // "s"
        return w[...]
    }

    static func isLetters(_ w: Word) -> Bool {
        w.allSatisfy { Unicode.Scalar($0)?.properties.isAlphabetic ?? false }
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each cost 1.
    static func editDistance(_ a: ArraySlice<UInt32>, _ b: ArraySlice<UInt32>) -> Int {
        let a = Array(a), b = Array(b)
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
