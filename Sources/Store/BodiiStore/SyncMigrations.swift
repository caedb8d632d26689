import GRDB

enum SyncMigrations: MigrationSQL {
    /// Sync's bookkeeping (PRODUCT.md §14, BodiiSync): none of these tables is itself synced.
    /// - `sync_state`: one row — this device's number (nil: sync not configured), its hybrid
    ///   logical clock (the last one handed out or seen) and the next file sequence to write.
    /// - `sync_outbox`: each recorded write transaction's changeset with its clock and the causal
    ///   length of each change, until written to a file (`seq` is set first, in a transaction,
    ///   then the file is written, then the rows go: a crash in between rewrites the same file).
    /// - `sync_row`: per synced row (table, primary key as text) its causal length: odd alive,
    ///   even deleted (the tombstone); a delete or re-insert raises it.
    /// - `sync_cell`: per (row, column) changed since, the clock of the value it holds: causal
    ///   length, hybrid logical clock and device, compared in that order (the cr-sqlite model). A
    ///   column without a row here has the row's clock (an insert stamps every column at once:
    ///   one row instead of forty).
    /// - `sync_applied`: per other device, the last file sequence applied here.
    static func syncV16(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_state (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    device INTEGER,
                    hlc INTEGER NOT NULL DEFAULT 0,
                    next_seq INTEGER NOT NULL DEFAULT 1
                );
                INSERT INTO sync_state (id) VALUES (1);
                CREATE TABLE sync_outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    hlc INTEGER NOT NULL,
                    changeset BLOB NOT NULL,
                    lengths BLOB NOT NULL,
                    seq INTEGER  -- the file it goes to, once chosen (written, then deleted)
                );
                CREATE TABLE sync_row (
                    tbl TEXT NOT NULL,
                    pk TEXT NOT NULL,
                    cl INTEGER NOT NULL,
                    hlc INTEGER NOT NULL,     -- the clock of the insert or delete that began the
                    device INTEGER NOT NULL,  -- incarnation: every cell's clock unless sync_cell says
                    PRIMARY KEY (tbl, pk)
                ) WITHOUT ROWID;
                CREATE TABLE sync_cell (
                    tbl TEXT NOT NULL,
                    pk TEXT NOT NULL,
                    col INTEGER NOT NULL,
                    cl INTEGER NOT NULL,
                    hlc INTEGER NOT NULL,
                    device INTEGER NOT NULL,
                    PRIMARY KEY (tbl, pk, col)
                ) WITHOUT ROWID;
                CREATE TABLE sync_applied (
                    device INTEGER PRIMARY KEY,
                    seq INTEGER NOT NULL,
                    hlc INTEGER NOT NULL
                );
                """)
        // Every numeric column refuses NaN and infinities, these too (see FiniteGuards).
        try FiniteGuards.installLegacyTriggers(db)
    }
}
