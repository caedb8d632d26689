import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 30: every table is classified for sync (synced facts, derived, local-only), every
/// reference is known to the rekey, and what is derived is recomputed as the app computes it.
@Suite struct SyncedTablesTests {
    /// A migration that adds a table fails here until `SyncedTables` says whether it syncs.
    @Test func everyTableIsClassifiedOnce() throws {
        try withDatabase { db, _ in
            // SQLite's statistics tables (`ANALYZE`, `PRAGMA optimize`) are its own, like sqlite_sequence.
            let tables = Set(
                try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_stat%' ESCAPE '\\'"))
            let lists = SyncedTables.synced.map(\.name) + SyncedTables.derived + SyncedTables.localOnly
            let unclassified = tables.subtracting(lists).sorted()
            #expect(unclassified == [], "tables SyncedTables does not classify: \(unclassified)")
            #expect(Set(lists).subtracting(tables).sorted() == [], "SyncedTables names tables the schema does not have")
            #expect(lists.count == Set(lists).count, "a table is classified twice")
        }
    }

    /// The session extension ignores a table without a primary key: every synced table has the one
    /// the catalog names, and the allocator's tables an INTEGER `id`.
    @Test func everySyncedTableHasItsPrimaryKey() throws {
        try withDatabase { db, _ in
            for table in SyncedTables.synced {
                let key = try db.fetchStrings("SELECT name FROM pragma_table_info('\(table.name)') WHERE pk > 0 ORDER BY pk")
                #expect(key == table.primaryKey, "\(table.name)")
                if table.identity == .device || table.identity == .single {
                    #expect(
                        try db.fetchStrings("SELECT type FROM pragma_table_info('\(table.name)') WHERE pk > 0") == ["INTEGER"],
                        "\(table.name)")
                }
                for column in table.derivedColumns {
                    #expect(
                        try db.fetchStrings("SELECT COUNT(*) FROM pragma_table_info('\(table.name)') WHERE name = '\(column)'") == ["1"])
                }
            }
        }
    }

    /// A foreign key the rekey does not move would point at nothing after a database joins sync.
    @Test func everyForeignKeyMovesWithItsRow() throws {
        try withDatabase { db, _ in
            let moved = Set(DeviceRekey.idReferences.map { "\($0.table).\($0.column)→\($0.target)" })
                .union(DeviceRekey.reviewReferences.map { "\($0.table).\($0.column)→review" })
                .union(DeviceRekey.foodIDColumns.map { "\($0.table).\($0.column)→food" })
            let single = Set(SyncedTables.synced.filter { $0.identity == .single }.map(\.name))
            for table in try db.fetchStrings(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'food\\_fts%' ESCAPE '\\'")
            {
                for key in try db.fetchStrings("SELECT \"from\" || '→' || \"table\" FROM pragma_foreign_key_list('\(table)')") {
                    let parent = String(key.split(separator: "→").last ?? "")
                    guard !single.contains(parent) else { continue }
                    #expect(moved.contains("\(table).\(key)"), "the rekey does not move \(table).\(key)")
                }
            }
        }
    }

    /// Facts changed with raw SQL as a sync's apply changes them (other machines' ids, a lot's
    /// uses without its quantity left, a lot row from another machine with a stale quantity
    /// left), then recomputed: the same day totals, lots and search as where the app made them.
    @Test func recomputingDerivedStateGivesWhatTheAppComputes() throws {
        try withTemporaryFolder { folder in
            let app = try BodiiDatabase(url: folder.appendingPathComponent("app.sqlite"))
            let synced = try BodiiDatabase(url: folder.appendingPathComponent("synced.sqlite"))
            defer {
                try? app.close()
                try? synced.close()
            }
            for db in [app, synced] { try writeDemo(db.repositories) }
            let dayX = day("2026-11-18")
            let lots = try app.repositories.stockLots(includingEmpty: false)
            let lot = try #require(lots.first?.id), other = try #require(lots.last?.id)
            let exercise = try #require(try app.repositories.exerciseRecords(in: DateRange(start: day("2026-11-01"), end: dayX)).last?.id)

            // The app writes it.
            try app.repositories.addFoodRecord(food(dayX, kcal: 321))
            try app.repositories.addBodyRecord(
                body(day("2026-11-15"), kg: 70, at: 1_794_783_600), snapshot: snapshot(day("2026-11-15"), bmr: 1500, tdee: 2100))
            try app.repositories.deleteExerciseRecord(id: exercise)
            try app.repositories.applyStockUses([StockUse(lotId: lot, date: dayX, amount: 0.25, kind: .use)])

            // A sync applies the same facts.
            let remote = (Int64(2) << 32) + 1
            try synced.executeRaw(
                """
                INSERT INTO food_record (id, date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at)
                    VALUES (\(remote), '2026-11-18', 'lunch', 'usda:09040', 'Banana, raw', \(321 / 0.89), 321, 1.1, 22.8, 0.3, 2.6, '2026-11-18T12:00:00+01:00');
                INSERT INTO body_record (id, date, weight_kg, body_fat_percent, muscle_mass_kg, recorded_at)
                    VALUES (\(remote), '2026-11-15', 70, 22.5, 31.2, '2026-11-15T23:00:00+00:00');
                INSERT INTO metabolism_snapshot (id, body_record_id, date, bmr, tdee, formula, activity_level)
                    VALUES (\(remote), \(remote), '2026-11-15', 1500, 2100, 'mifflin_st_jeor', 'moderate');
                DELETE FROM exercise_record WHERE id = \(exercise);
                INSERT INTO stock_use (id, lot_id, date, amount, kind, currency) VALUES (\(remote), \(lot), '2026-11-18', 0.25, 'use', 'EUR');
                UPDATE stock_lot SET quantity_left = quantity, opened = 0 WHERE id = \(other);
                INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES ('custom:\(remote)', 'Borscht', 'custom', 50, 2, 8, 1);
                """)
            #expect(try synced.repositories.stockLots(includingEmpty: true) != app.repositories.stockLots(includingEmpty: true))
            try synced.recomputeDerivedState()

            let all = DateRange(start: day("2000-01-01"), end: day("2030-12-31"))
            let logs = try synced.repositories.dailyLogs(in: all)
            #expect(sameLogs(logs, try app.repositories.dailyLogs(in: all)))
            #expect(sameLogs(logs, try expectedDailyLogs(synced.repositories, in: all)))
            #expect(try synced.repositories.stockLots(includingEmpty: true) == app.repositories.stockLots(includingEmpty: true))
            #expect(try synced.repositories.searchFoods("borscht", limit: 5).map(\.id.rawValue) == ["custom:\(remote)"])

            // Again: nothing left to change.
            let before = try synced.fetchStrings("SELECT quantity_left || '/' || opened FROM stock_lot ORDER BY id")
            try synced.recomputeDerivedState()
            #expect(try synced.fetchStrings("SELECT quantity_left || '/' || opened FROM stock_lot ORDER BY id") == before)
            #expect(try synced.repositories.dailyLogs(in: all) == logs)
        }
    }
}
