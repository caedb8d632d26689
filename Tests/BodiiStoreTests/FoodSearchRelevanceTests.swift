import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// One line of a relevance set in Tests/Relevance: a query and the foods a person means by it.
/// food-search.tsv is the original set; food-search-everyday.tsv holds the everyday words a new
/// user types (British and US spellings, synonyms, words typed together), added for issue 15.
struct RelevanceCase {
    var query: String
    var accepted: Set<FoodID>
    var meaning: String

    static func load(_ file: String = "food-search.tsv") throws -> [RelevanceCase] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../Relevance/\(file)").standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            let f = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard f.count == 3 else { return nil }
            return RelevanceCase(query: f[0], accepted: Set(f[1].split(separator: ",").map { FoodID(String($0)) }), meaning: f[2])
        }
    }
}

/// hit@1 and hit@5 of a search function over the relevance set.
struct RelevanceScore {
    var hitAt1 = 0
    var hitAt5 = 0
    var total = 0
    /// Queries that found no food at all.
    var empty = 0
    var misses: [String] = []

    init(_ cases: [RelevanceCase], search: (String) throws -> [FoodID], names: (FoodID) throws -> String) rethrows {
        for c in cases {
            let top = try search(c.query)
            total += 1
            if top.isEmpty { empty += 1 }
            if let first = top.first, c.accepted.contains(first) { hitAt1 += 1; continue }
            if top.prefix(5).contains(where: c.accepted.contains) { hitAt5 += 1 } else { hitAt5 += 0 }
            let shown = try top.prefix(3).map { "\($0.rawValue) \(try names($0))" }.joined(separator: " | ")
            misses.append("\(c.query) (\(c.meaning)): \(shown.isEmpty ? "nothing" : shown)")
        }
        hitAt5 += hitAt1
    }

    var at1: Double { Double(hitAt1) / Double(max(1, total)) }
    var at5: Double { Double(hitAt5) / Double(max(1, total)) }
    var summary: String {
        String(format: "hit@1 %.3f (%d/%d)  hit@5 %.3f (%d/%d)  empty %d", at1, hitAt1, total, at5, hitAt5, total, empty)
    }
}

@Suite struct FoodSearchRelevanceTests {
    /// Floors just under what the ranking achieves (see the test's output): a change that makes
    /// search worse fails here.
    /// Achieved 1.000 (118/118) once a changed recipe ("low calorie or diet") costs more than a
    /// variant; 0.992 (117/118) before, 0.983 before issue 24's second pass, 0.907 before issue 15's.
    static let minimumHitAt1 = 0.995
    static let minimumHitAt5 = 0.995  // achieved 1.000 (118/118)

    @Test func bodiiRankingFindsWhatPeopleMeanAndBeatsPlainBM25() throws {
        let cases = try RelevanceCase.load()
        #expect(cases.count >= 60)
        try withDatabase { _, repos throws in
            let names: (FoodID) throws -> String = { try repos.food(id: $0)?.name ?? "?" }
            let bodii = try RelevanceScore(cases, search: { try repos.searchFoods($0, limit: 5).map(\.id) }, names: names)
            let bm25 = try RelevanceScore(cases, search: { try repos.plainBM25Search($0, limit: 5) }, names: names)
            print("Food search relevance, \(cases.count) queries over USDA SR24:")
            print("  Bodii ranking: \(bodii.summary)")
            print("  plain bm25:    \(bm25.summary)")
            for miss in bodii.misses { print("  miss: \(miss)") }
            #expect(bodii.at1 >= Self.minimumHitAt1, "Bodii \(bodii.summary)")
            #expect(bodii.at5 >= Self.minimumHitAt5, "Bodii \(bodii.summary)")
            #expect(bodii.at1 > bm25.at1 && bodii.at5 > bm25.at5, "Bodii \(bodii.summary), bm25 \(bm25.summary)")
        }
    }

    /// Floors for the everyday set, just under what the ranking achieves: 0.984 (122/124) and
    /// 0.992 (123/124) with changed recipes after the usual food, the everyday species (Atlantic
    /// cod) and what a food is packed in not read as a variant; 0.960 (119/124) before; 0.959
    /// (116/121) and 0.992 (120/121) on its first 121 queries (0.942 (114/121) before issue 24's
    /// second pass); before the synonyms, joined words and cooked-first ranking it was 0.310 and
    /// 0.490 on its first 100 queries; with the search of before stop 21, 0.777 (94/121) and 0.851.
    static let minimumEverydayHitAt1 = 0.98
    static let minimumEverydayHitAt5 = 0.99

