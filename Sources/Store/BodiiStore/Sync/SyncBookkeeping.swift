import Foundation
import GRDB

/// The queries of sync's bookkeeping tables (migration v16, SyncMigrations.swift): device and clock,
/// row and cell clocks, the outbox, the files applied.
extension SyncConnection {
    // MARK: Device and clock

    /// The device number sync is configured with; nil before `init`/`join`.
    public func configuredDevice() throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT device FROM sync_state WHERE id = 1")
    }

    public func setConfiguredDevice(_ device: Int64) throws {
        try db.execute(sql: "UPDATE sync_state SET device = ? WHERE id = 1", arguments: [device])
    }

    /// The last hybrid logical clock handed out or seen.
    public func lastClock() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT hlc FROM sync_state WHERE id = 1") ?? 0
    }

    /// Moves the clock to at least `hlc`.
    public func raiseClock(to hlc: Int64) throws {
        try db.execute(sql: "UPDATE sync_state SET hlc = max(hlc, ?) WHERE id = 1", arguments: [hlc])
    }

    // MARK: Rows and cells

    /// The row's clock (nil: never seen by sync).
    public func rowClock(_ table: String, _ key: String) throws -> SyncClockValue? {
        try Row.fetchOne(
            db.cachedStatement(sql: "SELECT cl, hlc, device FROM sync_row WHERE tbl = ? AND pk = ?"), arguments: [table, key]
        ).map { SyncClockValue(length: $0[0], hlc: $0[1], device: $0[2]) }
    }

    /// Starts a new incarnation (or a tombstone) of the row; cells of an earlier one go.
    public func setRowClock(_ clock: SyncClockValue, _ table: String, _ key: String) throws {
        try db.cachedStatement(sql: "INSERT OR REPLACE INTO sync_row (tbl, pk, cl, hlc, device) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [table, key, clock.length, clock.hlc, clock.device])
        try db.cachedStatement(sql: "DELETE FROM sync_cell WHERE tbl = ? AND pk = ?").execute(arguments: [table, key])
    }

    /// The clocks of the row's cells changed since its incarnation began, by column index.
    public func cellClocks(_ table: String, _ key: String) throws -> [Int: SyncClockValue] {
        var result: [Int: SyncClockValue] = [:]
        for row in try Row.fetchAll(
            db.cachedStatement(sql: "SELECT col, cl, hlc, device FROM sync_cell WHERE tbl = ? AND pk = ?"), arguments: [table, key])
        {
            result[row[0]] = SyncClockValue(length: row[1], hlc: row[2], device: row[3])
        }
        return result
    }

    public func setCellClocks(_ columns: [Int], to clock: SyncClockValue, _ table: String, _ key: String) throws {
        let statement = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO sync_cell (tbl, pk, col, cl, hlc, device) VALUES (?, ?, ?, ?, ?, ?)")
        for column in columns {
            try statement.execute(arguments: [table, key, column, clock.length, clock.hlc, clock.device])
        }
    }

    // MARK: Files applied

    /// Per other device, the last file sequence applied here.
    public func appliedFiles() throws -> [Int64: Int64] {
        var result: [Int64: Int64] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT device, seq FROM sync_applied") { result[row[0]] = row[1] }
        return result
    }

    public func setApplied(device: Int64, seq: Int64, hlc: Int64) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO sync_applied (device, seq, hlc) VALUES (?, ?, ?)", arguments: [device, seq, hlc])
    }

    // MARK: Outbox

    /// One recorded transaction waiting to be written to a file.
    public struct OutboxEntry: Sendable {
        public let hlc: Int64
        public let changeset: [UInt8]
        public let lengths: Data
    }

    public func addToOutbox(hlc: Int64, changeset: [UInt8], lengths: Data) throws {
        try db.execute(
            sql: "INSERT INTO sync_outbox (hlc, changeset, lengths) VALUES (?, ?, ?)", arguments: [hlc, Data(changeset), lengths])
    }

    public func outboxCount() throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_outbox") ?? 0
    }

    /// The outbox's next file, in one transaction: the entries a crashed run gave a sequence
    /// already, or else the oldest entries whose changesets and lengths fit in `maxBytes` (at least
    /// one), given the next sequence now. Nil when the outbox is empty.
    public func nextOutboxFile(maxBytes: Int) throws -> (seq: Int64, entries: [OutboxEntry], applied: [Int64: Int64])? {
        var result: (Int64, [OutboxEntry], [Int64: Int64])?
        try inTransaction {
            var seq = try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM sync_outbox")
            if seq == nil {
                guard try outboxCount() > 0 else { return }
                seq = try Int64.fetchOne(db, sql: "SELECT next_seq FROM sync_state WHERE id = 1")
                try db.execute(
                    sql: """
                        UPDATE sync_outbox SET seq = ? WHERE id IN (
                            SELECT id FROM (
                                SELECT id, SUM(length(changeset) + length(lengths)) OVER (ORDER BY id) AS total,
                                       ROW_NUMBER() OVER (ORDER BY id) AS n
                                FROM sync_outbox WHERE seq IS NULL)
                            WHERE total <= ? OR n = 1)
                        """, arguments: [seq, maxBytes])
                try db.execute(sql: "UPDATE sync_state SET next_seq = next_seq + 1 WHERE id = 1")
            }
            guard let seq else { return }
            result = (seq, try outboxEntries(chosenFor: seq) ?? [], try appliedFiles())
        }
        return result
    }

    /// The file `seq` is written: its entries go.
    public func removeFromOutbox(seq: Int64) throws {
        try db.execute(sql: "DELETE FROM sync_outbox WHERE seq = ?", arguments: [seq])
    }
}
