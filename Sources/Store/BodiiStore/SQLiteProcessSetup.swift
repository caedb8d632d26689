import CSQLiteConfig
import Synchronization

/// SQLite set up for a process before its first connection. Only possible before SQLite starts;
/// later calls, and a process where SQLite started already (a test run), change nothing.
enum SQLiteProcessSetup {
    private static let started = Mutex(false)

    /// Memory statistics off (see `CSQLiteConfig.h`): Bodii reads none, and keeping them takes a
    /// mutex at every allocation SQLite makes.
    static func prepare() {
        started.withLock { started in
            guard !started else { return }
            started = true
            _ = bodii_sqlite3_disable_memory_statistics()
        }
    }
}
