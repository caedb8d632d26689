import BodiiDomain
import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// An open Bodii database: one SQLite file in WAL mode, foreign keys on, migrated to this build's
/// schema. Open it once per process and share `repositories`.
///
/// Opening is careful with files it does not own: a file that is not SQLite, a SQLite database of
/// another program, or a database written by a newer Bodii is refused with a `StoreError` before
/// anything is written to it. An older Bodii database is copied next to itself before migrating.
public final class BodiiDatabase: Sendable {
    /// The database file.
    public let url: URL
    /// The copy made before this open migrated an older database ("bodii.sqlite.backup-v1": the
    /// suffix is the last migration the copy has); nil when no migration of existing data ran.
    public let backupURL: URL?
    /// True when this open created the database file.
    public let createdNewFile: Bool
    /// All the domain ports, on this database.
    public let repositories: SQLiteRepositories

    let pool: DatabasePool

    /// Opens (creating it if needed) the database at `url`; see the type's documentation.
    /// `timeZone` supplies the UTC offsets written with timestamps (the current one by default).
    /// `catalog` is the food catalog seeded on first use of the catalog (the USDA SR24 that ships
    /// in the binary; nil for none).
    public convenience init(url: URL, timeZone: TimeZone = .current, catalog: ShippedCatalog? = .usdaSR24) throws {
        try self.init(url: url, migrator: Schema.migrator, timeZone: timeZone, catalog: catalog)
    }

    /// The same, with the migrator injected (tests simulate older and newer schemas with it).
    init(url: URL, migrator: DatabaseMigrator, timeZone: TimeZone, catalog: ShippedCatalog? = .usdaSR24) throws {
        let path = url.path
        let created = try Self.prepareFile(at: url)
        // Two Bodii processes opening a new file at once would race to create the schema; an
        // advisory lock lets one finish first. It is taken on the folder, not the file: closing
        // any descriptor of the database file would drop every SQLite lock this process holds on
        // it, and another process could then take our WAL for abandoned.
        let lock = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 {
                flock(lock, LOCK_UN)
                closeDescriptor(lock)
            }
        }
        var backup: URL?
        if !created {
            backup = try Self.inspectExisting(path: path, migrator: migrator)
        }
        do {
            var config = Configuration()
            config.foreignKeysEnabled = true
            config.busyMode = .timeout(5)   // the CLI and the full-screen app may share the file
            let pool = try Self.openAndMigrate(path: path, configuration: config, migrator: migrator)
            Self.restrictSidecars(of: path)
            self.pool = pool
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
        self.url = url
        self.backupURL = backup
        self.createdNewFile = created
        self.repositories = SQLiteRepositories(writer: pool, timeZone: timeZone, catalog: catalog)
    }

    /// Closes the connections (also done when the value goes away). The repositories fail afterwards.
    public func close() throws {
        try pool.close()
    }

    /// The migration identifiers applied to this database, in order ("v1", …).
    public func appliedMigrations() throws -> [String] {
        try pool.read { db in try Schema.migrator.appliedMigrations(db) }
    }

    // MARK: - Opening safely

