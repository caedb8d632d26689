import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// A deterministic 10-year history: a weigh-in, a night and a check-in every day, ~4,000 workouts,
/// ~15,000 foods.
func tenYearBatch(endingOn end: LocalDate = day("2026-11-22")) -> HistoryBatch {
    var batch = HistoryBatch()
    var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next() -> Double {  // xorshift64*, in [0, 1)
        seed ^= seed >> 12; seed ^= seed << 25; seed ^= seed >> 27
        return Double((seed &* 2_685_821_657_736_338_717) >> 11) / Double(1 << 53)
    }
    let start = end.adding(days: -3649)
    var weight = 84.0
    for date in start...end {
        let noon = Date(timeIntervalSince1970: Double(date.daysSinceEpoch) * 86_400 + 7 * 3600 + next() * 3600)
        weight += (next() - 0.52) * 0.3
        let bmr = 10 * weight + 6.25 * 175 - 5 * 40 + 5
        batch.body.append(
            (
                BodyRecord(
                    date: date, weightKg: weight, bodyFatPercent: 20 + next() * 5,
                    muscleMassKg: nil, recordedAt: noon),
                MetabolismSnapshot(
                    date: date, bmr: bmr, tdee: bmr * 1.55, formula: .mifflinStJeor,
                    activityLevel: .moderate)
            ))
        let workouts = next() < 0.1 ? 2 : (next() < 0.95 ? 1 : 0)
        for _ in 0..<workouts where batch.exercise.count < 4000 {
            let minutes = 20 + Int(next() * 60)
            batch.exercise.append(
                ExerciseRecord(
                    date: date, activity: "Running", minutes: minutes,
                    intensity: .moderate, met: 9.8,
                    kcal: 8.8 * weight * Double(minutes) / 60, loggedAt: noon))
        }
        batch.sleep.append(
            SleepRecord(
                date: date, bedtime: ClockTime(hour: 23, minute: Int(next() * 59)),
                wakeTime: ClockTime(hour: 7, minute: 0), minutes: 420 + Int(next() * 30),
                quality: 1 + Int(next() * 5), status: .good))
        batch.checkIns.append(
            CheckIn(
                date: date, mood: 1 + Int(next() * 5), energy: 1 + Int(next() * 5),
                note: next() < 0.2 ? "felt fine" : nil))
        for meal in Meal.allCases where next() < 0.98 {
            let grams = 50 + next() * 300
            batch.food.append(
                FoodRecord(
                    date: date, meal: meal, foodId: FoodID("usda:0\(Int(next() * 9000) + 1000)"),
                    foodName: "Food", grams: grams, kcal: grams * 1.8, proteinG: grams * 0.1,
                    carbsG: grams * 0.2, fatG: grams * 0.05, fiberG: nil, loggedAt: noon))
        }
        if next() < 0.1 {  // a second weigh-in, earlier in the day than the first
            batch.body.append(
                (
                    BodyRecord(date: date, weightKg: weight + 0.4, recordedAt: noon.addingTimeInterval(-3600)),
                    MetabolismSnapshot(
                        date: date, bmr: bmr + 4, tdee: (bmr + 4) * 1.55,
                        formula: .mifflinStJeor, activityLevel: .moderate)
                ))
        }
    }
    return batch
}

