import BodiiDomain
import TerminalKit

/// The dot grid's zoom ladder (issue 47 item 4): a year of weeks, a month as a calendar, a week
/// day by day, one day's records. `Enter` goes down a level, `Esc` up, `[` `]` step by the level's unit.
public enum DotGridZoom: Int, CaseIterable, Sendable {
    case year, month, week, day

    /// The level below (`Enter`); nil at the day.
    public var closer: DotGridZoom? { DotGridZoom(rawValue: rawValue + 1) }
    /// The level above (`Esc`); nil at the year, where Esc closes the grid.
    public var wider: DotGridZoom? { DotGridZoom(rawValue: rawValue - 1) }

    /// `date` moved by `count` of the level's unit: a year or a month keeps the day of the month
    /// where it exists (31 Mar − 1 month is 28 or 29 Feb).
    public func step(_ date: LocalDate, by count: Int) -> LocalDate {
        switch self {
        case .year: return Self.sameDay(year: date.year + count, month: date.month, day: date.day)
        case .month:
            let months = date.year * 12 + (date.month - 1) + count
            return Self.sameDay(year: months / 12, month: months % 12 + 1, day: date.day)
        case .week: return date.adding(days: 7 * count)
        case .day: return date.adding(days: count)
        }
    }

    /// Days an arrow moves the cursor: across weeks in the year's columns (← →) and across
    /// weekdays in its rows (↑ ↓); in the month's calendar the other way round; a day at a time
    /// in the week's and the day's lists.
    public func arrowDays(_ key: Key) -> Int? {
        let across = self == .year ? 7 : 1, down = self == .month ? 7 : 1
        switch key {
        case .left, .char("h"): return -across
        case .right, .char("l"): return across
        case .up, .char("k"): return -down
        case .down, .char("j"): return down
        default: return nil
        }
    }

    /// The days the level shows around `date`: its calendar year, month, week or the day.
    public func period(of date: LocalDate, weekStart: WeekStart) -> DateRange {
        switch self {
        case .year:
            return DateRange(start: Self.sameDay(year: date.year, month: 1, day: 1), end: Self.sameDay(year: date.year, month: 12, day: 31))
        case .month: return DateRange(start: Self.sameDay(year: date.year, month: date.month, day: 1), end: Self.lastOfMonth(date))
        case .week:
            let first = weekStart.firstDay(of: date)
            return DateRange(start: first, end: first.adding(days: 6))
        case .day: return DateRange(start: date, end: date)
        }
    }

    /// The days read for `date`'s year: whole weeks from the week of 1 January to that of
    /// 31 December, so the month and week views inside it need no other read.
    public static func page(of date: LocalDate, weekStart: WeekStart) -> DateRange {
        let year = DotGridZoom.year.period(of: date, weekStart: weekStart)
        return DateRange(start: weekStart.firstDay(of: year.start), end: weekStart.firstDay(of: year.end).adding(days: 6))
    }

    /// The `day` of the month, or its last day when it has fewer (every month has a 28th).
    static func sameDay(year: Int, month: Int, day: Int) -> LocalDate {
        var d = min(day, 31)
        while d > 28, LocalDate(year: year, month: month, day: d) == nil { d -= 1 }
        return LocalDate(year: year, month: month, day: d) ?? LocalDate(daysSinceEpoch: 0)
    }

    static func lastOfMonth(_ date: LocalDate) -> LocalDate { sameDay(year: date.year, month: date.month, day: 31) }
}
