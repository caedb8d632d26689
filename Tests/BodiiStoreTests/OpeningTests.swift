import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

@Suite struct OpeningTests {
    @Test func newFileIsCreatedAndMigrated() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("data/bodii/bodii.sqlite")
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            #expect(db.createdNewFile)
            #expect(db.backupURL == nil)
            #expect(try db.appliedMigrations() == Schema.migrations.map(\.id))
            let tables = try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in [
                "body_record", "check_in", "custom_food_number", "daily_log", "exercise_record", "food",
                "food_catalog", "food_record", "food_serving", "goal", "metabolism_snapshot", "profile",
                "sleep_record",
            ] {
                #expect(tables.contains(table), "missing table \(table)")
            }
            #expect(try db.fetchStrings("PRAGMA journal_mode") == ["wal"])
            #expect(try db.fetchStrings("PRAGMA foreign_keys") == ["1"])
            let indexes = try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'index'")
            for index in [
                "body_record_date", "metabolism_snapshot_date", "food_record_date", "exercise_record_date",
                "sleep_record_date", "food_record_food", "food_source_name",
            ] {
                #expect(indexes.contains(index), "missing index \(index)")
            }
        }
    }

    @Test func newFileAndFolderArePrivate() throws {
        try withTemporaryFolder { folder in
            let dir = folder.appendingPathComponent("bodii")
            let url = dir.appendingPathComponent("bodii.sqlite")
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            try db.repositories.addFoodRecord(food(day("2026-11-22"), kcal: 100))  // makes -wal/-shm exist
            #expect(try permissions(dir.path) == 0o700)
            #expect(try permissions(url.path) == 0o600)
            for sidecar in ["-wal", "-shm"] {
                let path = url.path + sidecar
                #expect(FileManager.default.fileExists(atPath: path))
                #expect(try permissions(path) & 0o077 == 0, "\(sidecar) is readable by others")
            }
        }
    }

    @Test func existingEmptyFileIsUsedAsNew() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("empty.sqlite")
            #expect(FileManager.default.createFile(atPath: url.path, contents: Data()))
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            #expect(try db.appliedMigrations() == Schema.migrations.map(\.id))
            #expect(try permissions(url.path) == 0o600)
        }
    }

    @Test func nonSQLiteFileIsRefusedAndUntouched() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("notes.sqlite")
            let bytes = Data("hello".utf8)
            try bytes.write(to: url)
            let before = try permissions(url.path)
            #expect(throws: StoreError.notADatabase(url.path)) { try BodiiDatabase(url: url) }
            #expect(try Data(contentsOf: url) == bytes)
            #expect(try permissions(url.path) == before)
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
            #expect(!FileManager.default.fileExists(atPath: url.path + "-shm"))
            #expect(StoreError.notADatabase(url.path).description.contains(url.path))
        }
    }

    @Test func newerDatabaseIsRefusedAndUntouched() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let db = try BodiiDatabase(url: url)
                try db.repositories.addFoodRecord(food(day("2026-11-22"), kcal: 250))
                try db.executeRaw("INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')")
                try db.close()
            }
            let before = try Data(contentsOf: url)
            #expect(throws: StoreError.newerVersion(url.path)) { try BodiiDatabase(url: url) }
            #expect(try Data(contentsOf: url) == before)
            // SQLite's read-only connection may leave an empty -wal and a -shm beside it; the database
            // file itself is unchanged and no backup is written.
            let others = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { !["bodii.sqlite", "bodii.sqlite-wal", "bodii.sqlite-shm"].contains($0) }
            #expect(others.isEmpty)
            if FileManager.default.fileExists(atPath: url.path + "-wal") {
                #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal")).isEmpty)
            }
            #expect(StoreError.newerVersion(url.path).description.contains("newer version"))
        }
    }

    @Test func foreignSQLiteDatabaseIsRefused() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("other.sqlite")
            do {
                let db = try BodiiDatabase(url: url, migrator: Schema.migrator(adding: []), timeZone: .current)
                try db.executeRaw(
                    """
                    CREATE TABLE contacts (name TEXT);
                    DROP TABLE grdb_migrations;
                    """)
                let keep = ["contacts"]
                for table in try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                where !keep.contains(table) {
                    try db.executeRaw("DROP TABLE IF EXISTS \(table)")  // a virtual table takes its shadow tables along
                }
                try db.close()
            }
            let before = try Data(contentsOf: url)
            #expect(throws: StoreError.notABodiiDatabase(url.path)) { try BodiiDatabase(url: url) }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func olderDatabaseIsBackedUpBeforeMigrating() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v1 = try BodiiDatabase(url: url)
                try v1.repositories.addFoodRecord(food(day("2026-11-20"), kcal: 321))
                try v1.close()
            }
            let next = Schema.migrator(adding: [(id: "v9-test", sql: "ALTER TABLE food_record ADD COLUMN note TEXT")])
            let upgraded = try BodiiDatabase(url: url, migrator: next, timeZone: .current)
            let backup = try #require(upgraded.backupURL)
            #expect(backup.path == url.path + ".backup-\(latestMigration)")
            #expect(try permissions(backup.path) == 0o600)
            #expect(
                try upgraded.fetchStrings("SELECT identifier FROM grdb_migrations").sorted()
                    == (Schema.migrations.map(\.id) + ["v9-test"]).sorted())
            #expect(try upgraded.repositories.foodRecords(in: DateRange(ending: day("2026-11-30"), days: 30)).map(\.kcal) == [321])
            try upgraded.close()

            // The backup is the database as it was: this build's migrations only, with its data.
            let old = try BodiiDatabase(url: backup)
            #expect(old.backupURL == nil)
            #expect(try old.appliedMigrations() == Schema.migrations.map(\.id))
            #expect(try old.repositories.foodRecords(in: DateRange(ending: day("2026-11-30"), days: 30)).map(\.kcal) == [321])
            try old.close()

            // Nothing pending any more: no second backup. This build now sees a newer database.
            let again = try BodiiDatabase(url: url, migrator: next, timeZone: .current)
            #expect(again.backupURL == nil)
            try again.close()
            #expect(throws: StoreError.newerVersion(url.path)) { try BodiiDatabase(url: url) }
        }
    }

    @Test func aBackupIsKeptOncePerVersion() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let db = try BodiiDatabase(url: url)
                try db.repositories.addFoodRecord(food(day("2026-11-22"), kcal: 250))
                try db.close()
            }
            let taken = Data("keep me".utf8)
            try taken.write(to: URL(fileURLWithPath: url.path + ".backup-\(latestMigration)"))
            let next = Schema.migrator(adding: [(id: "v9-test", sql: "CREATE TABLE extra (x)")])
            let db = try BodiiDatabase(url: url, migrator: next, timeZone: .current)
            defer { try? db.close() }
            // An earlier copy of the same version (an upgrade interrupted before) gives way to the
            // newer one: one backup per version, never a pile.
            #expect(db.backupURL?.path == url.path + ".backup-\(latestMigration)")
            #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + ".backup-\(latestMigration)")) != taken)
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(names.filter { $0.contains(".backup-") } == ["bodii.sqlite.backup-\(latestMigration)"])
        }
    }

    @Test func aDatabaseWithoutRowsIsMigratedWithoutABackup() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            try BodiiDatabase(url: url).close()
            let next = Schema.migrator(adding: [(id: "v9-test", sql: "CREATE TABLE extra (x)")])
            let db = try BodiiDatabase(url: url, migrator: next, timeZone: .current)
            defer { try? db.close() }
            #expect(db.backupURL == nil)
            #expect(
                try db.fetchStrings("SELECT identifier FROM grdb_migrations").sorted()
                    == (Schema.migrations.map(\.id) + ["v9-test"]).sorted())
        }
    }

    @Test func aFolderInPlaceOfTheFileIsRefused() throws {
        try withTemporaryFolder { folder in
            #expect(throws: StoreError.self) { try BodiiDatabase(url: folder) }
        }
    }

    @Test func everyCommitReachesTheDiskBeforeItIsAcknowledged() throws {
        try withTemporaryFolder { folder in
            let db = try BodiiDatabase(url: folder.appendingPathComponent("bodii.sqlite"))
            // 2 = FULL: GRDB's WAL default, NORMAL (1), can lose the last commits on power loss.
            #expect(try db.fetchStringsOnWriter("PRAGMA synchronous") == ["2"])
        }
    }

    /// A SQLite file with nothing in it but what `sql` makes: no tables of Bodii's, no mark.
    func emptySQLiteFile(_ url: URL, _ sql: String) throws {
        let db = try BodiiDatabase(url: url, catalog: nil)
        for table in try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
            try db.executeRaw("DROP TABLE IF EXISTS \(table)")
        }
        try db.executeRaw(sql)
    }

    @Test func anEmptyDatabaseOfAnotherProgramIsRefused() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("other.sqlite")
            try emptySQLiteFile(url, "PRAGMA application_id = 0")
            let before = try Data(contentsOf: url)
            #expect(throws: StoreError.notABodiiDatabase(url.path)) { try BodiiDatabase(url: url) }
            #expect(try Data(contentsOf: url) == before)
        }
    }

    @Test func aFileKilledWhileBeingCreatedIsStillBodiis() throws {
        try withTemporaryFolder { folder in
            // Bodii's mark is written before anything else: a kill after it leaves a marked,
            // empty database, which the next open finishes.
            let url = folder.appendingPathComponent("bodii.sqlite")
            try emptySQLiteFile(url, "PRAGMA application_id = \(BodiiDatabase.applicationID)")
            let db = try BodiiDatabase(url: url)
            #expect(try db.appliedMigrations() == Schema.migrations.map(\.id))
            #expect(db.backupURL == nil)
        }
    }

    @Test func aHalfWrittenBackupIsReplacedAndNeverLeftUnderTheRealName() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let db = try BodiiDatabase(url: url)
                try db.repositories.addFoodRecord(food(day("2026-11-22"), kcal: 250))
            }
            // What a kill during an earlier backup left: a partial copy under the temporary name.
            try Data("half a backup".utf8).write(to: URL(fileURLWithPath: url.path + ".backup-\(latestMigration).partial"))
            let next = Schema.migrator(adding: [(id: "v9-test", sql: "CREATE TABLE extra (x)")])
            let db = try BodiiDatabase(url: url, migrator: next, timeZone: .current)
            let backup = try #require(db.backupURL)
            #expect(backup.path == url.path + ".backup-\(latestMigration)")
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(!names.contains { $0.hasSuffix(".partial") }, "\(names)")
            let copy = try BodiiDatabase(url: backup, access: .readOnly)
            #expect(try copy.repositories.foodRecords(in: DateRange(ending: day("2026-11-30"), days: 30)).map(\.kcal) == [250])
        }
    }
}

