import BodiiDomain
import Foundation
import Testing
@testable import BodiiImport

/// Cronometer's servings and biometrics CSV exports, on the small files in Fixtures/cronometer
/// (the real header, a BOM and CRLF, quoted names with commas, a doubled quote and a line break).
@Suite struct CronometerReaderTests {
    static let folder = Fixture.folder.appendingPathComponent("cronometer")
    static let utc = TimeZone(identifier: "UTC") ?? .current
    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    static func read(_ name: String, timeZone: TimeZone = utc) throws(CronometerError) -> CronometerData {
        try CronometerReader.read(path: path(name), timeZone: timeZone)
    }
    static func day(_ iso: String) -> LocalDate { LocalDate(iso: iso) ?? LocalDate(daysSinceEpoch: 0) }

    @Test func servingsBecomeQuickAddsWithTheirEnergyMacrosAndMeal() throws {
        let data = try Self.read("servings.csv")
        #expect(data.kind == .servings)
        #expect(data.rowCount == 12)
        #expect(data.food.count == 10)
        let oats = try #require(data.food.first)
        #expect(oats.foodName == "Oats, rolled · 80.00 g")
        #expect(oats.isQuickAdd && oats.grams == nil, "a quick add has no grams (issue 23 #22)")
        #expect(oats.date == Self.day("2026-11-20") && oats.meal == .breakfast)
        #expect(oats.kcal == 303.2 && oats.proteinG == 10.53 && oats.carbsG == 54.08 && oats.fatG == 5.22)
        #expect(oats.fiberG == 8.48 && oats.sugarsG == 0.79 && oats.saturatedFatG == 0.95 && oats.sodiumMg == 1.6)
        #expect(oats.loggedAt == Date(timeIntervalSince1970: Double(Self.day("2026-11-20").daysSinceEpoch) * 86_400 + 7 * 3600 + 45 * 60))
        #expect(oats.provenance.source == "cronometer")
        // A doubled quote and a line break inside quoted fields.
        #expect(data.food[2].foodName == #"Peaches, yellow, raw · 2.00 medium (2-2/3" dia)"#)
        #expect(data.food[5].foodName == "Grandma's lentil stew (family recipe) · 1.00 full recipe")
        #expect(data.food[5].meal == .dinner && data.food[6].meal == .snacks)
        // Two identical coffees are two records, with ids that differ by their occurrence.
        let coffees = data.food.filter { $0.foodName.hasPrefix("Coffee") }
        #expect(coffees.count == 2)
        #expect(Set(coffees.compactMap(\.provenance.externalId)).count == 2)
        // Uncategorized and a group of the user's own: the meal of the time of day, else snacks.
        #expect(data.food[7].foodName.hasPrefix("Dark chocolate") && data.food[7].meal == .dinner)
        #expect(data.food[8].foodName.hasPrefix("Banana") && data.food[8].meal == .snacks)
        #expect(data.food[9].foodName.hasPrefix("Water") && data.food[9].kcal == 0 && data.food[9].meal == .breakfast)
        #expect(data.skipped[.food] == ["without a food name": 1, "without energy or macros": 1])
    }

    @Test func externalIdsAreTheSameOnEveryRead() throws {
        let once = try Self.read("servings.csv").food.compactMap(\.provenance.externalId)
        let again = try Self.read("servings.csv", timeZone: TimeZone(identifier: "America/New_York") ?? Self.utc).food.compactMap(\.provenance.externalId)
        #expect(once == again)
        #expect(Set(once).count == once.count)
        #expect(once.allSatisfy { $0.hasPrefix("servings/2026-11-2") && $0.count < 64 })
    }

    @Test func anOlderExportWithoutTimeOrGroupAndUnpaddedDates() throws {
        let data = try Self.read("servings-2012.csv")
        #expect(data.food.count == 2)
        #expect(data.food.allSatisfy { $0.date == Self.day("2012-09-10") && $0.meal == .snacks })
        #expect(data.food[0].foodName == #"Peaches yellow raw · 2.00 medium (2-2/3" dia)"#)
        #expect(data.food[1].kcal == 160 && data.food[1].proteinG == 8)
    }

