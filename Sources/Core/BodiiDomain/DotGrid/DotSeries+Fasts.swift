import Foundation

extension DotSeries {
    /// Fasts: a fast counts on the day it ended — the day eating resumed, as the fasting streak
    /// counts it (`FastingStatus`) — and one still on counts today, with its hours so far. The
    /// value is the longest fast's hours: its goal reached high, half of the goal or more mid, less low.
    static func readFasts(_ range: DateRange, _ query: DotQuery, _ source: any Source) throws -> [DotDay] {
        // A fast ending in the range may have started up to the longest goal's hours before it.
        let started = DateRange(start: range.start.adding(days: -Int(FastingGoal.hoursRange.upperBound / 24) - 1), end: range.end)
        var ended: [LocalDate: [Fast]] = [:]
        for fast in try source.fasts(in: started) {
            let day = fast.endedAt.map { LocalDate($0, timeZone: query.timeZone) } ?? query.today
            if range.contains(day) { ended[day, default: []].append(fast) }
        }
        return range.days.map { date in
            let fasts = (ended[date] ?? []).sorted { $0.minutes(at: query.now) > $1.minutes(at: query.now) }
            guard let longest = fasts.first else { return DotDay(date: date, level: .none) }
            let minutes = Double(longest.minutes(at: query.now)), goal = longest.goalHours * 60
            let level: DotLevel = longest.reachedGoal(at: query.now) ? .high : (minutes * 2 >= goal ? .mid : .low)
            return DotDay(date: date, level: level, value: minutes / 60, facts: .fasts(fasts))
        }
    }
}
