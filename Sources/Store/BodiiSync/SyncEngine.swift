// BodiiSync — sync between a person's machines without an account (PRODUCT.md §14, issue 30).
//
// Each database is a device. Its write transactions are recorded as SQLite session changesets
// (SessionRecorder), kept in an outbox in the same transaction, and written as numbered,
// immutable, encrypted files into the device's own subfolder of a folder another tool replicates
// (Syncthing, Nextcloud, rsync, git, a USB stick). Each device applies the others' files in order,
// one transaction per file, with last-writer-wins per (row, column) (ChangeApplier).
//
// Why not something else:
// - cr-sqlite (CRDT tables as an SQLite extension): unmaintained since mid-2024 and not packaged by
//   Debian; its per-column clock model is what the clock tables here follow.
// - Litestream / LiteFS: replicate one writer's database to replicas; two machines writing offline
//   is the case to serve.
// - Syncing the database file itself: a file syncer copies a live SQLite file mid-write (corrupt)
//   or forks it into conflict copies that cannot be merged.
import BodiiStore
import CSQLiteSession
import Foundation

public enum SyncError: Error, CustomStringConvertible, Equatable {
    /// `bodii sync` on a database that never ran `init` or `join`.
    case notConfigured
    /// The phrase is not one, or does not open the folder's files.
    case wrongPhrase(String)
    /// The folder is missing or not a sync folder.
    case missingFolder(String)
    case io(String)
    case data(String)

    public var description: String {
        switch self {
        case .notConfigured: "sync is not set up for this database: run `bodii sync init DIR` or `bodii sync join DIR --phrase P`"
        case .wrongPhrase(let line), .missingFolder(let line), .io(let line), .data(let line): line
        }
    }
}

/// What one sync did.
public struct SyncSummary: Sendable, Equatable, Codable {
    public struct DeviceApplied: Sendable, Equatable, Codable {
        public var device: Int64
        public var files: Int
        /// Changes that took effect, per table.
        public var changes: [String: Int]
        /// Changes left out because this database's rules refuse the row they make (a CHECK or
        /// NOT NULL constraint, a UNIQUE index no rule settles); the rest of the file applied.
        public var refused = 0
    }

    public var device: Int64
    public var applied: [DeviceApplied] = []
    /// The sequence of the first and the last file written, nil when there was nothing new.
    public var firstWritten: Int64?
    public var written: Int64?
    /// Entries (recorded transactions, a large one in pieces) in those files.
    public var writtenEntries = 0
    /// One line each: files refused, ignored, or kept for a newer Bodii.
    public var notes: [String] = []
    /// Files refused (damaged, not authentic, too large, from the future, or breaking this
    /// database's rules): `bodii sync` exits non-zero while there are any.
    public var refusedFiles = 0
    /// Files missing from the folder (`SyncGaps`): said at every sync until they are back.
    public var gaps: [SyncGap] = []
}

/// Where a device stands.
public struct SyncStatus: Sendable, Equatable, Codable {
    public var device: Int64
    /// Recorded transactions not yet written to a file.
    public var pendingEntries: Int
    /// Per other device, the last file applied here.
    public var applied: [Int64: Int64]
    /// Files missing from the folder, when the folder is known.
    public var gaps: [SyncGap] = []
}

public enum SyncEngine {
    /// The tables whose rows travel (the store's catalog of them).
    public static let tables = SyncedTables.synced.map(\.name)
    static let tableSet = Set(tables)

    /// Records this database's writes for sync when it syncs (has a device number). Call once
    /// after opening a database that may be written.
    public static func installRecorder(on database: BodiiDatabase) throws {
        let device = try database.withSyncConnection { connection in try connection.configuredDevice() }
        database.repositories.installWriteRecorder(device == nil ? nil : SessionRecorder(tables: tables))
    }

    /// First device: marks the folder with the key (saved by the caller first, so an
    /// interrupted `init` never strands a folder no key opens), takes a device number and writes
    /// what is already here as its first files at once (a machine joining right after finds it).
    /// Resumable: run again with the same key and folder, it goes on where it stopped.
    public static func initialize(_ database: BodiiDatabase, folder url: URL, key: SyncKey) throws -> SyncSummary {
        let folder = SyncFolder(url: url)
        let check = url.appendingPathComponent(SyncFolder.checkName)
        if FileManager.default.fileExists(atPath: check.path) {
            do { try checkKey(key, folder: url) } catch {
                throw SyncError.data("\(url.path) is a sync folder already: run `bodii sync join \(url.path) --phrase P` with its phrase")
            }
        } else {
            let marker = SyncFile(schema: BodiiDatabase.schemaVersion, device: 0, seq: 0, requires: [:], entries: [])
            try SyncFolder.writeAtomically(marker.sealed(with: key), to: check)
        }
        if try database.withSyncConnection({ connection in try connection.configuredDevice() }) == nil {
            try configure(database, device: chooseDevice(database, folder: folder), folder: folder)
        } else {
            // A stopped `init` may have stopped before its baseline committed: record it again
            // (rows it recorded already are known to sync and add nothing).
            try Baseline.record(database, tables: tables)
        }
        return try run(database, folder: url, key: key)
    }

    /// The same with a new key, returned: the first device of a new folder.
    public static func initialize(_ database: BodiiDatabase, folder url: URL) throws -> SyncKey {
        let key = SyncKey.random()
        _ = try initialize(database, folder: url, key: key)
        return key
    }

