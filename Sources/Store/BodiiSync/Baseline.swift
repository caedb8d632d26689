import BodiiStore
import CSQLiteSession
import Foundation

/// The rows that were here before sync: recorded once, at `init` or `join`, as INSERTs in the
/// outbox, so data from before sync travels too (the shipped catalog's rows do not). Each table's
/// synced rows are copied, `chunkRows` at a time, into an empty in-memory copy of the table under
/// a session on that copy: its changeset is the chunk's INSERTs, named by the table alone, so
/// they apply to the table on every machine. Memory holds one chunk, whatever the history's
/// length (issue 48: diffing whole tables against a copy that held the catalog took 96 MB for
/// ten years). Rows sync already knows (just applied from the others on `join`) are marked to be
/// ignored (see `Outbox.record`).
enum Baseline {
    static let chunkRows = 2000
    private static let scratch = "sync_baseline"

    static func record(_ database: BodiiDatabase, tables: [String]) throws {
        try database.withSyncConnection { connection in
            try connection.attachScratchCopies(of: tables, as: scratch)
            defer { try? connection.detach(scratch) }
            try connection.inTransaction {
                try connection.deferForeignKeys()
                guard let handle = connection.handle else { throw ChangesetError.sqlite("connection", SQLITE_MISUSE) }
                for table in tables {
                    var offset = 0
                    while true {
                        // Emptied outside the session: its changeset holds the chunk's INSERTs alone.
                        try connection.emptyCopy(of: table, in: scratch)
                        var session: OpaquePointer?
                        let created = sqlite3session_create(handle, scratch, &session)
                        guard created == SQLITE_OK, let session else { throw ChangesetError.sqlite("sqlite3session_create", created) }
                        defer { sqlite3session_delete(session) }
                        guard sqlite3session_attach(session, table) == SQLITE_OK else { break }
                        let copied = try connection.copySyncedRows(of: table, into: scratch, offset: offset, limit: chunkRows)
                        let bytes = try SessionRecording.changeset(of: session)
                        if !bytes.isEmpty { try Outbox.record(bytes, baseline: true, connection) }
                        guard copied == chunkRows else { break }
                        offset += copied
                    }
                    try connection.emptyCopy(of: table, in: scratch)  // nothing left for the commit's key check
                }
            }
        }
    }

    /// The tables that hold rows of sync's now: on `join`, only they can hold rows from before
    /// sync once the others' files are applied (diffing the rest would read every row just
    /// applied, to find each known).
    static func tablesWithRows(_ database: BodiiDatabase, tables: [String]) throws -> [String] {
        try database.withSyncConnection { connection in try tables.filter { try connection.hasSyncedRows($0) } }
    }
}
