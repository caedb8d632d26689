import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii log food TEXT [--meal M] [--date D] [--dry-run] [--json]` (issue 41): one line, several
/// foods; exit 0 when all matched, 3 when some did, 1 when none did; --dry-run writes nothing.
@Suite struct LogFoodLineTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func records(_ db: String) throws -> [FoodRecord] {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        return try database.repositories.foodRecords(in: DateRange(ending: TestClock.today, days: 30))
    }

    @Test func aLineIsLoggedInOneGoAndSaidAsJSON() throws {
        let db = folder.path("line.sqlite")
        let line = "2 eggs, 1 slice whole wheat toast and a coffee with milk"
        let dry = try runBodii(["log", "food", line, "--dry-run", "--json", "--meal", "breakfast", "--db", db])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(!FileManager.default.fileExists(atPath: db), "--dry-run created the database")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(dry.stdout.utf8)) as? [String: Any])
        let entries = try #require(json["entries"] as? [[String: Any]])
        #expect(entries.map { $0["food_id"] as? String } == ["usda:01123", "usda:18076", "usda:14209", "usda:01077"])
        #expect(entries.first.map { Set($0.keys) } == ["text", "food_id", "name", "grams", "quantity", "serving", "kcal"])
        #expect(entries.first?["grams"] as? Double == 100 && entries.first?["serving"] as? String == "1 large")
        #expect((json["unmatched"] as? [String]) == [])

        let real = try runBodii(["log", "food", line, "--meal", "breakfast", "--db", db])
        #expect(real.status == 0, "\(real.stderr)")
        #expect(real.stdout.contains("Logged 2 large (100 g) Egg, whole, raw, fresh"), "\(real.stdout)")
        #expect(try records(db).map(\.foodId.rawValue) == ["usda:01123", "usda:18076", "usda:14209", "usda:01077"])
    }

    @Test func exitStatusSaysHowMuchMatchedAndNothingIsDropped() throws {
        let db = folder.path("status.sqlite")
        let some = try runBodii(["log", "food", "banana, zzqx vvkw", "--json", "--db", db])
        #expect(some.status == 3, "\(some.stderr)")
        #expect(some.stdout.contains("\"unmatched\":[\"zzqx vvkw\"]"), "\(some.stdout)")
        #expect(try records(db).count == 1)
        let none = try runBodii(["log", "food", "zzqx vvkw", "--db", db])
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing was logged"), "\(none.stderr)")
        #expect(try records(db).count == 1)
        // The usual portion, then the person's own amount the next time.
        #expect(try runBodii(["log", "food", "48 g peanut butter", "--db", db]).status == 0)
        let again = try runBodii(["log", "food", "peanut butter", "--dry-run", "--json", "--db", db])
        #expect(again.stdout.contains("\"grams\":48"), "\(again.stdout)")
    }

    /// Issue 41: each unmatched part's reason, parallel to `unmatched` (which stays a list of the
    /// parts as typed), in the order typed.
    @Test func theJSONSaysWhyEachPartWasNotLogged() throws {
        let db = folder.path("reasons.sqlite")
        let r = try runBodii(["log", "food", "0 g bread, banana, zzqx vvkw", "--dry-run", "--json", "--db", db])
        #expect(r.status == 3, "\(r.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect((json["unmatched"] as? [String]) == ["0 g bread", "zzqx vvkw"])
        let reasons = try #require(json["unmatched_reasons"] as? [[String: String]])
        #expect(reasons.map { $0["text"] } == ["0 g bread", "zzqx vvkw"])
        #expect(reasons.map { $0["reason"] } == ["bad_amount", "not_found"])
        #expect(reasons.first?["message"]?.contains("\"0\" is not an amount") == true, "\(reasons)")
        #expect(reasons.last?["message"] == "no food matches \"zzqx vvkw\"", "\(reasons)")
        let none = try runBodii(["log", "food", "banana", "--dry-run", "--json", "--db", db])
        #expect(none.stdout.contains("\"unmatched\":[],\"unmatched_reasons\":[]"), "\(none.stdout)")
    }

    @Test func theOldFlagsTakeUnitsAndTellTwoSlicesApart() throws {
        let db = folder.path("flags.sqlite")
        let oz = try runBodii(["log", "food", "--id", "usda:05062", "--grams", "6 oz", "--dry-run", "--json", "--db", db])
        #expect(oz.status == 0 && oz.stdout.contains("\"grams\":170.1"), "\(oz.stdout) \(oz.stderr)")
        let slices = try runBodii(["log", "food", "--id", "usda:18075", "--grams", "2 slices", "--db", db])
        #expect(slices.status == 0 && slices.stdout.contains("56 g"), "\(slices.stdout) \(slices.stderr)")
        let first = try runBodii(["log", "food", "--id", "usda:18069", "--serving", "slice", "--db", db])
        #expect(first.status == 0 && first.stdout.contains("2 measures are called slice"), "\(first.stdout)")
        let picked = try runBodii(["log", "food", "--id", "usda:18069", "--serving", "slice (25 g)", "--db", db])
        #expect(picked.status == 0 && picked.stdout.contains("25 g"), "\(picked.stdout) \(picked.stderr)")
        #expect(try records(db).map(\.grams) == [56, 28, 25])
    }
}
