import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

@Suite struct SchemaTests {
    @Test func foodServingsGoWithTheirFood() throws {
        try withDatabase { db, _ throws in
            try db.executeRaw(
                """
                INSERT INTO food (id, name, source, release, kcal, protein_g, carbs_g, fat_g, fiber_g)
                VALUES ('usda:09040', 'Bananas, raw', 'USDA SR', '28', 89, 1.09, 22.84, 0.33, 2.6);
                INSERT INTO food_serving (food_id, position, label, grams) VALUES ('usda:09040', 1, '1 medium', 118);
                INSERT INTO food_serving (food_id, position, label, grams) VALUES ('usda:09040', 2, '1 cup, sliced', 150);
                """)
            #expect(try db.fetchStrings("SELECT label FROM food_serving ORDER BY position") == ["1 medium", "1 cup, sliced"])
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO food_serving (food_id, position, label, grams) VALUES ('usda:00000', 1, 'x', 10)")
            }
            try db.executeRaw("DELETE FROM food WHERE id = 'usda:09040'")
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_serving") == ["0"])
        }
    }

    @Test func malformedValuesAreRefusedBySQLite() throws {
        try withDatabase { db, _ throws in
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO check_in (date, mood) VALUES ('2026-1-5', 3)")
            }
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    "INSERT INTO goal (type, weekly_rate_kg, daily_calorie_target, protein_g, carbs_g, fat_g, is_active, created_on) VALUES ('bulk', 0, 2000, 1, 1, 1, 1, '2026-01-01')"
                )
            }
            // At most one active goal.
            try db.executeRaw(
                "INSERT INTO goal (type, weekly_rate_kg, daily_calorie_target, protein_g, carbs_g, fat_g, is_active, created_on) VALUES ('gain', -0.25, 2800, 1, 1, 1, 1, '2026-01-01')"
            )
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    "INSERT INTO goal (type, weekly_rate_kg, daily_calorie_target, protein_g, carbs_g, fat_g, is_active, created_on) VALUES ('lose', 0.5, 1800, 1, 1, 1, 1, '2026-02-01')"
                )
            }
            // A snapshot needs its body record.
            #expect(throws: (any Error).self) {
                try db.executeRaw(
                    "INSERT INTO metabolism_snapshot (body_record_id, date, bmr, tdee, formula, activity_level) VALUES (42, '2026-01-01', 1500, 2000, 'mifflin_st_jeor', 'light')"
                )
            }
        }
    }

    @Test func aBadStoredValueIsReportedNotCrashed() throws {
        try withDatabase { db, repos throws in
            try repos.addFoodRecord(food(day("2026-11-20"), kcal: 100))
            // Another tool wrote past the constraints.
            try db.executeRaw("PRAGMA ignore_check_constraints = ON; UPDATE food_record SET meal = 'brunch'")
            let range = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
            #expect(throws: StoreError.invalidStoredValue(column: "food_record.meal", value: "brunch")) {
                try repos.foodRecords(in: range)
            }
        }
    }

    @Test func storedDatesParseStrictly() {
        #expect(SQLText.parseDate("2026-02-28") == LocalDate(year: 2026, month: 2, day: 28))
        #expect(SQLText.parseDate("2026-02-29") == nil)
        #expect(SQLText.parseDate("2026-2-28") == nil)
        #expect(SQLText.parseDate("2026-02-2x") == nil)
        #expect(SQLText.date(LocalDate(year: 987, month: 3, day: 4) ?? LocalDate(daysSinceEpoch: 0)) == "0987-03-04")
    }
}

/// v4: goals keep protein per kg and "add exercise back"; a goal set before v4 keeps the protein
/// per kg it was set with, and a goal can be saved before any weigh-in.
@Suite struct GoalRulesMigrationTests {
    @Test func aVersion3GoalKeepsItsProteinPerKg() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v3 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v3"), timeZone: .current)
                try v3.executeRaw(
                    """
                    INSERT INTO body_record (date, weight_kg, recorded_at) VALUES ('2026-11-01', 80, '2026-11-01T07:00:00+01:00');
                    INSERT INTO goal (type, weekly_rate_kg, daily_calorie_target, protein_g, carbs_g, fat_g, is_active, created_on)
                    VALUES ('lose', 0.5, 1900, 160, 200, 60, 0, '2026-11-02'),
                           ('maintain', 0, 2400, 144, 250, 70, 1, '2026-11-03'),
                           ('gain', -0.25, 2600, 0, 300, 80, 0, '2026-10-01');
                    """)
                try v3.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            let goals = try db.repositories.goalHistory()
            #expect(goals.map(\.proteinPerKg) == [1.8, 2.0, 1.8], "160 g at 80 kg is 2.0 g/kg; no weight before 1 Oct: 1.8")
            #expect(goals.allSatisfy { !$0.addsExerciseBack })
            #expect(try db.repositories.activeGoal()?.type == .maintain)
            #expect(goals.map(\.dailyCalorieTarget) == [2600, 1900, 2400])

            var first = Goal(
                type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                createdOn: day("2026-11-22"), proteinPerKg: 2.2, addsExerciseBack: true)
            first = try db.repositories.saveActiveGoal(first)
            let stored = try #require(try db.repositories.activeGoal())
            #expect(stored == first)
            #expect(stored.dailyCalorieTarget == nil)
        }
    }
}
