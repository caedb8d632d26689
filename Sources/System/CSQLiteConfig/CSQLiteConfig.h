// sqlite3_db_config is variadic, which Swift cannot call: a wrapper for each option Bodii sets.
// The same libsqlite3 that GRDB links, so `Database.sqliteConnection` is the handle it expects.
#include <sqlite3.h>

/// Turns the connection's (non-TEMP) triggers on or off for statements prepared from now on
/// (SQLITE_DBCONFIG_ENABLE_TRIGGER; SQLite expires the prepared ones). Returns the new setting,
/// 1 or 0, or -1 when SQLite refused.
static inline int bodii_sqlite3_enable_triggers(sqlite3 *db, int enabled) {
    int now = -1;
    if (sqlite3_db_config(db, SQLITE_DBCONFIG_ENABLE_TRIGGER, enabled, &now) != SQLITE_OK) return -1;
    return now;
}

/// Turns SQLite's process-wide memory statistics off (SQLITE_CONFIG_MEMSTATUS). Bodii reads none
/// of them, and keeping them takes a mutex at every allocation SQLite makes. Only possible before
/// SQLite initializes (its first connection); returns SQLITE_OK, or SQLITE_MISUSE after that.
static inline int bodii_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
