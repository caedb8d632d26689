import BodiiDomain
import GRDB

enum MeasurementMigrations: MigrationSQL {
    /// v21 (issue 47): body measurements — circumferences (cm), blood pressure (systolic in
    /// `value`, diastolic in `diastolic`, mmHg) and resting heart rate (bpm), one row each. The
    /// kinds are `MeasurementKind`'s raw values; the table does not list them, so a new kind needs
    /// no migration (an older Bodii keeps a newer kind's rows and shows what it knows).
    static func measurementsV21(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE body_measurement (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    kind TEXT NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
                    value REAL NOT NULL CHECK (value > 0 AND value < 1000),
                    diastolic REAL CHECK (diastolic > 0 AND diastolic < value),
                    recorded_at TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
                );
                CREATE INDEX body_measurement_date ON body_measurement(date, kind);
                CREATE UNIQUE INDEX body_measurement_external ON body_measurement(source, external_id) WHERE external_id IS NOT NULL;
                """)
        try FiniteGuards.install(db, migration: "v21")  // its numbers are guarded like every other
    }

    /// v26 (issue 45): the newest measurement of each kind, which `bodii today` and the Body tab
    /// read, is found by a look-up per kind in this index instead of a walk over every row.
    static func measurementKindIndexV26(_ db: Database) throws {
        try db.execute(sql: "CREATE INDEX body_measurement_kind ON body_measurement(kind, date)")
    }
}
