import BodiiStore
import CSQLiteSession
import Foundation

/// Records each write transaction of Bodii's writer connection as an SQLite changeset: installed on
/// the store's write path (`SQLiteRepositories.installWriteRecorder`) when the database syncs. A
/// session is attached to the synced tables when the transaction starts; before it commits, the
/// changeset goes to `sync_outbox` with its clock, and the clock tables learn what changed — all in
/// that transaction, so a crash loses neither half. Changes applied from other devices go through
/// `ChangeApplier` on a connection with no session: never recorded as this device's.
final class SessionRecorder: WriteTransactionRecorder {
    let tables: [String]

    init(tables: [String]) {
        self.tables = tables
    }

    func begin(_ connection: SyncConnection) throws -> (any WriteTransactionRecording)? {
        guard let handle = connection.handle else { return nil }
        // A restored backup or a copy of this file: its new rows must not take the original's ids.
        try connection.separateFromCopies()
        var session: OpaquePointer?
        let created = sqlite3session_create(handle, "main", &session)
        guard created == SQLITE_OK, let session else { throw ChangesetError.sqlite("sqlite3session_create", created) }
        for table in tables {
            let attached = sqlite3session_attach(session, table)
            guard attached == SQLITE_OK else {
                sqlite3session_delete(session)
                throw ChangesetError.sqlite("sqlite3session_attach(\(table))", attached)
            }
        }
        return SessionRecording(session: session)
    }
}

/// One transaction's session.
final class SessionRecording: WriteTransactionRecording {
    private var session: OpaquePointer?

    init(session: OpaquePointer) {
        self.session = session
    }

    deinit { discard() }

    func end(_ connection: SyncConnection) throws {
        guard let session else { return }
        defer { discard() }
        let bytes = try Self.changeset(of: session)
        guard !bytes.isEmpty else { return }
        try Outbox.record(bytes, connection)
    }

    func discard() {
        if let session { sqlite3session_delete(session) }
        session = nil
    }

    static func changeset(of session: OpaquePointer) throws -> [UInt8] {
        var size: Int32 = 0
        var buffer: UnsafeMutableRawPointer?
        let made = sqlite3session_changeset(session, &size, &buffer)
        defer { sqlite3_free(buffer) }
        guard made == SQLITE_OK else { throw ChangesetError.sqlite("sqlite3session_changeset", made) }
        guard let buffer, size > 0 else { return [] }
        return [UInt8](UnsafeRawBufferPointer(start: buffer, count: Int(size)))
    }
}

/// This device's recorded changesets waiting to be written to a file.
enum Outbox {
    /// Stores a local changeset with a new clock, and updates the clock tables: an INSERT starts a
    /// new incarnation of the row (odd causal length) and stamps every cell, an UPDATE stamps the
    /// cells it changed, a DELETE ends the incarnation (even length, the tombstone).
    /// `baseline`: rows sync already knows are marked 0 (ignored everywhere): a first `join`
    /// records the rows that were here before, not the ones that just arrived.
    static func record(_ bytes: [UInt8], baseline: Bool = false, _ connection: SyncConnection) throws {
        guard let device = try connection.configuredDevice() else { return }
        let hlc = try ClockTables.nextClock(connection)
        var lengths: [Int64] = []
        try Changeset.forEach(bytes) { change in
            let key = change.key
            // A shipped catalog food or serving: the same on every machine, not sync's.
            guard try TableRows.isSynced(change, connection) else {
                lengths.append(0)
                return
            }
            let current = try ClockTables.length(change.table, key, connection)
            if baseline && current > 0 {
                lengths.append(0)
                return
            }
            let length: Int64
            switch change.operation {
            case .insert, .update: length = current % 2 == 1 ? current : current + 1
            case .delete: length = current % 2 == 1 ? current + 1 : current + 2
            }
            let clock = CellClock(length: length, hlc: hlc, device: device)
            if change.operation != .update {
                try connection.setRowClock(clock.stored, change.table, key)
            } else {
                // A row sync never saw (here before sync, not in a baseline) starts at the oldest clock.
                if length != current {
                    try connection.setRowClock(SyncClockValue(length: length, hlc: 0, device: 0), change.table, key)
                }
                try connection.setCellClocks(TableRows.factColumns(change, connection), to: clock.stored, change.table, key)
            }
            lengths.append(length)
        }
        // A baseline of rows that all arrived from the others has nothing to send.
        guard lengths.contains(where: { $0 > 0 }) else { return }
        guard bytes.count > entryLimit else {
            try connection.addToOutbox(hlc: hlc, changeset: bytes, lengths: LengthList.encode(lengths))
            return
        }
        // A large transaction becomes several entries of one clock, so files stay small (SyncFile.sizeLimit).
        let pieces = try ChangesetSplitter.split(bytes, limit: entryLimit)
        guard pieces.reduce(0, { $0 + $1.changes }) == lengths.count else {
            throw ChangesetError.sqlite("changeset split", SQLITE_CORRUPT)
        }
        var first = 0
        for piece in pieces {
            let slice = Array(lengths[first..<first + piece.changes])
            first += piece.changes
            guard slice.contains(where: { $0 > 0 }) else { continue }
            try connection.addToOutbox(hlc: hlc, changeset: piece.bytes, lengths: LengthList.encode(slice))
        }
    }

    /// The largest changeset one entry holds (a larger one is cut between changes).
    static let entryLimit = 1 << 20
}

/// A list of causal lengths as little-endian 64-bit integers.
enum LengthList {
    static func encode(_ lengths: [Int64]) -> Data {
        var data = Data(capacity: lengths.count * 8)
        for length in lengths { withUnsafeBytes(of: length.littleEndian) { data.append(contentsOf: $0) } }
        return data
    }

    static func decode(_ data: Data) -> [Int64]? {
        guard data.count % 8 == 0 else { return nil }
        return stride(from: 0, to: data.count, by: 8).map { offset in
            data[data.startIndex + offset..<data.startIndex + offset + 8].reversed().reduce(Int64(0)) { $0 << 8 | Int64($1) }
        }
    }
}
