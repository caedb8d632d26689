import Foundation
import Testing
@testable import BodiiDomain

/// The user's calendar (config file `week_start`, `first_day_hour`): weeks from Sunday move the
/// Review's weeks, reviews saved under the other week start stay reachable exactly once, and a
/// night owl's 01:30 is still the day before.
@Suite struct DayCalendarTests {
    private func d(_ iso: String) -> LocalDate { LocalDate(iso: iso) ?? LocalDate(daysSinceEpoch: 0) }

    @Test func weeksStartOnTheChosenDay() {
        let sunday = d("2026-11-22"), wednesday = d("2026-11-25")
        #expect(WeekStart.monday.firstDay(of: sunday) == d("2026-11-16"))
        #expect(WeekStart.sunday.firstDay(of: sunday) == sunday)
        #expect(WeekStart.sunday.firstDay(of: wednesday) == sunday)
        #expect(WeekStart.sunday.firstDay(of: d("2026-11-21")) == d("2026-11-15"))  // a Saturday ends its week
        #expect(WeekStart.sunday.position(of: sunday) == 0 && WeekStart.monday.position(of: sunday) == 6)
        #expect(WeekStart.sunday.dayShortNames == ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"])
        #expect(WeekStart.monday.dayShortNames.first == "Mon")
    }

    @Test func reviewWeeksFollowTheWeekStart() {
        let sunday = d("2026-11-22")
        let week = ReviewPeriod(.week, containing: sunday, weekStart: .sunday)
        #expect(week.start == sunday && week.end == d("2026-11-28"))
        #expect(week.label == "22–28 Nov 2026")
        #expect(week.moved(by: -1).start == d("2026-11-15"))
        #expect(ReviewPeriod(.week, containing: sunday, weekStart: .monday).start == d("2026-11-16"))
        // Months do not care.
        #expect(
            ReviewPeriod(.month, containing: sunday, weekStart: .sunday) == ReviewPeriod(.month, containing: sunday, weekStart: .monday))
    }

    /// A week saved under either start shows in exactly one week of either start: the one with
    /// its middle day, which shares six of its seven days.
    @Test func savedWeeksShowInExactlyOneWeekWhateverTheStart() {
        let saved = (0..<20).flatMap { i -> [LocalDate] in
            let monday = d("2026-09-07").adding(days: 7 * i)
            return [monday, monday.adding(days: -1)]  // a Monday-start and a Sunday-start week
        }
        for weekStart in WeekStart.allCases {
            let weeks = (0..<26).map { ReviewPeriod(.week, containing: d("2026-08-30").adding(days: 7 * $0), weekStart: weekStart) }
            for start in saved {
                let showing = weeks.filter { $0.storedStarts.contains(start) }
                #expect(showing.count == 1, "\(start) under \(weekStart)")
                let shown = ReviewPeriod(.week, startingOn: start).shown(weekStart: weekStart)
                #expect(showing.first == shown)
                #expect(shown.range.days.filter(ReviewPeriod(.week, startingOn: start).range.contains).count >= 6)
            }
        }
        // Concretely: the Monday week of 16 Nov shows in the Sunday week of 15 Nov, and back.
        #expect(ReviewPeriod(.week, startingOn: d("2026-11-16")).shown(weekStart: .sunday).start == d("2026-11-15"))
        #expect(ReviewPeriod(.week, startingOn: d("2026-11-15")).shown(weekStart: .monday).start == d("2026-11-16"))
        #expect(ReviewPeriod(.week, startingOn: d("2026-11-16")).shown(weekStart: .monday).start == d("2026-11-16"))
    }

    @Test func aNewDayBeginsAtTheFirstDayHour() throws {
        let zone = try #require(TimeZone(secondsFromGMT: 3600))
        // 01:30 on Sunday 22 Nov 2026, UTC+1.
        let lateNight = Date(timeIntervalSince1970: Double(d("2026-11-22").daysSinceEpoch) * 86_400 + 30 * 60)
        let owl = DayCalendar(firstDayHour: 4)
        #expect(FixedClock(now: lateNight, timeZone: zone).today == d("2026-11-22"))
        #expect(FixedClock(now: lateNight, timeZone: zone, calendar: owl).today == d("2026-11-21"))
        #expect(FixedClock(now: lateNight.addingTimeInterval(3 * 3600), timeZone: zone, calendar: owl).today == d("2026-11-22"))  // 04:30
        #expect(FixedClock(now: lateNight.addingTimeInterval(2 * 3600 + 1799), timeZone: zone, calendar: owl).today == d("2026-11-21"))  // 03:59:59
        // The meal of the hour: still last night's snack before the day begins, breakfast after.
        #expect(Meal.likely(now: FixedClock(now: lateNight, timeZone: zone, calendar: owl)) == .snacks)
        let fiveThirty = lateNight.addingTimeInterval(4 * 3600)
        #expect(Meal.likely(now: FixedClock(now: fiveThirty, timeZone: zone, calendar: DayCalendar(firstDayHour: 6))) == .snacks)
        #expect(Meal.likely(now: FixedClock(now: fiveThirty, timeZone: zone, calendar: owl)) == .breakfast)
        // Out of range values are clamped by the type (the config file refuses them first).
        #expect(DayCalendar(firstDayHour: 9).firstDayHour == 6)
    }
}
