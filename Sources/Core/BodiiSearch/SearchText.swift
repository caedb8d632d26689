import Foundation

/// The text rules of food search, shared by the query, the ranking and the index: how a name or a
/// query becomes words, when two words are the same (case, accents, singular and plural), and when
/// one is a typo of the other (one edit). Words are the lowercase UTF-8 bytes of a run of letters
/// and digits, split the way SQLite FTS5's `unicode61` tokenizer with `remove_diacritics 2` splits
/// and folds them, so the words of a query are the terms of the full-text index.
public enum SearchText {
    /// Whether `text` holds a word worth acting on without a person picking from a list (a
    /// command that logs its best match): two letters or digits or more, and not a filler
    /// ("a", "of", "the"). "x" or "the" find something, but only by chance.
    public static func hasSearchableWord(_ text: String) -> Bool {
        words(text).contains { $0.count >= 2 && !FoodSearchQuery.fillerWords.contains($0) }
    }

    public typealias Word = [UInt8]

    /// The words of `text`, lowercased, accents removed ("Jalapeño" → "jalapeno"), in order.
    public static func words(_ text: String) -> [Word] {
        var out: [Word] = []
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var current: Word = []
            for byte in text.utf8 {
                switch byte {
                case 0x41...0x5A: current.append(byte + 0x20)
                case 0x61...0x7A, 0x30...0x39: current.append(byte)
                default:
                    if !current.isEmpty { out.append(current); current.removeAll(keepingCapacity: true) }
                }
            }
            if !current.isEmpty { out.append(current) }
            return out
        }
        let folded = text.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil).lowercased()
        var current = ""
        for character in folded {
            if character.isLetter || character.isNumber {
                current.append(character)
            } else if !current.isEmpty {
                out.append(Word(current.utf8))
                current = ""
            }
        }
        if !current.isEmpty { out.append(Word(current.utf8)) }
        return out
    }

    /// The lines of `text` as bytes, empty ones left out: the index's term list, read as one text.
    public static func lines(_ text: String) -> [Word] {
        var text = text
        return text.withUTF8 { bytes in
            var out: [Word] = []
            var start = 0
            for i in bytes.indices where bytes[i] == UInt8(ascii: "\n") {
                if i > start { out.append(Word(bytes[start..<i])) }
                start = i + 1
            }
            if bytes.count > start { out.append(Word(bytes[start...])) }
            return out
        }
    }

    /// The words of `text` as strings.
    public static func wordStrings(_ text: String) -> [String] {
        words(text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The singular of an English plural, by spelling: "berries" → "berry", "tomatoes" → "tomato",
    /// "peaches" → "peach", "eggs" → "egg"; "hummus", "molasses", "swiss", "asparagus" stay. Words of
    /// three letters or fewer stay ("gas", "bus", "pus" are not plurals). Both sides of a comparison
    /// go through it, so a wrong singular ("cookies" → "cooky") still matches its own plural.
    public static func singular(_ w: Word) -> Word {
        let n = w.count
        guard n > 3, w[n - 1] == UInt8(ascii: "s") else { return w }
        let s = UInt8(ascii: "s"), e = UInt8(ascii: "e")
        let prev = w[n - 2]
        if prev == s || prev == UInt8(ascii: "u") || prev == UInt8(ascii: "i") { return w }  // glass, hummus, anis
        if prev == e {
            if n > 4, w[n - 3] == UInt8(ascii: "i") { return Array(w[..<(n - 3)]) + [UInt8(ascii: "y")] }  // berries
            let before = w[n - 3]
            if before == UInt8(ascii: "o") || before == UInt8(ascii: "x") || before == UInt8(ascii: "z")
                || before == s || (before == UInt8(ascii: "h") && n > 4 && (w[n - 4] == UInt8(ascii: "c") || w[n - 4] == s))
            {
                return Array(w[..<(n - 2)])  // tomatoes, boxes, peaches, dishes, glasses
            }
        }
        return Array(w[..<(n - 1)])
    }

    /// True when `a` and `b` are at most one edit apart: one letter inserted, deleted, replaced, or
    /// two neighbours swapped (optimal string alignment distance ≤ 1).
    public static func withinOneEdit(_ a: Word, _ b: Word) -> Bool {
        let la = a.count, lb = b.count
        if la == lb {
            var i = 0
            while i < la && a[i] == b[i] { i += 1 }
            if i == la { return true }
            if a[(i + 1)...] == b[(i + 1)...] { return true }  // one replaced
            return i + 1 < la && a[i] == b[i + 1] && a[i + 1] == b[i] && a[(i + 2)...] == b[(i + 2)...]  // swapped
        }
        if la == lb + 1 { return isOneDeletion(long: a, short: b) }
        if lb == la + 1 { return isOneDeletion(long: b, short: a) }
        return false
    }

    private static func isOneDeletion(long: Word, short: Word) -> Bool {
        var i = 0
        while i < short.count && long[i] == short[i] { i += 1 }
        return long[(i + 1)...] == short[i...]
    }

    /// True when `word`, a word still being typed, is one edit from the start of `term`:
    /// "brocc" and "broco" both begin "broccoli".
    public static func isPrefixWithinOneEdit(_ word: Word, of term: Word) -> Bool {
        let n = word.count
        for length in [n, n - 1, n + 1] where length > 0 && length <= term.count {
            if withinOneEdit(word, Array(term[..<length])) { return true }
        }
        return false
    }

    public static func hasPrefix(_ term: Word, _ prefix: Word) -> Bool {
        prefix.count <= term.count && term[..<prefix.count].elementsEqual(prefix)
    }

    /// True when `term` is `word` with "-ing", its last letter doubled or not ("run": "running",
    /// "walk": "walking"): the same word, where another word merely starting with it ("pita":
    /// "pitanga") is a guess.
    public static func isIngForm(_ term: Word, of word: Word) -> Bool {
        guard let last = word.last, hasPrefix(term, word) else { return false }
        let ing: Word = Array("ing".utf8)
        let rest = term[word.count...]
        return rest.elementsEqual(ing) || (rest.first == last && rest.dropFirst().elementsEqual(ing))
    }
}
