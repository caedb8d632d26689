import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// `bodii log food` as scripts use it (PRODUCT.md §4), and the foods of `today --json`.
@Suite struct LogFoodTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    var today: LocalDate { TestClock.today }

    func records(_ db: String) throws -> [FoodRecord] {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        return try database.repositories.foodRecords(in: DateRange(ending: today, days: 30))
    }

    @Test func byIdAndGramsOnANewDatabaseWithoutAProfile() throws {
        let db = folder.path("new.sqlite")
        let r = try runBodii(["log", "food", "--id", "usda:09040", "--grams", "118", "--meal", "breakfast", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "Logged 118 g Bananas, raw (usda:09040) to Breakfast on \(today.iso): 105 kcal\n")
        let saved = try #require(try records(db).first)
        #expect(saved.foodId == FoodID("usda:09040"))
        #expect(saved.meal == .breakfast)
        #expect(saved.grams == 118)
        #expect(abs(saved.kcal - 105.02) < 1e-9)
        #expect(abs((saved.sugarsG ?? 0) - 14.4314) < 1e-9)  // copied from the catalog at logging time
        #expect(saved.sodiumMg != nil)
        // One food is "1 item" (issue 9, item 13).
        let day = try runBodii(["today", "--db", db])
        #expect(day.stdout.contains("(1 item)"), "\(day.stdout)")
    }

    @Test func bySearchWordsAndServingsNamingThePickAndTheRunnersUp() throws {
        let db = folder.path("words.sqlite")
        let r = try runBodii([
            "log", "food", "banana", "--serving", "medium", "--qty", "2", "--meal", "snack",
            "--date", today.adding(days: -1).iso, "--db", db,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(
            lines.first
                == "Logged 2 medium (7\" to 7-7/8\" long) = 236 g Bananas, raw (usda:09040) to Snacks on \(today.adding(days: -1).iso): 210 kcal"
        )
        #expect(lines.count == 2)
        #expect(lines.last?.hasPrefix("Best match for \"banana\"; also found: ") == true)
        #expect(lines.last?.hasSuffix("Use --id to log another.") == true)
        let saved = try #require(try records(db).first)
        #expect(saved.grams == 236)
        #expect(saved.date == today.adding(days: -1))
    }

    @Test func theMealDefaultsToTheTimeOfDay() throws {
        let db = folder.path("meal.sqlite")
        let r = try runBodii(["log", "food", "--id", "usda:01123", "--serving", "large", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        let expected = Meal.breakfast  // 10:30 by TestClock
        #expect(try records(db).first?.meal == expected)
        #expect(r.stdout.contains("to \(expected.label) on"))
    }

    @Test func badInputIsRefusedWithItsExitCodeAndWritesNothing() throws {
        let db = folder.path("bad.sqlite")
        #expect(try runBodii(["log", "food", "--id", "usda:09040", "--grams", "100", "--db", db]).status == 0)
        let cases: [(args: [String], status: Int32, message: String)] = [
            (["--id", "usda:99999", "--grams", "100"], 65, "no food with id \"usda:99999\""),
            (["xyzzy", "--grams", "100"], 65, "no food matches \"xyzzy\""),
            (["banana", "--grams", "0"], 65, "grams \"0\" is out of range: allowed 0.1–5000 g"),
            (["banana", "--grams", "-5"], 65, "grams \"-5\" is out of range"),
            (["banana", "--grams", "5001"], 65, "grams \"5001\" is out of range"),
            (["banana", "--grams", "lots"], 65, "grams \"lots\" is not a number"),
            (["banana", "--grams", "NaN"], 65, "grams \"NaN\""),
            (["banana", "--serving", "quart"], 65, "Bananas, raw has no serving \"quart\": allowed 1 cup, mashed; 1 cup, sliced;"),
            (["banana", "--serving", "cup"], 65, "fits several servings of Bananas, raw: 1 cup, mashed; 1 cup, sliced"),
            (
                ["--id", "usda:01077", "--serving", "quart", "--qty", "6"], 65,
                "quantity \"6\" is out of range: allowed 0.01–5.12 (1 quart is 976 g"
            ),
            (["banana", "--serving", "medium", "--qty", "lots"], 65, "quantity \"lots\" is not a number"),
            (["banana", "--grams", "100", "--date", "2999-01-01"], 65, "date \"2999-01-01\" is in the future"),
            (["banana", "--grams", "100", "--serving", "medium"], 64, "give --grams or --serving, not both"),
            (["banana", "--qty", "2"], 64, "say how much: --grams G, --serving NAME [--qty N], or --qty N --unit g|oz|lb"),
            (["banana", "--grams", "100", "--qty", "2"], 64, "--qty counts servings"),
            (["banana", "--id", "usda:09040", "--grams", "100"], 64, "give search words or --id, not both"),
            (["--grams", "100"], 64, "say which food"),
            (
                ["banana", "--grams", "100", "--meal", "brunch"], 64,
                "--meal \"brunch\" is not a meal: allowed breakfast, lunch, dinner or snacks"
            ),
        ]
        for c in cases {
            let r = try runBodii(["log", "food"] + c.args + ["--db", db])
            #expect(r.status == c.status, "\(c.args): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("bodii: ") && r.stderr.contains(c.message), "\(c.args): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(c.args): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(c.args): \(r.stdout)")
        }
        #expect(try records(db).count == 1)
    }

    @Test func aBadArgumentDoesNotCreateADatabase() throws {
        let db = folder.path("never.sqlite")
        for args in [["banana", "--grams", "abc"], ["banana", "--qty", "2"], ["--id", "usda:09040", "--grams", "1", "--meal", "x"]] {
            #expect(try runBodii(["log", "food"] + args + ["--db", db]).status != 0)
        }
        #expect(!FileManager.default.fileExists(atPath: db))
    }

    @Test func twoProcessesLoggingOnAFreshDatabaseAtOnceBothSucceed() throws {
        let db = folder.path("race.sqlite")
        let runs = try (0..<2).map { _ in try startBodii(["log", "food", "--id", "usda:09040", "--grams", "50", "--db", db]) }
        for run in runs {
            let r = run.finish()
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try records(db).count == 2)
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        #expect(try database.repositories.searchFoods("bananas raw", limit: 100).filter { $0.name == "Bananas, raw" }.count == 1)
    }

    @Test func demoHistoryEatsRealCatalogFoods() throws {
        let db = folder.path("demo.sqlite")
        let r = try runBodii(["demo", "--days", "30", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(" foods eaten, "))
        let eaten = try records(db)
        #expect(eaten.count > 150)
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        for id in Set(eaten.map(\.foodId)) { #expect(try database.repositories.food(id: id) != nil, "\(id)") }
        #expect(try database.repositories.recentFoods(limit: 5).count == 5)
    }

    @Test func todayJSONListsTheDaysFoodsInKeyOrder() throws {
        let db = folder.path("today.sqlite")
        #expect(try runBodii(["log", "food", "--id", "usda:09040", "--grams", "118", "--meal", "breakfast", "--db", db]).status == 0)
        #expect(try runBodii(["log", "food", "--id", "usda:01123", "--serving", "large", "--meal", "lunch", "--db", db]).status == 0)
        #expect(
            try runBodii([
                "log", "food", "--id", "usda:01123", "--grams", "50", "--meal", "lunch",
                "--date", today.adding(days: -1).iso, "--db", db,
            ]).status == 0)
        let r = try runBodii(["today", "--json", "--db", db])
        #expect(r.status == 0)
        #expect(
            r.stdout.contains(
                #""foods":[{"id":"usda:09040","name":"Bananas, raw","grams":118,"meal":"breakfast","kcal":105},{"id":"usda:01123","name":"Egg, whole, raw, fresh","grams":50,"meal":"lunch","kcal":71.5}],"water":{"logged_ml":0,"total_ml":126.5,"target_ml":null},"nutrients":{"#
            ),
            "\(r.stdout)")
        #expect(r.stdout.contains(#""calories":{"eaten":176.5,"#), "\(r.stdout)")
    }
}
