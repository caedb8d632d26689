import BodiiStore
import Foundation
import Synchronization

/// New database files for tests, fast: each is a copy of a template made once per test process —
/// migrated, or migrated with the shipped catalog seeded — instead of being created and migrated
/// (and seeded) for every test. The copy is what a new file becomes once opened: the same schema,
/// the same mark, no rows; the catalog is still seeded on first use unless `seeded`. The databases
/// opened here skip the disk syncs (`BodiiDatabase.skipsDiskSyncsInTests`): test files are
/// deleted, never recovered after a power cut.
public enum TestDatabaseFile {
    /// What the new file holds besides the schema.
    public enum Contents: Sendable {
        /// Nothing: the catalog is seeded on first use, as in a file `bodii` has just created.
        case migrated
        /// The shipped catalog (USDA SR24), seeded.
        case seeded
    }

    /// Writes a new database file at `url`, which must not exist yet.
    public static func make(at url: URL, _ contents: Contents = .migrated) throws {
        let template = try template(contents)
        try FileManager.default.copyItem(at: template, to: url)
        // A -wal left at close is part of the template's state (SQLite rebuilds the -shm).
        let wal = URL(fileURLWithPath: template.path + "-wal")
        if FileManager.default.fileExists(atPath: wal.path) {
            try FileManager.default.copyItem(at: wal, to: URL(fileURLWithPath: url.path + "-wal"))
        }
    }

    /// A new database file at `url`, opened.
    public static func open(
        at url: URL, _ contents: Contents = .migrated, timeZone: TimeZone = .current, catalog: ShippedCatalog? = .usdaSR24
    ) throws -> BodiiDatabase {
        try make(at: url, contents)
        return try openExisting(at: url, timeZone: timeZone, catalog: catalog)
    }

    /// A database file a test already has (a copy it made), opened without disk syncs.
    public static func openExisting(
        at url: URL, timeZone: TimeZone = .current, catalog: ShippedCatalog? = .usdaSR24
    ) throws -> BodiiDatabase {
        try BodiiDatabase.$skipsDiskSyncsInTests.withValue(true) {
            try BodiiDatabase(url: url, timeZone: timeZone, catalog: catalog)
        }
    }

    /// The templates of this process, made on first use (one at a time: the second caller waits).
    private static let templates = Mutex<[Contents: URL]>([:])

    private static func template(_ contents: Contents) throws -> URL {
        try templates.withLock { made in
            if let url = made[contents] { return url }
            let folder = FileManager.default.temporaryDirectory
                .appendingPathComponent("bodii-test-templates-\(ProcessInfo.processInfo.processIdentifier)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let url = folder.appendingPathComponent("\(contents).sqlite")
            for leftover in [url.path, url.path + "-wal", url.path + "-shm"] { try? FileManager.default.removeItem(atPath: leftover) }
            try BodiiDatabase.$skipsDiskSyncsInTests.withValue(true) {
                let database = try BodiiDatabase(url: url, timeZone: TimeZone(identifier: "UTC") ?? .current)
                if contents == .seeded { try database.repositories.prepareFoodCatalog() }
                // Closing the last connection checkpoints the -wal into the file and removes it.
                try database.close()
            }
            made[contents] = url
            if made.count == 1 { atexit { TestDatabaseFile.removeTemplates() } }
            return url
        }
    }

    private static func removeTemplates() {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("bodii-test-templates-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.removeItem(at: folder)
    }
}
