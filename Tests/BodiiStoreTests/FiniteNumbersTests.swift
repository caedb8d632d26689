import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 23 #6 and #22, in the store: schema v10 refuses a non-finite number in every numeric
/// column, repairs the ones an older database holds, and stores a quick add without grams.
@Suite struct FiniteNumbersTests {
    /// A v9 database as an importer left it: infinite kcal, fibre and TDEE, a custom food of
    /// infinite energy with a serving, and a quick add stored as 1 g (written through raw SQL).
    private func version9Database(_ url: URL) throws {
        let v9 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v9"), timeZone: .current)
        try v9.executeRaw(
            """
            INSERT INTO body_record (date, weight_kg, recorded_at) VALUES ('2026-11-20', 80, '2026-11-20T07:00:00+01:00');
            INSERT INTO metabolism_snapshot (body_record_id, date, bmr, tdee, formula, activity_level)
            VALUES (1, '2026-11-20', 1700, 9e999, 'mifflin_st_jeor', 'light');
            INSERT INTO exercise_record (date, activity, minutes, intensity, met, kcal, logged_at) VALUES
                ('2026-11-20', 'Run', 30, 'high', 9, 9e999, '2026-11-20T18:00:00+01:00'),
                ('2026-11-20', 'Walk', 40, 'low', 3, 150, '2026-11-20T19:00:00+01:00');
            INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at) VALUES
                ('2026-11-20', 'lunch', 'usda:09040', 'Banana', 120, 107, 1.3, 27, 0.4, 9e999, '2026-11-20T12:00:00+01:00'),
                ('2026-11-20', 'dinner', 'quick', 'Burger', 1, 2050, 0, 0, 0, NULL, '2026-11-20T20:00:00+01:00'),
                ('2026-11-21', 'lunch', 'custom:1', 'Huge', 100, 9e999, 1, 1, 1, NULL, '2026-11-21T12:00:00+01:00');
            DELETE FROM food_record WHERE id = 3;
            INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at) VALUES
                ('2026-11-21', 'lunch', 'custom:1', 'Huge', 100, 9e999, 1, 1, 1, '2026-11-21T12:00:00+01:00');
            INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES ('custom:1', 'Huge', 'custom', 9e999, 1, 1, 1);
            INSERT INTO food_serving (food_id, position, label, grams) VALUES ('custom:1', 1, '1 piece', 50);
            INSERT INTO daily_log (date, calories_in, calories_out) VALUES ('2026-11-20', 2157, 9e999), ('2026-11-21', 9e999, 0);
            -- An INTEGER column holding a REAL: NULL would break "(metric IS NULL) = (target IS NULL)".
            INSERT INTO review (period_kind, start_date) VALUES ('week', '2026-11-16');
            INSERT INTO action (review_id, text, status, metric, target, created_on) VALUES
                (1, 'Walk', 'open', 'steps', 1e300, '2026-11-16'), (1, 'Sleep', 'open', 'sleep', 5, '2026-11-16');
            """)
        try v9.close()
    }

