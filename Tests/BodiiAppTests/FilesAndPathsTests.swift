import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Odd paths as the database (issue 10, items 4–10): only regular files are created, chmod'ed or
/// opened; read-only commands change nothing; refused files are left exactly as they were.
@Suite struct FilesAndPathsTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A database with a profile and a weight, written through the store (no food catalog seeded,
    /// so a search that seeded it would show). Closed by going away, not by `close()`: GRDB's
    /// `close()` closes the writer before the readers, so SQLite leaves -wal and -shm behind.
    func smallDatabase(_ name: String = "small.sqlite") throws -> String {
        let path = folder.path(name)
        try withDatabase(path) { db in
            try db.repositories.saveProfile(DemoHistory.profile)
            try BodyLogging(store: db.repositories, clock: SystemClock()).save(
                BodyRecord(date: TestClock.today, weightKg: 80.5, recordedAt: Date()))
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        return path
    }

    func withDatabase(_ path: String, catalog: ShippedCatalog? = .usdaSR24, _ body: (BodiiDatabase) throws -> Void) throws {
        try body(try BodiiDatabase(url: URL(fileURLWithPath: path), catalog: catalog))
    }

    @Test func aDanglingLinkIsRefusedAndNothingIsCreatedThroughIt() throws {
        let link = folder.path("l.sqlite")
        let target = folder.path("nowhere.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        for command in [["search", "banana"], ["log", "weight", "80"], ["today"], ["log", "food", "banana", "--grams", "100"]] {
            let r = try runBodii(command + ["--db", link])
            #expect(r.status == 66, "\(command): \(r.status) \(r.stderr)")
            #expect(
                r.stderr == "bodii: \(link) is a link to \(target), which does not exist; nothing was created. Fix the link or use --db.\n")
        }
        #expect(!FileManager.default.fileExists(atPath: target))
        // The default path too.
        let data = folder.path("xdg")
        try FileManager.default.createDirectory(atPath: data + "/bodii", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: data + "/bodii/bodii.sqlite", withDestinationPath: target)
        let r = try runBodii(["log", "weight", "80"], environment: ["XDG_DATA_HOME": data])
        #expect(r.status == 66, "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aFIFOIsRefusedAtOnceAndNeverChanged() throws {
        let fifo = folder.path("f.sqlite")
        #expect(mkfifo(fifo, 0o644) == 0)
        let link = folder.path("to-fifo.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fifo)
        for path in [fifo, link] {
            for command in [["today"], ["log", "weight", "80"], ["search", "egg"], ["demo", "--days", "2"]] {
                let r = try runBodii(command + ["--db", path])
                #expect(r.status == 66, "\(command) \(path): \(r.status) \(r.stderr)")
                #expect(
                    r.stderr
                        == "bodii: \(path) is a named pipe (FIFO), not a database file; it was left unchanged. Use --db to choose a regular file.\n"
                )
            }
        }
        // Not chmod'ed to 0600, and no journal or sidecar beside it.
        #expect(try permissions(fifo) == 0o644)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["f.sqlite", "to-fifo.sqlite"])
    }

    /// `smallDatabase` moved into its own folder, then both made read-only with these modes.
    func readOnlyDatabase(file fileMode: mode_t, folder folderMode: mode_t) throws -> (dir: String, path: String) {
        let db = try smallDatabase()
        let dir = folder.path("ro")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let path = dir + "/bodii.sqlite"
        try FileManager.default.moveItem(atPath: db, toPath: path)
        chmod(path, fileMode)
        chmod(dir, folderMode)
        return (dir, path)
    }

    @Test func readOnlyCommandsChangeNothingAndWorkOnAReadOnlyFileAndFolder() throws {
        let (dir, path) = try readOnlyDatabase(file: 0o400, folder: 0o500)
        defer { chmod(dir, 0o700) }
        let before = try FolderState(dir)
        for command in [["today"], ["today", "--json"], ["report"], ["search", "banana"], ["profile"], ["profile", "--json"]] {
            let r = try runBodii(command + ["--db", path])
            #expect(r.status == 0, "\(command): \(r.stderr)")
            #expect(r.stderr.isEmpty, "\(command): \(r.stderr)")
            #expect(try FolderState(dir) == before, "\(command) changed the folder")
        }
        #expect(try runBodii(["search", "banana", "--db", path]).stdout.contains("Bananas, raw"))
    }

    /// Issue 23, item 14: on a database imported from an export (so the food catalog was never
    /// seeded into it), with pantry, actions and reviews, every read command works and changes
    /// nothing — on a 0444 file in a 0555 folder, as root (whom permission bits do not stop, so
    /// the bytes are compared) and as another user. `review` seeded the 6 MB catalog; `pantry
    /// list`, `shop list` and `budget` opened the file for writing.
    @Test func readCommandsWriteNothingOnADatabaseWithoutTheCatalog() throws {
        let source = folder.path("source.sqlite"), export = folder.path("e.json")
        #expect(try runBodii(["demo", "--days", "30", "--db", source]).status == 0)
        #expect(try runBodii(["export", "--db", source, "--out", export]).status == 0)
        let dir = folder.path("ro")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: false)
        let path = dir + "/bodii.sqlite"
        let imported = try runBodii(["import", "bodii", export, "--db", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size < 2_000_000, "the import seeded the catalog (\(size) bytes): the test would prove nothing")
        chmod(path, 0o444)
        chmod(dir, 0o555)
        chmod(folder.url.path, 0o755)
        defer { chmod(dir, 0o700) }
        let before = try FolderState(dir)
        let commands = [
            ["review"], ["review", "--json"], ["review", "--period", "month"], ["shop", "list"], ["shop", "list", "--json"],
            ["pantry", "list"], ["pantry", "list", "--json"], ["budget"], ["budget", "--json"], ["action", "list", "--all"],
            ["action", "list", "--json"], ["today"], ["today", "--json"], ["report"], ["status"], ["history", "oats"],
            ["profile", "--json"], ["search", "banana"], ["export"],
        ]
        let users: [Int?] = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") ? [nil, 65_534] : [nil]
        for user in users {
            for command in commands {
                let r = try runBodii(command + ["--db", path], asUser: user)
                #expect(r.status == 0, "\(command) as \(user ?? 0): \(r.status) \(r.stderr)")
                #expect(r.stderr.isEmpty, "\(command) as \(user ?? 0): \(r.stderr)")
                #expect(try FolderState(dir) == before, "\(command) as \(user ?? 0) changed the folder")
            }
        }
        // The catalog's foods are found all the same (from the catalog shipped in the binary).
        let review = try runBodii(["review", "--db", path]).stdout
        let seeded = try runBodii(["review", "--db", source]).stdout
        #expect(review == seeded)
    }

    @Test func readOnlyFolderWorksForAnOrdinaryUser() throws {
        // Root reads and writes anything: the read-only case is real only for another user.
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return }
        let (dir, path) = try readOnlyDatabase(file: 0o444, folder: 0o555)
        chmod(folder.url.path, 0o755)
        defer { chmod(dir, 0o700) }
        let before = try FolderState(dir)
        let r = try runBodii(["today", "--json", "--db", path], asUser: 65_534)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("\"weight_kg\":80.5"))
        #expect(try FolderState(dir) == before)
    }

    @Test func readOnlyCommandsCreateNothing() throws {
        let missing = folder.path("none/bodii.sqlite")
        for command in [["today"], ["report"], ["profile"]] {
            let r = try runBodii(command + ["--db", missing])
            #expect(r.status == 66, "\(command)")
        }
        #expect(try runBodii(["search", "egg", "--db", missing]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path("none")))
        // An empty file stays an empty file with its mode.
        let empty = folder.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: empty, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(try runBodii(["today", "--db", empty]).status == 66)
        #expect(try permissions(empty) == 0o644)
        #expect(try Data(contentsOf: URL(fileURLWithPath: empty)).isEmpty)
    }

    /// A WAL-mode SQLite database that is not Bodii's: every table dropped, Bodii's mark removed,
    /// then `sql`.
    func foreignDatabase(_ name: String, _ sql: String) throws -> String {
        let path = folder.path(name)
        try withDatabase(path, catalog: nil) { db in
            for table in try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                try db.executeRaw("DROP TABLE IF EXISTS \(table)")  // a virtual table takes its shadow tables along
            }
            try db.executeRaw("PRAGMA application_id = 0; " + sql)
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        return path
    }

    @Test func refusedWALDatabasesAreLeftWithoutSidecars() throws {
        // A WAL-mode database of another program, with tables and without any.
        let foreign = try foreignDatabase("other.sqlite", "CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('x');")
        let empty = try foreignDatabase("empty-other.sqlite", "PRAGMA user_version = 7;")
        // A newer Bodii's database.
        let newer = try smallDatabase("newer.sqlite")
        try withDatabase(newer) { db in try db.executeRaw("INSERT INTO grdb_migrations (identifier) VALUES ('v999-from-the-future')") }
        for (path, message) in [(foreign, "from another program"), (empty, "from another program"), (newer, "newer version")] {
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            for command in [["today"], ["log", "weight", "80"], ["search", "egg"]] {
                let r = try runBodii(command + ["--db", path])
                #expect(r.status == 65, "\(command) \(path): \(r.stderr)")
                #expect(r.stderr.contains(message), "\(r.stderr)")
                #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(command) left \(path)-wal")
                #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "\(command) left \(path)-shm")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        }
    }

    @Test func aDamagedDatabaseSaysSoInOneLineAndNamesItsBackups() throws {
        let db = try smallDatabase("bodii.sqlite")
        try Data("old copy".utf8).write(to: URL(fileURLWithPath: db + ".backup-v2"))
        // Keep the header, scribble over the rest of the first page and the schema.
        let handle = try #require(FileHandle(forUpdatingAtPath: db))
        try handle.seek(toOffset: 100)
        handle.write(Data(repeating: 0xA5, count: 8000))
        try handle.close()
        let r = try runBodii(["log", "weight", "80", "--db", db])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        #expect(r.stderr.contains("is damaged"), "\(r.stderr)")
        #expect(r.stderr.contains("bodii.sqlite.backup-v2"), "\(r.stderr)")
        #expect(!r.stderr.contains("SELECT"), "\(r.stderr)")
        // Refused means untouched, sidecars included (issue 10, item 7).
        for command in [["today"], ["log", "weight", "80"]] {
            #expect(try runBodii(command + ["--db", db]).status == 65)
            #expect(
                !FileManager.default.fileExists(atPath: db + "-wal") && !FileManager.default.fileExists(atPath: db + "-shm"),
                "\(command) left sidecars beside a damaged file")
        }
    }

    @Test func demoIsOneTransaction() throws {
        let db = folder.path("demo.sqlite")
        let r = try runBodii(["demo", "--days", "5", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        // The profile, the history and the goal arrive together: a database with a profile has
        // the history too (a kill between two transactions left a profile alone before).
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db), access: .readOnly)
        #expect(try database.repositories.loadProfile() != nil)
        #expect(try database.repositories.activeGoal() != nil)
        #expect(try !database.repositories.bodyRecords(in: DateRange(ending: TestClock.today, days: 5)).isEmpty)
    }
}

/// Names, modes, sizes and contents of everything in a folder: equal when nothing changed.
struct FolderState: Equatable {
    let entries: [String: String]

    init(_ path: String) throws {
        var entries: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: path) {
            let full = path + "/" + name
            let mode = try permissions(full)
            let data = (try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data()
            entries[name] = "\(String(mode, radix: 8)) \(data.count) \(data.hashValue)"
        }
        self.entries = entries
    }
}

func permissions(_ path: String) throws -> Int {
    try (FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue ?? -1
}
