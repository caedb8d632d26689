import Foundation

extension DotSeries {
    /// Check-ins: a full check-in (weigh-in, night, mood and energy) is high, any part of one is
    /// mid, nothing is none — the check-in calendar's rule (`CheckInCompleteness`), read from it
    /// without the calendar's food, targets and streaks, which the grid does not show.
    static func readCheckIns(_ range: DateRange, _ query: DotQuery, _ source: any Source) throws -> [DotDay] {
        let days = try CheckInCalendar.completeness(range: range, source: source)
        let reviewed = try reviewedWeeks(range, weekStart: query.weekStart, source: source)
        return days.map { day in
            let level: DotLevel =
                switch day.completeness {
                case .full: .high
                case .partial: .mid
                case .none: .none
                }
            let week = query.weekStart.firstDay(of: day.date)
            return DotDay(
                date: day.date, level: level, value: day.checkIn?.mood.map(Double.init),
                facts: .checkIn(day, reviewedWeek: reviewed.contains(week)))
        }
    }

    /// The first days of the weeks of `range` with a weekly review, saved under either week start.
    static func reviewedWeeks(_ range: DateRange, weekStart: WeekStart, source: any Source) throws -> Set<LocalDate> {
        let saved = try source.reviewedPeriods(
            .week, startingIn: DateRange(start: weekStart.firstDay(of: range.start).adding(days: -3), end: range.end.adding(days: 3)))
        return Set(saved.map { ReviewPeriod(.week, startingOn: $0).shown(weekStart: weekStart).start })
    }
}
