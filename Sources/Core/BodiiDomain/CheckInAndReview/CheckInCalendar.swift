import Foundation

/// How close a day's intake came to its target, for coloring the dot grid.
public enum CalorieAdherence: Equatable, Sendable {
    /// Within 10 % of the target.
    case onTarget
    /// 10–20 % off.
    case near
    /// More than 20 % off.
    case off

    /// Within this share of its target a logged day counts as on target (PRODUCT.md §8): the dot
    /// grid and the period summaries' adherence both judge a day by this one rule.
    public static let onTargetShare = 0.10
    public static let nearShare = 0.20

    public init(eaten: Double, target: Double) {
        let miss = abs(eaten - target) / max(1, target)
        self = miss <= Self.onTargetShare ? .onTarget : (miss <= Self.nearShare ? .near : .off)
    }

    /// The adherence of a day that is not over yet (today): none while intake is still within
    /// reach of the target — after breakfast the day is not "off" (issue 26) — and the verdict
    /// once intake has passed the on-target band, which more eating can only confirm.
    public static func sofar(eaten: Double, target: Double) -> CalorieAdherence? {
        let judged = CalorieAdherence(eaten: eaten, target: target)
        return eaten > target && judged != .onTarget ? judged : nil
    }
}

/// One day of the check-in calendar.
public struct CheckInDay: Equatable, Sendable {
    public var date: LocalDate
    public var completeness: CheckInCompleteness
    /// nil when nothing was eaten (logged) that day or there is no target yet.
    public var adherence: CalorieAdherence?
    public var checkIn: CheckIn?
    public var hasWeight: Bool
    public var hasNight: Bool
    /// kcal eaten and the day's target, when food was logged.
    public var eatenKcal: Double?
    public var targetKcal: Double?
}

/// The dot grid's data (PRODUCT.md §1 "check-in streak (dot grid)"): every day of a range with how
/// complete its check-in was and how close intake came to target, plus the current and longest
/// streaks of days with a check-in.
public struct CheckInCalendar: Equatable, Sendable {
    public var days: [CheckInDay]
    public var currentStreak: Int
    /// nil when not asked for: it reads every check-in ever made (about 1 ms over ten years).
    public var longestStreak: Int?

    public typealias Source = TargetHistory.Source & SleepRepository & CheckInRepository

    /// Days of check-ins read for the current streak; a streak that long is read again in full.
    static let streakWindowDays = 62

    /// `targets`: a `TargetHistory` covering `range`, when the caller has read one. `today`: the
    /// day that is not over, judged by `CalorieAdherence.sofar`.
    public static func load(
        range: DateRange, source: any Source, longest: Bool = true,
        targets known: TargetHistory? = nil, today: LocalDate? = nil
    ) throws -> CheckInCalendar {
        // Each day is judged against its own target, the one its dashboard and Diet show.
        let covering = known.flatMap { $0.covers.map { $0.contains(range.start) && $0.contains(range.end) } == true ? $0 : nil }
        let targets = try covering ?? TargetHistory.load(range: range, source: source)
        let weighed = try targets.weighInDays(in: range) ?? Set(source.dailyWeights(in: range).map(\.date))
        let nights = Set(try source.sleepRecords(in: range).map(\.date))
        let checkIns = Dictionary(try source.checkIns(in: range).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let logs = Dictionary(try source.dailyLogs(in: range).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let days = range.days.map { date -> CheckInDay in
            let intake = logs[date].flatMap { DayIntake.of($0, targets: targets, today: today) }
            let hasWeight = weighed.contains(date), hasNight = nights.contains(date)
            return CheckInDay(
                date: date, completeness: CheckInCompleteness(hasWeight: hasWeight, hasNight: hasNight, checkIn: checkIns[date]),
                adherence: intake?.adherence, checkIn: checkIns[date], hasWeight: hasWeight, hasNight: hasNight,
                eatenKcal: intake?.eatenKcal, targetKcal: intake?.targetKcal)
        }
        // Streaks run over all check-ins, not just the range shown; the current one usually fits
        // in the last two months, so years of rows are read only when it doesn't or when asked.
        var current: Int?
        if !longest {
            let recent = Set(try source.checkIns(in: DateRange(ending: range.end, days: streakWindowDays)).map(\.date))
            let n = Streaks.current(days: recent, endingOn: range.end)
            if n < streakWindowDays - 1 { current = n }
        }
        if let current { return CheckInCalendar(days: days, currentStreak: current, longestStreak: nil) }
        let streaks = try source.checkInStreaks(endingOn: range.end)
        return CheckInCalendar(days: days, currentStreak: streaks.current, longestStreak: longest ? streaks.longest : nil)
    }

    /// The days of `range` with their check-in parts only — no targets, food or streaks (their
    /// `adherence` and kcal stay nil): what the dot grid's check-in series shows, without the
    /// year of food logs and targets `load` reads for the adherence.
    public static func completeness(range: DateRange, source: any BodyRepository & SleepRepository & CheckInRepository) throws
        -> [CheckInDay]
    {
        let weighed = Set(try source.dailyWeights(in: range).map(\.date))
        let nights = Set(try source.sleepRecords(in: range).map(\.date))
        let checkIns = Dictionary(try source.checkIns(in: range).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        return range.days.map { date in
            let hasWeight = weighed.contains(date), hasNight = nights.contains(date)
            return CheckInDay(
                date: date, completeness: CheckInCompleteness(hasWeight: hasWeight, hasNight: hasNight, checkIn: checkIns[date]),
                adherence: nil, checkIn: checkIns[date], hasWeight: hasWeight, hasNight: hasNight, eatenKcal: nil, targetKcal: nil)
        }
    }
}
