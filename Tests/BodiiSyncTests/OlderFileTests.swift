import BodiiDomain
import BodiiStore
import CSQLiteSession
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// A file from an older Bodii (PRODUCT.md §14): its changesets lack the columns added since.
/// SQLite's apply takes a changeset with fewer columns than the table (the columns it lacks take
/// their defaults on an INSERT, keep their values on an UPDATE); the applier's corrections must
/// too.
@Suite struct OlderFileTests {
    /// `saved_meal` before its `meal` column.
    static let olderSavedMeal = """
        CREATE TABLE saved_meal (id INTEGER PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL,
            source TEXT NOT NULL DEFAULT 'bodii', external_id TEXT)
        """

    @Test func anOlderFileAppliesWithDefaultsAndLosesToNewerCells() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let replica = try Replica("a", in: folder)
            let key = try SyncEngine.initialize(replica.database, folder: shared)
            let oats = try replica.repos.saveMeal(SavedMeal(name: "Oats", meal: .breakfast, items: []))
            let id = try #require(oats.id)
            let newId = id + 1_000_000

            // Another machine on an older Bodii renamed it long ago and made a meal of its own.
            let older = try DatabaseQueue()
            let changeset = try older.writeWithoutTransaction { db -> [UInt8] in
                try db.execute(sql: Self.olderSavedMeal)
                try db.execute(
                    sql: "INSERT INTO saved_meal VALUES (?, 'Oats', '2026-11-01T08:00:00+00:00', 'bodii', NULL)", arguments: [id])
                var session: OpaquePointer?
                #expect(sqlite3session_create(db.sqliteConnection, "main", &session) == SQLITE_OK)
                let started = try #require(session)
                defer { sqlite3session_delete(started) }
                #expect(sqlite3session_attach(started, "saved_meal") == SQLITE_OK)
                try db.execute(sql: "UPDATE saved_meal SET name = 'Porridge' WHERE id = ?", arguments: [id])
                try db.execute(
                    sql: "INSERT INTO saved_meal VALUES (?, 'Muesli', '2026-11-01T08:00:00+00:00', 'bodii', NULL)", arguments: [newId])
                return try SessionRecording.changeset(of: started)
            }
            let changes = try Changeset.changes(changeset)
            #expect(changes.map(\.new.count) == [5, 5])
            let entry = SyncEntry(hlc: 1 << 16, changeset: changeset, lengths: changes.map { _ in 1 })
            let file = SyncFile(schema: BodiiDatabase.schemaVersion - 1, device: 7, seq: 1, requires: [:], entries: [entry])
            let syncFolder = SyncFolder(url: shared)
            try FileManager.default.createDirectory(at: syncFolder.deviceFolder(7), withIntermediateDirectories: true)
            try SyncFolder.writeAtomically(file.sealed(with: key), to: syncFolder.fileURL(device: 7, seq: 1))

            let summary = try SyncEngine.run(replica.database, folder: shared, key: key)
            #expect(summary.notes.isEmpty, "\(summary.notes)")
            #expect(summary.applied.map(\.device) == [7])
            let meals = try replica.repos.savedMeals()
            // The rename is older than the meal made here: "Oats" stays, with its meal.
            #expect(
                meals.first { $0.id == id }.map { "\($0.name) \(String(describing: $0.meal))" }
                    == "Oats Optional(BodiiDomain.Meal.breakfast)")
            // The new meal takes the column's default (no meal).
            #expect(meals.first { $0.id == newId }.map { "\($0.name) \(String(describing: $0.meal))" } == "Muesli nil")
        }
    }
}
