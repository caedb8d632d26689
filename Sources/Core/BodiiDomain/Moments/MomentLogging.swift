import Foundation

/// Noting moments: the one set of rules for the app's `M`, `bodii moment` and `bodii moments`.
public struct MomentLogging {
    private let store: any MomentRepository
    private let clock: any Clock

    public init(store: any MomentRepository, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// Notes `line` as it happened at `at` (default now); a moment cannot be in the future.
    @discardableResult
    public func note(_ line: MomentLine, at: Date? = nil) throws -> Moment {
        let when = at ?? clock.now
        guard when <= clock.now else {
            throw ValidationError(field: "time", value: ISOTimestamp.text(when, timeZone: clock.timeZone), allowed: "now or earlier", problem: .inFuture)
        }
        let day = LocalDate(when, timeZone: clock.timeZone)
        return try store.addMoment(Moment(date: day, at: when, text: line.text, tags: line.tags, feeling: line.feeling))
    }

    /// `moment` told again: its words, tags and feeling from `line`, at `time` on its day.
    @discardableResult
    public func retell(_ moment: Moment, as line: MomentLine, at time: ClockTime) throws -> Moment {
        var changed = moment.told(line)
        changed.at = try instant(time, on: moment.date)
        try store.updateMoment(changed)
        return changed
    }

    /// Notes `line` at `time` on `day` (a day before today, from its list).
    @discardableResult
    public func note(_ line: MomentLine, on day: LocalDate, at time: ClockTime) throws -> Moment {
        try note(line, at: try instant(time, on: day))
    }

    /// `time` on `day`, refused when it has not come yet.
    private func instant(_ time: ClockTime, on day: LocalDate) throws(ValidationError) -> Date {
        guard let at = day.instant(at: time, timeZone: clock.timeZone), at <= clock.now else {
            throw ValidationError(field: "time", value: time.description, allowed: "now or earlier", problem: .inFuture)
        }
        return at
    }

    /// The moments of `range`, newest first, those with `tag` only when one is given.
    public func moments(in range: DateRange, tag: String? = nil) throws -> [Moment] {
        try store.moments(in: range).filter { tag == nil || $0.tags.contains(tag ?? "") }.reversed()
    }
}

/// A day's moments as a card and a grid read them: how many, how they felt on average, the tags.
public struct MomentDay: Equatable, Sendable {
    public var date: LocalDate
    /// In time order.
    public var moments: [Moment]

    public init(date: LocalDate, moments: [Moment]) {
        self.date = date
        self.moments = moments
    }

    public var count: Int { moments.count }

    /// The mean of the feelings said that day; nil when none was.
    public var meanFeeling: Double? {
        let feelings = moments.compactMap(\.feeling)
        return feelings.isEmpty ? nil : Double(feelings.reduce(0, +)) / Double(feelings.count)
    }

    /// Each tag of the day once, in the order first used.
    public var tags: [String] {
        var seen: [String] = []
        for tag in moments.flatMap(\.tags) where !seen.contains(tag) { seen.append(tag) }
        return seen
    }

    /// The days of `moments`, oldest first, each with its moments in time order.
    public static func days(_ moments: [Moment]) -> [MomentDay] {
        Dictionary(grouping: moments, by: \.date).map { MomentDay(date: $0.key, moments: $0.value.sorted { $0.at < $1.at }) }
            .sorted { $0.date < $1.date }
    }
}
