@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `bodii search` on a database filled only by `import bodii`: it holds custom foods but was never
/// searched, so it did not hold the catalog and the read-only search fell back to the bare shipped
/// catalog, missing them. A database with foods of its own now holds the catalog too.
@Suite struct SearchImportedFoodsTests {
    @Test func customFoodsOfAnImportedDatabaseAreFound() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        do {
            let r = try BodiiDatabase(url: URL(fileURLWithPath: a)).repositories
            _ = try r.addCustomFood(
                Food(
                    id: CustomFoods.newID, name: "Grandma's lentil soup", source: "custom",
                    per100g: Nutrients(kcal: 90, proteinG: 6, carbsG: 12, fatG: 2)))
        }
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let imported = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        try #require(imported.status == 0, "\(imported.stderr)")

        let custom = try runBodii(["search", "lentil", "soup", "--json", "--db", b])
        #expect(custom.status == 0, "\(custom.stderr)")
        #expect(custom.stdout.contains(#""name":"Grandma's lentil soup""#), "\(custom.stdout)")
        // The catalog is there as well, and the search wrote nothing (the file is as the import left it).
        let modified = try FileManager.default.attributesOfItem(atPath: b)[.modificationDate] as? Date
        let banana = try runBodii(["search", "banana", "--db", b])
        #expect(banana.status == 0 && banana.stdout.contains("usda:09040"), "\(banana.stdout)")
        #expect(try FileManager.default.attributesOfItem(atPath: b)[.modificationDate] as? Date == modified)
    }
}
