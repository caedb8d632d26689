import GRDB

/// No stored number is ever infinite (issue 23 #6): a read must never meet +Inf (SQLite keeps an
/// infinite REAL as it is; a NaN arrives as NULL, which NOT NULL refuses). Nor does an INTEGER
/// column hold what is no integer (1.5, or 1e300, which SQLite keeps as a REAL there and no
/// read can decode as an Int).
///
/// Why triggers and not CHECKs: SQLite cannot add a CHECK to a table; it would mean rebuilding
/// every table with its keys, indexes and counters in one migration. A BEFORE INSERT and a BEFORE
/// UPDATE trigger per table, generated from the schema itself, guard every numeric column (REAL
/// and INTEGER, declared now or later) with `RAISE(ABORT)`, which fails the statement like a
/// CHECK does (SQLITE_CONSTRAINT). A migration that rebuilds a table drops its triggers: it must
/// call `install` again (a store test checks that every numeric column is guarded).
enum FiniteGuards {
    /// Infinity as SQLite reads it: `abs(x) = 9e999` holds exactly for ±Inf.
    static let infinity = "9e999"

    /// The numeric columns of every table (declared REAL or INTEGER), by table.
    struct Column {
        var name: String
        var notNull: Bool
        var isInteger: Bool

        /// The SQL that is true for a value this column must never hold (`row`: "NEW." or "").
        func isBad(_ row: String) -> String {
            let value = row + FiniteGuards.quoted(name)
            return isInteger ? "(abs(\(value)) = \(infinity) OR typeof(\(value)) = 'real')" : "abs(\(value)) = \(infinity)"
        }
    }

    static func numericColumns(_ db: Database) throws -> [(table: String, columns: [Column])] {
        // Ordinary tables only: a trigger on an FTS5 shadow table recurses inside SQLite (a
        // stack overflow); the search index's own counters are bookkeeping, not values.
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM pragma_table_list
                WHERE schema = 'main' AND type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                  AND name NOT LIKE 'food\\_search\\_%' ESCAPE '\\' AND name <> 'grdb_migrations'
                ORDER BY name
                """)
        return try tables.compactMap { table in
            let columns = try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\" FROM pragma_table_info(?)", arguments: [table])
                .compactMap { row -> Column? in
                    let type: String = (row["type"] as String?)?.uppercased() ?? ""
                    guard type.contains("REAL") || type.contains("INT") else { return nil }
                    return Column(name: row["name"], notNull: row["notnull"] as Int == 1, isInteger: type.contains("INT"))
                }
            return columns.isEmpty ? nil : (table, columns)
        }
    }

    /// (Re)creates the guards of every table.
    static func install(_ db: Database) throws {
        for (table, columns) in try numericColumns(db) {
            for event in ["INSERT", "UPDATE"] {
                let name = "\(table)_finite_\(event.lowercased())"
                let test = columns.map { $0.isBad("NEW.") }.joined(separator: " OR ")
                try db.execute(
                    sql: """
                        DROP TRIGGER IF EXISTS \(quoted(name));
                        CREATE TRIGGER \(quoted(name)) BEFORE \(event) ON \(quoted(table))
                        WHEN \(test)
                        BEGIN SELECT RAISE(ABORT, 'a number in \(table) is not finite, or not whole where it must be'); END;
                        """)
            }
        }
    }

    /// Repairs what is already stored: an infinite value becomes NULL where its column allows it
    /// (and the row's other CHECKs still hold), otherwise its row is removed, with the rows that
    /// hung on it by a foreign key. Derived `daily_log` is recomputed from what is left. What was
    /// done is written to `migration_repair`, one row per column touched.
    static func repair(_ db: Database, migration: String) throws {
        try db.execute(
            sql: """
                CREATE TABLE IF NOT EXISTS migration_repair (
                    migration TEXT NOT NULL,
                    table_name TEXT NOT NULL,
                    column_name TEXT NOT NULL,
                    nulled INTEGER NOT NULL CHECK (nulled >= 0),
                    removed INTEGER NOT NULL CHECK (removed >= 0)
                );
                """)
        var touched = false
        for (table, columns) in try numericColumns(db) where table != "daily_log" && table != "migration_repair" {
            for column in columns {
                let bad = column.isBad("")
                guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(quoted(table)) WHERE \(bad))") == true else { continue }
                touched = true
                var nulled = 0, removed = 0
                if !column.notNull {
                    // A row CHECK such as "(quantity IS NULL) = (unit IS NULL)" may refuse the NULL: then remove.
                    do {
                        try db.inSavepoint {
                            try db.execute(sql: "UPDATE \(quoted(table)) SET \(quoted(column.name)) = NULL WHERE \(bad)")
                            nulled = db.changesCount
                            return .commit
                        }
                    } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {}
                }
                try db.execute(sql: "DELETE FROM \(quoted(table)) WHERE \(bad)")
                removed = db.changesCount
                try db.execute(
                    sql: "INSERT INTO migration_repair VALUES (?, ?, ?, ?, ?)",
                    arguments: [migration, table, column.name, nulled, removed])
            }
        }
        guard touched else { return }
        try removeOrphans(db, migration: migration)
        try recomputeDailyLog(db)
    }

    /// Migrations run with foreign keys off, so no cascade happened: the rows whose parent went
    /// are removed too (the store has no REAL column under an ON DELETE SET NULL parent).
    private static func removeOrphans(_ db: Database, migration: String) throws {
        while true {
            let orphans = try Row.fetchAll(db, sql: "SELECT \"table\", rowid FROM pragma_foreign_key_check")
            guard !orphans.isEmpty else { return }
            for row in orphans {
                let table: String = row[0]
                let rowid: Int64? = row[1]
                guard let rowid else { continue }
                try db.execute(sql: "DELETE FROM \(quoted(table)) WHERE rowid = ?", arguments: [rowid])
                try db.execute(sql: "INSERT INTO migration_repair VALUES (?, ?, '(parent removed)', 0, 1)", arguments: [migration, table])
            }
        }
    }

    /// `daily_log` from scratch; a date whose sums overflow to infinity loses its row (read as a
    /// day without totals), since a guard would refuse it anyway.
    private static func recomputeDailyLog(_ db: Database) throws {
        let dates = try String.fetchAll(
            db,
            sql: """
                SELECT date FROM food_record UNION SELECT date FROM exercise_record UNION SELECT date FROM body_record
                """)
        try db.execute(sql: "DELETE FROM daily_log")
        let days = dates.compactMap { try? SQLText.localDate($0, column: "date") }
        try DailyLogMaintenance.refresh(db, dates: Set(days), bodyDates: [])
        try db.execute(
            sql: """
                DELETE FROM daily_log WHERE abs(calories_in) = \(infinity) OR abs(calories_out) = \(infinity)
                                         OR abs(bmr) = \(infinity) OR abs(tdee) = \(infinity)
                """)
    }

    static func quoted(_ identifier: String) -> String {
        "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
