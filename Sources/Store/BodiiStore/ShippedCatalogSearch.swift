import BodiiDomain
import BodiiSearch
import Foundation

/// Food search over the shipped catalog as it is compiled in, with no database: what `bodii search`
/// (and completions) use before any database exists. Seeding an in-memory SQLite catalog for one
/// search cost ~0.3 s (inserting 8,858 foods and their servings, building the FTS5 index and its
/// term list, reading every name); this reads the names once and finds the same foods in the same
/// order, as a test checks over the relevance sets.
///
/// It follows `SQLiteRepositories.rankedSearch` step by step: the vocabulary is the index's terms
/// (the names' words, as `SearchText` splits them the way FTS5's unicode61 does); a word matches
/// the terms of its `WordPlan` (exact, listed prefixes, typos, or any term starting with it); the
/// candidates are the first `FoodSearchIndex.poolSize` foods in the index's key order (plain names
/// before brands and restaurant foods, short before long, then catalog order) matching every word,
/// and the same with a word in the head; `FoodMatcher` orders them. A fresh database has no log,
/// so no food is lifted by history.
public final class ShippedCatalogSearch: Sendable {
    private struct Entry: Sendable {
        let id: String
        let name: String
        /// The FTS key (see FoodSearchStore.swift): tier, length and rowid, in one sortable number.
        let key: Int64
        /// Its words in `words`, as term numbers; the first `headCount` are the head's.
        let wordStart: Int
        let wordCount: Int
        let headCount: Int
        /// Its table in `catalog.tables` and its line's byte offset there (its nutrients are read
        /// from that one line when it is found), and the source and release its row names.
        let table: Int
        let offset: Int
        let source: String
        let release: String?
    }

    private let catalog: ShippedCatalog
    /// The header of each table of `catalog.tables`.
    private let headers: [FoodTableHeader]
    /// In key order, so the first matches are the index's first.
    private let entries: [Entry]
    /// Each entry's runs of words, in `entries`' order: what a search scans, plain numbers, so the
    /// scan copies no names (`Entry` holds four strings).
    private let spans: [Span]
    /// Every food's words as numbers into `terms`, one run per food.
    private let words: [Int32]
    /// The distinct words of all names, numbered in the order met.
    private let terms: [SearchText.Word]
    private let servingCounts: [String: Int]
    private let vocabulary: SearchVocabulary

    /// The search over the compiled-in catalog, built on first use and kept: the catalog never
    /// changes, and a process that searches it more than once (`bodii` run in-process, as the
    /// tests do hundreds of times) read its names into a new index each time.
    public static let usdaSR24 = Result { try ShippedCatalogSearch(catalog: .usdaSR24) }

    public init(catalog: ShippedCatalog = .usdaSR24) throws {
        self.catalog = catalog
        var headers: [FoodTableHeader] = []
        var entries: [Entry] = []
        var words: [Int32] = []
        var numbers: [SearchText.Word: Int32] = [:]
        var terms: [SearchText.Word] = []
        var rowid: Int64 = 0
        var leftOut = Set<String>()
        for (table, text) in catalog.tables.enumerated() {
            var header: FoodTableHeader?
            try TSV.forEachRowWithOffset(of: text.foods) { _, offset, fields in
                guard let h = header else {
                    header = try FoodTableHeader(fields.map(\.text))
                    return
                }
                guard fields.count == h.fieldCount else { throw StoreError.invalidCatalog("a food line has \(fields.count) fields") }
                // As the seed: a food without energy or a macronutrient is left out.
                if h.required.contains(where: { fields[$0].isEmpty }) {
                    leftOut.insert(fields[0].text)
                    return
                }
                rowid += 1
                let name = fields[1].text
                let start = words.count
                for word in SearchText.words(name) {
                    let number: Int32
                    if let known = numbers[word] {
                        number = known
                    } else {
                        number = Int32(terms.count)
                        numbers[word] = number
                        terms.append(word)
                    }
                    words.append(number)
                }
                let comma = fields[1].firstIndex(of: UInt8(ascii: ","))
                let headCount =
                    comma.map { SearchText.words(String(decoding: fields[1][..<$0], as: UTF8.self)).count } ?? (words.count - start)
                let release = h.releaseField.map { fields[$0].text } ?? catalog.release
                entries.append(
                    Entry(
                        id: fields[0].text, name: name, key: Self.key(name, rowid: rowid),
                        wordStart: start, wordCount: words.count - start, headCount: headCount, table: table, offset: offset,
                        source: h.sourceField.map { fields[$0].text } ?? catalog.source,
                        release: release.isEmpty ? nil : release))
            }
            guard let header else { throw StoreError.invalidCatalog("the food table is empty") }
            headers.append(header)
        }
        self.headers = headers
        var counts: [String: Int] = [:]
        for text in catalog.tables {
            var sawHeader = false
            try TSV.forEachRow(of: text.servings) { _, fields in
                guard sawHeader else { sawHeader = true; return }
                let id = fields[0].text
                if !leftOut.contains(id) { counts[id, default: 0] += 1 }
            }
        }
        servingCounts = counts
        self.entries = entries.sorted { $0.key < $1.key }
        spans = self.entries.map { Span(start: $0.wordStart, count: $0.wordCount, headCount: $0.headCount) }
        self.words = words
        self.terms = terms
        vocabulary = SearchVocabulary(words: terms)
    }

