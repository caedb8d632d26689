import Foundation

/// A daily series the dot grid draws (issue 47 item 4, PRODUCT.md §15): each day a level the dot's
/// shape and colour show, the number behind it, and the records it came from.
///
/// **Adding a series** is a case here (its name, unit and what each level means) and one file with
/// its `read…` function (`DotSeries+Sleep.swift` is the model), called from `days(in:)`. Nothing
/// else switches over the series but the views' one-cell text (`DotGridText`). A tag's series
/// carries its tag: the grid offers the most used (`DotSeries.tags`).
public enum DotSeries: Hashable, Sendable {
    case checkIns, kcal, sleep, fasts, moments
    /// Days with a moment so tagged, against days with moments without it.
    case tag(String)

    public var isTag: Bool {
        if case .tag = self { return true }
        return false
    }

    /// The series every history has.
    public static let allCases: [DotSeries] = [.checkIns, .kcal, .sleep, .fasts, .moments]

    /// The series' name in keys and snapshots: "checkIns", "tag-social".
    public var rawValue: String {
        switch self {
        case .checkIns: "checkIns"
        case .kcal: "kcal"
        case .sleep: "sleep"
        case .fasts: "fasts"
        case .moments: "moments"
        case .tag(let name): "tag-" + name
        }
    }

    /// The series' name, as titles and the help say it.
    public var name: String {
        switch self {
        case .checkIns: "Check-ins"
        case .kcal: "Calories on target"
        case .sleep: "Sleep"
        case .fasts: "Fasts"
        case .moments: "Moments"
        case .tag(let name): "+" + name
        }
    }

    /// What each level means, for the legend: the words after its dot.
    public func meaning(of level: DotLevel) -> String {
        switch (self, level) {
        case (.checkIns, .high): "full check-in"
        case (.checkIns, .mid): "partial"
        case (.checkIns, .low): "—"
        case (.checkIns, .none): "none"
        case (.kcal, .high): "within 10 %"
        case (.kcal, .mid): "10–20 % off"
        case (.kcal, .low): "> 20 % off"
        case (.kcal, .none): "not logged"
        case (.sleep, .high): "7–9 h"
        case (.sleep, .mid): "6–7 h or > 9 h"
        case (.sleep, .low): "< 6 h"
        case (.sleep, .none): "no night"
        case (.fasts, .high): "goal reached"
        case (.fasts, .mid): "half of it or more"
        case (.fasts, .low): "less"
        case (.fasts, .none): "no fast"
        case (.moments, .high): "felt 4–5"
        case (.moments, .mid): "3–4 or unsaid"
        case (.moments, .low): "under 3"
        case (.moments, .none): "none"
        case (.tag(let name), .high): "+" + name
        case (.tag, .mid): "—"
        case (.tag, .low): "moments without it"
        case (.tag, .none): "no moments"
        }
    }

    /// The levels the series uses, best first (check-ins have no low level).
    public var levels: [DotLevel] {
        switch self {
        case .checkIns: [.high, .mid, .none]
        case .tag: [.high, .low, .none]
        default: [.high, .mid, .low, .none]
        }
    }

    /// The next series (`s`), or the one before, among `all`.
    public func cycled(by step: Int, among all: [DotSeries] = allCases) -> DotSeries {
        let i = all.firstIndex(of: self) ?? 0
        return all[((i + step) % all.count + all.count) % all.count]
    }

    /// Everything a series reads.
    public typealias Source = CheckInCalendar.Source & ReviewRepository & FastRepository & MomentRepository

    /// The series' days of `query.range` up to today (a day after it has no dot), oldest first.
    public func days(_ query: DotQuery, source: any Source) throws -> [DotDay] {
        guard query.range.start <= query.today else { return [] }
        let range = DateRange(start: query.range.start, end: min(query.range.end, query.today))
        switch self {
        case .checkIns: return try Self.readCheckIns(range, query, source)
        case .kcal: return try Self.readKcal(range, query, source)
        case .sleep: return try Self.readSleep(range, source)
        case .fasts: return try Self.readFasts(range, query, source)
        case .moments: return try Self.readMoments(range, source)
        case .tag(let name): return try Self.readTag(name, range, source)
        }
    }
}

/// What a grid asks of a series: the days, which of them is not over, the time now (a fast on
/// counts its hours so far), the week start (a reviewed week is found by its first day) and the
/// time zone.
public struct DotQuery: Hashable, Sendable {
    public var range: DateRange
    public var today: LocalDate
    public var now: Date
    public var weekStart: WeekStart
    /// The zone a fast's end is dated in.
    public var timeZone: TimeZone

    public init(range: DateRange, today: LocalDate, now: Date, weekStart: WeekStart = .monday, timeZone: TimeZone) {
        self.range = range
        self.today = today
        self.now = now
        self.weekStart = weekStart
        self.timeZone = timeZone
    }

    /// The query of `clock` for `range`.
    public init(range: DateRange, clock: any Clock) {
        self.init(range: range, today: clock.today, now: clock.now, weekStart: clock.weekStart, timeZone: clock.timeZone)
    }
}

/// How a day of a series did: its dot's shape and colour. `none` is a day with nothing recorded.
public enum DotLevel: Int, Comparable, CaseIterable, Sendable {
    case none, low, mid, high

    public static func < (a: DotLevel, b: DotLevel) -> Bool { a.rawValue < b.rawValue }
}

/// One day of a series.
public struct DotDay: Equatable, Sendable {
    public var date: LocalDate
    public var level: DotLevel
    /// The number behind the level (kcal eaten, minutes slept, hours fasted); nil without one.
    public var value: Double?
    /// The records the day's value came from, for the week and day views.
    public var facts: DotFacts

    public init(date: LocalDate, level: DotLevel, value: Double? = nil, facts: DotFacts = .nothing) {
        self.date = date
        self.level = level
        self.value = value
        self.facts = facts
    }
}

/// The records behind a day's dot, by series.
public enum DotFacts: Equatable, Sendable {
    case nothing
    /// The day's check-in parts; `reviewedWeek` when its week has a weekly review.
    case checkIn(CheckInDay, reviewedWeek: Bool)
    case intake(DayIntake)
    case night(SleepRecord)
    /// The fasts that ended on the day (or are on, today), the longest first.
    case fasts([Fast])
    /// The day's moments, in time order.
    case moments([Moment])
}
