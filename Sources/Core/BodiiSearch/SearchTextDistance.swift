import Foundation

/// How far apart two words are: the typo rules of `SearchText` as numbers, for ranking guesses
/// when a query matches nothing ("did you mean").
extension SearchText {
    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of two
    /// neighbours each cost 1.
    public static func editDistance(_ a: some Collection<UInt8>, _ b: some Collection<UInt8>) -> Int {
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

    /// The smallest edit distance between `q` and `w` or a start of `w` about as long as `q`.
    public static func closestDistance(_ q: Word, _ w: Word) -> Int {
        var best = editDistance(q, w)
        for n in max(1, q.count - 1)...(q.count + 1) where n < w.count {
            best = min(best, editDistance(q, w[0..<n]))
        }
        return best
    }

    /// How close query word `q` is to word `w`: 100 the same (singular or plural), 60–100 the start
    /// of it, 35 one typo from it or from its start (words of `SearchVocabulary.minimumTypoLength`
    /// letters or more); nil otherwise.
    public static func closeness(_ q: Word, _ w: Word) -> Double? {
        if q == w || singular(q) == singular(w) { return 100 }
        if q.count < w.count, hasPrefix(w, q) { return 60 + 40 * Double(q.count) / Double(w.count) }
        guard q.count >= SearchVocabulary.minimumTypoLength, isLetters(q) else { return nil }
        return withinOneEdit(q, w) || isPrefixWithinOneEdit(q, of: w) ? 35 : nil
    }

    /// True when every byte of `w` is a letter (ASCII or, folded, beyond).
    public static func isLetters(_ w: Word) -> Bool {
        w.allSatisfy { !(0x30...0x39).contains($0) }
    }
}
