import BodiiDomain
import BodiiStore
import CSQLiteSession
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// Issue 48's sync findings: a database restored from a backup (or a copy syncing as the same
/// device) never drops a change; a missing file is a gap said at every sync; files are checked
/// for size, tables, clocks and values before anything of them applies.
@Suite struct SyncFaultTests {
    /// The same database file at another path, opened as a machine of its own (a backup
    /// restored, a copy): it syncs as the same device.
    static func copy(of replica: Replica, as name: String, in folder: URL) throws -> Replica {
        let path = folder.appendingPathComponent("\(name).sqlite").path
        try replica.sql { db in try db.execute(sql: "VACUUM INTO ?", arguments: [path]) }
        let copy = try Replica(name, in: folder)
        try SyncEngine.installRecorder(on: copy.database)
        return copy
    }

    static func weighIn(_ replica: Replica, _ kg: Double, on date: String) throws {
        _ = try replica.repos.addBodyRecord(BodyRecord(date: day(date), weightKg: kg), snapshot: nil)
    }

    static func weights(_ replica: Replica) throws -> [Double] {
        try replica.sql { db in try Double.fetchAll(db, sql: "SELECT weight_kg FROM body_record ORDER BY date") }
    }

    @Test func aRestoredBackupAdoptsWhatItsDeviceWroteSinceAndTheMachinesConverge() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            try Self.weighIn(pair.a, 80, on: "2026-11-01")
            _ = try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key)
            let backup = try Self.copy(of: pair.a, as: "backup", in: folder)
            // After the backup: a syncs on, then its disk dies.
            try Self.weighIn(pair.a, 81, on: "2026-11-02")
            let lost = try #require(try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key).written)
            _ = try SyncEngine.run(pair.b.database, folder: pair.shared, key: pair.key)

            try Self.weighIn(backup, 82, on: "2026-11-03")
            let restored = try SyncEngine.run(backup.database, folder: pair.shared, key: pair.key)
            // It took its own file `lost` from the folder and wrote the new weigh-in after it.
            #expect(restored.written == lost + 1, "\(restored)")
            #expect(restored.notes.contains { $0.contains("written by another copy of this database") }, "\(restored.notes)")
            #expect(try Self.weights(backup) == [80, 81, 82])
            _ = try SyncEngine.run(pair.b.database, folder: pair.shared, key: pair.key)
            #expect(try Self.weights(pair.b) == [80, 81, 82])
            #expect(try backup.dump() == pair.b.dump())
        }
    }

    /// The number is taken while this database writes (a copy wrote it since the run began):
    /// nothing is reported written that was not, the copy's file is adopted, ours goes after it.
    @Test func aNumberTakenAtWritingIsAdoptedAndOursGoesNext() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            let copy = try Self.copy(of: pair.a, as: "copy", in: folder)
            try Self.weighIn(pair.a, 80, on: "2026-11-01")
            let taken = try #require(try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key).written)
            try Self.weighIn(copy, 90, on: "2026-11-02")
            var summary = SyncSummary(device: try pair.aDevice())
            try SyncEngine.writeOutbox(copy.database, folder: pair.shared.asSyncFolder, key: pair.key, into: &summary)
            #expect(summary.firstWritten == taken + 1 && summary.written == taken + 1, "\(summary)")
            #expect(try Self.weights(copy) == [80, 90])
            _ = try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key)
            _ = try SyncEngine.run(pair.b.database, folder: pair.shared, key: pair.key)
            #expect(try Self.weights(pair.a) == [80, 90])
            #expect(try pair.a.dump() == pair.b.dump())
            #expect(try copy.dump() == pair.b.dump())
        }
    }

    /// A run stopped after writing its file but before clearing its outbox finds the file it
    /// wrote (the same entries): no adoption, no second copy.
    @Test func aFileThisDatabaseWroteBeforeItStoppedIsItsOwn() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            try Self.weighIn(pair.a, 80, on: "2026-11-01")
            let prepared = try #require(try pair.a.database.withSyncConnection { try $0.nextOutboxFile(maxBytes: SyncFile.sizeLimit) })
            let file = SyncFile(
                schema: BodiiDatabase.schemaVersion, device: try pair.aDevice(), seq: prepared.seq, requires: prepared.applied,
                entries: prepared.entries.map { SyncEntry(hlc: $0.hlc, changeset: $0.changeset, lengths: LengthList.decode($0.lengths) ?? []) })
            let url = pair.shared.asSyncFolder.fileURL(device: try pair.aDevice(), seq: prepared.seq)
            #expect(try SyncFolder.writeNew(file.sealed(with: pair.key), to: url) == .written)
            // Stopped here; the next run:
            let summary = try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key)
            #expect(summary.written == prepared.seq)
            #expect(!summary.notes.contains { $0.contains("another copy") }, "\(summary.notes)")
            #expect(pair.shared.asSyncFolder.files(of: try pair.aDevice()).files.keys.max() == prepared.seq)
            #expect(try pair.a.database.withSyncConnection { try $0.outboxCount() } == 0)
        }
    }

    @Test func aDeletedFileIsAGapAtEverySyncUntilItIsBack() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            let second = try pair.aWritesNight(400, on: "2026-11-20")
            let third = try pair.aWritesNight(410, on: "2026-11-21")
            let kept = try Data(contentsOf: second)
            try FileManager.default.removeItem(at: second)
            let seq = try #require(Int64(second.deletingPathExtension().lastPathComponent))
            for _ in 0..<2 {
                let summary = try pair.bSyncs()
                #expect(summary.applied.isEmpty)
                #expect(summary.gaps.map { [$0.device, $0.first, $0.last] } == [[try pair.aDevice(), seq, seq]], "\(summary.gaps)")
                #expect(summary.gaps.first?.line.contains("this machine cannot apply device") == true)
            }
            // The writer sees its own file gone too.
            #expect(try SyncEngine.run(pair.a.database, folder: pair.shared, key: pair.key).gaps.map(\.first) == [seq])
            #expect(try SyncEngine.status(pair.b.database, folder: pair.shared).gaps.count == 1)
            try kept.write(to: second)
            let healed = try pair.bSyncs()
            #expect(healed.gaps.isEmpty)
            #expect(healed.applied.first?.files == 2)
            #expect(FileManager.default.fileExists(atPath: third.path))
        }
    }

    @Test func aMissingDeviceFolderWhoseFilesWereAppliedIsAGap() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            _ = try pair.aWritesNight(400)
            _ = try pair.bSyncs()
            let device = try pair.aDevice()
            try FileManager.default.removeItem(at: pair.shared.asSyncFolder.deviceFolder(device))
            let summary = try pair.bSyncs()
            #expect(summary.gaps.count == 1)
            #expect(summary.gaps.first?.device == device)
            #expect(summary.gaps.first?.line.contains("folder is missing") == true, "\(summary.gaps)")
        }
    }

    /// A file larger than any sync file is refused before it is read (a 1 GiB sparse file: read
    /// whole, it would take a gigabyte).
    @Test func aHugeFileIsRefusedUnread() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            let url = pair.shared.asSyncFolder.fileURL(device: try pair.aDevice(), seq: try Self.nextOfA(pair))
            #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
            let handle = try FileHandle(forWritingTo: url)
            try handle.truncate(atOffset: 1 << 30)
            try handle.close()
            let summary = try pair.bSyncs()
            #expect(summary.refusedFiles == 1)
            #expect(summary.notes.contains { $0.contains("larger than any sync file") }, "\(summary.notes)")
        }
    }

    /// A file signed with the key that writes sync's own bookkeeping (here: moving this
    /// machine's clock to the end of time) is refused whole; so is one whose clock is far ahead.
    @Test func filesThatWriteTheBookkeepingOrComeFromTheFutureAreRefused() throws {
        try withTemporaryFolder { folder in
            let pair = try JoinedPair.quiet(in: folder)
            let bookkeeping = try Self.changeset(sql: "UPDATE sync_state SET hlc = 9223372036854775807 WHERE id = 1", table: "sync_state", on: pair.b)
            let next = try Self.nextOfA(pair)
            try Self.write(SyncEntry(hlc: 1 << 16, changeset: bookkeeping, lengths: [1]), as: next, of: pair)
            let refused = try pair.bSyncs()
            #expect(refused.refusedFiles == 1)
            #expect(refused.notes.contains { $0.contains("sync_state, which sync does not carry") }, "\(refused.notes)")
            #expect(try pair.b.sql { db in try Int64.fetchOne(db, sql: "SELECT hlc FROM sync_state") } != .max)

            try FileManager.default.removeItem(at: pair.shared.asSyncFolder.fileURL(device: try pair.aDevice(), seq: next))
            let night = try Self.changeset(
                sql: "UPDATE sleep_record SET minutes = minutes WHERE 0", table: "sleep_record", on: pair.b)
            try Self.write(SyncEntry(hlc: .max, changeset: night, lengths: []), as: next, of: pair)
            let future = try pair.bSyncs()
            #expect(future.notes.contains { $0.contains("more than a day ahead") }, "\(future.notes)")
            // Writes here still work.
            _ = try pair.b.repos.addSleepRecord(SleepRecord(date: day("2026-11-22"), minutes: 400, status: .good))
        }
    }

    /// The number of a's next file, as b waits for it.
    static func nextOfA(_ pair: JoinedPair) throws -> Int64 {
        (try SyncEngine.status(pair.b.database).applied[try pair.aDevice()] ?? 0) + 1
    }

    /// The changeset of `sql` on a copy of `replica`'s `table` (the other machine's write).
    static func changeset(sql: String, table: String, on replica: Replica) throws -> [UInt8] {
        let queue = try DatabaseQueue()
        let path = replica.url.path
        return try queue.writeWithoutTransaction { db -> [UInt8] in
            try db.execute(sql: "ATTACH DATABASE ? AS source", arguments: [path])
            try db.execute(sql: "CREATE TABLE main.\(table) AS SELECT * FROM source.\(table) WHERE 0")
            try db.execute(sql: "INSERT INTO main.\(table) SELECT * FROM source.\(table)")
            try db.execute(sql: "DETACH DATABASE source")
            // A table made by CREATE … AS has no primary key: made again with the first column as one.
            let columns = try String.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?)", arguments: [table])
            try db.execute(sql: "ALTER TABLE \(table) RENAME TO old")
            try db.execute(sql: "CREATE TABLE \(table) (\(columns[0]) PRIMARY KEY, \(columns.dropFirst().joined(separator: ", ")))")
            try db.execute(sql: "INSERT INTO \(table) SELECT * FROM old")
            var session: OpaquePointer?
            #expect(sqlite3session_create(db.sqliteConnection, "main", &session) == SQLITE_OK)
            let started = try #require(session)
            defer { sqlite3session_delete(started) }
            #expect(sqlite3session_attach(started, table) == SQLITE_OK)
            try db.execute(sql: sql)
            return try SessionRecording.changeset(of: started)
        }
    }

    /// `entry` as device a's file `seq`, sealed with the folder's key.
    static func write(_ entry: SyncEntry, as seq: Int64, of pair: JoinedPair) throws {
        let file = SyncFile(schema: BodiiDatabase.schemaVersion, device: try pair.aDevice(), seq: seq, requires: [:], entries: [entry])
        try SyncFolder.writeAtomically(file.sealed(with: pair.key), to: pair.shared.asSyncFolder.fileURL(device: try pair.aDevice(), seq: seq))
    }
}

extension URL {
    var asSyncFolder: SyncFolder { SyncFolder(url: self) }
}
