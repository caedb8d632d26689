import CSQLiteConfig
import GRDB
import GRDBSQLite

/// SQLite set up for a process that mostly opens, reads a little, and ends (`bodii today`,
/// `bodii search`): what the library does by default that such a process pays for and never uses.
enum SQLiteProcessSetup {
    /// Memory statistics off, once, before the first connection (see `CSQLiteConfig.h`): about
    /// 1 M instructions of mutexes in `bodii today --json`. Later calls, and a process where
    /// SQLite already started (a test run), change nothing.
    static let done: Bool = bodii_sqlite3_disable_memory_statistics() == SQLITE_OK
}

extension Database {
    /// Takes GRDB's statement authorizer off a connection that only reads, for the rest of its
    /// life. GRDB calls it while SQLite compiles a statement, once per column named, to record the
    /// tables and columns read (for observation), DDL (for its schema cache) and transaction
    /// statements (for transaction observers). A connection that never writes has none of these:
    /// Bodii observes nothing, a reading connection never changes the schema, and its
    /// transactions have no observers. The calls cost ~15 k instructions a column, about an
    /// eighth of `bodii today --json`.
    ///
    /// Call it from `Configuration.prepareDatabase`: GRDB sets its authorizer just before, and
    /// changing the authorizer expires statements already prepared (SQLite prepares them again).
    func stopAuthorizingStatements() {
        sqlite3_set_authorizer(sqliteConnection, nil, nil)
    }
}
