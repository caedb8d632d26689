@testable import BodiiApp
@testable import BodiiCLI
@testable import BodiiDocument
import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 25 #5: `import bodii` decodes with `JSONDecoder` (Codable records), which reads every
/// double exactly; a damaged document is still refused in one line naming the record and field.
@Suite struct ExactImportTests {
    /// Doubles at the edges — the largest power of ten, negative zero, 17 significant digits, the
    /// smallest normal and subnormal — written by the export and read back by the import are the
    /// same bits.
    @Test func extremeDoublesRoundTripBitForBitThroughExportAndImport() throws {
        let values: [Double] = [
            1e308, -0.0, 0.30000000000000004, 123456789.12345679, 2.2250738585072014e-308, Double.leastNonzeroMagnitude,
            Double.greatestFiniteMagnitude,
            80.123456789012345, -1e-300,
        ]
        var document = BodiiExport.Document()
        for (i, v) in values.enumerated() {
            document.food.append(
                FoodRecord(
                    date: TestClock.today, meal: .lunch, foodId: FoodID("usda:09040"), foodName: "Bananas, raw", grams: v, kcal: v,
                    proteinG: v, carbsG: v, fatG: v, fiberG: v, loggedAt: Date(timeIntervalSince1970: 1_700_000_000),
                    provenance: Provenance(source: "test", externalId: "food/\(i)")))
            document.goals.append(
                Goal(
                    type: .lose, targetWeightKg: v, weeklyRateKg: v, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                    isActive: false,
                    createdOn: TestClock.today, proteinPerKg: v))
        }
        let folder = try TemporaryFolder()
        let file = folder.path("exact.json")
        try Data(BodiiExport.json(document, exportedAt: Date(), range: nil).text.utf8).write(to: URL(fileURLWithPath: file))
        var food: [FoodRecord] = []
        var goals: [Goal] = []
        try BodiiDocumentStream.read(
            try #require(FileHandle(forReadingAtPath: file)), page: { d, _ in food += d.food }, rest: { d in goals = d.goals })
        try #require(food.count == values.count && goals.count == values.count)
        for (i, v) in values.enumerated() {
            for read in [food[i].grams, food[i].kcal, food[i].proteinG, food[i].fiberG, goals[i].targetWeightKg, goals[i].proteinPerKg] {
                #expect(read?.bitPattern == v.bitPattern, "\(v) came back as \(String(describing: read))")
            }
        }
    }

    /// Through the real binary and two databases: 17-significant-digit figures stored in one come
    /// out of the other with the same bits.
    @Test func seventeenDigitFiguresSurviveExportAndImportBetweenDatabases() throws {
        let folder = try TemporaryFolder()
        let a = folder.path("a.sqlite"), b = folder.path("b.sqlite")
        try #require(try runBodii(["log", "weight", "80", "--date", "2026-11-20", "--db", a]).status == 0)
        let figures: [Double] = [107.00000000000001, 123.45678901234567, 0.30000000000000004, 1.0000000000000002]
        try BodiiDatabase(url: URL(fileURLWithPath: a)).executeRaw(
            """
            INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at)
            VALUES ('2026-11-20', 'lunch', 'usda:09040', 'Bananas, raw', \(figures[1]), \(figures[0]), \(figures[2]), \(figures[3]), \
            \(figures[2]), '2026-11-20T12:00:00.000Z');
            """)
        try #require(try runBodii(["export", "--out", folder.path("a.json"), "--db", a]).status == 0)
        let imported = try runBodii(["import", "bodii", folder.path("a.json"), "--db", b])
        try #require(imported.status == 0, "\(imported.stderr)")
        let date = try #require(LocalDate(iso: "2026-11-20"))
        let day = DateRange(start: date, end: date)
        let entry = try #require(try BodiiDatabase(url: URL(fileURLWithPath: b)).repositories.foodRecords(in: day).first)
        #expect(entry.kcal.bitPattern == figures[0].bitPattern && entry.grams?.bitPattern == figures[1].bitPattern)
        #expect(entry.proteinG.bitPattern == figures[2].bitPattern && entry.carbsG.bitPattern == figures[3].bitPattern)
    }

    /// A damaged record deep in a list, or a field inside a record's own list, is named in the one
    /// line: the list, the record's place, the field; exit 65 and no database.
    @Test func aDamagedDocumentNamesTheRecordAndTheField() throws {
        let folder = try TemporaryFolder()
        let food = BodiiDocumentTests.food.replacingOccurrences(of: "KCAL", with: "100")
        let cases: [(document: String, says: String)] = [
            (
                BodiiDocumentTests.document(
                    "food", [food, food, food.replacingOccurrences(of: "\"kcal\":100", with: "\"kcal\":\"lots\"")].joined(separator: ",")),
                #"food[2]: "kcal" is missing or not a number"#
            ),
            (
                BodiiDocumentTests.document(
                    "food", [food, food.replacingOccurrences(of: "\"meal\":\"lunch\",", with: "")].joined(separator: ",")),
                #"food[1]: "meal" is missing or not text"#
            ),
            (
                BodiiDocumentTests.document(
                    "custom_foods",
                    #"{"id":"custom:1","name":"Soup","per_100g":{"kcal":90,"protein_g":6,"carbs_g":12,"fat_g":2},"#
                        + #""servings":[{"label":"bowl","grams":300},{"label":"cup","grams":"big"}]}"#),
                #"custom_foods[0]: "grams" is missing or not a number"#
            ),
            (BodiiDocumentTests.document("food", "[\(food)]"), #""food" is not a list of objects"#),
            (BodiiDocumentTests.document("food", food.replacingOccurrences(of: "\"kcal\":100", with: "\"kcal\":tru")), "not JSON"),
        ]
        for (i, c) in cases.enumerated() {
            let file = folder.path("damaged\(i).json")
            try Data(c.document.utf8).write(to: URL(fileURLWithPath: file))
            let r = try runBodii(["import", "bodii", file, "--db", folder.path("d\(i).sqlite")])
            #expect(r.status == 65, "case \(i): \(r.status) \(r.stderr)")
            #expect(r.stderr.contains(c.says), "case \(i): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "case \(i): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: folder.path("d\(i).sqlite")), "case \(i) created a database")
        }
    }
}
