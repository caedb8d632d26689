import GRDB

enum FastingMigrations: MigrationSQL {
    /// v22 (issue 47): fasts — start, end (NULL while on) and the goal in hours, dated by the day
    /// they started. No UNIQUE index for "one fast on": two machines may each start one offline,
    /// and the later start is the one on (`FastStore.currentFast`).
    static func fastingV22(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE fast (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    started_at TEXT NOT NULL,
                    ended_at TEXT,
                    goal_hours REAL NOT NULL CHECK (goal_hours > 0 AND goal_hours <= 168),
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
                );
                CREATE INDEX fast_date ON fast(date);
                CREATE INDEX fast_open ON fast(started_at) WHERE ended_at IS NULL;
                CREATE UNIQUE INDEX fast_external ON fast(source, external_id) WHERE external_id IS NOT NULL;
                """)
        try FiniteGuards.install(db, migration: "v22")
    }
}
