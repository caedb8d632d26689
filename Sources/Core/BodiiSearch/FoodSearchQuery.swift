import BodiiDomain
import Foundation

/// A food search query as typed: its words, and whether the last one is still being typed.
public struct FoodSearchQuery: Equatable, Sendable {
    /// The words to match, in the order typed; filler words ("and", "with", "of"…) are dropped
    /// unless nothing else is left.
    public var words: [SearchText.Word]
    /// True when the last word may be the start of a longer one ("bana" → bananas): always, unless
    /// the query ends with a space.
    public var lastIsPrefix: Bool
    /// Other words matched as prefixes: abbreviations the catalog has no word for ("chick" in
    /// "chick br"), found by `SearchVocabulary.resolve`.
    public var abbreviated: Set<Int> = []
    /// Words that narrow the food the others name: after the first comma, inside parentheses,
    /// after "with" (`SearchQualifiers.narrowingWords`).
    public var narrowing: Set<SearchText.Word> = []
    /// The narrowing words that came after "with": what the food comes with ("coffee with milk").
    public var added: Set<SearchText.Word> = []
    /// The narrowing words of a list joined by "or" ("White, Yellow or Red"): any will do.
    public var either: Set<SearchText.Word> = []

    public static let fillerWords: Set<SearchText.Word> = Set(
        ["and", "with", "of", "in", "the", "a", "an", "or", "w"].map { Array($0.utf8) })

    public init(_ typed: String) {
        // The engine reads at most `Validation.maxSearchLength` characters, whoever calls it (an
        // importer's food name too): its work grows faster than the text.
        let text = typed.count > Validation.maxSearchLength ? String(typed.prefix(Validation.maxSearchLength)) : typed
        let all = SearchText.words(text)
        lastIsPrefix = !(text.last?.isWhitespace ?? true)
        var kept: [SearchText.Word] = []
        for (i, word) in all.enumerated() {
            let typingIt = lastIsPrefix && i == all.count - 1
            if typingIt || !Self.fillerWords.contains(word) { kept.append(word) }
        }
        if kept.count > 1, lastIsPrefix, let last = kept.last, Self.fillerWords.contains(last) {
            kept.removeLast()  // "chicken and" while typing: "and" adds nothing yet
            lastIsPrefix = false
        }
        words = kept.isEmpty ? all : kept
        (narrowing, added, either) = SearchQualifiers.narrowingWords(text)
    }

    public var isEmpty: Bool { words.isEmpty }

    /// The same query with its last word taken as typed in full. When a word still being typed
    /// starts no word of any food that has the others ("banana x", "pb j"), it is an extra word,
    /// and one extra word must never empty the list (issue 24): searches retry with this.
    /// nil when the last word is not being typed or is the only word.
    public var withLastWordWhole: FoodSearchQuery? {
        guard lastIsPrefix, words.count > 1 else { return nil }
        var whole = self
        whole.lastIsPrefix = false
        return whole
    }

    /// The query less one of its words: the abbreviated ones first, then from the last.
    public var withOneWordDropped: [FoodSearchQuery] {
        guard words.count > 1 else { return [] }
        let order = abbreviated.sorted() + words.indices.reversed().filter { !abbreviated.contains($0) }
        return order.compactMap { i in
            var q = self
            q.words.remove(at: i)
            q.abbreviated = Set(abbreviated.filter { $0 != i }.map { $0 > i ? $0 - 1 : $0 })
            if i == words.count - 1 { q.lastIsPrefix = false }
            // What is left must still name something: a word of two letters ("0" of "\e]0;…" is none).
            let named = q.words.contains { w in w.filter { ($0 >= 0x61 && $0 <= 0x7A) || $0 >= 0x80 }.count >= 2 }
            return named ? q : nil
        }
    }

