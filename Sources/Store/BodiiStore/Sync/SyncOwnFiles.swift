import Foundation
import GRDB

/// The bookkeeping of this device's own files (sync_state's `next_seq`, the outbox's chosen
/// sequence): what a writer needs to tell its own files from those a restored backup or a copy
/// of this database wrote under the same device number.
extension SyncConnection {
    /// The next file sequence this device will hand out.
    public func nextSequence() throws -> Int64 {
        try Int64.fetchOne(db, sql: "SELECT next_seq FROM sync_state WHERE id = 1") ?? 1
    }

    /// The sequence the outbox's next file was given (by a run that stopped before removing its
    /// entries), nil when no entry has one.
    public func chosenOutboxSequence() throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT MIN(seq) FROM sync_outbox")
    }

    /// The files up to `seq` are this device's now (written here, or adopted): the next one
    /// written is after them. Entries that had been given one of those numbers wait for a new one.
    public func passOwnFiles(through seq: Int64) throws {
        try db.execute(sql: "UPDATE sync_state SET next_seq = max(next_seq, ? + 1) WHERE id = 1", arguments: [seq])
        try db.execute(sql: "UPDATE sync_outbox SET seq = NULL WHERE seq <= ?", arguments: [seq])
    }

    /// Drops waiting outbox entries that an adopted file of this device holds already (a backup
    /// taken before they were written, restored after): sending them twice would change nothing.
    public func dropFromOutbox(hlc: Int64, changeset: [UInt8]) throws {
        try db.execute(
            sql: "DELETE FROM sync_outbox WHERE seq IS NULL AND hlc = ? AND changeset = ?", arguments: [hlc, Data(changeset)])
    }
}

extension SyncConnection {
    /// The outbox entries given the file number `seq`, nil when none was.
    public func outboxEntries(chosenFor seq: Int64) throws -> [OutboxEntry]? {
        let entries = try Row.fetchAll(
            db, sql: "SELECT hlc, changeset, lengths FROM sync_outbox WHERE seq = ? ORDER BY id", arguments: [seq]
        ).map { row in OutboxEntry(hlc: row[0], changeset: [UInt8](row[1] as Data), lengths: row[2]) }
        return entries.isEmpty ? nil : entries
    }
}
