import GRDB

/// No stored number is ever infinite (issue 23 #6): a read must never meet +Inf (SQLite keeps an
/// infinite REAL as it is; a NaN arrives as NULL, which NOT NULL refuses). Nor does an INTEGER
/// column hold what is no integer (1.5, or 1e300, which SQLite keeps as a REAL there and no
/// read can decode as an Int).
///
/// How (v18): one table CHECK per table, `CONSTRAINT bodii_finite`, generated from the schema
/// itself and naming every numeric column (REAL and INTEGER). v10–v17 used a BEFORE INSERT and a
/// BEFORE UPDATE trigger per table instead: 72 triggers, 34 KB of SQL that SQLite parsed at every
/// open (~9 M instructions of `bodii search`'s ~60 M); the CHECKs hold the same guarantee in one
/// copy that parses in ~1.4 M. SQLite cannot add a CHECK to a table, so `install` writes it into
/// the table's CREATE TABLE text with `PRAGMA writable_schema`, the procedure SQLite documents for
/// schema changes that leave the stored rows' format alone (sqlite.org/lang_altertable.html §7):
/// a CHECK does, once the rows already stored are known to meet it (checked first; `repair` when
/// not). A migration that adds a numeric column or rebuilds a table must call `install` again (a
/// store test checks that every numeric column is guarded); one that drops a guarded column must
/// call `remove` first, since SQLite refuses to drop a column a CHECK names.

extension RepairMigrations {
    /// v18 (issues 24 and 27): what every start and every food search paid for.
    /// - The finite-number guards become one CHECK per table instead of two triggers: SQLite parsed
    ///   the 72 triggers at every open (see `FiniteGuards`).
    /// - food_record's date index holds food_id too: food search's history (`frecency`) reads the
    ///   last 180 days' entries from the index alone, without a table row per entry.
    /// - The index's term list is kept as one text (`FoodSearchIndex.termListSQL`), not made
    ///   afresh by each search process.
    static func startupV18(_ db: Database) throws {
        try FiniteGuards.install(db, migration: "v18")
        try db.execute(
            sql: """
                DROP INDEX food_record_date;
                CREATE INDEX food_record_date ON food_record(date, food_id);
                ALTER TABLE food_search_state ADD COLUMN term_list TEXT;
                UPDATE food_search_state SET term_list = (\(FoodSearchIndex.termListSQL)) WHERE id = 1;
                """)
    }
}

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

    /// The name of each table's guard, the last of its table constraints.
    static let constraint = "bodii_finite"

    /// (Re)writes every table's guard from its columns now, and drops v10–v17's guard triggers.
    /// Rows already stored that the guard would refuse are repaired first (see `repair`).
    static func install(_ db: Database, migration: String = "v18") throws {
        try dropLegacyTriggers(db)
        var rewritten: [(table: String, sql: String)] = []
        for (table, columns) in try numericColumns(db) {
            guard
                let sql = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table])
            else { continue }
            let guarded = withGuard(withoutGuard(sql), check: check(columns))
            if guarded != sql { rewritten.append((table, guarded)) }
        }
        guard !rewritten.isEmpty else { return }
        for (table, columns) in try numericColumns(db) where rewritten.contains(where: { $0.table == table }) {
            let refused = "SELECT EXISTS (SELECT 1 FROM \(quoted(table)) WHERE NOT (\(check(columns))))"
            if try Bool.fetchOne(db, sql: refused) == true {
                try repair(db, migration: migration)
                break
            }
        }
        try rewriteSchema(db, rewritten)
    }

    /// Takes every guard away (before a migration drops a guarded column; `install` after it).
    static func remove(_ db: Database) throws {
        var rewritten: [(table: String, sql: String)] = []
        for row in try Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND sql IS NOT NULL") {
            let sql: String = row["sql"]
            let bare = withoutGuard(sql)
            if bare != sql { rewritten.append((row["name"], bare)) }
        }
        if !rewritten.isEmpty { try rewriteSchema(db, rewritten) }
    }

    /// The guard's condition: true, or NULL (which a CHECK lets pass), for a row it accepts.
    /// `NOT IN` is NULL, not false, when a NULL column is in the list and no value matched.
    static func check(_ columns: [Column]) -> String {
        let reals = columns.filter { !$0.isInteger }.map { "abs(\(quoted($0.name)))" }
        let integers = columns.filter(\.isInteger).map { "typeof(\(quoted($0.name)))" }
        return
            ([
                reals.isEmpty ? nil : "\(infinity) NOT IN (\(reals.joined(separator: ", ")))",
                integers.isEmpty ? nil : "'real' NOT IN (\(integers.joined(separator: ", ")))",
            ] as [String?])
            .compactMap { $0 }.joined(separator: " AND ")
    }

    /// `sql` with its guard added as the last table constraint: before the closing parenthesis,
    /// which only table options (WITHOUT ROWID, STRICT) follow.
    static func withGuard(_ sql: String, check: String) -> String {
        guard let close = sql.lastIndex(of: ")") else { return sql }
        return sql[..<close] + ", CONSTRAINT \(constraint) CHECK (\(check))" + sql[close...]
    }

    /// `sql` without its guard (as it is: the guard always ends at the table's closing parenthesis;
    /// ALTER TABLE ADD COLUMN inserts new columns before the table constraints).
    static func withoutGuard(_ sql: String) -> String {
        guard let start = sql.range(of: ", CONSTRAINT \(constraint) CHECK (")?.lowerBound,
            let close = sql.lastIndex(of: ")"), start < close
        else { return sql }
        return String(sql[..<start] + sql[close...])
    }

    /// Replaces tables' CREATE TABLE text, then makes this and every other connection read the
    /// schema again (a new schema_version; writable_schema RESET reloads it here).
    private static func rewriteSchema(_ db: Database, _ tables: [(table: String, sql: String)]) throws {
        let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
        try db.execute(sql: "PRAGMA writable_schema = ON")
        for (table, sql) in tables {
            try db.execute(sql: "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?", arguments: [sql, table])
        }
        try db.execute(sql: "PRAGMA schema_version = \(version + 1)")
        try db.execute(sql: "PRAGMA writable_schema = RESET")
        db.clearSchemaCache()
    }

    private static func dropLegacyTriggers(_ db: Database) throws {
        let names = try String.fetchAll(
            db,
            sql: "SELECT name FROM sqlite_master WHERE type = 'trigger' AND (name GLOB '*_finite_insert' OR name GLOB '*_finite_update')")
        for name in names { try db.execute(sql: "DROP TRIGGER \(quoted(name))") }
    }

    /// v10–v17's guards, as those migrations shipped them: a BEFORE INSERT and a BEFORE UPDATE
    /// trigger per table. Only those migrations call it; v18 replaced them with `install`.
    static func installLegacyTriggers(_ db: Database) throws {
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