@Suite struct HistoryWriterTests {
    @Test func writesTenYearsAndKeepsDailyLogsConsistent() throws {
        try withDatabase { db, repos throws in
            let batch = tenYearBatch()
            #expect(batch.body.count > 3650 && batch.exercise.count > 3000 && batch.food.count > 13_000)
            let started = Date()
            try repos.write(batch)
            let seconds = Date().timeIntervalSince(started)
            print(
                "HistoryWriter: \(batch.body.count) body, \(batch.exercise.count) exercise, \(batch.sleep.count) sleep, "
                    + "\(batch.food.count) food, \(batch.checkIns.count) check-ins in \(String(format: "%.3f", seconds)) s")

            let all = DateRange(start: day("2016-01-01"), end: day("2026-12-31"))
            #expect(try repos.bodyRecords(in: all).count == batch.body.count)
            #expect(try repos.exerciseRecords(in: all).count == batch.exercise.count)
            #expect(try repos.sleepRecords(in: all).count == batch.sleep.count)
            #expect(try repos.foodRecords(in: all).count == batch.food.count)
            #expect(try repos.checkIns(in: all).count == batch.checkIns.count)
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM metabolism_snapshot") == [String(batch.body.count)])

            // daily_log against a reference computed here from the batch itself.
            let logs = try repos.dailyLogs(in: all)
            #expect(logs.count == 3650)
            var latestBody: [LocalDate: (Date, Double, Double)] = [:]
            for (record, snap) in batch.body where latestBody[record.date].map({ $0.0 < record.recordedAt }) ?? true {
                latestBody[record.date] = (record.recordedAt, snap.bmr, snap.tdee)
            }
            var foodIn: [LocalDate: Double] = [:]
            for f in batch.food { foodIn[f.date, default: 0] += f.kcal }
            var out: [LocalDate: Double] = [:]
            for e in batch.exercise { out[e.date, default: 0] += e.kcal }
            let expected = logs.map { log in
                DailyLog(
                    date: log.date, caloriesIn: foodIn[log.date] ?? 0, caloriesOut: out[log.date] ?? 0,
                    bmr: latestBody[log.date]?.1, tdee: latestBody[log.date]?.2)
            }
            #expect(sameLogs(logs, expected))
            #expect(logs.map(\.date) == logs.map(\.date).sorted())

            // Later single writes still agree with the full recomputation.
            let last = day("2026-11-22")
            let single = Date()
            try repos.addFoodRecord(food(last, kcal: 123))
            print("addFoodRecord on a 10-year database: \(String(format: "%.2f", Date().timeIntervalSince(single) * 1000)) ms")
            #expect(abs((try repos.dailyLog(on: last)?.caloriesIn ?? 0) - ((foodIn[last] ?? 0) + 123)) < 1e-6)
            let recent = DateRange(ending: last, days: 60)
            #expect(sameLogs(try repos.dailyLogs(in: recent), try expectedDailyLogs(repos, in: recent)))
        }
    }

    @Test func anInvalidRecordWritesNothing() throws {
        try withDatabase { _, repos throws in
            var batch = HistoryBatch()
            batch.food = [food(day("2026-11-01"), kcal: 100), food(day("2026-11-02"), kcal: 100)]
            batch.sleep = [SleepRecord(date: day("2026-11-02"), minutes: 400, quality: 9, status: .good)]
            #expect(throws: (any Error).self) { try repos.write(batch) }
            let month = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
            #expect(try repos.foodRecords(in: month).isEmpty)
            #expect(try repos.dailyLogs(in: month).isEmpty)
        }
    }

    @Test func theProfileAndGoalOfABatchArriveWithItsRecordsOrNotAtAll() throws {
        // demo writes one batch: a failure (or a kill) leaves no profile without its history.
        try withDatabase { _, repos throws in
            var batch = HistoryBatch()
            batch.profile = DemoHistory.profile
            batch.activeGoal = Goal(
                type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: 2000, proteinG: 120, carbsG: 250,
                fatG: 60, createdOn: day("2026-11-02"))
            batch.food = [food(day("2026-11-01"), kcal: 100)]
            batch.sleep = [SleepRecord(date: day("2026-11-02"), minutes: 400, quality: 9, status: .good)]
            #expect(throws: (any Error).self) { try repos.write(batch) }
            #expect(try repos.loadProfile() == nil)
            #expect(try repos.activeGoal() == nil)
            batch.sleep = []
            try repos.write(batch)
            #expect(try repos.loadProfile() == DemoHistory.profile)
            #expect(try repos.activeGoal()?.dailyCalorieTarget == 2000)
            #expect(try repos.foodRecords(in: DateRange(start: day("2026-11-01"), end: day("2026-11-30"))).count == 1)
        }
    }