@Suite struct StoreErrorMessageTests {
    @Test func aFullDiskDuringTheFirstCatalogSeedIsOneLineWithoutSQL() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let db = try BodiiDatabase(url: url)
            // A disk that fills up: SQLite reports SQLITE_FULL once the file would pass this size.
            try db.executeRaw("PRAGMA max_page_count = \(try db.fetchStringsOnWriter("PRAGMA page_count").first ?? "50")")
            let error = try #require(throws: (any Error).self) { try db.repositories.prepareFoodCatalog() }
            let line = try #require(StoreErrorMessage.line(for: error, database: url.path))
            #expect(line == "the disk holding \(url.path) is full: nothing was saved; free some space and try again")
            #expect(!"\(error)".isEmpty)
        }
    }

    @Test func aDamagedFileNamesTheBackupsBesideIt() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            for name in ["bodii.sqlite.backup-v1", "bodii.sqlite.backup-v2", "bodii.sqlite.backup-v3.partial", "other.sqlite.backup-v1"] {
                try Data("x".utf8).write(to: folder.appendingPathComponent(name))
            }
            let line = StoreError.damaged(path: url.path, backups: StoreErrorMessage.backups(of: url.path)).description
            #expect(line.contains("(bodii.sqlite.backup-v1, bodii.sqlite.backup-v2)"), "\(line)")
            #expect(!line.contains("\n"))
        }
    }
}
