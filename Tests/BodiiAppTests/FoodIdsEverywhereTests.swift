import Foundation
import Testing

/// Every id `bodii search` prints is taken by every command that takes a food id (issue 43): the
/// SR24 ids (usda:…) and every kind of supplement id (sr28:…, fdc:…, ciqual:…, mvt:01.307, whose
/// code has a dot) alike, as `--id`, as the food of a line, and as the food of a pantry or
/// shopping-list entry.
@Suite struct FoodIdsEverywhereTests {
    let folder: TemporaryFolder
    let db: String
    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("ids.sqlite")
    }

    func run(_ arguments: [String]) throws -> CommandResult {
        try InProcessBodii.run(arguments + ["--db", db], environment: ["BODII_NOW": "2026-12-05T09:00:00Z"])
    }

    @Test func everyPrintedIdIsTakenByLogPantryAndShop() throws {
        #expect(try run(["demo", "--days", "28"]).status == 0)
        var ids: [String] = []
        let supplementWords = ["oat milk unsweetened", "basmati", "skyr", "kefir", "green tea"]
        for words in ["yogurt greek", "banana", "milk"] + supplementWords {
            let found = try run(["search", words, "--json", "--limit", "4"])
            #expect(found.status == 0, "\(words): \(found.stderr)")
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
            ids += rows.compactMap { $0["id"] as? String }
        }
        // The search must print both kinds for this test to mean anything.
        #expect(ids.contains { $0.hasPrefix("sr28:") }, "\(ids)")
        #expect(ids.contains { $0.hasPrefix("usda:") }, "\(ids)")
        for prefix in ["fdc:", "ciqual:", "mvt:"] { #expect(ids.contains { $0.hasPrefix(prefix) }, "\(prefix) \(ids)") }
        for id in ids {
            let byOption = try run(["log", "food", "--id", id, "--grams", "100", "--dry-run"])
            #expect(byOption.status == 0, "log food --id \(id): \(byOption.stderr)")
            let asLine = try run(["log", "food", id, "--dry-run", "--json"])
            #expect(asLine.status == 0, "log food \(id): \(asLine.stderr)")
            #expect(asLine.stdout.contains("\"\(id)\""), "log food \(id) logged another food: \(asLine.stdout)")
            let stocked = try run(["pantry", "add", id, "--qty", "250", "--price", "1"])
            #expect(stocked.status == 0, "pantry add \(id): \(stocked.stderr)")
            #expect(stocked.stdout.contains("(\(id))"), "pantry add \(id): \(stocked.stdout)")
            let listed = try run(["shop", "add", id, "--qty", "250"])
            #expect(listed.status == 0, "shop add \(id): \(listed.stderr)")
        }
    }
}
