import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 41's search fixes, on a real database and on the shipped catalog in memory (the two
/// searches `bodii search` and the app use).
@Suite struct SearchFixesTests {
    @Test func plainMilkIsCowsMilkFirst() throws {
        try withDatabase { _, repos in
            let top = try repos.searchFoods("milk", limit: 5).map(\.id.rawValue)
            for id in ["usda:01077", "usda:01079", "usda:01082", "usda:01085"] { #expect(top.contains(id), "\(top)") }
            #expect(!top.contains { ["usda:01109", "usda:01107", "usda:01108"].contains($0) }, "\(top)")
        }
    }

    @Test func anExtraWordIsDroppedRatherThanEmptyTheList() throws {
        let shipped = try ShippedCatalogSearch()
        try withDatabase { _, repos in
            for q in ["Angel Hair Pasta, White, Cooked in Unsalted Water", "angel pasta", "banana xyzzy qwerty"] {
                let found = try repos.searchFoods(q, limit: 3)
                #expect(!found.isEmpty, "\(q)")
                #expect(!shipped.searchFoods(q, limit: 3).isEmpty, "\(q)")
                #expect(found.first.map { $0.name.hasPrefix("Pasta") || $0.name.hasPrefix("Bananas") } == true, "\(q): \(found.map(\.name))")
            }
        }
    }
}
