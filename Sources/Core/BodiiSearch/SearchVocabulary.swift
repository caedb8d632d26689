import Foundation

/// The terms of the full-text index, in memory, to expand query words into index terms: plural and
/// singular forms, the words a prefix can still become, and the terms one typo away. Built from the
/// index's vocabulary (about 3,000 terms for the USDA catalog; it grows with the words, not with
/// the number of foods), so looking a word up costs the same for 9,000 foods or a million.
///
/// Each term has an id (its place in byte order, so the terms starting with a prefix are a range of
/// ids) and a singular class (terms with the same singular: "egg" and "eggs"); food names are read
/// into these ids once (`FoodNameProfile`), and the ranking compares integers.
///
/// Typo candidates are found by generating every one-edit variant of the word (deleted, swapped,
/// replaced or inserted letter: about 70 per letter) and looking each up in a hash table (whole
/// words) or with a binary search of the sorted terms (words still being typed, whose variant can
/// be the start of a term).
public final class SearchVocabulary: Sendable {
    /// Sorted by bytes, unique.
    let terms: [SearchText.Word]
    let ids: WordTable
    /// Term id → its singular class.
    let classOfTerm: [Int32]
    /// Singular form → class id.
    let classes: WordTable
    /// Class id → term ids.
    let termsOfClass: ClassMembers
    /// The ranking's word lists in ids of this vocabulary.
    let ranking: FoodRanking.Tables

    /// Words of fewer letters than this are never corrected: "ham" is not a typo of "jam".
    public static let minimumTypoLength = 4
    /// At most this many terms are listed for one prefix or one word's typos.
    public static let maximumListed = 48
    /// Prefixes up to this many letters are expanded by the index (FTS5 `prefix='1 2 3'`).
    public static let indexedPrefixLength = 3

    static let alphabet: [UInt8] = Array("abcdefghijklmnopqrstuvwxyz0123456789".utf8)

    public convenience init(terms input: some Sequence<String>) {
        self.init(words: input.map { SearchText.Word($0.utf8) })
    }

    /// From the terms' bytes (lower case, as the index's tokenizer writes them).
    public init(words: [SearchText.Word]) {
        // The index lists its terms sorted and unique already (SQLite's BINARY order is byte order):
        // then there is nothing to sort, which a process running one search notices.
        if !words.isEmpty, !words[0].isEmpty, zip(words, words.dropFirst()).allSatisfy({ $0.lexicographicallyPrecedes($1) }) {
            terms = words
        } else {
            terms = Set(words).filter { !$0.isEmpty }.sorted { $0.lexicographicallyPrecedes($1) }
        }
        var ids = WordTable(capacity: terms.count)
        var classes = WordTable(capacity: terms.count)
        var classOfTerm: [Int32] = []
        classOfTerm.reserveCapacity(terms.count)
        for (i, term) in terms.enumerated() {
            ids.insert(term, value: Int32(i))
            classOfTerm.append(classes.insert(SearchText.singular(term), value: Int32(classes.count)).value)
        }
        self.ids = ids
        self.classes = classes
        self.classOfTerm = classOfTerm
        termsOfClass = ClassMembers(classOfTerm: classOfTerm, classCount: classes.count)
        ranking = FoodRanking.Tables(ids: { ids[$0] }, classes: classes, classCount: classes.count)
    }

    public var count: Int { terms.count }

    public func contains(_ word: String) -> Bool { ids[SearchText.Word(word.utf8)] != nil }

    /// The id of `word`, nil when it is not a term.
    public func id(of word: SearchText.Word) -> Int32? { ids[word] }

    /// The singular class of `word` (a term or not), -1 when no term has its singular.
    public func singularClass(of word: SearchText.Word) -> Int32 {
        if let id = ids[word] { return classOfTerm[Int(id)] }
        return classes[SearchText.singular(word)] ?? -1
    }

