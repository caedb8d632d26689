import Foundation
import Testing

/// Issue 43 #5 through the real command layer: a day with basmati rice (CIQUAL 9125, whose B
/// vitamins are estimated from SR24 20445) says which figures are estimates, in text and JSON.
@Suite struct NutrientEstimatesCLITests {
    let folder: TemporaryFolder
    let db: String
    static let now = ["BODII_NOW": "2026-12-05T09:00:00Z"]

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("estimates.sqlite")
    }

    func run(_ arguments: [String]) throws -> CommandResult { try runBodii(arguments + ["--db", db], environment: Self.now) }

    @Test func estimatedFiguresAreMarkedInTextAndJSON() throws {
        #expect(try run(["log", "food", "--id", "ciqual:9125", "--grams", "200"]).status == 0)
        #expect(try run(["log", "food", "--id", "usda:09040", "--grams", "100"]).status == 0)
        let r = try run(["nutrients", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let nutrients = try #require(doc["nutrients"] as? [String: [String: Any]])
        // Riboflavin: 2 × 0.013 mg estimated + banana's measured 0.073 mg = 0.099 mg (printed 0.1).
        let b2 = try #require(nutrients["riboflavin_mg"])
        #expect(b2["estimated"] as? Bool == true && b2["partial"] as? Bool == false)
        #expect(abs((b2["amount"] as? Double ?? 0) - 0.099) < 0.002)
        // Potassium: CIQUAL's own and SR24's: measured.
        #expect(nutrients["potassium_mg"]?["estimated"] as? Bool == false)
        let today = try run(["today", "--json"])
        let todayDoc = try #require(try JSONSerialization.jsonObject(with: Data(today.stdout.utf8)) as? [String: Any])
        let todayNutrients = try #require(todayDoc["nutrients"] as? [String: [String: Any]])
        #expect(todayNutrients["riboflavin_mg"]?["estimated"] as? Bool == true)

        let text = try run(["nutrients"])
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("B2 Riboflavin") })
        #expect(line.contains("≈ ") && !line.contains("≥"), "\(line)")
        #expect(text.stdout.contains("≈ some values are estimated from a similar USDA SR24 food"))
        let potassium = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Potassium") })
        #expect(!potassium.contains("≈") && !potassium.contains("≥"), "\(potassium)")
    }
}
