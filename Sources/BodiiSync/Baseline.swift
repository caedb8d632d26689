import BodiiStore
import CSQLiteSession
import Foundation
import GRDB

/// The rows that were here before sync: recorded once, at `init` or `join`, as INSERTs in the
/// outbox, so data from before sync travels too (the shipped catalog's rows do not). `sqlite3session_diff` against an empty attached
/// copy of each table makes the changeset; rows sync already knows (just applied from the others
/// on `join`) are marked to be ignored (see `Outbox.record`).
enum Baseline {
    static func record(_ database: BodiiDatabase, tables: [String]) throws {
        try database.withWriterConnection { db in
            try db.execute(sql: "ATTACH DATABASE ':memory:' AS sync_empty")
            defer { try? db.execute(sql: "DETACH DATABASE sync_empty") }
            for table in tables {
                guard
                    let sql = try String.fetchOne(
                        db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
                    let open = sql.firstIndex(of: "(")
                else { continue }
                try db.execute(sql: "CREATE TABLE sync_empty.\(table.quotedDatabaseIdentifier) " + sql[open...])
                // Rows that are not sync's (the shipped catalog) are in the copy too: no change for them.
                if let filter = SyncedTables.table(named: table)?.rows {
                    let name = table.quotedDatabaseIdentifier
                    try db.execute(sql: "INSERT INTO sync_empty.\(name) SELECT * FROM main.\(name) WHERE NOT (\(filter))")
                }
            }
            try db.inTransaction(.immediate) {
                guard let connection = db.sqliteConnection else { return .rollback }
                var session: OpaquePointer?
                let created = sqlite3session_create(connection, "main", &session)
                guard created == SQLITE_OK, let session else { throw ChangesetError.sqlite("sqlite3session_create", created) }
                defer { sqlite3session_delete(session) }
                for table in tables {
                    guard sqlite3session_attach(session, table) == SQLITE_OK else { continue }
                    var message: UnsafeMutablePointer<CChar>?
                    let diffed = sqlite3session_diff(session, "sync_empty", table, &message)
                    sqlite3_free(message)
                    guard diffed == SQLITE_OK else { throw ChangesetError.sqlite("sqlite3session_diff(\(table))", diffed) }
                }
                let bytes = try SessionRecording.changeset(of: session)
                if !bytes.isEmpty { try Outbox.record(bytes, baseline: true, db) }
                return .commit
            }
        }
    }
}
