import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// The dot grid's series (issue 47 item 4), each day worked out by hand on a real database.
@Suite struct DotSeriesTests {
    let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))
    let utc = TimeZone(identifier: "UTC") ?? .current
    /// Noon of the week's Sunday, the day after it not yet come.
    var now: Date { instant(1_795_348_800) }

    func query(_ range: DateRange, today: LocalDate? = nil) -> DotQuery {
        DotQuery(range: range, today: today ?? week.end, now: now, weekStart: .monday, timeZone: utc)
    }

    /// Weighed at 80 kg for two months, maintaining: a formula target of 2500 kcal every day.
    func targetOf2500(_ repos: SQLiteRepositories) throws {
        for offset in 0..<60 {
            let d = week.end.adding(days: -offset)
            try repos.addBodyRecord(
                BodyRecord(date: d, weightKg: 80, recordedAt: instant(1_795_000_000 - offset * 86_400)),
                snapshot: snapshot(d, bmr: 1800, tdee: 2500))
        }
        try repos.saveActiveGoal(
            Goal(
                type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                createdOn: day("2026-09-01")))
    }

    @Test func caloriesOnTargetJudgeEachDayAgainstItsTarget() throws {
        try withDatabase { _, repos in
            try targetOf2500(repos)
            // 2400 and 2700 are within 10 % of 2500, 2200 is 12 % under, 1900 24 % under.
            for (iso, kcal) in [("2026-11-16", 2400.0), ("2026-11-17", 2700), ("2026-11-18", 2200), ("2026-11-19", 1900)] {
                try repos.addFoodRecord(food(day(iso), kcal: kcal))
            }
            let days = try DotSeries.kcal.days(query(week), source: repos)
            #expect(days.map(\.date) == week.days)
            #expect(days.map(\.level) == [.high, .high, .mid, .low, .none, .none, .none])
            #expect(days.map(\.value) == [2400, 2700, 2200, 1900, nil, nil, nil])
            guard case .intake(let intake) = days[2].facts else {
                Issue.record("no intake on a logged day")
                return
            }
            #expect(intake.targetKcal == 2500 && intake.adherence == .near)
            // Today is not judged while more eating could still bring it on target.
            let today = try DotSeries.kcal.days(query(week, today: day("2026-11-19")), source: repos)
            #expect(today.count == 4 && today[3].level == .none && today[3].value == 1900)
        }
    }

    @Test func sleepIsTheNightWokenUpFromWithItsStatus() throws {
        try withDatabase { _, repos in
            for (iso, minutes) in [("2026-11-16", 420), ("2026-11-17", 370), ("2026-11-18", 300), ("2026-11-19", 600), ("2026-11-20", 540)]
            {
                try repos.addSleepRecord(
                    SleepRecord(
                        date: day(iso), bedtime: ClockTime(hour: 23, minute: 0), minutes: minutes,
                        status: SleepMath.status(minutes: minutes)))
            }
            let days = try DotSeries.sleep.days(query(week), source: repos)
            // 7 h and 9 h are good, 6 h 10 fair, 5 h poor, 10 h long.
            #expect(days.map(\.level) == [.high, .mid, .low, .mid, .high, .none, .none])
            #expect(days.map(\.value) == [420, 370, 300, 600, 540, nil, nil])
            // The Dashboard's and `today`'s night of each day is the grid's.
            let query = DaySummaryQuery(source: repos)
            for day in days {
                #expect(try query.summary(for: day.date).sleepMinutes.map(Double.init) == day.value, "\(day.date)")
            }
        }
    }

    @Test func aFastCountsOnTheDayItEndedAndOneOnCountsToday() throws {
        try withDatabase { _, repos in
            let monday = instant(1_794_787_200)  // 2026-11-16 00:00 UTC
            func at(_ day: Int, _ hour: Int) -> Date { monday.addingTimeInterval(Double(day * 86_400 + hour * 3600)) }
            // Sunday 20:00 → Monday 12:00: 16 h of 16 on Monday (started the week before).
            try repos.addFast(Fast(date: day("2026-11-15"), startedAt: at(-1, 20), endedAt: at(0, 12), goalHours: 16))
            // 10 h of 16 on Tuesday: half the goal or more; 6 h of 18 on Wednesday: less.
            try repos.addFast(Fast(date: day("2026-11-17"), startedAt: at(1, 2), endedAt: at(1, 12), goalHours: 16))
            try repos.addFast(Fast(date: day("2026-11-18"), startedAt: at(2, 6), endedAt: at(2, 12), goalHours: 18))
            // Two on Thursday: the longer counts. One on since Sunday 04:00, eight hours by noon.
            try repos.addFast(Fast(date: day("2026-11-19"), startedAt: at(3, 0), endedAt: at(3, 4), goalHours: 16))
            try repos.addFast(Fast(date: day("2026-11-18"), startedAt: at(2, 19), endedAt: at(3, 13), goalHours: 16))
            try repos.addFast(Fast(date: day("2026-11-22"), startedAt: at(6, 4), goalHours: 16))
            let days = try DotSeries.fasts.days(query(week), source: repos)
            #expect(days.map(\.level) == [.high, .mid, .low, .high, .none, .none, .mid])
            #expect(days.map(\.value) == [16, 10, 6, 18, nil, nil, 8])
            guard case .fasts(let thursday) = days[3].facts else {
                Issue.record("no fasts on Thursday")
                return
            }
            #expect(thursday.map { $0.minutes(at: now) } == [18 * 60, 4 * 60])
        }
    }

    @Test func checkInsAreTheCalendarsCompletenessWithReviewedWeeks() throws {
        try withDatabase { _, repos in
            try repos.addBodyRecord(BodyRecord(date: day("2026-11-16"), weightKg: 80, recordedAt: now), snapshot: nil)
            try repos.addSleepRecord(SleepRecord(date: day("2026-11-16"), minutes: 450, status: .good))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-16"), mood: 4, energy: 3))
            try repos.saveCheckIn(CheckIn(date: day("2026-11-18"), mood: 2, note: "tired"))
            _ = try repos.addReviewItem(
                ReviewItem(period: ReviewPeriod(.week, containing: week.start, weekStart: .monday), kind: .keep, text: "x"))
            let days = try DotSeries.checkIns.days(query(week), source: repos)
            #expect(days.map(\.level) == [.high, .none, .mid, .none, .none, .none, .none])
            #expect(days[0].value == 4 && days[2].value == 2)
            for d in days {
                guard case .checkIn(_, let reviewed) = d.facts else {
                    Issue.record("no check-in facts")
                    return
                }
                #expect(reviewed)
            }
            let next = DateRange(start: week.end.adding(days: 1), end: week.end.adding(days: 7))
            let later = try DotSeries.checkIns.days(query(next, today: next.end), source: repos)
            #expect(later.allSatisfy { if case .checkIn(_, false) = $0.facts { true } else { false } })
        }
    }

    @Test func momentsAreLevelledByFeelingAndATagByItsDays() throws {
        try withDatabase { _, repos in
            // Mon: felt 5 and 4 (+social); Tue: felt 2; Wed: nothing said (+social); Thu: 3 (+work, +social once more on Sat's).
            let lines = [
                (0, "coffee +social 5/5"), (0, "walk 4/5"), (1, "tired 2/5"), (2, "read +social"), (3, "meeting +work 3/5"), (5, "lunch +social"),
            ]
            for (offset, line) in lines {
                try repos.addMoment(
                    Moment(date: week.start.adding(days: offset), at: instant(1_795_305_600 - (6 - offset) * 86_400), text: "", tags: [])
                        .told(try MomentLine.parse(line)))
            }
            let moments = try DotSeries.moments.days(query(week), source: repos)
            #expect(moments.map(\.level) == [.high, .low, .mid, .mid, .none, .mid, .none])
            #expect(moments.map(\.value) == [2, 1, 1, 1, nil, 1, nil])
            let social = try DotSeries.tag("social").days(query(week), source: repos)
            #expect(social.map(\.level) == [.high, .low, .high, .low, .none, .high, .none])
            let offered = try DotSeries.offered(range: week, source: repos)
            #expect(offered == DotSeries.allCases + [.tag("social")], "+work on one day only is not offered")
            #expect(DotSeries.tag("social").cycled(by: 1, among: offered) == .checkIns)
        }
    }

    @Test func noDayAfterTodayAndSeriesCycleRoundTheList() throws {
        try withDatabase { _, repos in
            let days = try DotSeries.sleep.days(query(week, today: day("2026-11-18")), source: repos)
            #expect(days.map(\.date) == [day("2026-11-16"), day("2026-11-17"), day("2026-11-18")])
            #expect(try DotSeries.sleep.days(query(week, today: day("2026-11-01")), source: repos).isEmpty)
        }
        #expect(DotSeries.checkIns.cycled(by: -1) == DotSeries.allCases.last)
        #expect(DotSeries.allCases.last?.cycled(by: 1) == .checkIns)
    }
}
