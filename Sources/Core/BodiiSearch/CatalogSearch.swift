import Foundation

/// Search over a short fixed list of names held in memory (the activity catalog) with the engine
/// food search uses: the same words, plurals, typos, synonyms and qualifiers (`SearchVocabulary`,
/// `SearchSynonyms`, `SearchQualifiers`) and the same partial-match scoring (`FoodMatcher`). A
/// name's other words (what people also call it, its group) are read as words of a part every
/// item has: they find the item, but a word of its name beats them ("jog" finds Jogging before
/// Running, whose other words say "jog"). Among equal scores the list's order decides.
public struct CatalogSearch: Sendable {
    public struct Item: Sendable {
        public var name: String
        /// Other words people use for it; searched, never shown.
        public var otherWords: [String]

        public init(name: String, otherWords: [String]) {
            self.name = name
            self.otherWords = otherWords
        }
    }

    let vocabulary: SearchVocabulary
    let profiles: [FoodNameProfile]
    /// Each item's words, for the exact name and the suggestions.
    let nameWords: [[SearchText.Word]]
    let otherWords: [[SearchText.Word]]

    public init(_ items: [Item]) {
        let names = items.map { SearchText.words($0.name) }
        let others = items.map { $0.otherWords.flatMap(SearchText.words) }
        let vocabulary = SearchVocabulary(words: Array(Set(names.joined()).union(others.joined())))
        self.vocabulary = vocabulary
        profiles = items.map { FoodNameProfile(name: $0.name, otherWords: $0.otherWords.joined(separator: " "), vocabulary: vocabulary) }
        nameWords = names
        otherWords = others
    }

    public var count: Int { profiles.count }

    /// The indices of the items matching `query`, best first; every index for a query without words.
    public func search(_ query: String, synonyms: SearchSynonyms.RuleSet, limit: Int? = nil) -> [Int] {
        let parsed = FoodSearchQuery(query)
        guard !parsed.isEmpty else { return Array(profiles.indices.prefix(limit ?? profiles.count)) }
        let plans = vocabulary.plan(parsed, synonyms: synonyms)
        var (found, complete) = rank(plans)
        // As the food search: when the words as typed match nothing together, a real word may be a typo.
        if complete == 0, let forced = FoodMatcher.withTypos(plans, vocabulary) {
            let retried = rank(forced)
            if retried.complete > 0 { found = retried.indices }
        }
        if found.isEmpty, let whole = parsed.withLastWordWhole { found = rank(vocabulary.plan(whole, synonyms: synonyms)).indices }
        if found.isEmpty { found = parsed.withFewerWords({ rank(vocabulary.plan($0, synonyms: synonyms)).indices }, count: \.count) ?? [] }
        return limit.map { Array(found.prefix($0)) } ?? found
    }

    private func rank(_ plans: [WordPlan]) -> (indices: [Int], complete: Int) {
        let matcher = FoodMatcher(plans)
        var scored: [(score: Double, index: Int)] = []
        var complete = 0
        for (i, profile) in profiles.enumerated() {
            guard let result = matcher.evaluate(profile) else { continue }
            if result.complete { complete += 1 }
            scored.append((result.score, i))
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        return (scored.map(\.index), complete)
    }

    /// The item whose name has the same words as `name` (case, accents and punctuation aside).
    public func exact(_ name: String) -> Int? {
        let words = SearchText.words(name)
        guard !words.isEmpty else { return nil }
        return nameWords.firstIndex(of: words)
    }

    /// For a query that matches nothing: items sharing any word with it, allowing two typos in
    /// longer words, ranked by how much of the query they explain (at least half as much as the best).
    public func suggestions(_ query: String, limit: Int) -> [Int] {
        let words = SearchText.words(query)
        guard !words.isEmpty, limit > 0 else { return [] }
        var scored: [(score: Double, index: Int)] = []
        for i in profiles.indices {
            var total = 0.0
            for q in words {
                var best = 0.0
                for w in nameWords[i] + otherWords[i] {
                    if let m = SearchText.closeness(q, w) {
                        best = max(best, m)
                    } else if q.count >= 5, SearchText.isLetters(q), SearchText.closestDistance(q, w) <= 2 {
                        best = max(best, 20)
                    }
                }
                total += best
            }
            if total > 0 { scored.append((total - Double(nameWords[i].count), i)) }
        }
        scored.sort { $0.score != $1.score ? $0.score > $1.score : $0.index < $1.index }
        // Far weaker guesses than the best one would only be noise.
        let floor = (scored.first?.score ?? 0) / 2
        return scored.prefix(limit).filter { $0.score >= floor }.map(\.index)
    }
}