    @Test func biometricsTakeWeightInKgOrLbsAndBodyFatAndCountTheRest() throws {
        let data = try Self.read("biometrics.csv")
        #expect(data.kind == .biometrics)
        #expect(data.rowCount == 11)
        #expect(data.body.map(\.date) == [Self.day("2026-11-18"), Self.day("2026-11-19"), Self.day("2026-11-20")])
        #expect(data.body.map(\.weightKg) == [82.4, 82.191, 82.1])
        #expect(data.body.map(\.bodyFatPercent) == [21.5, nil, nil])
        #expect(data.body.allSatisfy { $0.provenance.source == "cronometer" && $0.provenance.externalId != nil })
        #expect(data.skipped[.body] == [
            "Heart Rate: not a measurement Bodii keeps": 2, "Blood Pressure: not a measurement Bodii keeps": 1,
            "Recovery (Garmin): not a measurement Bodii keeps": 1, "weight in stone, not kg or lbs": 1,
            "weight outside 20–400 kg": 1, "body fat on a day without a weight": 1,
        ])
    }

    @Test func aBadNumberOrDateRefusesTheWholeFileNamingItsRow() throws {
        #expect(throws: CronometerError.badValue(Self.path("bad-number.csv"), row: 3, column: "Fat (g)", value: "twelve",
                                                 allowed: "a number of 0 or more")) {
            try Self.read("bad-number.csv")
        }
        #expect(throws: CronometerError.badValue(Self.path("bad-date.csv"), row: 3, column: "Day", value: "18/11/2026",
                                                 allowed: "a date (YYYY-MM-DD)")) {
            try Self.read("bad-date.csv")
        }
        let error = CronometerError.badValue("f.csv", row: 3, column: "Fat (g)", value: "twelve", allowed: "a number of 0 or more")
        #expect(error.description == "f.csv, row 3: Fat (g) \"twelve\" is not a number of 0 or more; nothing was imported")
        #expect(error.exitCode == 65)
    }

    @Test func notACronometerExportEmptyOrMissing() throws {
        do {
            _ = try Self.read("not-cronometer.csv")
            Issue.record("read a file that is not a Cronometer export")
        } catch {
            #expect(error.exitCode == 65)
            #expect(error.description.contains("is not a Cronometer servings or biometrics export (its first row is \"Date,Meal,Calories,Fat (g),Protein (g)\""))
        }
        #expect(throws: CronometerError.notAnExport("empty.csv", header: "missing: the file is empty")) {
            try CronometerReader.read(text: "\u{FEFF}", name: "empty.csv", timeZone: Self.utc)
        }
        #expect(throws: CronometerError.missing(Self.path("none.csv"))) { try Self.read("none.csv") }
        #expect(CronometerError.missing("x").exitCode == 66)
    }

    @Test func textThatIsNotUTF8IsRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-cronometer-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Data("Day,Group,Metric,Unit,Amount\n2026-11-18,Uncategorized,Weight,kg,82.4\n2026-11-19,Unc".utf8)
        bytes.append(contentsOf: [0xFF, 0xFE, 0x0A])
        try bytes.write(to: url)
        do {
            _ = try CronometerReader.read(path: url.path, timeZone: Self.utc)
            Issue.record("read text that is not UTF-8")
        } catch {
            #expect(error == .notText(url.path, line: 3))
        }
    }

    @Test func valuesReadStrictly() {
        #expect(Table.number("12") == 12 && Table.number("0.75") == 0.75 && Table.number("-3") == -3)
        #expect(Table.number("1,234") == nil && Table.number("1e3") == nil && Table.number("nan") == nil && Table.number(".") == nil)
        #expect(Table.clock("08:00") == 480 && Table.clock("8:05 PM") == 20 * 60 + 5 && Table.clock("12:10 AM") == 10)
        #expect(Table.clock("12:30 PM") == 750 && Table.clock("25:00") == nil && Table.clock("") == nil)
        #expect(Table.day("2026-02-29") == nil && Table.day("2024-2-29") == LocalDate(iso: "2024-02-29"))
        #expect(Table.metricName("Weight (Garmin)") == "weight" && Table.metricName(" Body Fat ") == "body fat")
        #expect(Table.fingerprint("a") == "af63dc4c8601ec8c")
    }
}
