import BodiiStore
import CSQLiteSession
import Foundation

/// The rows that were here before sync: recorded once, at `init` or `join`, as INSERTs in the
/// outbox, so data from before sync travels too (the shipped catalog's rows do not).
/// `sqlite3session_diff` against an empty attached copy of each table makes the changeset (the
/// copy holds the catalog's rows, so they are no change); rows sync already knows (just applied
/// from the others on `join`) are marked to be ignored (see `Outbox.record`).
enum Baseline {
    /// Records the rows of `tables`, one table at a time (a 10-year history is tens of MB: one
    /// changeset of every table would be held whole, and then once more).
    static func record(_ database: BodiiDatabase, tables: [String]) throws {
        try database.withSyncConnection { connection in
            try connection.attachEmptyCopies(of: tables, as: "sync_empty")
            defer { try? connection.detach("sync_empty") }
            try connection.inTransaction {
                guard let handle = connection.handle else { throw ChangesetError.sqlite("connection", SQLITE_MISUSE) }
                for table in tables {
                    var session: OpaquePointer?
                    let created = sqlite3session_create(handle, "main", &session)
                    guard created == SQLITE_OK, let session else { throw ChangesetError.sqlite("sqlite3session_create", created) }
                    defer { sqlite3session_delete(session) }
                    guard sqlite3session_attach(session, table) == SQLITE_OK else { continue }
                    var message: UnsafeMutablePointer<CChar>?
                    let diffed = sqlite3session_diff(session, "sync_empty", table, &message)
                    sqlite3_free(message)
                    guard diffed == SQLITE_OK else { throw ChangesetError.sqlite("sqlite3session_diff(\(table))", diffed) }
                    let bytes = try SessionRecording.changeset(of: session)
                    if !bytes.isEmpty { try Outbox.record(bytes, baseline: true, connection) }
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