    /// Opens the pool and migrates. Another process may be creating or migrating the same file at
    /// this very moment (two commands started together on a new database): SQLite then reports the
    /// file busy while the other switches it to WAL, or a migration fails on the tables the other
    /// one just committed (GRDB reads the applied migrations before it takes the write lock). Both
    /// pass once the other process is done, so wait a little and try again, as long as the failure
    /// is "busy" or the applied migrations changed under us; the retry skips what the other applied.
    private static func openAndMigrate(path: String, configuration: Configuration,
                                       migrator: DatabaseMigrator) throws -> DatabasePool {
        var attempt = 0
        func pause() {
            attempt += 1
            usleep(20_000 + UInt32(attempt) * 2_000)
        }
        while true {
            let pool: DatabasePool
            do {
                pool = try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where attempt < 50 && isBusy(error) {
                pause()
                continue
            }
            // Through the writer: opening creates no reader connection.
            let before = try pool.writeWithoutTransaction { db in try migrator.appliedMigrations(db) }
            do {
                try migrator.migrate(pool)
                return pool
            } catch let error as DatabaseError where attempt < 50 {
                let after = try pool.writeWithoutTransaction { db in try migrator.appliedMigrations(db) }
                guard isBusy(error) || after != before else { throw error }
                try? pool.close()
                pause()
            }
        }
    }

    private static func isBusy(_ error: DatabaseError) -> Bool {
        error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    static let sqliteHeader = Array("SQLite format 3\0".utf8)

    /// Creates the folder (0700) and the file (0600) when missing; returns true when the file was
    /// created (or was empty, which SQLite also treats as a new database). Refuses non-SQLite files.
    private static func prepareFile(at url: URL) throws -> Bool {
        let path = url.path
        let folder = url.deletingLastPathComponent().path
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        if !fm.fileExists(atPath: folder, isDirectory: &isDirectory) {
            do {
                try fm.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                       attributes: [.posixPermissions: 0o700])
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "cannot create the folder \(folder)")
            }
            chmod(folder, 0o700)
        } else if !isDirectory.boolValue {
            throw StoreError.cannotOpen(path: path, reason: "\(folder) is not a folder")
        }

        if fm.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw StoreError.cannotOpen(path: path, reason: "it is a folder") }
            guard let handle = FileHandle(forReadingAtPath: path) else {
                throw StoreError.cannotOpen(path: path, reason: "the file cannot be read")
            }
            let head: Data
            do {
                head = try handle.read(upToCount: 16) ?? Data()
                try handle.close()
            } catch {
                throw StoreError.cannotOpen(path: path, reason: "the file cannot be read")
            }
            if head.isEmpty {
                chmod(path, 0o600)
                return true
            }
            guard Array(head) == sqliteHeader else { throw StoreError.notADatabase(path) }
            return false
        }

        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { return try prepareFile(at: url) }   // another process just created it
            throw StoreError.cannotOpen(path: path, reason: String(cString: strerror(code)))
        }
        fchmod(fd, 0o600)   // whatever the umask
        closeDescriptor(fd)
        return true
    }

    /// Looks at an existing SQLite file through a read-only connection. Throws when it must not be
    /// touched; when migrations are pending, writes a backup and returns its URL.
    private static func inspectExisting(path: String, migrator: DatabaseMigrator) throws -> URL? {
        var config = Configuration()
        config.readonly = true
        config.busyMode = .timeout(5)
        let queue: DatabaseQueue
        let applied: [String]
        let pending: Bool
        do {
            queue = try DatabaseQueue(path: path, configuration: config)
            let state = try queue.read { db -> (superseded: Bool, applied: [String], pending: Bool, foreign: Bool) in
                let superseded = try migrator.hasBeenSuperseded(db)
                let applied = try migrator.appliedMigrations(db)
                let pending = try !migrator.hasCompletedMigrations(db)
                // grdb_migrations alone is a Bodii database being created by another process right now.
                let tables = try Int.fetchOne(db, sql: """
                    SELECT COUNT(*) FROM sqlite_master
                    WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                    """) ?? 0
                return (superseded, applied, pending, applied.isEmpty && tables > 0 && !superseded)
            }
            if state.superseded {
                try? queue.close()
                throw StoreError.newerVersion(path)
            }
            if state.foreign {
                try? queue.close()
                throw StoreError.notABodiiDatabase(path)
            }
            applied = state.applied
            pending = state.pending
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
        defer { try? queue.close() }
        guard pending, let last = applied.last else { return nil }
        // A database without a single row has nothing to lose (typically another process is
        // creating it right now, between two migrations): no backup.
        do {
            guard try queue.read(hasRows) else { return nil }
        } catch let error as DatabaseError {
            throw StoreError.cannotOpen(path: path, reason: error.message ?? "\(error)")
        }
        return try writeBackup(of: queue, path: path, suffix: last)
    }

    /// Whether any table but GRDB's own holds a row. Food search's index and bookkeeping
    /// (`food_fts…`, `food_search_…`) are made from the other tables and do not count.
    private static func hasRows(_ db: Database) throws -> Bool {
        let tables = try String.fetchAll(db, sql: """
            SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                AND name NOT LIKE 'food\\_fts%' ESCAPE '\\' AND name NOT LIKE 'food\\_search\\_%' ESCAPE '\\'
            """)
        return try tables.contains { table in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier))") ?? false
        }
    }

    /// Copies the database with SQLite's online backup into "<path>.backup-<suffix>" (or
    /// "…-2", "…-3" when that name is taken: an earlier backup is never overwritten).
    private static func writeBackup(of source: DatabaseQueue, path: String, suffix: String) throws -> URL {
        let fm = FileManager.default
        var backupPath = "\(path).backup-\(suffix)"
        var n = 2
        while fm.fileExists(atPath: backupPath) {
            backupPath = "\(path).backup-\(suffix)-\(n)"
            n += 1
        }
        let fd = open(backupPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw StoreError.backupFailed(path: backupPath, reason: String(cString: strerror(errno)))
        }
        fchmod(fd, 0o600)
        closeDescriptor(fd)
        do {
            let destination = try DatabaseQueue(path: backupPath)
            try source.backup(to: destination)
            try destination.close()
        } catch {
            try? fm.removeItem(atPath: backupPath)
            let reason = (error as? DatabaseError)?.message ?? "\(error)"
            throw StoreError.backupFailed(path: backupPath, reason: reason)
        }
        restrictSidecars(of: backupPath)
        return URL(fileURLWithPath: backupPath)
    }

    /// SQLite gives -wal and -shm the main file's mode; make sure they are never group or world
    /// readable, whatever that mode or the umask was.
    private static func restrictSidecars(of path: String) {
        for sidecar in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard stat(sidecar, &info) == 0 else { continue }
            let mode = info.st_mode & 0o777
            if mode & 0o077 != 0 { chmod(sidecar, mode & 0o700) }
        }
    }
}

/// `close(2)`, out of reach of `BodiiDatabase.close()`'s name.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
