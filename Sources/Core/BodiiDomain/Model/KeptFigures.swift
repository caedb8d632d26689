/// A store that keeps what a screen read until something is written (by this process or, once
/// noticed, another): a person going back to a tab, range or period they just saw gets it without
/// a read of the years behind it. Commands keep nothing.
public protocol FigureKeeping {
    /// `compute()` for `key`, kept with the last few (`KeptFigures.recent`) figures named `name`
    /// while nothing is written.
    func keptRecent<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, key: Key, compute: () throws -> Value
    ) throws -> Value
}

public enum KeptFigures {
    /// How many figures of one name are kept: a tab's ranges or a step back and forth, not its history.
    public static let recent = 4

    /// `compute()`, kept by `source` when it keeps figures (the app's store), else computed.
    public static func kept<Key: Hashable & Sendable, Value: Sendable>(
        _ name: String, key: Key, by source: Any, compute: () throws -> Value
    ) throws -> Value {
        guard let keeper = source as? any FigureKeeping else { return try compute() }
        return try keeper.keptRecent(name, key: key, compute: compute)
    }
}
