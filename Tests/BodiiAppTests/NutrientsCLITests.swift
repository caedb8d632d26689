import Foundation
import Testing

/// `bodii nutrients` (issue 27): bad input is one line on stderr with the usual exit codes.
@Suite struct NutrientsCLITests {
    let folder: TemporaryFolder
    let db: String
    static let now = ["BODII_NOW": "2026-11-25T21:00:00Z"]

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("nutrients.sqlite")
        let r = try runBodii(["log", "food", "banana", "--grams", "118", "--date", "2026-11-25", "--db", db], environment: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test func aRangeOtherThanWeekOrMonthIsAUsageError() throws {
        for range in ["year", "day", ""] {
            let r = try runBodii(["nutrients", "--range", range, "--db", db], environment: Self.now)
            #expect(r.status == 64, "\(range): \(r.stderr)")
            #expect(
                r.stderr.hasPrefix("bodii: ") && (range.isEmpty || r.stderr.contains("\"\(range)\" is not one of week, month")),
                "\(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1)
            #expect(r.stdout.isEmpty)
        }
    }

    @Test func aBadOrFutureDateIsBadData() throws {
        for date in ["2026-02-30", "2026-11-26", "tomorrowish"] {
            let r = try runBodii(["nutrients", "--date", date, "--db", db], environment: Self.now)
            #expect(r.status == 65, "\(date): \(r.stderr)")
            #expect(r.stderr.contains(date) || r.stderr.contains("future"), "\(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
    }

    private func json(_ arguments: [String]) throws -> [String: Any] {
        let r = try runBodii(arguments + ["--db", db], environment: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    /// The hand check: 118 g of banana (SR24 09040) gives 10.3 mg vitamin C and 422 mg
    /// potassium; a woman of 36 has 75 mg and 2600 mg as goals (DRI), 2000 mg vitamin C as the UL.
    @Test func aBananaDayAgainstAWomansTargets() throws {
        let set = try runBodii(
            ["profile", "set", "--name", "Ann", "--sex", "female", "--birth-date", "1990-01-01", "--height", "170", "--db", db],
            environment: Self.now)
        #expect(set.status == 0, "\(set.stderr)")
        let doc = try json(["nutrients", "--date", "2026-11-25", "--json"])
        #expect(doc["date"] as? String == "2026-11-25")
        #expect(doc["range"] as? String == "day")
        #expect(doc["days_logged"] as? Int == 1)
        let nutrients = try #require(doc["nutrients"] as? [String: [String: Any]])
        #expect(nutrients.count == 35)
        let c = try #require(nutrients["vitamin_c_mg"])
        #expect(c["amount"] as? Double == 10.3)
        #expect(c["target"] as? Double == 75)
        #expect(c["upper"] as? Double == 2000)
        #expect(c["share"] as? Double == 0.14)
        #expect(c["partial"] as? Bool == false)
        #expect(c["status"] as? String == "under")
        #expect(nutrients["potassium_mg"]?["amount"] as? Double == 422.4)
        #expect(nutrients["potassium_mg"]?["target"] as? Double == 2600)
        #expect(nutrients["sodium_mg"]?["kind"] as? String == "limit")

        let today = try json(["today", "--date", "2026-11-25", "--json"])
        let todayNutrients = try #require(today["nutrients"] as? [String: [String: Any]])
        #expect(todayNutrients["vitamin_c_mg"]?["amount"] as? Double == 10.3)
        #expect(Set(todayNutrients["vitamin_c_mg"]?.keys.map { $0 } ?? []) == ["amount", "target", "upper", "share", "partial", "estimated"])

        let text = try runBodii(["nutrients", "--date", "2026-11-25", "--db", db], environment: Self.now)
        #expect(text.status == 0)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Vitamin C") })
        #expect(line.contains("10") && line.contains("75") && line.contains("14 %") && line.contains("low"))
        for row in text.stdout.split(separator: "\n") { #expect(row.count <= 80, "\(row)") }

        let week = try json(["nutrients", "--date", "2026-11-25", "--range", "week", "--json"])
        #expect(week["from"] as? String == "2026-11-19")
        #expect(week["days_logged"] as? Int == 1)

        let report = try runBodii(["report", "--db", db], environment: Self.now)
        #expect(report.status == 0, "\(report.stderr)")
        #expect(report.stdout.contains("Nutrients, week average 2026-11-19 to 2026-11-25"))
    }

    /// Water is drunk and logged in ml, so the text shows it in ml (1 g = 1 ml: the same figure);
    /// the JSON keeps its key, `water_g`.
    @Test func waterReadsInMillilitresAndKeepsItsKey() throws {
        let drink = try runBodii(["log", "water", "500ml", "--date", "2026-11-25", "--db", db], environment: Self.now)
        #expect(drink.status == 0, "\(drink.stderr)")
        let doc = try json(["nutrients", "--date", "2026-11-25", "--json"])
        let water = try #require((doc["nutrients"] as? [String: [String: Any]])?["water_g"], "\(doc)")
        let amount = try #require(water["amount"] as? Double)
        #expect(amount > 500, "the drink and the banana's own water: \(amount)")
        let text = try runBodii(["nutrients", "--date", "2026-11-25", "--db", db], environment: Self.now)
        let line = try #require(text.stdout.split(separator: "\n").first { $0.hasPrefix("Water") }, "\(text.stdout)")
        let words = line.split(separator: " ")
        #expect(words.contains("ml") && !words.contains("g"), "\(line)")
        #expect(words.contains(Substring(String(Int(amount.rounded())))), "\(line)")
    }
}
