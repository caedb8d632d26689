import CSQLiteArena
import CSQLiteConfig
import GRDB
import GRDBSQLite
import Synchronization

/// SQLite set up for a process that mostly opens, reads a little, and ends (`bodii today`,
/// `bodii search`): what the library does by default that such a process pays for and never uses.
/// Only possible before SQLite starts (the process's first connection); later calls, and a process
/// where SQLite started already (a test run), change nothing.
public enum SQLiteProcessSetup {
    private static let started = Mutex(false)

    /// Memory statistics off (see `CSQLiteConfig.h`; ~1.8 M instructions of mutexes in
    /// `bodii today --json`), and for a process that only reads, the pooled arena of
    /// `CSQLiteArena.h` (~2 M instructions of malloc and free, the schema's freeing at close among
    /// them; its size classes and the page caches' missing slab save ~130 page faults).
    public static func prepare(onlyReading: Bool) {
        started.withLock { started in
            guard !started else { return }
            started = true
            _ = bodii_sqlite3_disable_memory_statistics()
            if onlyReading { _ = bodii_sqlite3_use_arena() }
        }
    }
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