    /// `Schema.searchKey` in Swift: tier 2 for baby food, formulas, fast food and restaurants (SQL
    /// LIKE: ASCII case ignored), 1 for a name with two capitals in a row (a brand), else 0.
    static func key(_ name: String, rowid: Int64) -> Int64 {
        // A plain-ASCII name (every shipped one) takes the index rebuild's key, the one rule.
        var name = name
        if let key = name.withUTF8({ FoodSearchIndex.key(asciiName: $0, rowid: rowid) }) { return key }
        let lower = name.lowercased()
        let tier: Int64
        if ["babyfood", "infant formula", "child formula", "fast food", "restaurant,"].contains(where: { lower.hasPrefix($0) }) {
            tier = 2
        } else {
            let bytes = Array(name.utf8)
            let capital = { (b: UInt8) in b >= 0x41 && b <= 0x5A }
            tier = zip(bytes, bytes.dropFirst()).contains { capital($0) && capital($1) } ? 1 : 0
        }
        return tier << 56 | Int64(min(name.unicodeScalars.count, 4095)) << 44 | (rowid & FoodSearchIndex.rowidMask)
    }

    /// The best `limit` foods for `text`, as a fresh database's `searchFoods` gives them.
    public func searchFoods(_ text: String, limit: Int) -> [Food] {
        let query = FoodSearchQuery(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        let plans = vocabulary.plan(query)
        var (ranked, complete) = rank(plans)
        if complete == 0, let forced = FoodMatcher.withTypos(plans, vocabulary) {
            let retried = rank(forced)
            if retried.complete > 0 { ranked = retried.indices }
        }
        if ranked.isEmpty, let whole = query.withLastWordWhole { ranked = rank(vocabulary.plan(whole)).indices }
        if ranked.isEmpty { ranked = query.withFewerWords({ rank(vocabulary.plan($0)).indices }, count: \.count) ?? [] }
        return foods(Array(ranked.prefix(limit)))
    }

    /// Which terms (by number) a word's alternatives match, as the FTS5 expression of
    /// `SQLiteRepositories.matchGroup` does: a listed term, or any term starting with the word.
    private func group(_ plan: WordPlan) -> Group {
        let listed = Set((plan.exact + plan.prefixTerms + plan.typos + plan.alsoTerms).map { SearchText.Word($0.utf8) })
        let prefix = plan.indexPrefix ? plan.word : nil
        let pairs = plan.apartTerms.compactMap { phrase -> (Int32, Int32)? in
            let w = SearchText.words(phrase)
            guard w.count == 2, let a = terms.firstIndex(of: w[0]), let b = terms.firstIndex(of: w[1]) else { return nil }
            return (Int32(a), Int32(b))
        }
        return Group(terms: terms.map { t in listed.contains(t) || prefix.map { SearchText.hasPrefix(t, $0) } == true }, pairs: pairs)
    }

    /// The terms one word matches, and the pairs of terms side by side that match it too (a word
    /// the catalog also writes apart: "milk shakes" for `milkshake`), as FTS5 matches a phrase.
    private struct Group {
        var terms: [Bool]
        var pairs: [(Int32, Int32)]

        func matches(_ run: ArraySlice<Int32>) -> Bool {
            if run.contains(where: { terms[Int($0)] }) { return true }
            guard !pairs.isEmpty else { return false }
            return zip(run, run.dropFirst()).contains { a, b in pairs.contains { $0 == (a, b) } }
        }
    }

    /// A food's words in `words`: the first `headCount` of its `count` are its head's.
    private struct Span {
        let start: Int
        let count: Int
        let headCount: Int
        var all: Range<Int> { start..<(start + count) }
        var head: Range<Int> { start..<(start + headCount) }
    }

    private func rank(_ plans: [WordPlan]) -> (indices: [Int], complete: Int) {
        let selective = FoodMatcher.selective(plans)
        guard !selective.isEmpty else { return ([], 0) }
        let groups = selective.map(group)
        func all(_ s: Span) -> Bool {
            groups.allSatisfy { g in g.matches(words[s.all]) }
        }
        func anyInHead(_ s: Span) -> Bool {
            groups.contains { $0.matches(words[s.head]) } && all(s)
        }
        var picked: [Int] = []
        var seen = Set<Int>()
        let justStarted = plans.count == 1 && plans[0].isPrefix && plans[0].word.count <= 2
        for matches in justStarted ? [anyInHead, all] : [all, anyInHead] {
            var read = 0
            for (i, s) in spans.enumerated() where matches(s) {
                read += 1
                if seen.insert(i).inserted { picked.append(i) }
                if read == FoodSearchIndex.poolSize { break }
            }
            if justStarted ? read >= FoodSearchIndex.poolSize : read < FoodSearchIndex.poolSize { break }
        }
        // As the store: with fewer complete matches than a pool, foods with one word in the head.
        if groups.count > 1, picked.count < FoodSearchIndex.poolSize {
            for g in groups {
                var read = 0
                for (i, s) in spans.enumerated() where g.matches(words[s.head]) {
                    read += 1
                    if seen.insert(i).inserted { picked.append(i) }
                    if read == FoodSearchIndex.poolSize { break }
                }
            }
        }
        let matcher = FoodMatcher(plans)
        var scored: [(index: Int, score: Double, length: Int, rowid: Int64)] = []
        var complete = 0
        for i in picked {
            let e = entries[i]
            let profile = FoodNameProfile(id: e.id, name: e.name, vocabulary: vocabulary)
            guard let result = matcher.evaluate(profile, servingCount: servingCounts[e.id] ?? 0, history: nil) else { continue }
            if result.complete { complete += 1 }
            scored.append((i, result.score, e.name.utf8.count, e.key & FoodSearchIndex.rowidMask))
        }
        scored.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.length != b.length { return a.length < b.length }
            return a.rowid < b.rowid
        }
        return (scored.map(\.index), complete)
    }

