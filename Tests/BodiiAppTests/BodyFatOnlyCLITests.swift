import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// Issue 23 #23 through the real binary: a smart scale's body fat without a weigh-in that day is
/// imported from Apple Health, read back by `today --json`, and survives export → `import bodii`.
@Suite struct BodyFatOnlyCLITests {
    /// A weigh-in of 80 kg on the 20th; on the 21st, body fat alone.
    static let health = """
        <?xml version="1.0" encoding="UTF-8"?>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-22 09:00:00 +0100"/>
         <Record type="HKQuantityTypeIdentifierBodyMass" sourceName="Scale" unit="kg" creationDate="2026-11-20 07:00:00 +0100" startDate="2026-11-20 07:00:00 +0100" endDate="2026-11-20 07:00:00 +0100" value="80"/>
         <Record type="HKQuantityTypeIdentifierBodyFatPercentage" sourceName="Scale" unit="%" creationDate="2026-11-21 07:00:00 +0100" startDate="2026-11-21 07:00:00 +0100" endDate="2026-11-21 07:00:00 +0100" value="0.22"/>
        </HealthData>

        """

    static func day(_ db: String, _ date: String) throws -> [String: Any] {
        let out = try runBodii(["today", "--json", "--date", date, "--db", db])
        #expect(out.status == 0, "\(out.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    @Test func aBodyFatOnlyDayHasANullWeightAndItsBodyFat() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("a.sqlite")
        try Data(Self.health.utf8).write(to: folder.url.appendingPathComponent("export.xml"))
        try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories.saveProfile(DemoHistory.profile)
        let imported = try runBodii(["import", "apple-health", folder.path("export.xml"), "--db", db])
        #expect(imported.status == 0, "\(imported.stderr)")

        let day = try Self.day(db, "2026-11-21")
        #expect(day["weight_kg"] is NSNull)
        #expect(day["body_fat_percent"] as? Double == 22)
        // The reading's body fat with the last known weight (80 kg): Katch-McArdle.
        let bmr = try #require((day["calories"] as? [String: Any])?["bmr"] as? Double)
        #expect(abs(bmr - Metabolism.katchMcArdleBMR(weightKg: 80, bodyFatPercent: 22)) < 0.1)
        // The trend is the weigh-in's; the reading adds none.
        #expect(day["trend_weight_kg"] as? Double == 80)
        let text = try runBodii(["today", "--date", "2026-11-21", "--db", db])
        #expect(text.status == 0)
        #expect(text.stdout.contains("— (no weigh-in)"))

        // Export → import bodii into a new database: the reading comes back as it was.
        let exported = try runBodii(["export", "--out", folder.path("a.json"), "--db", db])
        #expect(exported.status == 0, "\(exported.stderr)")
        let b = folder.path("b.sqlite")
        let back = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        #expect(back.status == 0, "\(back.stderr)")
        let again = try Self.day(b, "2026-11-21")
        #expect(again["weight_kg"] is NSNull)
        #expect(again["body_fat_percent"] as? Double == 22)
        #expect(
            try BodiiDatabase(url: URL(fileURLWithPath: b)).repositories.bodyRecords(in: DateRange(ending: TestClock.today, days: 30)).count
                == 2)
    }

    @Test func importBodiiRefusesABodyRecordWithoutAnyMeasurement() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("a.sqlite")
        try Data(Self.health.utf8).write(to: folder.url.appendingPathComponent("export.xml"))
        #expect(try runBodii(["import", "apple-health", folder.path("export.xml"), "--db", db]).status == 0)
        #expect(try runBodii(["export", "--out", folder.path("a.json"), "--db", db]).status == 0)
        let text = try String(contentsOfFile: folder.path("a.json"), encoding: .utf8)
        #expect(text.contains("\"weight_kg\":null"))
        // The reading without its body fat is a record of nothing.
        try Data(text.replacingOccurrences(of: "\"body_fat_percent\":22", with: "\"body_fat_percent\":null").utf8)
            .write(to: folder.url.appendingPathComponent("bad.json"))
        let b = folder.path("b.sqlite")
        let refused = try runBodii(["import", "bodii", folder.path("bad.json"), "--db", b])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("weight_kg"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: b))
    }
}
