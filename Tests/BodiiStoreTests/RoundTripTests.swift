import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

@Suite struct RoundTripTests {
    let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))

    @Test func profile() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.loadProfile() == nil)
            let ana = Profile(
                name: "Ana", sex: .female, birthDate: day("1990-04-12"), heightCm: 168.5,
                activityLevel: .veryActive, unitSystem: .imperial, themeName: "nord",
                checkInTemplate: "I feel [mood]")
            try repos.saveProfile(ana)
            #expect(try repos.loadProfile() == ana)
            var changed = ana
            changed.heightCm = 169
            changed.activityLevel = .light
            try repos.saveProfile(changed)
            #expect(try repos.loadProfile() == changed)
        }
    }

    @Test func bodyRecordAndSnapshot() throws {
        try withDatabase { db, repos throws in
            let record = BodyRecord(
                date: day("2026-11-22"), weightKg: 71.4, bodyFatPercent: nil, muscleMassKg: 30.1,
                recordedAt: Date(timeIntervalSince1970: 1_795_331_700.25))
            let saved = try repos.addBodyRecord(record, snapshot: snapshot(day("2026-11-22"), bmr: 1480.5, tdee: 2294.8))
            let id = try #require(saved.id)
            var expected = record
            expected.id = id
            #expect(saved == expected)
            #expect(try repos.bodyRecords(in: week) == [expected])
            #expect(try repos.latestBodyRecord(onOrBefore: day("2026-12-31")) == expected)
            #expect(try repos.latestBodyRecord(onOrBefore: day("2026-11-21")) == nil)
            let snap = try #require(try repos.latestMetabolismSnapshot(onOrBefore: day("2026-11-22")))
            #expect(snap.bodyRecordId == id)
            #expect(snap.date == day("2026-11-22"))
            #expect(snap.bmr == 1480.5 && snap.tdee == 2294.8)
            #expect(snap.formula == .mifflinStJeor && snap.activityLevel == .moderate)
            // Stored with the Berlin offset of that instant (CET, +01:00), milliseconds kept.
            #expect(try db.fetchStrings("SELECT recorded_at FROM body_record") == ["2026-11-22T08:15:00.250+01:00"])
        }
    }

    @Test func timestampsCarryTheOffsetOfTheirInstant() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        #expect(SQLText.timestamp(instant(1_795_331_700), timeZone: berlin) == "2026-11-22T08:15:00+01:00")
        #expect(SQLText.timestamp(instant(1_784_099_700), timeZone: berlin) == "2026-07-15T09:15:00+02:00")
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        #expect(SQLText.timestamp(instant(1_795_331_700), timeZone: newYork) == "2026-11-22T02:15:00-05:00")
        #expect(SQLText.parseTimestamp("2026-11-22T02:15:00-05:00") == instant(1_795_331_700))
        #expect(SQLText.parseTimestamp("2026-11-22T07:15:00Z") == instant(1_795_331_700))
        #expect(SQLText.parseTimestamp("2026-11-22T07:15:00.5Z") == Date(timeIntervalSince1970: 1_795_331_700.5))
        #expect(SQLText.parseTimestamp("2026-11-22 07:15:00") == nil)
        let early = Date(timeIntervalSince1970: -1_000_000.125)
        #expect(SQLText.parseTimestamp(SQLText.timestamp(early, timeZone: newYork)) == early)
    }

    @Test func foodRecord() throws {
        try withDatabase { _, repos throws in
            let record = FoodRecord(
                date: day("2026-11-20"), meal: .snacks, foodId: FoodID("custom:17"),
                foodName: "Grandma's flapjack", grams: 85, kcal: 402.3, proteinG: 5.1,
                carbsG: 51.2, fatG: 19.7, fiberG: nil, sugarsG: 22.4, saturatedFatG: nil,
                sodiumMg: 180, loggedAt: instant(1_795_100_000))
            let saved = try repos.addFoodRecord(record)
            #expect(saved.id != nil)
            #expect(try repos.foodRecords(in: week) == [saved])
            var moved = saved
            moved.meal = .breakfast
            moved.fiberG = 3.5
            moved.saturatedFatG = 9.1
            moved.sodiumMg = nil
            try repos.updateFoodRecord(moved)
            #expect(try repos.foodRecords(in: week) == [moved])
        }
    }

    @Test func exerciseRecord() throws {
        try withDatabase { _, repos throws in
            let saved = try repos.addExerciseRecord(
                ExerciseRecord(
                    date: day("2026-11-18"), activity: "Cycling",
                    minutes: 45, intensity: .high, met: 10,
                    kcal: 480.6, loggedAt: instant(1_795_000_123)))
            #expect(try repos.exerciseRecords(in: week) == [saved])
            #expect(saved.activity == "Cycling" && saved.intensity == .high && saved.minutes == 45)
        }
    }

    @Test func sleepRecord() throws {
        try withDatabase { db, repos throws in
            let night = SleepRecord(
                date: day("2026-11-21"), bedtime: ClockTime(hour: 23, minute: 40),
                wakeTime: ClockTime(hour: 7, minute: 5), minutes: 445, quality: 4, status: .good)
            let unknownTimes = SleepRecord(date: day("2026-11-22"), minutes: 300, status: .poor)
            let a = try repos.addSleepRecord(night)
            let b = try repos.addSleepRecord(unknownTimes)
            #expect(try repos.sleepRecords(in: week) == [a, b])
            #expect(try db.fetchStrings("SELECT bedtime_minutes FROM sleep_record ORDER BY id") == ["1420", "NULL"])
            // Sleep does not feed daily_log.
            #expect(try repos.dailyLogs(in: week).isEmpty)
        }
    }

    @Test func goals() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.activeGoal() == nil)
            let first = try repos.saveActiveGoal(
                Goal(
                    type: .lose, targetWeightKg: 65, weeklyRateKg: 0.5,
                    dailyCalorieTarget: 1800, proteinG: 120, carbsG: 180,
                    fatG: 60, isActive: false, createdOn: day("2026-01-05")))
            #expect(first.id != nil && first.isActive)
            #expect(try repos.activeGoal() == first)
            let second = try repos.saveActiveGoal(
                Goal(
                    type: .maintain, targetBodyFatPercent: 20, weeklyRateKg: 0,
                    dailyCalorieTarget: 2200, proteinG: 110, carbsG: 250,
                    fatG: 70, createdOn: day("2026-06-01")))
            #expect(try repos.activeGoal() == second)
            var firstNow = first
            firstNow.isActive = false
            #expect(try repos.goalHistory() == [firstNow, second])
            // Re-saving a stored goal makes it the active one again.
            var edited = first
            edited.dailyCalorieTarget = 1900
            _ = try repos.saveActiveGoal(edited)
            #expect(try repos.activeGoal() == edited)
            #expect(try repos.goalHistory().filter(\.isActive).count == 1)
            var ghost = first
            ghost.id = 999
            #expect(throws: StoreError.recordNotFound(kind: "goal", id: 999)) { try repos.saveActiveGoal(ghost) }
            #expect(try repos.activeGoal() == edited)  // the failed save changed nothing
        }
    }

    @Test func checkIns() throws {
        try withDatabase { _, repos throws in
            try repos.saveCheckIn(CheckIn(date: day("2026-11-21"), mood: 2, energy: 3, note: "rainy"))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-19"), mood: 4))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-21"), mood: 5, energy: nil, note: "sunny"))
            #expect(try repos.checkIn(on: day("2026-11-21")) == CheckIn(date: day("2026-11-21"), mood: 5, note: "sunny"))
            #expect(try repos.checkIn(on: day("2026-11-20")) == nil)
            #expect(try repos.checkIns(in: week).map(\.date) == [day("2026-11-19"), day("2026-11-21")])
        }
    }

    /// The store's streaks agree with `Streaks` on the same dates, for every end day around them.
    @Test func checkInStreaksMatchTheDomainRule() throws {
        try withDatabase { _, repos throws in
            let isos = ["2026-10-01", "2026-10-02", "2026-10-03", "2026-10-05", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"]
            for iso in isos { try repos.saveCheckIn(CheckIn(date: day(iso), mood: 3)) }
            let dates = Set(isos.map(day))
            let none = try repos.checkInStreaks(endingOn: day("2026-09-01"))
            #expect(none.current == 0 && none.longest == 0)
            for offset in -60...3 {
                let end = day("2026-11-21").adding(days: offset)
                let upTo = Set(dates.filter { $0 <= end })
                let streaks = try repos.checkInStreaks(endingOn: end)
                #expect(streaks.current == Streaks.current(days: upTo, endingOn: end), "current on \(end.iso)")
                #expect(streaks.longest == Streaks.longest(days: upTo), "longest on \(end.iso)")
            }
        }
    }

    /// The check-in's answers in one transaction: a night of the same date is replaced, not doubled.
    @Test func checkInDayWritesAllOrNothing() throws {
        try withDatabase { _, repos throws in
            let d = day("2026-11-21")
            try repos.addSleepRecord(SleepRecord(date: d, minutes: 300, status: .poor))
            let body = BodyRecord(date: d, weightKg: 80, recordedAt: Date(timeIntervalSince1970: 1_800_000_000))
            let snapshot = MetabolismSnapshot(date: d, bmr: 1700, tdee: 2400, formula: .mifflinStJeor, activityLevel: .moderate)
            try repos.saveCheckInDay(
                CheckIn(date: d, mood: 4, energy: 3), body: (body, snapshot),
                night: SleepRecord(date: d, minutes: 450, quality: 4, status: .good))
            #expect(try repos.sleepRecords(in: week).map(\.minutes) == [450])
            #expect(try repos.bodyRecords(in: week).map(\.weightKg) == [80])
            #expect(try repos.dailyLog(on: d)?.tdee == 2400)
            // A bad night (quality 9 breaks a CHECK) rolls everything back.
            #expect(throws: (any Error).self) {
                try repos.saveCheckInDay(
                    CheckIn(date: d, mood: 1), body: (body, snapshot),
                    night: SleepRecord(date: d, minutes: 450, quality: 9, status: .good))
            }
            #expect(try repos.checkIn(on: d)?.mood == 4)
            #expect(try repos.bodyRecords(in: week).count == 1)
        }
    }

    @Test func rangesAreInclusiveAndAscending() throws {
        try withDatabase { _, repos throws in
            for iso in ["2026-11-23", "2026-11-20", "2026-11-15", "2026-11-22", "2026-11-16", "2026-11-20"] {
                try repos.addExerciseRecord(exercise(day(iso), kcal: 100))
                try repos.addSleepRecord(SleepRecord(date: day(iso), minutes: 420, status: .good))
                try repos.addFoodRecord(food(day(iso), kcal: 100))
                try repos.addBodyRecord(body(day(iso), kg: 70), snapshot: snapshot(day(iso), bmr: 1500, tdee: 2000))
            }
            let expected = ["2026-11-16", "2026-11-20", "2026-11-20", "2026-11-22"].map(day)
            #expect(try repos.exerciseRecords(in: week).map(\.date) == expected)
            #expect(try repos.sleepRecords(in: week).map(\.date) == expected)
            #expect(try repos.foodRecords(in: week).map(\.date) == expected)
            #expect(try repos.bodyRecords(in: week).map(\.date) == expected)
            let sameDay = try repos.foodRecords(in: week).filter { $0.date == day("2026-11-20") }.compactMap(\.id)
            #expect(sameDay.count == 2 && sameDay == sameDay.sorted())  // then by id
            #expect(try repos.dailyLogs(in: week).map(\.date) == ["2026-11-16", "2026-11-20", "2026-11-22"].map(day))
        }
    }

    @Test func deleteReturnsTheRecordAndUnknownIdsAreReported() throws {
        try withDatabase { _, repos throws in
            let f = try repos.addFoodRecord(food(day("2026-11-20"), kcal: 90))
            let e = try repos.addExerciseRecord(exercise(day("2026-11-20"), kcal: 200))
            let s = try repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, quality: 3, status: .fair))
            let b = try repos.addBodyRecord(body(day("2026-11-20"), kg: 72), snapshot: snapshot(day("2026-11-20"), bmr: 1500, tdee: 2100))
            #expect(try repos.deleteFoodRecord(id: try #require(f.id)) == f)
            #expect(try repos.deleteExerciseRecord(id: try #require(e.id)) == e)
            #expect(try repos.deleteSleepRecord(id: try #require(s.id)) == s)
            #expect(try repos.deleteBodyRecord(id: try #require(b.id)) == b)
            #expect(try repos.deleteFoodRecord(id: try #require(f.id)) == nil)
            #expect(try repos.latestMetabolismSnapshot(onOrBefore: day("2026-12-01")) == nil)  // cascaded
            #expect(try repos.dailyLogs(in: week).isEmpty)
            #expect(throws: StoreError.recordNotFound(kind: "food record", id: f.id)) { try repos.updateFoodRecord(f) }
            #expect(throws: StoreError.recordNotFound(kind: "sleep record", id: nil)) {
                try repos.updateSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 1, status: .bad))
            }
            // An undo may re-insert a deleted record under its old id.
            #expect(try repos.addFoodRecord(f) == f)
        }
    }

    @Test func checkConstraintsRefuseOutOfRangeValuesAndWriteNothing() throws {
        try withDatabase { _, repos throws in
            #expect(throws: (any Error).self) {
                try repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, quality: 6, status: .good))
            }
            var zero = food(day("2026-11-20"), kcal: 10)
            zero.grams = 0
            #expect(throws: (any Error).self) { try repos.addFoodRecord(zero) }
            #expect(throws: (any Error).self) { try repos.saveCheckIn(CheckIn(date: day("2026-11-20"), mood: 0)) }
            #expect(throws: (any Error).self) { try repos.addExerciseRecord(exercise(day("2026-11-20"), kcal: 50, minutes: 0)) }
            #expect(try repos.sleepRecords(in: week).isEmpty)
            #expect(try repos.foodRecords(in: week).isEmpty)
            #expect(try repos.dailyLogs(in: week).isEmpty)
        }
    }
}
