import BodiiDomain
import BodiiStore
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// Files that must not be applied are refused with one line each, and nothing of them lands.
@Suite struct SyncFileRefusalTests {
    /// Device 1 (a) writes files; device 2 (b) joined before any of them.
    typealias Pair = JoinedPair

    @Test func truncatedFileIsRefusedAndNothingApplied() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            let file = try pair.aWritesNight(420)
            let bytes = try Data(contentsOf: file)
            try bytes.prefix(bytes.count - 7).write(to: file)
            let summary = try pair.bSyncs()
            #expect(
                summary.notes == ["device \(try pair.aDevice()) file 1: does not authenticate (another key, or changed bytes); not applied"]
            )
            #expect(try pair.nights(pair.b).isEmpty)
            #expect(summary.applied.isEmpty)
        }
    }

    @Test func corruptedByteAndCutHeaderAreRefused() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            let file = try pair.aWritesNight(420)
            var bytes = [UInt8](try Data(contentsOf: file))
            bytes[bytes.count / 2] ^= 0x40
            try Data(bytes).write(to: file)
            #expect(try pair.bSyncs().notes.count == 1)
            try Data(bytes.prefix(20)).write(to: file)
            let cut = try pair.bSyncs()
            #expect(cut.notes == ["device \(try pair.aDevice()) file 1: damaged (cut short); not applied"])
            #expect(try pair.nights(pair.b).isEmpty)
        }
    }

    @Test func wrongKeyIsRefused() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            _ = try pair.aWritesNight(420)
            let other = SyncKey.random()
            #expect(throws: SyncError.self) { try SyncEngine.checkKey(other, folder: pair.shared) }
            let summary = try pair.bSyncs(with: other)
            #expect(
                summary.notes == ["device \(try pair.aDevice()) file 1: does not authenticate (another key, or changed bytes); not applied"]
            )
            #expect(try pair.nights(pair.b).isEmpty)
            // With the right key the same file applies.
            #expect(try pair.bSyncs().applied.map(\.files) == [1])
            #expect(try pair.nights(pair.b) == [420])
        }
    }

    /// A file that fails while being applied (here: its causal lengths do not match its
    /// changeset) rolls back whole: the files before it stay applied, it and the later ones not.
    @Test func fileFailingMidApplyLeavesDatabaseAsBeforeIt() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            _ = try pair.aWritesNight(400)
            let second = try pair.aWritesNight(410, on: "2026-11-21")
            _ = try pair.aWritesNight(420, on: "2026-11-22")
            var broken = try SyncFile.open([UInt8](try Data(contentsOf: second)), with: pair.key)
            let entry = try #require(broken.entries.first)
            // An entry that would apply (the night of the 21st), then one that cannot.
            broken.entries = [entry, SyncEntry(hlc: entry.hlc + 1, changeset: entry.changeset, lengths: [])]
            try Data(broken.sealed(with: pair.key)).write(to: second)
            let before = try pair.b.dump()
            let summary = try pair.bSyncs()
            #expect(summary.applied.map(\.files) == [1])
            #expect(summary.notes.count == 1)
            #expect(summary.notes.first?.hasPrefix("device \(try pair.aDevice()) file 2: not applied") == true)
            #expect(try pair.nights(pair.b) == [400])
            #expect(try SyncEngine.status(pair.b.database).applied == [try pair.aDevice(): 1])
            #expect(try pair.b.dump() != before)  // file 1 did apply
        }
    }

    @Test func fileFromNewerSchemaIsKeptNotApplied() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            let file = try pair.aWritesNight(420)
            var newer = try SyncFile.open([UInt8](try Data(contentsOf: file)), with: pair.key)
            newer.schema = BodiiDatabase.schemaVersion + 1
            try Data(newer.sealed(with: pair.key)).write(to: file)
            let summary = try pair.bSyncs()
            #expect(summary.notes.count == 1)
            #expect(summary.notes.first?.contains("newer Bodii") == true)
            #expect(summary.notes.first?.contains("upgrade Bodii") == true)
            #expect(FileManager.default.fileExists(atPath: file.path))
            #expect(try pair.nights(pair.b).isEmpty)
        }
    }

    @Test func conflictCopiesAndTemporaryFilesAreIgnoredWithOneLineEach() throws {
        try withTemporaryFolder { folder in
            let pair = try Pair(in: folder)
            let file = try pair.aWritesNight(420)
            let folderOfA = file.deletingLastPathComponent()
            try Data([1, 2, 3]).write(to: folderOfA.appendingPathComponent("00000001.sync-conflict-20261126-080000-ABCDEFG.bodiisync"))
            try Data([1, 2, 3]).write(to: folderOfA.appendingPathComponent(".00000002.bodiisync.123.tmp"))
            let summary = try pair.bSyncs()
            #expect(summary.notes.count == 2)
            #expect(summary.notes.contains { $0.contains("conflict copy") })
            #expect(summary.notes.contains { $0.contains("still being written") })
            #expect(try pair.nights(pair.b) == [420])
        }
    }

    @Test func phraseRoundTripsAndATypoIsNoKey() throws {
        let key = SyncKey.random()
        #expect(SyncKey(phrase: key.phrase) == key)
        #expect(SyncKey(phrase: key.phrase.lowercased().replacingOccurrences(of: "-", with: " ")) == key)
        var typo = Array(key.phrase)
        typo[3] = typo[3] == "A" ? "B" : "A"
        #expect(SyncKey(phrase: String(typo)) == nil)
        #expect(SyncKey(phrase: "ABCD") == nil)
    }
}

extension JoinedPair {
    /// a logs a night of `minutes` and writes it as its next file.
    func aWritesNight(_ minutes: Int, on date: String = "2026-11-20") throws -> URL {
        _ = try a.repos.addSleepRecord(SleepRecord(date: day(date), minutes: minutes, status: .good))
        let summary = try SyncEngine.run(a.database, folder: shared, key: key)
        let seq = try #require(summary.written)
        return SyncFolder(url: shared).fileURL(device: try aDevice(), seq: seq)
    }

    /// a's device number (random, taken at `init`).
    func aDevice() throws -> Int64 {
        Int64(try #require(try a.database.deviceNumber()).value)
    }

    func bSyncs(with key: SyncKey? = nil) throws -> SyncSummary {
        try SyncEngine.run(b.database, folder: shared, key: key ?? self.key)
    }

    func nights(_ replica: Replica) throws -> [Int] {
        try replica.sql { db in try Int.fetchAll(db, sql: "SELECT minutes FROM sleep_record ORDER BY id") }
    }
}
