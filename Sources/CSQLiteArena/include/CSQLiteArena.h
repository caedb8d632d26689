#ifndef CSQLITEARENA_H
#define CSQLITEARENA_H

/// Makes SQLite allocate from a pooled arena, for a process that opens a database, reads a little
/// and ends (`bodii today`, `bodii search`): the thousands of small objects SQLite makes (the
/// schema alone is ~10,000) cost a bump or a pop from a free list instead of malloc and free, and
/// the arena is never given back to the system (closing frees nothing there). Blocks over 256 KB,
/// and all blocks once the arena holds 64 MB, come from the system allocator as usual. Page caches
/// start without their 20-page slab (SQLITE_CONFIG_PAGECACHE), which such a process never fills.
/// Only possible before SQLite initializes (the process's first connection): returns 0
/// (SQLITE_OK) when installed, non-zero when SQLite had started already.
int bodii_sqlite3_use_arena(void);

#endif
