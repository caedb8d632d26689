import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `bodii search` without a database searches the compiled-in catalog with no SQLite at all; it
/// must find what a freshly seeded database finds, in the same order.
@Suite struct ShippedCatalogSearchTests {
    @Test func findsWhatAFreshDatabaseFindsInTheSameOrder() throws {
        let memory = try BodiiDatabase.shippedCatalogInMemory()
        let shipped = try ShippedCatalogSearch()
        let cases = try RelevanceCase.load() + RelevanceCase.load("food-search-everyday.tsv")
        // The relevance sets, and what people type on the way there: one or two letters, a word
        // begun, typos, words that match nothing together, accents, filler words.
        var queries = cases.map(\.query)
        queries += [
            "b", "ch", "c", "ri", "chick br", "brocoli", "jalapeño", "rise pudding", "peanutbutter", "cream c",
            "chicken and", "xyzzy", "!!!", "Babyfood", "mcdonalds", "KFC chicken", "2% milk", "bana ", "a",
            "banana x", "pb j", "pb&j", "x y",
        ]
        var differing: [String] = []
        for q in queries {
            for limit in [1, 10, 50] {
                let expected = try memory.searchFoods(q, limit: limit)
                let found = shipped.searchFoods(q, limit: limit)
                if found != expected {
                    differing.append("\(q) (\(limit)): \(found.prefix(3).map(\.id.rawValue)) vs \(expected.prefix(3).map(\.id.rawValue))")
                }
            }
        }
        #expect(differing.isEmpty, "\(differing.count) of \(queries.count * 3): \(differing.prefix(10))")
        #expect(queries.count > 200)
    }

    /// Issue 24: one extra word must never empty the list, even a word still being typed that
    /// starts no word of a food with the others ("banana x" while typing, "pb&j" pasted whole).
    @Test func anUnfinishedExtraWordNeverEmptiesTheList() throws {
        let memory = try BodiiDatabase.shippedCatalogInMemory()
        for (query, meant) in [("banana x", "Bananas, raw"), ("pb&j", "Peanut butter"), ("pb j", "Peanut butter")] {
            let first = try memory.searchFoods(query, limit: 1).first?.name ?? "(empty)"
            #expect(first.hasPrefix(meant), "\(query): \(first)")
        }
        // A lone letter matching nothing stays empty: there is no other word to go by.
        #expect(try memory.searchFoods("x y", limit: 5).allSatisfy { $0.name.lowercased().contains("y") })
    }

    @Test func theIndexKeyIsTheSchemas() {
        #expect(ShippedCatalogSearch.key("Bananas, raw", rowid: 5) == (12 << 44 | 5))
        #expect(ShippedCatalogSearch.key("Babyfood, banana", rowid: 1) >> 56 == 2)
        #expect(ShippedCatalogSearch.key("RESTAURANT, Chinese", rowid: 1) >> 56 == 2, "LIKE ignores ASCII case")
        #expect(ShippedCatalogSearch.key("Cereals, KELLOGG'S", rowid: 1) >> 56 == 1)
        #expect(ShippedCatalogSearch.key("Jalapeño", rowid: 1) == (8 << 44 | 1), "length counts characters")
    }
}
