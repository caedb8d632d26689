import BodiiDomain
import GRDB
import Synchronization

/// The figures the store keeps between reads (`DayTargetsMemo`, `kept`) and what tells they went stale: a
/// count of commits, raised by every commit on the writer's connection (a GRDB transaction
/// observer: the repositories' writes, sync's, raw ones) and when `PRAGMA data_version` shows
/// another connection committed (`outsideWriteStamp`, which the app asks at each tick).
final class DerivedFigures: Sendable, TransactionObserver {
    private struct State {
        var commits = 0
        var outsideVersion: Int?
        /// Query results by name, of the data as of `commits` (`kept`).
        var figures: (commits: Int, values: [String: any Sendable])?
    }
    private let state = Mutex(State())
    private let dayTargets = KeptDayTargets()

    var commits: Int { state.withLock { $0.commits } }

    /// The memo of the data as of `commits`: the days' targets are kept across commits, each
    /// with the inputs it was worked out from (`DayTargetsMemo`).
    func memo(asOf commits: Int) -> DayTargetsMemo {
        DayTargetsMemo(kept: dayTargets, generation: commits)
    }

    /// The figure named `name` of the data as of `commits`: the kept one while nothing was committed
    /// since, else `compute()`'s, kept only if still nothing was committed when it is done.
    func kept<T: Sendable>(_ name: String, asOf commits: Int, compute: () throws -> T) rethrows -> T {
        let kept = state.withLock { state -> T? in
            guard let figures = state.figures, figures.commits == commits, commits == state.commits else { return nil }
            return figures.values[name] as? T
        }
        if let kept { return kept }
        let value = try compute()
        state.withLock { state in
            guard commits == state.commits else { return }
            if state.figures?.commits != commits { state.figures = (commits, [:]) }
            state.figures?.values[name] = value
        }
        return value
    }

    /// `kept(name:)` for one of several keys: the last `KeptFigures.recent` keys' figures named
    /// `name` are kept, the latest first.
    func keptRecent<Key: Hashable & Sendable, T: Sendable>(
        _ name: String, key: Key, asOf commits: Int, compute: () throws -> T
    ) rethrows -> T {
        let recent = state.withLock { state -> RecentFigures<Key, T>? in
            guard let figures = state.figures, figures.commits == commits, commits == state.commits else { return nil }
            return figures.values[name] as? RecentFigures<Key, T>
        }
        if let value = recent?.entries.first(where: { $0.key == key })?.value { return value }
        let value = try compute()
        state.withLock { state in
            guard commits == state.commits else { return }
            if state.figures?.commits != commits { state.figures = (commits, [:]) }
            var kept = state.figures?.values[name] as? RecentFigures<Key, T> ?? RecentFigures(entries: [])
            kept.entries.removeAll { $0.key == key }
            kept.entries = Array(([(key, value)] + kept.entries).prefix(KeptFigures.recent))
            state.figures?.values[name] = kept
        }
        return value
    }

    /// Another connection's commits, as the writer's `PRAGMA data_version` shows them.
    func noticeOutsideVersion(_ version: Int) {
        state.withLock { state in
            if let seen = state.outsideVersion, seen != version { state.commits += 1 }
            state.outsideVersion = version
        }
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
    func databaseDidChange(with event: DatabaseEvent) {}
    func databaseDidCommit(_ db: Database) { state.withLock { $0.commits += 1 } }
    func databaseDidRollback(_ db: Database) {}
}

/// The figures of one name by key, the latest first (`keptRecent`).
private struct RecentFigures<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    var entries: [(key: Key, value: Value)]
}

extension SQLiteRepositories: FigureKeeping {
    /// `compute()` for `key`, kept with the last few of `name` until the next commit in the app
    /// (a pool); computed each time in a command. Inside a `readingTogether` block, as `keptUntilNextCommit`.
    public func keptRecent<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, key: Key, compute: () throws -> Value
    ) throws -> Value {
        guard let derived else { return try compute() }
        return try derived.keptRecent(name, key: key, asOf: pins.currentStamp() ?? derived.commits, compute: compute)
    }
}

extension StoreConnection {
    /// `compute()`, kept until the next commit in the app (a pool), computed each time in a command.
    /// Inside a `readingTogether` block, of the data as the block began, before its snapshot.
    func keptUntilNextCommit<T: Sendable>(_ name: String, compute: () throws -> T) throws -> T {
        guard let derived else { return try compute() }
        return try derived.kept(name, asOf: pins.currentStamp() ?? derived.commits, compute: compute)
    }
}

extension SQLiteRepositories: DayTargetsCaching {
    /// The app's memo (a pool: the full-screen app); commands keep nothing. Inside a
    /// `readingTogether` block, the memo of the data as the block began, before its snapshot.
    public func dayTargetsMemo() -> DayTargetsMemo? {
        guard let derived else { return nil }
        return derived.memo(asOf: pins.currentStamp() ?? derived.commits)
    }
}