    /// When the words together match nothing, the `rank` of the query less one word, else less
    /// two, whichever finds the most foods (the words kept are then the ones food names use): an
    /// extra word ("angel" of a pasted "Angel Hair Pasta, White, Cooked in Unsalted Water") is
    /// dropped rather than empty the list (issue 41). nil when none finds any.
    public func withFewerWords<R>(_ rank: (FoodSearchQuery) throws -> R, count: (R) -> Int) rethrows -> R? {
        var best: (R, Int)?
        for fewer in withOneWordDropped {
            let r = try rank(fewer)
            let n = count(r)
            if n > (best?.1 ?? 0) { best = (r, n) }
        }
        if let best { return best.0 }
        for fewer in withOneWordDropped where fewer.words.count > 1 {
            if let r = try fewer.withFewerWordsOnce(rank, count: count) { return r }
        }
        return nil
    }

    private func withFewerWordsOnce<R>(_ rank: (FoodSearchQuery) throws -> R, count: (R) -> Int) rethrows -> R? {
        var best: (R, Int)?
        for fewer in withOneWordDropped {
            let r = try rank(fewer)
            if count(r) > (best?.1 ?? 0) { best = (r, count(r)) }
        }
        return best?.0
    }

    /// True when word `index` is matched as a prefix.
    public func isPrefix(_ index: Int) -> Bool { (lastIsPrefix && index == words.count - 1) || abbreviated.contains(index) }
}

/// How one query word is looked up: as index terms for the full-text query, and as term ids for
/// the ranking (which compares integers, not text).
public struct WordPlan: Equatable, Sendable {
    public var word: SearchText.Word
    public var isPrefix: Bool
    /// Index terms that are this word: the word itself, and its singular and plural forms.
    public var exact: [String]
    /// Index terms that start with the word (a prefix word), when they are few enough to list.
    public var prefixTerms: [String]
    /// True when the index itself must expand the prefix (`word*`): too many terms start with it
    /// to list, it is short (the index keeps 1–3 letter prefixes), or the vocabulary knows none.
    public var indexPrefix: Bool
    /// Index terms one typo away; only looked for when the word matches nothing as typed.
    public var typos: [String]
    /// True when the ranking may accept a typo for this word.
    public var allowsTypos: Bool
    /// Index terms of the catalog's other word for the food (`SearchSynonyms.also`).
    public var alsoTerms: [String] = []
    /// The word as the catalog also writes it apart, as index phrases ("milk shake", "milk
    /// shakes" for `milkshake`: `SearchVocabulary.keptApart`).
    public var apartTerms: [String] = []
    /// The singular classes of those two words: a name with them side by side, in order, has the word.
    public var apart: [Int32] = []

    /// The singular class of the word (see `SearchVocabulary.singularClass`), -1 when no term has it.
    public var singularClass: Int32
    /// Ids of the terms that start with the word (prefix words only; ids are in sorted term order).
    public var prefixIDs: Range<Int32>
    /// Ids of the terms one typo away.
    public var typoIDs: Set<Int32>
    /// Ids of the terms that are the word's -ing form ("running" of "run"): a prefix match on
    /// them is the word itself, not a guess at a longer one (`SearchText.isIngForm`).
    public var ingFormIDs: Set<Int32> = []

    /// How much of the query this word is (`SearchQualifiers`): 1 for a word that names the food,
    /// less for one that describes, narrows or says the form; 0 for a word no catalog word is like.
    /// Only words that name the food (weight 1) select the candidates.
    public var weight: Double = SearchQualifiers.namingWeight
    /// Singular classes of catalog words that say the same as this word: the food matches the word
    /// when its name has every class of one of them ("grilled": "dry heat", "roasted"…).
    public var alternatives: [[Int32]] = []
    /// The words of a form phrase ("cooked from frozen"), which stand as one.
    public var phraseLength = 1
    /// True for a word after "with": what the food comes with, not the food.
    public var isAddition = false
    /// True for a form word that says the food was cooked ("baked", "pan fried").
    public var asksCooked = false

    public var namesFood: Bool { weight >= SearchQualifiers.namingWeight }
    /// True when the word matches some catalog word: as typed, as a prefix or as a typo.
    public var isUsable: Bool { singularClass >= 0 || !prefixIDs.isEmpty || !typoIDs.isEmpty || !alternatives.isEmpty }

    public var wordString: String { String(decoding: word, as: UTF8.self) }
}