    /// The foods at `indices`, in that order, with their nutrients read from their catalog lines.
    private func foods(_ indices: [Int]) -> [Food] {
        indices.compactMap { i in
            let entry = entries[i]
            let header = headers[entry.table]
            var food: Food?
            try? TSV.row(of: catalog.tables[entry.table].foods, at: entry.offset) { fields in
                guard fields.count == header.fieldCount, fields[0].text == entry.id else { return }
                var values: [String: Double] = [:]
                for (column, field) in header.nutrients where !fields[field].isEmpty { values[column] = Double(fields[field].text) }
                var n = Nutrients(
                    kcal: values["kcal"] ?? 0, proteinG: values["protein_g"] ?? 0, carbsG: values["carbs_g"] ?? 0,
                    fatG: values["fat_g"] ?? 0)
                for key in NutrientKey.allCases { n.values[key] = values[key.rawValue] }
                // What the seed fills in, so the food is the database's (a supplement's estimates).
                if entry.table > 0, let estimate = catalog.supplement?.estimates?.foods[FoodID(entry.id)] {
                    for (key, value) in estimate.values where n.values[key] == nil { n.values[key] = value }
                }
                food = Food(id: FoodID(entry.id), name: entry.name, source: entry.source, release: entry.release, per100g: n)
            }
            return food
        }
    }
}
