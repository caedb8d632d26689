import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

@Suite struct DailyLogTests {
    let month = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
    let d = day("2026-11-20")

    func check(_ repos: SQLiteRepositories, _ comment: Comment) throws {
        let actual = try repos.dailyLogs(in: month)
        let expected = try expectedDailyLogs(repos, in: month)
        #expect(sameLogs(actual, expected), comment)
    }

    @Test func foodAddUpdateMoveDelete() throws {
        try withDatabase { _, repos throws in
            let a = try repos.addFoodRecord(food(d, kcal: 300))
            let b = try repos.addFoodRecord(food(d, kcal: 200, meal: .dinner))
            #expect(try repos.dailyLog(on: d) == DailyLog(date: d, caloriesIn: 500, caloriesOut: 0, bmr: nil, tdee: nil))

            var bigger = a
            bigger.kcal = 450
            try repos.updateFoodRecord(bigger)
            #expect(try repos.dailyLog(on: d)?.caloriesIn == 650)

            var moved = b
            moved.date = d.adding(days: 1)
            try repos.updateFoodRecord(moved)
            #expect(try repos.dailyLog(on: d)?.caloriesIn == 450)
            #expect(try repos.dailyLog(on: d.adding(days: 1))?.caloriesIn == 200)
            try check(repos, "after moving food")

            #expect(try repos.deleteFoodRecord(id: try #require(a.id)) == bigger)
            #expect(try repos.dailyLog(on: d) == nil)  // nothing left that day: the row goes
            try check(repos, "after deleting food")
        }
    }

    @Test func exerciseAddUpdateMoveDelete() throws {
        try withDatabase { _, repos throws in
            try repos.addFoodRecord(food(d, kcal: 800))
            let run = try repos.addExerciseRecord(exercise(d, kcal: 350))
            try repos.addExerciseRecord(exercise(d, kcal: 150))
            #expect(try repos.dailyLog(on: d) == DailyLog(date: d, caloriesIn: 800, caloriesOut: 500, bmr: nil, tdee: nil))

            var moved = run
            moved.date = d.adding(days: -3)
            moved.kcal = 400
            try repos.updateExerciseRecord(moved)
            #expect(try repos.dailyLog(on: d)?.caloriesOut == 150)
            #expect(
                try repos.dailyLog(on: d.adding(days: -3))
                    == DailyLog(
                        date: d.adding(days: -3), caloriesIn: 0,
                        caloriesOut: 400, bmr: nil, tdee: nil))
            try check(repos, "after moving exercise")

            try repos.deleteExerciseRecord(id: try #require(run.id))
            #expect(try repos.dailyLog(on: d.adding(days: -3)) == nil)
            #expect(try repos.dailyLog(on: d)?.caloriesOut == 150)
            try check(repos, "after deleting exercise")
        }
    }

    @Test func bodyRecordsSetBMRAndTDEEOfTheirDayAndLaterDays() throws {
        try withDatabase { _, repos throws in
            for offset in [-5, 0, 5] { try repos.addFoodRecord(food(d.adding(days: offset), kcal: 1000)) }
            try repos.addBodyRecord(body(d.adding(days: -2), kg: 80), snapshot: snapshot(d, bmr: 1700, tdee: 2600))
            // Before the first snapshot: unknown; on and after it: its values.
            #expect(try repos.dailyLog(on: d.adding(days: -5))?.bmr == nil)
            #expect(
                try repos.dailyLog(on: d.adding(days: -2))
                    == DailyLog(
                        date: d.adding(days: -2), caloriesIn: 0,
                        caloriesOut: 0, bmr: 1700, tdee: 2600))
            #expect(try repos.dailyLog(on: d)?.tdee == 2600)
            #expect(try repos.dailyLog(on: d.adding(days: 5))?.tdee == 2600)

            // A weight logged today updates today's row and the later ones.
            let today = try repos.addBodyRecord(body(d, kg: 78), snapshot: snapshot(d, bmr: 1650, tdee: 2500))
            #expect(try repos.dailyLog(on: d.adding(days: -2))?.tdee == 2600)
            #expect(try repos.dailyLog(on: d)?.tdee == 2500)
            #expect(try repos.dailyLog(on: d.adding(days: 5))?.tdee == 2500)
            try check(repos, "after adding a later body record")

            // Moving it later: the days in between fall back to the earlier snapshot.
            var moved = today
            moved.date = d.adding(days: 3)
            try repos.updateBodyRecord(moved, snapshot: snapshot(d, bmr: 1640, tdee: 2490))
            #expect(try repos.dailyLog(on: d)?.tdee == 2600)
            #expect(
                try repos.dailyLog(on: d.adding(days: 3))
                    == DailyLog(
                        date: d.adding(days: 3), caloriesIn: 0,
                        caloriesOut: 0, bmr: 1640, tdee: 2490))
            #expect(try repos.dailyLog(on: d.adding(days: 5))?.tdee == 2490)
            #expect(try repos.latestMetabolismSnapshot(onOrBefore: d.adding(days: 3))?.date == d.adding(days: 3))
            try check(repos, "after moving a body record")

            // Deleting it: everything after goes back to the first snapshot; its own day's row goes.
            try repos.deleteBodyRecord(id: try #require(today.id))
            #expect(try repos.dailyLog(on: d.adding(days: 3)) == nil)
            #expect(try repos.dailyLog(on: d.adding(days: 5))?.tdee == 2600)
            try check(repos, "after deleting a body record")
        }
    }

    @Test func theLastRecordedWeightOfADayWins() throws {
        try withDatabase(timeZone: TimeZone(identifier: "America/New_York") ?? .current) { _, repos throws in
            // Inserted evening first, morning second: "last recorded" is by time, not by id.
            let evening = try repos.addBodyRecord(
                body(d, kg: 71, at: 1_795_219_200 + 20 * 3600),
                snapshot: snapshot(d, bmr: 1510, tdee: 2300))
            try repos.addBodyRecord(
                body(d, kg: 70, at: 1_795_219_200 + 8 * 3600),
                snapshot: snapshot(d, bmr: 1500, tdee: 2290))
            try repos.addBodyRecord(body(d.adding(days: 1), kg: 69.5), snapshot: snapshot(d, bmr: 1495, tdee: 2280))
            let weights = try repos.dailyWeights(in: month)
            #expect(weights.map(\.date) == [d, d.adding(days: 1)])
            #expect(weights.map(\.weightKg) == [71, 69.5])
            #expect(try repos.latestBodyRecord(onOrBefore: d) == evening)
            #expect(try repos.dailyLog(on: d)?.bmr == 1510)
            try check(repos, "two weights on one day")
        }
    }

    @Test func aFailedWriteLeavesRecordsAndDailyLogAsTheyWere() throws {
        try withDatabase { _, repos throws in
            let a = try repos.addFoodRecord(food(d, kcal: 300))
            var invalid = a
            invalid.date = d.adding(days: 1)
            invalid.grams = -1
            #expect(throws: (any Error).self) { try repos.updateFoodRecord(invalid) }
            #expect(try repos.foodRecords(in: month) == [a])
            #expect(try repos.dailyLogs(in: month).map(\.date) == [d])
        }
    }
}
