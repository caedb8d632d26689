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
    /// The day the tests read on: rows up to the day after are taken.
    static let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_779)
    static func read(_ name: String, timeZone: TimeZone = utc) throws(CronometerError) -> CronometerData {
        try CronometerReader.read(path: path(name), timeZone: timeZone, today: today)
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
        #expect(data.skipped[.food] == ["without a food name": 1, "without energy, macros or nutrients": 1])
    }

    /// Issue 27: the nutrient columns, by the header's titles (Fixtures/cronometer/servings.csv has
    /// the real one); an empty cell is unknown, vitamin D in IU becomes µg. A banana as Cronometer
    /// logs 1 medium (118 g) of SR24's 09040.
    @Test func servingsKeepTheirNutrientColumns() throws {
        let text = try String(contentsOfFile: Self.path("servings.csv"), encoding: .utf8)
        let header = try #require(text.split(separator: "\r\n").first)
        let titles = header.split(separator: ",").map(String.init)
        var cells: [String: String] = [
            "Day": "2026-11-20", "Time": "10:00 AM", "Group": "Snacks", "Food Name": "\"Bananas, raw\"", "Amount": "1.00 medium",
            "Energy (kcal)": "105.02", "Protein (g)": "1.29", "Carbs (g)": "26.95", "Fat (g)": "0.39", "Vitamin C (mg)": "10.27",
            "Potassium (mg)": "422.44", "Iron (mg)": "0.31", "Folate (µg)": "23.60", "Vitamin D (IU)": "40.00",
            "Magnesium (mg)": "31.86", "Caffeine (mg)": "0.00",
        ]
        cells["Selenium (µg)"] = ""  // not known
        let row = titles.map { cells[$0.replacingOccurrences(of: "\u{FEFF}", with: "")] ?? "" }.joined(separator: ",")
        let data = try CronometerReader.read(
            text: header + "\r\n" + row + "\r\n", name: "servings.csv", timeZone: Self.utc, today: Self.today)
        let banana = try #require(data.food.first)
        #expect(banana.nutrients[.vitaminCMg] == 10.27)
        #expect(banana.nutrients[.potassiumMg] == 422.44)
        #expect(banana.nutrients[.ironMg] == 0.31)
        #expect(banana.nutrients[.folateUg] == 23.6)
        #expect(banana.nutrients[.magnesiumMg] == 31.86)
        #expect(banana.nutrients[.vitaminDUg] == 1)  // 40 IU
        #expect(banana.nutrients[.caffeineMg] == 0)
        #expect(banana.nutrients[.seleniumUg] == nil)
        #expect(banana.nutrients[.zincMg] == nil)
    }

    @Test func externalIdsAreTheSameOnEveryRead() throws {
        let once = try Self.read("servings.csv").food.compactMap(\.provenance.externalId)
        let again = try Self.read("servings.csv", timeZone: TimeZone(identifier: "America/New_York") ?? Self.utc).food.compactMap(
            \.provenance.externalId)
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
        // The 21st's body fat has no weight that day: kept as a body-fat-only record.
        #expect(data.body.map(\.date) == [Self.day("2026-11-18"), Self.day("2026-11-19"), Self.day("2026-11-20"), Self.day("2026-11-21")])
        #expect(data.body.map(\.weightKg) == [82.4, 82.191, 82.1, nil])
        #expect(data.body.map(\.bodyFatPercent) == [21.5, nil, nil, 21.0])
        #expect(data.body.allSatisfy { $0.provenance.source == "cronometer" && $0.provenance.externalId != nil })
        #expect(
            data.skipped[.body] == [
                "Heart Rate: not a measurement Bodii keeps": 2, "Blood Pressure: not a measurement Bodii keeps": 1,
                "Recovery (Garmin): not a measurement Bodii keeps": 1, "weight in stone, not kg or lbs": 1,
                "weight outside 20–400 kg": 1,
            ])
    }

    @Test func aBadNumberOrDateRefusesTheWholeFileNamingItsRow() throws {
        #expect(
            throws: CronometerError.badValue(
                Self.path("bad-number.csv"), row: 3, column: "Fat (g)", value: "twelve",
                allowed: "a plain decimal number like 12.5")
        ) {
            try Self.read("bad-number.csv")
        }
        #expect(
            throws: CronometerError.badValue(
                Self.path("bad-date.csv"), row: 3, column: "Day", value: "18/11/2026",
                allowed: "a date (YYYY-MM-DD)")
        ) {
            try Self.read("bad-date.csv")
        }
        let error = CronometerError.badValue(
            "f.csv", row: 3, column: "Fat (g)", value: "twelve", allowed: "a plain decimal number like 12.5")
        #expect(error.description == "f.csv, row 3: Fat (g) \"twelve\" is not a plain decimal number like 12.5; nothing was imported")
        #expect(error.exitCode == 65)
    }

    @Test func notACronometerExportEmptyOrMissing() throws {
        do {
            _ = try Self.read("not-cronometer.csv")
            Issue.record("read a file that is not a Cronometer export")
        } catch {
            #expect(error.exitCode == 65)
            #expect(
                error.description.contains(
                    "is not a Cronometer servings or biometrics export (its first row is \"Date,Meal,Calories,Fat (g),Protein (g)\""))
        }
        #expect(throws: CronometerError.notAnExport("empty.csv", header: "missing: the file is empty")) {
            try CronometerReader.read(text: "\u{FEFF}", name: "empty.csv", timeZone: Self.utc, today: Self.today)
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
            _ = try CronometerReader.read(path: url.path, timeZone: Self.utc, today: Self.today)
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

    // MARK: - Damaged files, values out of range, empty rows (issue 23, items 7, 12, 22)

    static func read(text: String) throws(CronometerError) -> CronometerData {
        try CronometerReader.read(text: text, name: "t.csv", timeZone: utc, today: today)
    }

    static let servingsHeader = "Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Carbs (g),Fat (g),Sodium (mg)\n"

    @Test func aQuoteThatNeverClosesRefusesTheFileNamingTheLineWhereItOpened() throws {
        // Line 2 holds a name with a line break (two lines, one row); the quote on line 5 never closes.
        let text =
            Self.servingsHeader + "2026-11-20,8:00 AM,Breakfast,\"Stew\n(family)\",1 bowl,300,10,30,12,400\n"
            + "2026-11-20,9:00 AM,Breakfast,Eggs,2 large,143,12.6,0.7,9.5,140\n"
            + "2026-11-20,12:00 PM,Lunch,\"Rice, white,200 g,260,5.4,56.2,0.6,2\n"
            + "2026-11-20,7:00 PM,Dinner,Soup,1 bowl,200,8,20,6,800\n2026-11-21,7:00 PM,Dinner,Soup,1 bowl,200,8,20,6,800\n"
        #expect(throws: CronometerError.damaged("t.csv", line: 5, problem: "a quote opened here never closes")) {
            try Self.read(text: text)
        }
        let error = CronometerError.damaged("t.csv", line: 5, problem: "a quote opened here never closes")
        #expect(error.description == "t.csv, line 5: a quote opened here never closes, so the file is cut or damaged; nothing was imported")
        #expect(error.exitCode == 65)
        // A quote closed before the end of its field: CSV.swift would drop the character after it.
        #expect(throws: CronometerError.damaged("t.csv", line: 2, problem: "a quote closes in the middle of a field")) {
            try Self.read(text: Self.servingsHeader + "2026-11-20,8:00 AM,Breakfast,\"Oats\" rolled,80 g,303,10,54,5,2\n")
        }
    }

    @Test func aRowWithMoreOrFewerFieldsThanTheHeaderIsADamagedFile() throws {
        let row = "2026-11-20,9:00 AM,Breakfast,Eggs,2 large,143,12.6,0.7,9.5,140\n"
        // Cut in the middle of its last row.
        let cut = Self.servingsHeader + row + row + "2026-11-20,9:00 AM,Breakf"
        #expect(throws: CronometerError.damaged("t.csv", line: 4, problem: "3 fields where the header has 10")) { try Self.read(text: cut) }
        #expect(throws: CronometerError.damaged("t.csv", line: 3, problem: "11 fields where the header has 10")) {
            try Self.read(text: Self.servingsHeader + row + "2026-11-20,9:00 AM,Breakfast,Eggs,2 large,143,12.6,0.7,9.5,140,1\n")
        }
        // Blank lines are not rows; the fixtures' rows all have the header's fields.
        #expect(try Self.read(text: Self.servingsHeader + "\n" + row + "\r\n" + row).food.count == 2)
    }

    @Test func recordsStartOnTheLinesAnEditorShows() {
        #expect(CSVLines.recordStarts("a,b\r\n\"x\ny\",z\r\n\r\nc,d".utf8) == .success([1, 2, 4, 5]))
        #expect(CSVLines.recordStarts("a\rb\n\"q\"\"\",\n".utf8) == .success([1, 2, 3]))
        #expect(CSVLines.recordStarts("a,\"b\n\nc".utf8) == .failure(.unclosedQuote(line: 1)))
        #expect(CSVLines.recordStarts("".utf8) == .success([]))
    }

    @Test func valuesOutsideWhatAPersonCouldTypeSkipTheRowWithItsReason() throws {
        let rows = [
            "2026-11-20,8:00 AM,Breakfast,Oats,80 g,10000000000000000000,10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast,Oats,80 g,1" + String(repeating: "0", count: 300) + ",10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast,Oats,80 g,1" + String(repeating: "0", count: 400) + ",10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast,Oats,80 g,303,-10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast,Oats,80 g,303,10,54,5000,2",
            "2026-11-20,8:00 AM,Breakfast,Salt,80 g,0,0,0,0,99999999999",
            "2026-11-20,8:00 AM,Breakfast,Oats,10000000000000000000 g,303,10,54,5,2",
            "1899-12-31,8:00 AM,Breakfast,Oats,80 g,303,10,54,5,2",
            "0001-01-01,8:00 AM,Breakfast,Oats,80 g,303,10,54,5,2",
            "9999-12-31,8:00 AM,Breakfast,Oats,80 g,303,10,54,5,2",
            "2026-11-24,8:00 AM,Breakfast,Oats,80 g,303,10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast,\"Oats \u{1B}[31mred\u{1B}[0m\",80 g,303,10,54,5,2",
            "2026-11-20,8:00 AM,Breakfast," + String(repeating: "x", count: 1_000) + ",80 g,303,10,54,5,2",
            // Taken: the last days allowed, and values at the ends of their ranges.
            "1900-01-01,8:00 AM,Breakfast,Oats,1000 g,10000,1000,0,0,1000000",
            "2026-11-23,8:00 AM,Breakfast,Oats,100000 g,0.5,0,0,0,",
        ]
        let data = try Self.read(text: Self.servingsHeader + rows.joined(separator: "\n") + "\n")
        #expect(data.food.map(\.date.iso) == ["1900-01-01", "2026-11-23"])
        #expect(data.food.allSatisfy { $0.kcal.isFinite && $0.kcal <= 10_000 })
        #expect(
            data.skipped[.food] == [
                "Energy (kcal) outside 0–10000": 3, "Protein (g) below 0": 1,
                "Fat (g) more than the serving weighs": 1, "Sodium (mg) more than the serving weighs": 1, "Amount outside 0–100000": 1, "dated outside 1900-01-01–2026-11-23": 4,
                "name with control characters": 1, "name longer than 200 characters": 1,
            ])
        // Energy in kJ is held to the same limit, named in kJ.
        let kj = try Self.read(text: "Day,Food Name,Amount,Energy (kJ)\n2026-11-20,Oats,80 g,99999999\n2026-11-20,Oats,80 g,1268\n")
        #expect(kj.food.count == 1 && kj.skipped[.food] == ["Energy (kJ) outside 0–41840": 1])
    }

    @Test func emptyRowsAreSkippedAndCounted() throws {
        let rows = [
            "2026-11-20,8:00 AM,Breakfast,Oats,0.00 g,0.00,0.00,0.00,0.00,0.00",
            "2026-11-20,8:00 AM,Breakfast,Oats,0.00 g,,,,,",
            "2026-11-20,8:00 AM,Breakfast,Water,500.00 ml,0.00,0.00,0.00,0.00,0.00",
            "2026-11-20,8:00 AM,Breakfast,Oats,80.00 g,303.2,10.53,54.08,5.22,1.6",
        ]
        let data = try Self.read(text: Self.servingsHeader + rows.joined(separator: "\n") + "\n")
        #expect(data.food.map(\.foodName) == ["Water · 500.00 ml", "Oats · 80.00 g"])
        #expect(data.skipped[.food] == ["empty (amount 0 and 0 kcal)": 2])
    }

    @Test func biometricsOutOfRangeOrOutsideTheDaysAreSkipped() throws {
        let text =
            "Day,Group,Metric,Unit,Amount\n2026-11-18,Uncategorized,Weight,kg,10000000000000000000\n"
            + "2026-11-18,Uncategorized,Weight,lbs,1" + String(repeating: "0", count: 400) + "\n"
            + "2026-11-18,Uncategorized,Weight,kg,-82\n2026-11-18,Uncategorized,Body Fat,%,-0\n"
            + "1899-12-31,Uncategorized,Weight,kg,82\n9999-12-31,Uncategorized,Weight,kg,82\n"
            + "2026-11-19,Uncategorized,Weight," + String(repeating: "u", count: 1_000) + ",82\n2026-11-20,Uncategorized,Weight,kg,82.5\n"
        let data = try Self.read(text: text)
        #expect(data.body.map(\.weightKg) == [82.5])
        #expect(
            data.skipped[.body] == [
                "weight outside 20–400 kg": 3, "body fat outside 2–75 %": 1, "dated outside 1900-01-01–2026-11-23": 2,
                "weight in \(String(repeating: "u", count: 20)), not kg or lbs": 1,
            ])
    }

    /// Issue 48 item 8: rows shaped like a real servings export (the fixture's full header).
    /// Supplements and teas have no energy or macros: 0 kcal entries with their nutrients and
    /// water. A nutrient's bound follows the serving: a 1,340 g bowl holds 1,210 g of water.
    @Test func supplementsTeasAndLargeBowlsImportWithTheirNutrients() throws {
        let fixture = try String(contentsOfFile: Self.path("servings.csv"), encoding: .utf8)
        let header = String(fixture.split(maxSplits: 1, whereSeparator: \.isNewline)[0]).trimmingCharacters(in: .whitespacesAndNewlines)
        let titles = header.replacingOccurrences(of: "\u{FEFF}", with: "").split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        func row(_ cells: [String: String]) -> String { titles.map { c in cells[c].map { $0.contains(",") ? "\"\($0)\"" : $0 } ?? "" }.joined(separator: ",") }
        let rows = [
            ["Day": "2026-11-20", "Group": "Breakfast", "Food Name": "Vitamin D3", "Amount": "1.00 softgel", "Vitamin D (IU)": "4000.00", "Category": "Supplements"],
            ["Day": "2026-11-20", "Group": "Breakfast", "Food Name": "Zinc", "Amount": "1.00 tablet", "Zinc (mg)": "15.00", "Category": "Supplements"],
            ["Day": "2026-11-20", "Group": "Breakfast", "Food Name": "Folic Acid", "Amount": "1.00 tablet", "Folate (µg)": "400.00", "Category": "Supplements"],
            ["Day": "2026-11-20", "Group": "Snacks", "Food Name": "Tea, brewed", "Amount": "4.50 cup", "Water (g)": "1064.70", "Caffeine (mg)": "106.65", "Category": "Beverages"],
            [
                "Day": "2026-11-20", "Group": "Dinner", "Food Name": "Vegetable bowl", "Amount": "1340.00 g", "Energy (kcal)": "521.00",
                "Protein (g)": "20.10", "Carbs (g)": "80.40", "Fat (g)": "12.06", "Water (g)": "1210.30",
            ],
            // Water can't weigh more than the serving it is in.
            ["Day": "2026-11-20", "Group": "Dinner", "Food Name": "Soup", "Amount": "300.00 g", "Energy (kcal)": "90.00", "Water (g)": "900.00"],
        ]
        let data = try Self.read(text: header + "\n" + rows.map(row).joined(separator: "\n") + "\n")
        #expect(data.food.map(\.foodName) == ["Vitamin D3 · 1.00 softgel", "Zinc · 1.00 tablet", "Folic Acid · 1.00 tablet", "Tea, brewed · 4.50 cup", "Vegetable bowl · 1340.00 g"])
        #expect(data.skipped[.food] == ["Water (g) more than the serving weighs": 1])
        let byName = Dictionary(uniqueKeysWithValues: data.food.map { (String($0.foodName.prefix { $0 != " " }), $0) })
        #expect(byName["Vitamin"]?.nutrients[.vitaminDUg] == 100 && byName["Vitamin"]?.kcal == 0)
        #expect(byName["Zinc"]?.nutrients[.zincMg] == 15 && byName["Folic"]?.nutrients[.folateUg] == 400)
        #expect(byName["Tea,"]?.nutrients[.waterG] == 1064.7 && byName["Tea,"]?.kcal == 0)
        #expect(byName["Vegetable"]?.nutrients[.waterG] == 1210.3 && byName["Vegetable"]?.kcal == 521)
    }
}
