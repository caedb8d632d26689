// SQLite's session extension (sqlite.org/sessionintro.html) for BodiiSync. Debian's libsqlite3
// is built with it, but sqlite3.h declares the functions only when these macros are defined.
// The same libsqlite3.so that GRDB links (GRDBSQLite on Linux), so a `sqlite3 *` from
// `Database.sqliteConnection` is the handle these functions expect.
#define SQLITE_ENABLE_SESSION 1
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#include <sqlite3.h>
