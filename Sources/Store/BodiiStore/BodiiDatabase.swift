import BodiiDomain
import Foundation
import GRDB
import Synchronization
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

    let pool: any DatabaseWriter
    /// How `finishReading` ends a read-only connection: `.close` when this process made the -wal
    /// and -shm (closing removes them), `.leave` when it cannot change the file.
    private let ending: ReadingEnd

    /// How a command uses the database.
    public enum Access: Sendable {
        /// Creates the file when missing, migrates it, writes; a pool of connections (the app).
        case readWrite
        /// The same through one connection, for a command that runs once and exits. Opening it
        /// writes nothing: a pool's opening commits an empty transaction (GRDB makes sure the -wal
        /// is not empty), which changes the file even when the command is then refused.
        case command
        /// Never creates, changes, migrates or writes anything (`today`, `report`, `search`): works
        /// on a read-only file or folder. A missing file is `StoreError.noDatabase`.
        case readOnly
    }

    /// Opens (creating it if needed) the database at `url`; see the type's documentation.
    /// `timeZone` supplies the UTC offsets written with timestamps (the current one by default).
    /// `catalog` is seeded on its first use (the USDA SR24 that ships in the binary; nil for none).
    public convenience init(
        url: URL, access: Access = .readWrite, timeZone: TimeZone = .current,
        catalog: ShippedCatalog? = .usdaSR24
    ) throws {
        try self.init(url: url, migrator: Schema.migrator, access: access, timeZone: timeZone, catalog: catalog)
    }

    /// The same, with the migrator injected (tests simulate older and newer schemas with it).
    init(
        url: URL, migrator: DatabaseMigrator, access: Access = .readWrite, timeZone: TimeZone,
        catalog: ShippedCatalog? = .usdaSR24
    ) throws {
        SQLiteProcessSetup.prepare()
        let path = url.path
        let state = try DatabaseFile.prepare(at: url, creating: access != .readOnly)
        if access == .readOnly, state == .new { throw StoreError.noDatabase(path) }
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
        let writer: any DatabaseWriter
        var ending = ReadingEnd.close
        do {
            if access == .readOnly {
                (writer, ending) = try Self.openForReading(path: path, migrator: migrator)
            } else {
                if state == .existing {
                    backup = try Self.inspectExisting(path: path, migrator: migrator)
                } else {
                    try Self.stamp(path: path)
                }
                DatabaseFile.mendReadOnlySidecars(of: path)
                var config = Self.writingConfiguration()
                config.foreignKeysEnabled = true
                config.busyMode = .timeout(Self.lockWait)  // the CLI and the full-screen app may share the file
                // A health log is small and written rarely: every commit reaches the disk before
                // it is acknowledged, power loss included (GRDB's WAL default is NORMAL).
                let opened = try Self.openAndMigrate(
                    path: path, configuration: config, migrator: migrator,
                    pool: access == .readWrite)
                try opened.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA synchronous = \(Self.synchronousMode)") }
                DatabaseFile.restrictSidecars(of: path)
                writer = opened
            }
        } catch let error as DatabaseError {
            throw StoreError.describing(error, path: path)
        }
        self.pool = writer
        self.ending = ending
        self.url = url
        self.backupURL = backup
        self.createdNewFile = state == .new
        self.repositories = SQLiteRepositories(
            writer: writer, timeZone: timeZone, catalog: catalog,
            readsOnly: access == .readOnly)
    }

    /// The shipped food catalog alone, in memory: what a read-only search uses when the file has
    /// no catalog yet (seeding it would write). Custom foods are not in it.
    public static func shippedCatalogInMemory(catalog: ShippedCatalog = .usdaSR24) throws -> SQLiteRepositories {
        let queue = try DatabaseQueue()
        try Schema.migrate(queue)
        return SQLiteRepositories(writer: queue, timeZone: .current, catalog: catalog)
    }

    /// Closes the connections (also done when the value goes away). The repositories fail afterwards.
    public func close() throws {
        try pool.close()
    }

    /// What a command that only read does with the database before the process exits: what
    /// SQLite must do, and nothing more. A connection that made the -wal and -shm closes (SQLite
    /// then checkpoints the empty -wal and removes both); a read-only one is left to the exit,
    /// which releases its locks as closing would (it never writes, so it never checkpoints). The
    /// objects' own teardown (GRDB unregisters notification observers, ~0.8 M instructions) is
    /// skipped in both: a process that ends frees its memory at once. Only for `.readOnly` (a
    /// connection that may write closes normally); the repositories must not be used afterwards.
    public func finishReading() {
        guard repositories.readsOnly else { return }
        if ending == .close {
            do { try pool.close() } catch { return }  // a statement still open: the ordinary teardown closes
        }
        Self.keptUntilExit.withLock { $0.append(self) }
    }

    /// Databases whose reading is finished, kept so that they are never torn down.
    private static let keptUntilExit = Mutex<[BodiiDatabase]>([])

    /// How a read-only connection ends (see `finishReading`).
    enum ReadingEnd {
        case close, leave
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
    private static func openAndMigrate(
        path: String, configuration: Configuration, migrator: DatabaseMigrator,
        pool usePool: Bool
    ) throws -> any DatabaseWriter {
        var attempt = 0
        func pause() {
            attempt += 1
            usleep(20_000 + UInt32(attempt) * 2_000)
        }
        while true {
            let pool: any DatabaseWriter
            do {
                pool =
                    usePool
                    ? try DatabasePool(path: path, configuration: configuration)
                    : try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError where attempt < 50 && isBusy(error) {
                pause()
                continue
            }
            // Through the writer: opening creates no reader connection.
            let before = try pool.writeWithoutTransaction { db in try migrator.appliedMigrations(db) }
            do {
                try Schema.migrate(pool, with: migrator)
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

    /// Bodii's mark in the SQLite header (`PRAGMA application_id`, "Bodi"), written before the
    /// first migration: a file killed while being created is still known as Bodii's, and an empty
    /// database of another program is not.
    static let applicationID: Int32 = 0x426F_6469

    /// How long a statement waits for another connection's lock before it gives up, in seconds.
    static let lockWait: TimeInterval = 5

    /// Marks a new, empty file as Bodii's before anything else is written to it.
    private static func stamp(path: String) throws {
        let queue = try DatabaseQueue(path: path, configuration: writingConfiguration())
        try queue.writeWithoutTransaction { db in
            if try Int32.fetchOne(db, sql: "PRAGMA application_id") == 0,
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") == 0
            {
                try db.execute(sql: "PRAGMA application_id = \(applicationID)")
            }
            // WAL from the start, whether a pool or a single connection opens it next.
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = WAL")
        }
        try queue.close()
    }

    /// A connection that cannot change the file. When no -wal or -shm is beside it, the
    /// connection may write (with query_only on) so that SQLite removes the sidecars it makes when
    /// it closes; a read-only connection would leave them. When they are there already (another
    /// process has the file open, or one crashed), a read-only connection leaves them as they were.
    private static func carefulConnection(path: String) throws -> (DatabaseQueue, ReadingEnd) {
        var config = Configuration()
        config.busyMode = .timeout(Self.lockWait)
        config.foreignKeysEnabled = true
        config.prepareDatabase { db in
            try db.execute(sql: "PRAGMA mmap_size = \(readMapSize)")
        }
        let sidecars = DatabaseFile.exists(path + "-wal") || DatabaseFile.exists(path + "-shm")
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        if !sidecars && (access(folder, W_OK) != 0 || !DatabaseFile.isWritable(path)) {
            // SQLite cannot read a WAL database without a -shm beside it, and cannot make one in
            // a read-only folder. No sidecars and no way to make them means no one is writing it.
            // Beside a read-only file it would make them with the file's mode (0444), and they
            // would then refuse every write once the file is made writable again (issue 48 #9).
            config.readonly = true
            return (try DatabaseQueue(path: immutableURI(path), configuration: config), .leave)
        }
        if sidecars || access(path, W_OK) != 0 {
            config.readonly = true
            return (try DatabaseQueue(path: path, configuration: config), .leave)
        }
        config.prepareDatabase { db in try db.execute(sql: "PRAGMA query_only = 1") }
        return (try DatabaseQueue(path: path, configuration: config), .close)
    }

    /// SQLite reads the file through a memory map of up to this many bytes instead of copying each
    /// page it reads into its cache: a one-shot command (`bodii search`, `status`) then takes a
    /// page fault per 16 pages instead of an allocation per page.
    static let readMapSize = 256 << 20

    /// `path` as an SQLite URI that reads the file as it is, with no locks and no sidecars.
    private static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// What an existing file holds: the migrations applied, and whether some are pending.
    private struct Inspection {
        let applied: [String]
        let pending: Bool
    }

    /// Throws when the file is not Bodii's or is newer than this build.
    private static func inspect(_ queue: DatabaseQueue, path: String, migrator: DatabaseMigrator) throws -> Inspection {
        // Every command opens the file this way, so it reads as little as it can: the migration
        // table once (the migrator's checks would read it three times), the rest only for a file
        // with no migration applied. GRDB's `tableExists` loads the whole schema description.
        let state = try queue.read { db -> (superseded: Bool, applied: [String], pending: Bool, foreign: Bool) in
            let migrations =
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations')
                        """) ?? false
            let done = migrations ? try appliedIdentifiers(db) : []
            let known = migrator.migrations
            let superseded = done.contains { !known.contains($0) }
            let applied = known.filter(done.contains)
            let pending = applied != known  // the migrator's `hasCompletedMigrations`: all, in order
            guard !superseded, applied.isEmpty else { return (superseded, applied, pending, false) }
            // grdb_migrations alone is a Bodii database being created by another process right now;
            // no tables at all is Bodii's only with its mark (see `applicationID`).
            let marked = try Int32.fetchOne(db, sql: "PRAGMA application_id") == applicationID
            let tables =
                try Int.fetchOne(
                    db,
                    sql: """
                        SELECT COUNT(*) FROM sqlite_master
                        WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                        """) ?? 0
            return (superseded, applied, pending, tables > 0 || !(migrations || marked))
        }
        if state.superseded { throw StoreError.newerVersion(path) }
        if state.foreign { throw StoreError.notABodiiDatabase(path) }
        return Inspection(applied: state.applied, pending: state.pending)
    }

    /// The migrator's `appliedIdentifiers`, read as plain rows: its typed fetch instantiates
    /// generic cursor types whose requirements each cost a scan of every protocol conformance in
    /// the binary (~0.6 M instructions), at every command's start. The caller knows the table exists.
    private static func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        var identifiers: Set<String> = []
        let rows = try Row.fetchCursor(db, sql: "SELECT identifier FROM grdb_migrations")
        while let row = try rows.next() { identifiers.insert(try row.decode(String.self, atIndex: 0)) }
        return identifiers
    }

    /// The connection of a read-only command, after the same checks as a write's. An older
    /// database is refused: migrating it would write.
    private static func openForReading(path: String, migrator: DatabaseMigrator) throws -> (DatabaseQueue, ReadingEnd) {
        let (queue, ending) = try carefulConnection(path: path)
        do {
            let found = try inspect(queue, path: path, migrator: migrator)
            if found.pending { throw StoreError.needsUpgrade(path) }
            return (queue, ending)
        } catch {
            try? queue.close()
            throw error
        }
    }

    /// Looks at an existing SQLite file through a connection that changes nothing. Throws when it
    /// must not be touched; when migrations are pending, writes a backup and returns its URL.
    private static func inspectExisting(path: String, migrator: DatabaseMigrator) throws -> URL? {
        let (queue, _) = try carefulConnection(path: path)
        defer { try? queue.close() }
        let found = try inspect(queue, path: path, migrator: migrator)
        guard found.pending, let last = found.applied.last else { return nil }
        // A database without a single row has nothing to lose (typically another process is
        // creating it right now, between two migrations): no backup.
        guard try queue.read(hasRows) else { return nil }
        return try writeBackup(of: queue, path: path, suffix: last)
    }

    /// Whether any table but GRDB's own holds a row. Food search's index and bookkeeping
    /// (`food_fts…`, `food_search_…`) are made from the other tables and do not count, nor does
    /// sync's one-row state of a database that never synced.
    private static func hasRows(_ db: Database) throws -> Bool {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name != 'grdb_migrations'
                    AND name NOT LIKE 'food\\_fts%' ESCAPE '\\' AND name NOT LIKE 'food\\_search\\_%' ESCAPE '\\'
                    AND name != 'sync_state'
                """)
        return try tables.contains { table in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier))") ?? false
        }
    }

    /// Copies the database with SQLite's online backup into "<path>.backup-<suffix>": first to
    /// "….partial", then renamed once complete and on disk, so a kill never leaves a half-written
    /// backup under the real name. One backup per version: a later copy of the same version (an
    /// upgrade that was interrupted and runs again) replaces the earlier one.
    private static func writeBackup(of source: DatabaseQueue, path: String, suffix: String) throws -> URL {
        let backupPath = "\(path).backup-\(suffix)"
        let partial = backupPath + ".partial"
        for leftover in [partial, partial + "-journal", partial + "-wal", partial + "-shm"] { unlink(leftover) }
        func failed(_ reason: String) -> StoreError {
            for leftover in [partial, partial + "-journal", partial + "-wal", partial + "-shm"] { unlink(leftover) }
            return StoreError.backupFailed(path: backupPath, reason: reason)
        }
        let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw failed(DatabaseFile.reason(errno)) }
        fchmod(fd, 0o600)
        closeDescriptor(fd)
        do {
            let destination = try DatabaseQueue(path: partial)
            try source.backup(to: destination)
            try destination.close()
        } catch {
            throw failed((error as? DatabaseError).map { StoreError.describing($0, path: backupPath).description } ?? "\(error)")
        }
        let synced = open(partial, O_RDONLY | O_CLOEXEC)
        if synced >= 0 {
            fsync(synced)
            closeDescriptor(synced)
        }
        guard rename(partial, backupPath) == 0 else { throw failed(DatabaseFile.reason(errno)) }
        return URL(fileURLWithPath: backupPath)
    }
}

/// `close(2)`, out of reach of `BodiiDatabase.close()`'s name.
private func closeDescriptor(_ fd: Int32) {
    _ = close(fd)
}