    @Test func version10RepairsInfiniteNumbersAndConvertsQuickAdds() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            try version9Database(url)
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }

            // Nullable: NULL. Not nullable: the row goes, with what hung on it; each counted.
            #expect(
                try db.fetchStrings(
                    "SELECT table_name || '.' || column_name || ' ' || nulled || '/' || removed FROM migration_repair ORDER BY rowid")
                    == [
                        "action.target 0/1", "exercise_record.kcal 0/1", "food.kcal 0/1", "food_record.kcal 0/1", "food_record.fiber_g 1/0",
                        "metabolism_snapshot.tdee 0/1", "food_serving.(parent removed) 0/1",
                    ])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_serving") == ["0"])
            #expect(try db.fetchStrings("SELECT text FROM action") == ["Sleep"])
            let none = try db.fetchStrings(
                """
                SELECT COUNT(*) FROM food_record WHERE abs(kcal) = 9e999 OR abs(fiber_g) = 9e999
                UNION ALL SELECT COUNT(*) FROM daily_log WHERE abs(calories_in) = 9e999 OR abs(calories_out) = 9e999
                """)
            #expect(none == ["0", "0"])

            let range = DateRange(start: day("2026-11-20"), end: day("2026-11-21"))
            #expect(
                try sameLogs(db.repositories.dailyLogs(in: range), expectedDailyLogs(db.repositories, in: range)), "daily_log recomputed")
            #expect(try db.repositories.dailyLog(on: day("2026-11-20"))?.caloriesOut == 150)
            #expect(try db.repositories.dailyLog(on: day("2026-11-21")) == nil, "its only food went")

            // The quick add has no grams; everything else keeps its own.
            let foods = try db.repositories.foodRecords(in: range)
            #expect(foods.map(\.foodName) == ["Banana", "Burger"])
            #expect(foods.map(\.grams) == [120, nil])
            #expect(foods.first?.fiberG == nil)
            // The id counter survives the rebuild: a deleted id is never handed out again.
            let next = try db.repositories.addFoodRecord(
                FoodRecord(
                    date: day("2026-11-22"), meal: .lunch, foodId: FoodID("usda:09040"),
                    foodName: "Banana", grams: 100, kcal: 89, proteinG: 1, carbsG: 23, fatG: 0.3))
            #expect(next.id == 5)
        }
    }

    @Test func everyNumericColumnRefusesInfinityOnInsertAndUpdate() throws {
        try withDatabase { db, _ throws in
            let columns = try db.fetchStrings(
                """
                SELECT t.name || '.' || c.name FROM pragma_table_list AS t, pragma_table_info(t.name) AS c
                WHERE t.schema = 'main' AND t.type = 'table' AND t.name NOT LIKE 'sqlite%' AND t.name NOT LIKE 'food_search%'
                  AND t.name <> 'grdb_migrations' AND (upper(c.type) LIKE '%REAL%' OR upper(c.type) LIKE '%INT%')
                """)
            #expect(columns.count > 100)
            // Every such table has its guard (v18: a CHECK, which holds on insert and update alike),
            // and the guard names every numeric column; the v10–v17 guard triggers are gone.
            for table in Set(columns.map { String($0.split(separator: ".")[0]) }) {
                let sql = try db.fetchStrings("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = '\(table)'")
                let create = try #require(sql.first)
                let guardStart = try #require(create.range(of: "CONSTRAINT bodii_finite CHECK ("), "\(table) has no guard")
                let text = create[guardStart.upperBound...]
                for column in columns where column.hasPrefix(table + ".") {
                    #expect(text.contains("(\"\(column.dropFirst(table.count + 1))\")"), "\(column) unguarded")
                }
            }
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%finite%'") == ["0"])
            // And they bite: an insert and an update of +Inf / -Inf fail with the table named.
            try db.executeRaw(
                """
                INSERT INTO exercise_record (date, activity, minutes, intensity, met, kcal, logged_at)
                VALUES ('2026-11-20', 'Run', 30, 'high', 9, 300, '2026-11-20T18:00:00+01:00')
                """)
            #expect(throws: (any Error).self) {
                try db.executeRaw("UPDATE exercise_record SET kcal = 9e999")
            }
            #expect(throws: (any Error).self) {
                try db.executeRaw("UPDATE exercise_record SET met = -9e999")
            }
            #expect(try db.fetchStrings("SELECT kcal FROM exercise_record") == ["300.0"])
            #expect(throws: (any Error).self) {
                try db.repositories.addExerciseRecord(
                    ExerciseRecord(
                        date: day("2026-11-21"), activity: "Run", minutes: 30,
                        intensity: .high, met: 9, kcal: .infinity))
            }
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO goal (type, weekly_rate_kg, is_active, created_on) VALUES ('lose', 9e999, 0, '2026-11-01')")
            }
            // An INTEGER column holds integers only: 1e300 or 1.5 would be a REAL no read decodes.
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO sleep_record (date, minutes, status, quality) VALUES ('2026-11-20', 400, 'good', 1.5)")
            }
            try db.executeRaw("INSERT INTO sleep_record (date, minutes, status) VALUES ('2026-11-20', 400.0, 'good')")  // 400.0 is 400
            // Huge but finite is a number: stored, and read back as it is.
            try db.executeRaw("UPDATE exercise_record SET kcal = 1e300")
            #expect(
                try db.repositories.exerciseRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20"))).first?.kcal == 1e300)
        }
    }

    @Test func aQuickAddIsStoredWithoutGramsAndOnlyAQuickAddIs() throws {
        try withDatabase { db, _ throws in
            let input = QuickAdd.Input(kcal: "2050", name: "Burger")
            let record = try QuickAdd.record(input, meal: .dinner, date: day("2026-11-20"), loggedAt: instant(1_795_000_000)).get()
            #expect(record.grams == nil)
            let saved = try db.repositories.addFoodRecord(record)
            #expect(try db.fetchStrings("SELECT grams FROM food_record WHERE id = \(saved.id ?? 0)") == ["NULL"])
            #expect(try db.repositories.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20"))).first?.grams == nil)
            // An importer that still passes 1 g for a quick add gets none.
            #expect(
                FoodRecord(
                    date: day("2026-11-20"), meal: .lunch, foodId: QuickAdd.foodID, foodName: "x", grams: 1,
                    kcal: 10, proteinG: 0, carbsG: 0, fatG: 0
                ).grams == nil)
            // A food without grams, or a quick add with grams, is refused by the schema.
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    """
                    INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at)
                    VALUES ('2026-11-20', 'lunch', 'usda:09040', 'Banana', NULL, 89, 1, 23, 0.3, '2026-11-20T12:00:00+01:00')
                    """)
            }
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    """
                    INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, logged_at)
                    VALUES ('2026-11-20', 'lunch', 'quick', 'Burger', 1, 2050, 0, 0, 0, '2026-11-20T12:00:00+01:00')
                    """)
            }
        }
    }
}
