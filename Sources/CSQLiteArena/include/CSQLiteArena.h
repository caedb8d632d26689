#ifndef CSQLITEARENA_H
#define CSQLITEARENA_H

/// Makes SQLite allocate from an arena that is never freed, for a process that opens a database,
/// reads a little and ends (`bodii today`, `bodii search`): no malloc or free for each of the
/// thousands of small objects SQLite makes (the schema alone is ~10,000) and none freed at close.
/// Past 64 MB, and for any block over 256 KB, the system allocator is used as usual.
/// Only possible before SQLite initializes (the process's first connection): returns 0
/// (SQLITE_OK) when installed, non-zero when SQLite had started already.
int bodii_sqlite3_use_arena(void);

#endif