    /// Another device: checks the phrase against the folder, takes a device number,
    /// applies the others' files first (a new machine's default profile must not overwrite the
    /// person's real one), then records what was here before. Resumable like `initialize`: the
    /// baseline marks rows sync knows already, so recording it again adds nothing.
    public static func join(_ database: BodiiDatabase, folder url: URL, key: SyncKey) throws -> SyncSummary {
        try checkKey(key, folder: url)
        let folder = SyncFolder(url: url)
        let before = try Baseline.tablesWithRows(database, tables: tables)
        try configure(database, device: chooseDevice(database, folder: folder), folder: folder, baseline: false)
        var summary = SyncSummary(device: try configuredDevice(database))
        try applyAll(database, folder: folder, key: key, into: &summary)
        try Baseline.record(database, tables: before)
        try installRecorder(on: database)
        try writeOutbox(database, folder: folder, key: key, into: &summary)
        summary.gaps += try gaps(database, folder: folder, device: summary.device)
        return summary
    }

    /// Refuses a key that does not open the folder's key-check file.
    public static func checkKey(_ key: SyncKey, folder url: URL) throws {
        let check = url.appendingPathComponent(SyncFolder.checkName)
        guard let bytes = FileManager.default.contents(atPath: check.path) else {
            throw SyncError.missingFolder("\(url.path) is not a sync folder (no \(SyncFolder.checkName)): run `bodii sync init` first")
        }
        do {
            _ = try SyncFile.open([UInt8](bytes), with: key)
        } catch {
            throw SyncError.wrongPhrase(
                "the phrase does not open the sync folder \(url.path): check it against the one `bodii sync init` printed")
        }
    }

    /// The number this database syncs under: the one it adopted before, or a random one no device
    /// folder has (two machines joining at once would both pick "the highest plus one"; two random
    /// picks of 2^20 clash about once in a million joins).
    static func chooseDevice(_ database: BodiiDatabase, folder: SyncFolder) throws -> DeviceNumber {
        let taken = Set(folder.devices())
        if let current = try database.deviceNumber() {
            // Its own folder from an `init` or `join` that stopped half way is no other's.
            let resuming = try database.withSyncConnection { connection in try connection.configuredDevice() } == Int64(current.value)
            guard resuming || !taken.contains(Int64(current.value)) else {
                throw SyncError.data(
                    "this database syncs as device \(current) and \(folder.url.path) has a device \(current) already: use a copy of the database that never synced"
                )
            }
            return current
        }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<1000 {
            if let number = DeviceNumber(UInt32.random(in: DeviceNumber.allowed, using: &random)), !taken.contains(Int64(number.value)) {
                return number
            }
        }
        throw SyncError.data("\(folder.url.path) has no free device number left")
    }

    /// Adopts the device number (its rows move into the number's range), marks sync configured,
    /// and records what is here (`baseline`).
    private static func configure(_ database: BodiiDatabase, device number: DeviceNumber, folder: SyncFolder, baseline: Bool = true) throws
    {
        let device = Int64(number.value)
        try database.adoptDevice(number)
        // Configured before its folder exists: a run stopped in between finds its own number
        // (`chooseDevice`), never a folder it cannot tell from another machine's.
        try database.withSyncConnection { connection in
            try connection.setConfiguredDevice(device)
            try connection.separateFromCopies()  // the file that hands out this device's ids, from now
        }
        try FileManager.default.createDirectory(at: folder.deviceFolder(device), withIntermediateDirectories: true)
        if baseline { try Baseline.record(database, tables: tables) }
        try installRecorder(on: database)
    }

    /// Adopts this device's files another database wrote under its number, applies what is new
    /// from the others, writes what is new here, and says which files are missing.
    public static func run(_ database: BodiiDatabase, folder url: URL, key: SyncKey) throws -> SyncSummary {
        let device = try configuredDevice(database)
        // A deleted folder, or the empty mount point of a drive not mounted: never write there.
        guard FileManager.default.fileExists(atPath: url.appendingPathComponent(SyncFolder.checkName).path) else {
            throw SyncError.missingFolder(
                "sync folder missing or not mounted: \(url.path) has no \(SyncFolder.checkName); nothing synced")
        }
        let folder = SyncFolder(url: url)
        var summary = SyncSummary(device: device)
        try database.withSyncConnection { connection in try connection.separateFromCopies() }
        try adoptOwnFiles(database, folder: folder, key: key, into: &summary)
        try applyAll(database, folder: folder, key: key, into: &summary)
        try writeOutbox(database, folder: folder, key: key, into: &summary)
        summary.gaps += try gaps(database, folder: folder, device: device)
        return summary
    }

    /// Where this device stands; with the folder, which of its files are missing. Reads only.
    public static func status(_ database: BodiiDatabase, folder url: URL? = nil) throws -> SyncStatus {
        let (device, pending, applied) = try database.withSyncReading { connection in
            guard let device = try connection.configuredDevice() else { throw SyncError.notConfigured }
            return (device, try connection.outboxCount(), try connection.appliedFiles().filter { $0.key != device })
        }
        var status = SyncStatus(device: device, pendingEntries: pending, applied: applied)
        if let url, FileManager.default.fileExists(atPath: url.appendingPathComponent(SyncFolder.checkName).path) {
            status.gaps = try gaps(database, folder: SyncFolder(url: url), device: device)
        }
        return status
    }

    static func configuredDevice(_ database: BodiiDatabase) throws -> Int64 {
        guard let device = try database.withSyncReading({ connection in try connection.configuredDevice() }) else {
            throw SyncError.notConfigured
        }
        return device
    }
}
