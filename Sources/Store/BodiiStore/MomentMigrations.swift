import GRDB

enum MomentMigrations: MigrationSQL {
    /// v24 (issue 47 item 3): moments — what happened, its `+tags` (space-separated, lower case)
    /// and an optional 1–5 feeling, many a day, each with its time.
    static func momentsV24(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE moment (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    at TEXT NOT NULL,
                    text TEXT NOT NULL CHECK (length(text) <= 200),
                    tags TEXT NOT NULL DEFAULT '' CHECK (length(tags) <= 400 AND tags = trim(tags)),
                    feeling INTEGER CHECK (feeling IS NULL OR feeling BETWEEN 1 AND 5),
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256),
                    CHECK (text <> '' OR tags <> '')
                );
                CREATE INDEX moment_date ON moment(date);
                CREATE UNIQUE INDEX moment_external ON moment(source, external_id) WHERE external_id IS NOT NULL;
                """)
        try FiniteGuards.install(db, migration: "v24")
    }
}
