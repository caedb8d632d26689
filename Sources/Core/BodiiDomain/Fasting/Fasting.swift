import Foundation

/// Starting and ending fasts: the one set of rules for the Dashboard's `f` and `bodii fast`.
public struct Fasting {
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        case alreadyFasting(since: Date, minutes: Int)
        case notFasting
        case endBeforeStart
        case inFuture

        public var description: String {
            switch self {
            case .alreadyFasting(_, let minutes): "a fast is on already (\(DurationFormat.hoursMinutes(minutes))): end it first"
            case .notFasting: "no fast is on: start one with bodii fast start (f on the Dashboard)"
            case .endBeforeStart: "the end is before the fast's start"
            case .inFuture: "that time has not come yet"
            }
        }
    }

    private let store: any FastRepository
    private let clock: any Clock

    public init(store: any FastRepository, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// Starts a fast at `at` (default now) aiming at `goalHours`.
    @discardableResult
    public func start(at: Date? = nil, goalHours: Double = FastingGoal.defaultHours) throws -> Fast {
        let now = clock.now
        if let on = try store.currentFast() { throw Refusal.alreadyFasting(since: on.startedAt, minutes: on.minutes(at: now)) }
        let start = at ?? now
        guard start <= now else { throw Refusal.inFuture }
        let day = LocalDate(start, timeZone: clock.timeZone)
        return try store.addFast(Fast(date: day, startedAt: start, goalHours: goalHours))
    }

    /// Ends the fast on at `at` (default now); returns it ended.
    @discardableResult
    public func end(at: Date? = nil) throws -> Fast {
        guard var fast = try store.currentFast() else { throw Refusal.notFasting }
        let end = at ?? clock.now
        guard end <= clock.now else { throw Refusal.inFuture }
        guard end >= fast.startedAt else { throw Refusal.endBeforeStart }
        fast.endedAt = end
        try store.updateFast(fast)
        return fast
    }

    /// When food was first logged after `fast` started (its end, if it has one), nil if not yet:
    /// the moment the fast ended in fact, which the Dashboard and `bodii fast` offer to end it at.
    public static func firstFood(during fast: Fast, source: any FoodLogRepository, today: LocalDate) throws -> Date? {
        guard fast.date <= today else { return nil }
        return try source.foodRecords(in: DateRange(start: fast.date, end: today))
            .map(\.loggedAt).filter { $0 >= fast.startedAt && $0 <= (fast.endedAt ?? .distantFuture) }.min()
    }

    /// The latest `clock` instant at `time`: today's, or yesterday's when today's is still to come
    /// ("--at 20:00" in the morning is last night).
    public static func latest(_ time: ClockTime, clock: any Clock) -> Date? {
        let now = clock.now
        for back in 0...1 {
            let day = LocalDate(now, timeZone: clock.timeZone).adding(days: -back)
            if let instant = day.instant(at: time, timeZone: clock.timeZone), instant <= now { return instant }
        }
        return nil
    }
}

extension LocalDate {
    /// The instant `time` on this day in `timeZone` (a time a clock change skips is read as the
    /// calendar reads it).
    public func instant(at time: ClockTime, timeZone: TimeZone) -> Date? {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = components
        return calendar.date(
            from: DateComponents(year: c.year, month: c.month, day: c.day, hour: time.minutesAfterMidnight / 60, minute: time.minutesAfterMidnight % 60))
    }
}

/// Where fasting stands: the fast on, the ones done lately, the streak. Read by the Dashboard,
/// `bodii fast status` and `bodii status`.
public struct FastingStatus: Equatable, Sendable {
    public var current: Fast?
    /// Finished fasts of the last `recentDays`, newest first.
    public var recent: [Fast]
    /// Days in a row, ending today or yesterday, on which a fast that reached its goal ended.
    public var streak: Int
    public var now: Date

    public static let recentDays = 60

    public static func load(source: any FastRepository, clock: any Clock) throws -> FastingStatus {
        let today = clock.today
        let fasts = try source.fasts(in: DateRange(ending: today, days: recentDays + 1))
        let done = fasts.filter { !$0.isOngoing }
        return FastingStatus(
            current: try source.currentFast(), recent: done.reversed(), streak: streak(done, today: today, timeZone: clock.timeZone),
            now: clock.now)
    }

    static func streak(_ done: [Fast], today: LocalDate, timeZone: TimeZone) -> Int {
        let days = Set(done.compactMap { fast in fast.endedAt.flatMap { fast.reachedGoal(at: $0) ? LocalDate($0, timeZone: timeZone) : nil } })
        var day = days.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while days.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }

    /// "fast 14 h 20" while a fast is on; nil otherwise.
    public var line: String? { current.map { "fast " + DurationFormat.hoursMinutes($0.minutes(at: now)) } }
}
