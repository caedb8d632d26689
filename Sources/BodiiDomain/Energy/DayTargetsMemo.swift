import Foundation

/// Days' targets as `TargetHistory` worked them out, kept from one read to the next until the
/// database is written again: the dashboard's day step, its range switch, Body and Review then
/// work out only the days they have not shown since the last write. One memo per write, handed
/// out by the store (`DayTargetsCaching`), so every screen reads the same figure for a day.
public final class DayTargetsMemo: @unchecked Sendable {  // the dictionary is only used under the lock
    private let lock = NSLock()
    private var days: [LocalDate: DayTargets?] = [:]

    public init() {}

    /// The day's targets if worked out since the memo was made (`.some(nil)`: there are none).
    func targets(on day: LocalDate) -> DayTargets?? {
        lock.withLock { days[day] }
    }

    func keep(_ targets: DayTargets?, on day: LocalDate) {
        lock.withLock { days[day] = .some(targets) }
    }

    /// How many days it holds (for tests).
    public var count: Int { lock.withLock { days.count } }
}

/// A store that keeps worked-out figures until its data changes.
public protocol DayTargetsCaching {
    /// The memo for the data as it is now: the same object until something is written (by this
    /// process or, once noticed, another), then a new, empty one. Nil where nothing is kept.
    func dayTargetsMemo() -> DayTargetsMemo?
}
