import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import Foundation
import TerminalKit
import Testing
@testable import BodiiStore

/// Issue 23 #6 and #22 through every read path: values written straight into a real database
/// (raw SQL, bypassing the domain) — huge but finite (1e300 kcal, grams and macros, a TDEE of
/// 1.7e308) — never crash `today`, `status`, `report`, `history`, `review`, `export` or the
/// app's start and tabs; a quick add reads as "quick add" / `"grams": null` everywhere.
@MainActor
@Suite struct StoredExtremesTests {
    let folder: TemporaryFolder
    let db: String
    static let yesterday = TestClock.today.adding(days: -1)

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("extremes.sqlite")
        let demo = try runBodii(["demo", "--days", "30", "--db", db])
        try #require(demo.status == 0, "\(demo.stderr)")
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let today = TestClock.today.iso, yesterday = Self.yesterday.iso
        try database.executeRaw(
            """
            INSERT INTO exercise_record (date, activity, minutes, intensity, met, kcal, logged_at)
            VALUES ('\(today)', 'Run', 30, 'high', 1e300, 1e300, '\(today)T08:00:00+01:00');
            INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at)
            VALUES ('\(yesterday)', 'lunch', 'custom:9', 'Huge', 1e300, 1e300, 1e300, 1e300, 1e300, 1e300, '\(yesterday)T12:00:00+01:00');
            INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at)
            VALUES ('\(today)', 'dinner', 'quick', 'Burger', NULL, 2050, 0, 0, 0, '\(today)T09:00:00+01:00');
            UPDATE metabolism_snapshot SET tdee = 1.7e308, bmr = 1e300 WHERE id = (SELECT MAX(id) FROM metabolism_snapshot);
            UPDATE daily_log SET tdee = 1.7e308, bmr = 1e300 WHERE date >= (SELECT MAX(date) FROM metabolism_snapshot);
            UPDATE daily_log SET calories_in = calories_in + 1e300 WHERE date = '\(yesterday)';
            UPDATE daily_log SET calories_out = calories_out + 1e300 WHERE date = '\(today)';
            """)
    }

    @Test func everyReadCommandAnswersWithoutACrash() throws {
        let export = folder.path("export.json")
        let commands: [[String]] = [
            ["today"], ["today", "--json"], ["today", "--date", Self.yesterday.iso], ["today", "--json", "--date", Self.yesterday.iso],
            ["status"], ["report"], ["report", "--review"], ["history", "Huge"], ["history", "--json", "Huge"],
            ["history", "--json", "Burger"], ["review"], ["review", "--json"], ["export", "--out", export],
        ]
        for arguments in commands {
            let out = try runBodii(arguments + ["--db", db])
            #expect(out.status == 0, "\(arguments): \(out.status) \(out.stderr)")
            #expect(!Self.hasNonFinite(out.stdout), "\(arguments): \(out.stdout)")
        }
        let document = try String(contentsOfFile: export, encoding: .utf8)
        #expect(!Self.hasNonFinite(document))
        #expect(try JSONSerialization.jsonObject(with: Data(document.utf8)) is [String: Any], "the backup stays valid JSON")
    }

    /// "inf", "-inf" or "nan" as a word: what Swift prints for a non-finite Double.
    static func hasNonFinite(_ text: String) -> Bool {
        text.range(of: #"(?<![A-Za-z])-?(inf|nan)(?![A-Za-z])"#, options: .regularExpression) != nil
    }

    @Test func theAppStartsAndEveryTabDrawsThoseDays() throws {
        let app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        for tab in 1...HeadlessApp.tabTitles.count {
            app.press(.char(Character(String(tab))))
            #expect(!app.screen().isEmpty)
            app.press(.char("["))  // yesterday, the day of the huge meal
            #expect(!app.screen().isEmpty)
            app.press(.char("t"))
        }
        app.press(.char("1"))
        #expect(app.screen().contains("Calories"))
    }

    /// Issue 23 #22: a quick add has no grams — "quick add" on screen and in `history`, null in JSON.
    @Test func aQuickAddReadsAsQuickAddNeverOneGram() throws {
        let history = try runBodii(["history", "Burger", "--db", db])
        #expect(history.status == 0)
        let line = try #require(history.stdout.split(separator: "\n").first { $0.contains("Burger") })
        #expect(line.hasSuffix("  quick add  2050 kcal"), "\(line)")
        #expect(!line.contains("1 g"))

        let json = try runBodii(["history", "--json", "Burger", "--db", db])
        #expect(json.stdout.contains("\"name\":\"Burger\",\"grams\":null,\"kcal\":2050"), "\(json.stdout)")

        let today = try todayJSON(db: db)
        let foods = try #require(today["foods"] as? [[String: Any]])
        let burger = try #require(foods.first { $0["name"] as? String == "Burger" })
        #expect(burger["grams"] is NSNull)

        let export = folder.path("quick.json")
        #expect(try runBodii(["export", "--out", export, "--db", db]).status == 0)
        let document = try String(contentsOfFile: export, encoding: .utf8)
        #expect(document.contains("\"food_id\":\"quick\",\"food_name\":\"Burger\",\"grams\":null"))

        let app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        app.press(.char("3"))
        let diet = app.screen()
        let row = try #require(diet.split(separator: "\n").first { $0.contains("Burger") })
        #expect(row.contains("quick") && !row.contains("1 g"), "\(row)")
    }
}
