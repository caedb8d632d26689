import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// v18: the finite-number guards are one CHECK per table instead of two triggers (SQLite parsed
/// the 72 triggers at every open). Same guarantee, older databases migrate, rows stay as they were.
/// And food search's history reads the recent log from the date index alone.
@Suite struct SchemaV18Tests {
    @Test func v18ReplacesTheTriggersKeepsTheRowsAndRepairsWhatSlippedPast() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v17 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v17"), timeZone: .current, catalog: nil)
            #expect(
                try v17.fetchStrings(
                    "SELECT COUNT(*) > 60 FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%\\_finite\\_%' ESCAPE '\\'") == ["1"])
            // An outside program that dropped a guard wrote an infinite fibre; the rest is ordinary.
            try v17.executeRaw(
                """
                INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at) VALUES
                    ('2026-11-20', 'lunch', 'usda:09040', 'Banana', 120, 107, 1.3, 27, 0.4, 3.1, '2026-11-20T12:00:00+01:00');
                INSERT INTO sleep_record (date, minutes, status, quality) VALUES ('2026-11-20', 420, 'good', 4);
                DROP TRIGGER food_record_finite_insert;
                INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at) VALUES
                    ('2026-11-21', 'lunch', 'usda:09040', 'Banana', 100, 89, 1.1, 23, 0.3, 9e999, '2026-11-21T12:00:00+01:00');
                """)
            let keptBefore = try v17.fetchStrings(
                "SELECT quote(grams) || '|' || quote(kcal) || '|' || quote(fiber_g) FROM food_record WHERE id = 1")
            try v17.close()

            let db = try BodiiDatabase(url: url, catalog: nil)
            defer { try? db.close() }
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name LIKE '%finite%'") == ["0"])
            #expect(
                try db.fetchStrings(
                    "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND sql LIKE '%CONSTRAINT bodii_finite CHECK%'"
                )
                .first.flatMap { Int($0) } ?? 0 > 30)
            #expect(
                try db.fetchStrings("SELECT quote(grams) || '|' || quote(kcal) || '|' || quote(fiber_g) FROM food_record WHERE id = 1")
                    == keptBefore)
            #expect(try db.fetchStrings("SELECT quote(fiber_g) FROM food_record WHERE id = 2") == ["NULL"], "repaired as v10 repairs")
            #expect(
                try db.fetchStrings("SELECT table_name || '.' || column_name FROM migration_repair WHERE migration = 'v18'") == [
                    "food_record.fiber_g"
                ])
            #expect(try db.fetchStrings("PRAGMA integrity_check") == ["ok"])

            // It bites on insert and on update, and lets NULL, huge and whole numbers through.
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE food_record SET kcal = 9e999 WHERE id = 1") }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE food_record SET fiber_g = -9e999 WHERE id = 1") }
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO sleep_record (date, minutes, status, quality) VALUES ('2026-11-21', 400, 'good', 1.5)")
            }
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE sleep_record SET minutes = 9e999") }
            try db.executeRaw("UPDATE food_record SET fiber_g = NULL, kcal = 1e300 WHERE id = 1")
            try db.executeRaw("INSERT INTO sleep_record (date, minutes, status, quality) VALUES ('2026-11-21', 400.0, 'good', NULL)")
            #expect(try db.fetchStrings("SELECT quote(kcal) FROM food_record WHERE id = 1") == ["1.0e+300"])
        }
    }

    /// A later migration that adds a numeric column calls `install` again, and the new column is
    /// guarded by the one guard, rewritten.
    @Test func installFollowsTheColumns() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            var migrator = Schema.migrator(adding: [(id: "test-add", sql: "ALTER TABLE sleep_record ADD COLUMN naps REAL")])
            migrator.registerMigration("test-install") { db in try FiniteGuards.install(db, migration: "test") }
            let db = try BodiiDatabase(url: url, migrator: migrator, timeZone: .current, catalog: nil)
            defer { try? db.close() }
            let create = try db.fetchStrings("SELECT sql FROM sqlite_master WHERE name = 'sleep_record'").first ?? ""
            #expect(create.components(separatedBy: "CONSTRAINT bodii_finite").count == 2, "one guard, not two")
            #expect(create.contains("abs(\"naps\")"))
            #expect(throws: (any Error).self) {
                try db.executeRaw("INSERT INTO sleep_record (date, minutes, status, naps) VALUES ('2026-11-21', 400, 'good', 9e999)")
            }
            try db.executeRaw("INSERT INTO sleep_record (date, minutes, status, naps) VALUES ('2026-11-21', 400, 'good', 20)")
            #expect(try db.fetchStrings("SELECT quote(naps) FROM sleep_record") == ["20.0"])
        }
    }

    @Test func theGuardTextRoundTrips() {
        let columns = [
            FiniteGuards.Column(name: "id", notNull: false, isInteger: true),
            FiniteGuards.Column(name: "kcal", notNull: true, isInteger: false),
        ]
        let check = FiniteGuards.check(columns)
        #expect(check == "9e999 NOT IN (abs(\"kcal\")) AND 'real' NOT IN (typeof(\"id\"))")
        let table = "CREATE TABLE t (id INTEGER PRIMARY KEY, kcal REAL NOT NULL, PRIMARY KEY (id)) WITHOUT ROWID"
        let guarded = FiniteGuards.withGuard(table, check: check)
        #expect(guarded.hasSuffix(", CONSTRAINT bodii_finite CHECK (\(check))) WITHOUT ROWID"))
        #expect(FiniteGuards.withoutGuard(guarded) == table)
        #expect(FiniteGuards.withoutGuard(table) == table)
    }

    /// `frecency` reads food_id, date and id (the rowid) of the last 180 days: all in the index.
    @Test func theRecentLogIsReadFromTheDateIndexAlone() throws {
        try withDatabase { db, _ throws in
            #expect(try db.fetchStrings("SELECT name FROM pragma_index_info('food_record_date') ORDER BY seqno") == ["date", "food_id"])
        }
    }

    /// Each rebuild of the search index keeps its term list as one text: what a search process
    /// reads instead of making it from 3,000 rows.
    @Test func theTermListIsKeptAtEachRebuild() throws {
        try withDatabase { db, repositories throws in
            try repositories.prepareFoodCatalog()  // the seed rebuilds the index
            let kept = try db.fetchStrings("SELECT term_list FROM food_search_state")
            #expect(kept == (try db.fetchStrings("SELECT group_concat(term, char(10)) FROM food_search_term")))
            #expect((kept.first?.count ?? 0) > 10_000)
            #expect(try repositories.searchFoods("banana", limit: 1).first?.id == FoodID("usda:09040"))
        }
    }
}
