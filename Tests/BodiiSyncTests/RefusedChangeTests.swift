import BodiiDomain
import BodiiStore
import CSQLiteSession
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// A value Bodii refuses on every other path (a night's quality 9, where 1–5 is allowed) refuses
/// the whole file it came in (issue 48: kcal = 1e300 came in through sync alone): nothing of it
/// applies, `bodii sync` names the value and exits 65, and the next file of that device waits.
@Suite struct RefusedChangeTests {
    /// A file of device 7 with two nights: one this schema allows, one with quality 9 (1–5 here).
    static func fileWithARefusedNight(for replica: Replica, key: SyncKey, shared: URL) throws {
        let columns = try replica.sql { db in try Row.fetchAll(db, sql: "SELECT name, dflt_value FROM pragma_table_info('sleep_record')") }
        let base = Int64(7) << 32
        let given: [String: String] = ["date": "'2026-11-20'", "minutes": "420", "status": "'good'"]
        let names = columns.map { $0["name"] as String }
        func values(id: Int64, quality: Int) -> String {
            columns.map { column -> String in
                let name: String = column["name"]
                if name == "id" { return "\(id)" }
                if name == "quality" { return "\(quality)" }
                return given[name] ?? (column["dflt_value"] as String?) ?? "NULL"
            }.joined(separator: ", ")
        }
        // The same columns without their CHECKs: the other machine's Bodii took the value.
        let other = try DatabaseQueue()
        let changeset = try other.writeWithoutTransaction { db -> [UInt8] in
            try db.execute(sql: "CREATE TABLE sleep_record (id INTEGER PRIMARY KEY, \(names.dropFirst().joined(separator: ", ")))")
            var session: OpaquePointer?
            #expect(sqlite3session_create(db.sqliteConnection, "main", &session) == SQLITE_OK)
            let started = try #require(session)
            defer { sqlite3session_delete(started) }
            #expect(sqlite3session_attach(started, "sleep_record") == SQLITE_OK)
            try db.execute(sql: "INSERT INTO sleep_record (\(names.joined(separator: ", "))) VALUES (\(values(id: base + 1, quality: 4)))")
            try db.execute(sql: "INSERT INTO sleep_record (\(names.joined(separator: ", "))) VALUES (\(values(id: base + 2, quality: 9)))")
            return try SessionRecording.changeset(of: started)
        }
        let entry = SyncEntry(hlc: 1 << 16, changeset: changeset, lengths: [1, 1])
        let file = SyncFile(schema: BodiiDatabase.schemaVersion, device: 7, seq: 1, requires: [:], entries: [entry])
        let folder = SyncFolder(url: shared)
        try FileManager.default.createDirectory(at: folder.deviceFolder(7), withIntermediateDirectories: true)
        try SyncFolder.writeAtomically(file.sealed(with: key), to: folder.fileURL(device: 7, seq: 1))
    }

    /// One machine synced to `folder/shared`, where device 7's file with a refused night waits.
    static func syncedWithARefusedNight(in folder: URL) throws -> (replica: Replica, key: SyncKey, shared: URL) {
        let shared = folder.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let replica = try Replica("a", in: folder)
        let key = try SyncEngine.initialize(replica.database, folder: shared)
        try fileWithARefusedNight(for: replica, key: key, shared: shared)
        return (replica, key, shared)
    }

    @Test func aValueBodiiRefusesRefusesItsWholeFile() throws {
        try withTemporaryFolder { folder in
            let (replica, key, shared) = try Self.syncedWithARefusedNight(in: folder)

            let summary = try SyncEngine.run(replica.database, folder: shared, key: key)
            #expect(summary.refusedFiles == 1)
            #expect(summary.applied.isEmpty)
            #expect(summary.notes.contains { $0.contains("device 7 file 1") && $0.contains("sleep_record.quality 9 is out of range: allowed 1–5") }, "\(summary.notes)")
            // The night with quality 4 stood in the same file: it waits with it.
            let nights = try replica.repos.sleepRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20")))
            #expect(nights.isEmpty)
            #expect(try SyncEngine.status(replica.database).applied.isEmpty)
        }
    }

    /// The real binary: a config folder written as `bodii sync init` writes it.
    @Test func bodiiSyncNamesTheRefusedValueAndExits65() throws {
        try withTemporaryFolder { folder in
            let (replica, key, shared) = try Self.syncedWithARefusedNight(in: folder)
            let config = folder.appendingPathComponent("config/bodii")
            try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
            try Data((key.hex + "\n").utf8).write(to: config.appendingPathComponent("sync.key"))
            let quoted = String(decoding: try JSONEncoder().encode(shared.path), as: UTF8.self)
            try Data("sync_dir = \(quoted)\n".utf8).write(to: config.appendingPathComponent("sync.toml"))
            let copy = folder.appendingPathComponent("copy.sqlite")
            try replica.sql { db in try db.execute(sql: "VACUUM INTO ?", arguments: [copy.path]) }
            let environment = ["XDG_CONFIG_HOME": folder.appendingPathComponent("config").path]

            let text = try runBuiltBodii(["sync", "--db", replica.url.path], environment: environment)
            #expect(text.status == 65, "\(text.stderr)")
            #expect(text.stderr.contains("sleep_record.quality 9 is out of range: allowed 1–5"), "\(text.stderr)")
            #expect(text.stderr.contains("1 file refused"), "\(text.stderr)")
            // Said again at the next run: the file is still there, still refused.
            #expect(try runBuiltBodii(["sync", "--db", replica.url.path], environment: environment).status == 65)

            let json = try runBuiltBodii(["sync", "--json", "--db", copy.path], environment: environment)
            #expect(json.status == 65, "\(json.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
            #expect((document?["applied"] as? [Any])?.isEmpty == true, "\(json.stdout)")
            #expect((document?["notes"] as? [String])?.contains { $0.contains("sleep_record.quality 9") } == true, "\(json.stdout)")
        }
    }
}
