import Foundation
import GRDB

/// A value of a column as sync carries it (a changeset's value, a row's cell).
public enum SyncValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)

    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let int): self = .integer(int)
        case .double(let double): self = .real(double)
        case .string(let string): self = .text(string)
        case .blob(let data): self = .blob(data)
        }
    }

    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let int): int.databaseValue
        case .real(let double): double.databaseValue
        case .text(let string): string.databaseValue
        case .blob(let data): data.databaseValue
        }
    }
}

/// A row's or a cell's clock as the clock tables keep it: causal length, hybrid logical clock,
/// device. BodiiSync orders them (the conflict rule).
public struct SyncClockValue: Sendable, Equatable {
    public let length: Int64
    public let hlc: Int64
    public let device: Int64

    public init(length: Int64, hlc: Int64, device: Int64) {
        self.length = length
        self.hlc = hlc
        self.device = device
    }
}

/// The writer's connection as BodiiSync gets it (ARCHITECTURE.md: SQL lives in BodiiStore): its
/// raw SQLite handle for the session extension's C calls, and every query sync needs — the
/// bookkeeping tables of migration v16 (`SyncBookkeeping`), the rows a change is about
/// (`SyncTableRows`), transactions and derived state.
public struct SyncConnection {
    let db: Database

    /// The raw `sqlite3*` handle, for `sqlite3session_*` and `sqlite3changeset_apply_v2`.
    public var handle: OpaquePointer? { db.sqliteConnection }

    /// `body` in one IMMEDIATE transaction: committed when it returns, rolled back when it throws.
    public func inTransaction(_ body: () throws -> Void) throws {
        try db.inTransaction(.immediate) {
            try body()
            return .commit
        }
    }

    /// Recomputes what is derived from the synced facts, inside the caller's transaction.
    public func recomputeDerivedState() throws {
        try DerivedState.recompute(db)
    }
}

extension BodiiDatabase {
    /// The writer's connection outside any transaction, for BodiiSync (applying another device's
    /// changes, which must not be recorded as this device's).
    public func withSyncConnection<T>(_ body: (SyncConnection) throws -> T) throws -> T {
        try pool.writeWithoutTransaction { db in try body(SyncConnection(db: db)) }
    }
}

extension BodiiDatabase {
    /// The same connection's queries for reading only (`sync status`): works on a database opened
    /// read-only, which is never created or changed.
    public func withSyncReading<T>(_ body: (SyncConnection) throws -> T) throws -> T {
        try pool.read { db in try body(SyncConnection(db: db)) }
    }
}