    @Test func everydayWordsFindTheFoodANewUserMeans() throws {
        let cases = try RelevanceCase.load("food-search-everyday.tsv")
        #expect(cases.count >= 60)
        try withDatabase { _, repos throws in
            let names: (FoodID) throws -> String = { try repos.food(id: $0)?.name ?? "?" }
            let bodii = try RelevanceScore(cases, search: { try repos.searchFoods($0, limit: 5).map(\.id) }, names: names)
            print("Everyday food search relevance, \(cases.count) queries over USDA SR24:")
            print("  Bodii ranking: \(bodii.summary)")
            for miss in bodii.misses { print("  miss: \(miss)") }
            #expect(bodii.at1 >= Self.minimumEverydayHitAt1, "Bodii \(bodii.summary)")
            #expect(bodii.at5 >= Self.minimumEverydayHitAt5, "Bodii \(bodii.summary)")
        }
    }

    /// The share of a query's starts, from four letters (not ending in a space), whose first food
    /// is one the whole query means: how soon the list shows it while a user types. Floors just
    /// under what the search achieves: 0.846 (435/514) and 0.743 (515/693); 0.833 (428/514) and
    /// 0.733 (508/693) before issue 24's third pass; 0.835 (429/514) and 0.721 (485/673) before;
    /// 0.829 and 0.452 (304/673) with the search of before stop 21.
    static let minimumTypedHitAt1 = (first: 0.845, everyday: 0.742)

    @Test func whileAQueryIsTypedTheFoodItMeansComesFirstEarly() throws {
        try withDatabase { _, repos throws in
            for (file, floor) in [
                ("food-search.tsv", Self.minimumTypedHitAt1.first), ("food-search-everyday.tsv", Self.minimumTypedHitAt1.everyday),
            ] {
                var starts = 0, hits = 0
                for c in try RelevanceCase.load(file) {
                    for length in stride(from: 4, through: c.query.count, by: 1) {
                        let typed = String(c.query.prefix(length))
                        if typed.hasSuffix(" ") { continue }
                        starts += 1
                        if let first = try repos.searchFoods(typed, limit: 1).first?.id, c.accepted.contains(first) { hits += 1 }
                    }
                }
                let share = Double(hits) / Double(max(1, starts))
                print(String(format: "While typed, %@: %d of %d starts put a meant food first (%.3f)", file, hits, starts, share))
                #expect(share >= floor, "\(file): \(hits) of \(starts)")
            }
        }
    }

    /// Floors for the natural set (issue 24): short queries with a describing or preparation word,
    /// names as other trackers export them, dishes and drinks. Just under what the ranking
    /// achieves; the figures before issue 24 are in the test's output and the floors' history.
    /// Achieved with the supplement of foods SR24 lacks and its 11 queries, and "without salt" no
    /// longer answering "with salt" nor "chocolate milk" meaning milk chocolate: see the test's
    /// output (0.862 (125/145), 0.952 (138/145) with the supplement alone; 0.836 (112/134),
    /// 0.933 (125/134) before both); before issue 24's ranking 0.425 (57/134), 0.500 (67/134), 54 empty.
    /// Issue 24's second pass (whole words before longer words, chains and unprepared forms after
    /// the generic dish, "or" lists, the catalog's other names): 0.945 (137/145), 0.979 (142/145),
    /// from 0.876 (127/145) and 0.952 (138/145). Issue 24's third pass (changed recipes after the
    /// usual food, a qualifier typed last taken whole, words the catalog also writes apart, the
    /// everyday species, what a food is packed in): 0.979 (143/146), 0.986 (144/146), from 0.945
    /// (138/146) and 0.979 (143/146).
    static let minimumNaturalHitAt1 = 0.975
    static let minimumNaturalHitAt5 = 0.985
    static let maximumNaturalEmpty = 0

    @Test func naturalQueriesAndTrackerNamesFindWhatPeopleMean() throws {
        let cases = try RelevanceCase.load("food-search-natural.tsv")
        #expect(cases.count >= 100)
        try withDatabase { _, repos throws in
            let names: (FoodID) throws -> String = { try repos.food(id: $0)?.name ?? "?" }
            print("Relevance by set (Bodii ranking, USDA SR24, fresh database):")
            var natural: RelevanceScore?
            for file in ["food-search.tsv", "food-search-everyday.tsv", "food-search-natural.tsv"] {
                let score = try RelevanceScore(
                    try RelevanceCase.load(file), search: { try repos.searchFoods($0, limit: 5).map(\.id) },
                    names: names)
                print("  \(file): \(score.summary)")
                if file == "food-search-natural.tsv" { natural = score }
            }
            guard let natural else { return }
            for miss in natural.misses { print("  miss: \(miss)") }
            #expect(natural.at1 >= Self.minimumNaturalHitAt1, "\(natural.summary)")
            #expect(natural.at5 >= Self.minimumNaturalHitAt5, "\(natural.summary)")
            #expect(natural.empty <= Self.maximumNaturalEmpty, "\(natural.summary)")
        }
    }
}
