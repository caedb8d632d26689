import Foundation
import GRDB

/// Which value of a cell is newer: causal length first (a delete or re-insert outranks every
/// write of an earlier incarnation of the row), then the hybrid logical clock, then the device
/// number (ties between two devices writing in the same millisecond and counter).
struct CellClock: Comparable {
    let length: Int64
    let hlc: Int64
    let device: Int64

    static func < (a: CellClock, b: CellClock) -> Bool {
        (a.length, a.hlc, a.device) < (b.length, b.hlc, b.device)
    }
}

/// Sync's bookkeeping tables (created by migration v16, see Schema+Sync.swift).
enum ClockTables {
    // MARK: Device and clock

    static func device(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT device FROM sync_state WHERE id = 1")
    }

    static func setDevice(_ device: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET device = ? WHERE id = 1", arguments: [device])
    }

    /// The next hybrid logical clock: milliseconds since 1970 shifted left 16 bits (a counter in
    /// the low bits), never below the last one handed out or seen plus one.
    static func nextClock(_ db: Database, now: Date = Date()) throws -> Int64 {
        let last = try Int64.fetchOne(db, sql: "SELECT hlc FROM sync_state WHERE id = 1") ?? 0
        let wall = Int64(max(0, min(now.timeIntervalSince1970 * 1000, 9e12))) << 16
        let next = max(wall, last + 1)
        try db.execute(sql: "UPDATE sync_state SET hlc = ? WHERE id = 1", arguments: [next])
        return next
    }

    /// Moves the clock past one seen from another device.
    static func observe(_ hlc: Int64, _ db: Database) throws {
        try db.execute(sql: "UPDATE sync_state SET hlc = max(hlc, ?) WHERE id = 1", arguments: [hlc])
    }

    // MARK: Rows and cells

    /// The row's causal length (0: never seen by sync).
    static func length(_ table: String, _ key: String, _ db: Database) throws -> Int64 {
        try row(table, key, db)?.length ?? 0
    }

    /// Starts a new incarnation (or a tombstone) of the row: its clock is every column's, until
    /// a later change of one column. Cells of an earlier incarnation go.
    static func setRow(_ clock: CellClock, _ table: String, _ key: String, _ db: Database) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO sync_row (tbl, pk, cl, hlc, device) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [table, key, clock.length, clock.hlc, clock.device])
        try db.cachedStatement(sql: "DELETE FROM sync_cell WHERE tbl = ? AND pk = ?").execute(arguments: [table, key])
    }

    /// The row's clock (nil: never seen by sync).
    static func row(_ table: String, _ key: String, _ db: Database) throws -> CellClock? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT cl, hlc, device FROM sync_row WHERE tbl = ? AND pk = ?"), arguments: [table, key]
        ).map { CellClock(length: $0[0], hlc: $0[1], device: $0[2]) }
    }

    /// The clocks of the row's cells changed since its incarnation began, by column index.
    static func cells(_ table: String, _ key: String, _ db: Database) throws -> [Int: CellClock] {
        var result: [Int: CellClock] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT col, cl, hlc, device FROM sync_cell WHERE tbl = ? AND pk = ?"), arguments: [table, key])
        {
            result[row[0]] = CellClock(length: row[1], hlc: row[2], device: row[3])
        }
        return result
    }

    static func setCells(_ columns: [Int], to clock: CellClock, _ table: String, _ key: String, _ db: Database) throws {
        let statement = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO sync_cell (tbl, pk, col, cl, hlc, device) VALUES (?, ?, ?, ?, ?, ?)")
        for column in columns {
            try statement.execute(arguments: [table, key, column, clock.length, clock.hlc, clock.device])
        }
    }

    // MARK: Files applied

    /// Per other device, the last file sequence applied here.
    static func applied(_ db: Database) throws -> [Int64: Int64] {
        var result: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT device, seq FROM sync_applied") { result[row[0]] = row[1] }
        return result
    }

    static func setApplied(device: Int64, seq: Int64, hlc: Int64, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sync_applied (device, seq, hlc) VALUES (?, ?, ?)", arguments: [device, seq, hlc])
    }
}