    /// How each word of `query` is looked up.
    /// The query is first put in the catalog's words (`resolve`).
    public func plan(_ query: FoodSearchQuery, synonyms: SearchSynonyms.RuleSet = .foods) -> [WordPlan] {
        let query = resolve(query, synonyms: synonyms)
        var plans: [WordPlan] = []
        var i = 0
        while i < query.words.count {
            let typing = query.isPrefix(i)
            // A form phrase, typed whole ("cooked from frozen", "skin removed before cooking").
            let singulars = query.words[i...].prefix(5).map(SearchText.singular)
            if let form = SearchQualifiers.forms.first(where: { $0.from.count > 1 && singulars.starts(with: $0.from) }) {
                var phrase = WordPlan(
                    word: Array(form.from.joined(separator: [0x20])), isPrefix: false, exact: [], prefixTerms: [],
                    indexPrefix: false, typos: [], allowsTypos: false, singularClass: -1,
                    prefixIDs: 0..<0, typoIDs: [])
                phrase.weight = SearchQualifiers.formWeight
                phrase.alternatives = alternatives(form.means)
                phrase.phraseLength = form.from.count
                phrase.asksCooked = form.cooks
                plans.append(phrase)
                i += form.from.count
                continue
            }
            var word = plan(query.words[i], isPrefix: typing)
            let singular = SearchText.singular(query.words[i])
            if query.either.contains(query.words[i]) {
                // One of a list joined by "or": any will do, so it tells no food apart.
                word.weight = 0
            } else if let form = SearchQualifiers.forms.first(where: { $0.from == [singular] }) {
                word.weight = SearchQualifiers.formWeight
                word.alternatives = alternatives(form.means)
                word.asksCooked = form.cooks
            } else if SearchQualifiers.describing.contains(singular) || query.words[i].count == 1 && !typing {
                // A lone letter or digit ("2" of "2% milk") narrows at most.
                word.weight = SearchQualifiers.describingWeight
            } else if query.narrowing.contains(query.words[i]) || query.narrowing.contains(singular) {
                word.weight = SearchQualifiers.qualifierWeight
            } else if let other = SearchSynonyms.also[singular] {
                word.alternatives = alternatives([[other]])
                let c = singularClass(of: other)
                word.alsoTerms = c >= 0 ? termsOfClass[Int(c)].map { string(terms[Int($0)]) } : []
            }
            if word.namesFood, !typing || word.singularClass >= 0, let apart = apart(query.words[i]) {
                (word.apartTerms, word.apart) = apart
            }
            word.isAddition = query.added.contains(query.words[i])
            if !word.isUsable { word.weight = 0 }
            plans.append(word)
            i += 1
        }
        // No word names a food ("fresh", "plain", "baked"): the words are the name.
        // A lone letter or digit beside a word no food has ("0;pwned") names nothing: then every
        // word must match, as before, and nothing does.
        if !plans.contains(where: \.namesFood) {
            let allShort = plans.allSatisfy { $0.word.count <= 1 }
            let promoted = plans.indices.filter {
                plans[$0].phraseLength == 1 && plans[$0].isUsable && (plans[$0].word.count > 1 || allShort)
            }
            for j in promoted.isEmpty ? Array(plans.indices.filter { plans[$0].phraseLength == 1 }) : promoted {
                plans[j].weight = SearchQualifiers.namingWeight
            }
        }
        return plans
    }

    /// The singular classes of each phrase, when the vocabulary has all its words.
    func alternatives(_ phrases: [[SearchText.Word]]) -> [[Int32]] {
        phrases.compactMap { words in
            let classes = words.map { singularClass(of: $0) }
            return classes.contains(-1) ? nil : classes
        }
    }

    /// `forcingTypos` looks for typos even when the word is a known term ("rise" may mean "rice"):
    /// for a query whose words are all real but match nothing together.
    public func plan(_ word: SearchText.Word, isPrefix: Bool, forcingTypos: Bool = false) -> WordPlan {
        let singularClass = singularClass(of: word)
        let forms = singularClass >= 0 ? termsOfClass[Int(singularClass)] : []
        var exact = [string(word)]
        for i in forms where terms[Int(i)] != word { exact.append(string(terms[Int(i)])) }
        var plan = WordPlan(
            word: word, isPrefix: isPrefix, exact: exact, prefixTerms: [], indexPrefix: false,
            typos: [], allowsTypos: false, singularClass: singularClass, prefixIDs: 0..<0, typoIDs: [])
        if isPrefix {
            let range = prefixRange(word)
            plan.prefixIDs = Int32(range.lowerBound)..<Int32(range.upperBound)
            if singularClass >= 0 {
                plan.ingFormIDs = Set(range.lazy.filter { SearchText.isIngForm(self.terms[$0], of: word) }.map { Int32($0) })
            }
            if word.count <= Self.indexedPrefixLength || range.isEmpty || range.count > Self.maximumListed {
                plan.indexPrefix = true
            } else {
                plan.prefixTerms = range.map { string(terms[$0]) }
            }
        }
        guard word.count >= Self.minimumTypoLength, forcingTypos || (forms.isEmpty && plan.prefixIDs.isEmpty) else { return plan }
        plan.allowsTypos = true
        let typos = typoTerms(word, isPrefix: isPrefix)
        plan.typoIDs = Set(typos)
        plan.typos = typos.map { string(terms[Int($0)]) }
        return plan
    }

