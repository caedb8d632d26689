import Foundation

/// Days' targets as `TargetHistory` worked them out, kept from one read to the next: the
/// dashboard's day step, its range switch, Body and Review then work out only the days they have
/// not shown. One memo per state of the data (`generation`, the store's count of commits, which
/// another process's commit raises once noticed), handed out by the store (`DayTargetsCaching`),
/// so every screen reads the same figure for a day.
///
/// A write need not cost the days it left alone: a day's targets are kept with the inputs they
/// were worked out from (`DayTargetInputs`), and after a write a day whose inputs read now are
/// equal keeps its targets. The targets are a function of those inputs alone, so this holds
/// whoever wrote what: a weigh-in dated in the past changes the inputs of the days after it,
/// and only theirs.
public struct DayTargetsMemo: Sendable {
    let kept: KeptDayTargets
    /// The state of the data the targets are of.
    public let generation: Int

    public init(kept: KeptDayTargets, generation: Int) {
        self.kept = kept
        self.generation = generation
    }

    /// Day D's targets: kept in this generation, else kept with the inputs `inputs()` gives now,
    /// else worked out from those inputs and kept.
    func targets(on day: LocalDate, inputs: () -> DayTargetInputs) -> DayTargets? {
        if let known = kept.targets(on: day, generation: generation, inputs: nil) { return known }
        let now = inputs()
        if let known = kept.targets(on: day, generation: generation, inputs: now) { return known }
        let worked = now.targets()
        kept.keep(worked, inputs: now, on: day, generation: generation)
        return worked
    }

    /// How many days it holds, and how many times a day's targets were worked out (for tests).
    public var count: Int { kept.count }
    public var workedOut: Int { kept.workedOut }
}

/// The days' targets behind `DayTargetsMemo`, of the latest two generations: those kept or checked
/// in the generation before the newest may still be asked for again; older ones are let go.
public final class KeptDayTargets: @unchecked Sendable {  // the dictionary is only used under the lock
    private struct Kept {
        var targets: DayTargets?
        var inputs: DayTargetInputs
        /// The latest generation the inputs were found to be of.
        var generation: Int
    }
    private let lock = NSLock()
    private var days: [LocalDate: Kept] = [:]
    private var newest = Int.min
    private var worked = 0

    public init() {}

    /// The day's kept targets (`.some(nil)`: there are none) when they are of `generation`, or
    /// when they were worked out from `inputs`, the day's inputs as `generation` has them.
    fileprivate func targets(on day: LocalDate, generation: Int, inputs: DayTargetInputs?) -> DayTargets?? {
        lock.withLock {
            if generation > newest {
                days = days.filter { $0.value.generation >= newest }
                newest = generation
            }
            guard var kept = days[day] else { return nil }
            if kept.generation == generation { return .some(kept.targets) }
            guard let inputs, kept.inputs == inputs else { return nil }
            if generation > kept.generation {
                // The newer reading's inputs, so older readings' records can go.
                kept.inputs = inputs
                kept.generation = generation
                days[day] = kept
            }
            return .some(kept.targets)
        }
    }

    fileprivate func keep(_ targets: DayTargets?, inputs: DayTargetInputs, on day: LocalDate, generation: Int) {
        lock.withLock {
            worked += 1
            if let kept = days[day], kept.generation > generation { return }
            days[day] = Kept(targets: targets, inputs: inputs, generation: generation)
        }
    }

    var count: Int { lock.withLock { days.count } }
    var workedOut: Int { lock.withLock { worked } }
}

/// A store that keeps worked-out figures until its data changes.
public protocol DayTargetsCaching {
    /// The memo for the data as it is now: the same generation until something is written (by
    /// this process or, once noticed, another), then the next. Nil where nothing is kept.
    func dayTargetsMemo() -> DayTargetsMemo?
}