    @Test func batchesAddToExistingHistory() throws {
        try withDatabase { _, repos throws in
            let d = day("2026-11-10")
            try repos.addFoodRecord(food(d, kcal: 500))
            try repos.addBodyRecord(body(d.adding(days: -1), kg: 80), snapshot: snapshot(d, bmr: 1700, tdee: 2500))
            var batch = HistoryBatch()
            batch.food = [food(d, kcal: 250)]
            batch.exercise = [exercise(d.adding(days: 1), kcal: 300)]
            batch.body = [(body(d.adding(days: -3), kg: 81), snapshot(d, bmr: 1710, tdee: 2510))]
            batch.checkIns = [CheckIn(date: d, mood: 3)]
            try repos.write(batch)
            #expect(try repos.dailyLog(on: d) == DailyLog(date: d, caloriesIn: 750, caloriesOut: 0, bmr: 1700, tdee: 2500))
            #expect(try repos.dailyLog(on: d.adding(days: 1))?.caloriesOut == 300)
            #expect(try repos.dailyLog(on: d.adding(days: -3))?.tdee == 2510)
            let month = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
            #expect(sameLogs(try repos.dailyLogs(in: month), try expectedDailyLogs(repos, in: month)))
        }
    }
}

/// Review notes and actions merge by provenance like the other records (issue 13): twice adds
/// nothing, the batch's ids are only keys, and links follow the notes to their new ids.
@Suite struct ReviewMergeTests {
    func batch() -> HistoryBatch {
        let week = ReviewPeriod(.week, containing: day("2026-11-16"), weekStart: .monday)
        var b = HistoryBatch()
        // The Try comes before the Problem it answers, and the ids are far from the database's.
        b.reviewItems = [
            ReviewItem(
                id: 900, period: week, kind: .try, text: "Lights out at 23:00", problemId: 901,
                provenance: Provenance(source: "bodii", externalId: "review_item/7")),
            ReviewItem(
                id: 901, period: week, kind: .problem, text: "Late nights",
                provenance: Provenance(source: "bodii", externalId: "review_item/3")),
        ]
        b.actions = [
            ReviewAction(
                id: 5, period: week, text: "Alarm at 22:30", tryId: 900, due: day("2026-11-29"), status: .dropped,
                dropNote: "too early", metric: .sleep, target: 5, createdOn: day("2026-11-22"), closedOn: day("2026-11-25"),
                provenance: Provenance(source: "bodii", externalId: "action/2"))
        ]
        return b
    }

    @Test func mergingTwiceAddsNothingAndLinksFollowTheNotes() throws {
        try withDatabase { _, repos throws in
            let first = try repos.merge(batch())
            #expect(first.added[.reviewItem] == 2 && first.added[.action] == 1)
            let second = try repos.merge(batch())
            #expect(second.added[.reviewItem] == nil && second.alreadyThere[.reviewItem] == 2)
            #expect(second.added[.action] == nil && second.alreadyThere[.action] == 1)
            let week = ReviewPeriod(.week, containing: day("2026-11-16"), weekStart: .monday)
            let items = try repos.reviewItems(in: week)
            #expect(items.count == 2)
            let problem = try #require(items.first { $0.kind == .problem })
            let answer = try #require(items.first { $0.kind == .try })
            #expect(answer.problemId == problem.id)
            #expect(answer.id != 900)
            let action = try #require(try repos.actions(in: week).first)
            #expect(action.tryId == answer.id)
            #expect(action.status == .dropped && action.dropNote == "too early" && action.metric == .sleep && action.target == 5)
            #expect(action.due == day("2026-11-29") && action.closedOn == day("2026-11-25"))
            #expect(action.provenance == Provenance(source: "bodii", externalId: "action/2"))
        }
    }

    @Test func aPreviewCountsReviewsAndWritesNothing() throws {
        try withDatabase { _, repos throws in
            let preview = try repos.mergePreview(batch())
            #expect(preview.added[.reviewItem] == 2 && preview.added[.action] == 1)
            #expect(try repos.allActions(includingClosed: true).isEmpty)
        }
    }
}