    /// Ids of the terms one edit from `word` (or, for a word being typed, of terms whose start is
    /// one edit from it), with their singular and plural forms; at most `maximumListed`. Every
    /// variant is built in one scratch buffer and looked up by binary search: no allocation per
    /// variant, about 70 per letter of the word.
    func typoTerms(_ word: SearchText.Word, isPrefix: Bool) -> [Int32] {
        var whole: [Int32] = []
        var started: [Int32] = []
        var buffer = word
        buffer.reserveCapacity(word.count + 1)
        func check(_ candidate: [UInt8], startsToo: Bool = true) {
            let range = prefixRange(candidate)
            guard !range.isEmpty else { return }
            if terms[range.lowerBound] == candidate { whole.append(Int32(range.lowerBound)) }
            // For a word being typed: terms that start with the variant, when there are few.
            if isPrefix, startsToo, range.count <= Self.maximumListed {
                started.append(contentsOf: range.lazy.map { Int32($0) })
            }
        }
        let n = word.count
        for i in 0..<n {  // deleted
            buffer.remove(at: i)
            // Dropping the last letter says little of a word being typed ("chik" → "chi"); the
            // replaced last letter covers that typo.
            check(buffer, startsToo: i < n - 1)
            buffer.insert(word[i], at: i)
        }
        for i in 0..<max(0, n - 1) where word[i] != word[i + 1] {  // swapped
            buffer.swapAt(i, i + 1)
            check(buffer)
            buffer.swapAt(i, i + 1)
        }
        for i in 0..<n {  // replaced
            for c in Self.alphabet where c != word[i] {
                buffer[i] = c
                check(buffer)
            }
            buffer[i] = word[i]
        }
        for i in 0...n {  // inserted
            buffer.insert(0, at: i)
            for c in Self.alphabet {
                buffer[i] = c
                check(buffer)
            }
            buffer.remove(at: i)
        }
        // Whole words first, with their singular and plural forms, then terms started.
        var found: [Int32] = []
        var seen = Set<Int32>()
        for id in whole.sorted() {
            for i in termsOfClass[Int(classOfTerm[Int(id)])] where found.count < Self.maximumListed && seen.insert(i).inserted {
                found.append(i)
            }
        }
        for i in started.sorted() where found.count < Self.maximumListed && seen.insert(i).inserted { found.append(i) }
        return found
    }

    /// Every word one deletion, swap, replacement or insertion away from `word`.
    static func oneEditVariants(_ word: SearchText.Word) -> Set<SearchText.Word> {
        var out = Set<SearchText.Word>()
        let n = word.count
        for i in 0..<n {
            var deleted = word
            deleted.remove(at: i)
            out.insert(deleted)
            if i + 1 < n, word[i] != word[i + 1] {
                var swapped = word
                swapped.swapAt(i, i + 1)
                out.insert(swapped)
            }
            for c in alphabet where c != word[i] {
                var replaced = word
                replaced[i] = c
                out.insert(replaced)
            }
        }
        for i in 0...n {
            for c in alphabet {
                var inserted = word
                inserted.insert(c, at: i)
                out.insert(inserted)
            }
        }
        out.remove(word)
        return out
    }

    /// Indices of the terms starting with `prefix` (a range: the terms are sorted).
    func prefixRange(_ prefix: SearchText.Word) -> Range<Int> {
        var lo = 0, hi = terms.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if terms[mid].lexicographicallyPrecedes(prefix) { lo = mid + 1 } else { hi = mid }
        }
        var l = lo, h = terms.count
        while l < h {
            let mid = (l + h) / 2
            if SearchText.hasPrefix(terms[mid], prefix) { l = mid + 1 } else { h = mid }
        }
        return lo..<l
    }

    private func string(_ w: SearchText.Word) -> String { String(decoding: w, as: UTF8.self) }
}
