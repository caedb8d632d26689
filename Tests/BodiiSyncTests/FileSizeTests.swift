import BodiiStore
import CSQLiteSession
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// Issue 30's catch-up budget: what a device writes travels in files of at most a few MB, cut
/// between changes, so a new machine reads, decrypts and applies one bounded file at a time.
@Suite struct FileSizeTests {
    /// A changeset cut into pieces holds the same changes, in the same order, each piece a
    /// changeset SQLite reads on its own.
    @Test func aSplitChangesetHoldsTheSameChangesInOrder() throws {
        let queue = try DatabaseQueue()
        let bytes: [UInt8] = try queue.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT, weight REAL, data BLOB);
                    CREATE TABLE tag (name TEXT PRIMARY KEY, uses INTEGER);
                    INSERT INTO note VALUES (1, 'old', 1.5, NULL), (2, 'gone', NULL, x'00ff');
                    """)
            guard let handle = db.sqliteConnection else { return [] }
            var session: OpaquePointer?
            guard sqlite3session_create(handle, "main", &session) == SQLITE_OK, let session else { return [] }
            defer { sqlite3session_delete(session) }
            sqlite3session_attach(session, nil)
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 3 UNION ALL SELECT i + 1 FROM n WHERE i < 60)
                    INSERT INTO note SELECT i, 'note ' || i || replace(zeroblob(i * 3), x'00', 'é'), i * 0.25, zeroblob(i) FROM n;
                    UPDATE note SET body = 'new' WHERE id = 1;
                    DELETE FROM note WHERE id = 2;
                    INSERT INTO tag VALUES ('a', 1), ('b', NULL);
                    """)
            return try SessionRecording.changeset(of: session)
        }
        let whole = try Changeset.changes(bytes).map { "\($0.table) \($0.operation) \($0.old) \($0.new)" }
        #expect(whole.count == 62)
        let pieces = try ChangesetSplitter.split(bytes, limit: 300)
        #expect(pieces.count > 10)
        let rejoined = try pieces.flatMap { piece in
            let changes = try Changeset.changes(piece.bytes)
            #expect(changes.count == piece.changes)
            #expect(piece.bytes.count <= 300 || piece.changes == 1, "a piece of \(piece.bytes.count) bytes")
            return changes.map { "\($0.table) \($0.operation) \($0.old) \($0.new)" }
        }
        #expect(rejoined == whole)
        #expect(try ChangesetSplitter.split(bytes, limit: bytes.count) == [.init(bytes: bytes, changes: 62)])
        #expect(throws: ChangesetSplitter.SplitError.self) { try ChangesetSplitter.split(Array(bytes.dropLast(3)), limit: 300) }
    }

    /// 600 days with a 10 kB note each (6 MB): `init` writes them at once as several files of at
    /// most `SyncFile.sizeLimit`, entries of at most `Outbox.entryLimit`; a machine joining right
    /// after applies them all.
    @Test func aLargeHistoryTravelsInBoundedFiles() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            try a.sql { db in
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 599)
                        INSERT INTO check_in (date, mood, note)
                        SELECT date('2024-01-01', '+' || i || ' days'), 1 + i % 5, i || replace(zeroblob(10000), x'00', 'x') FROM n
                        """)
            }
            let key = try SyncEngine.initialize(a.database, folder: shared)
            let device = Int64(try #require(try a.database.deviceNumber()).value)
            let files = SyncFolder(url: shared).files(of: device).files
            #expect(files.count >= 2)
            for (_, url) in files {
                let bytes = [UInt8](try Data(contentsOf: url))
                #expect(bytes.count <= SyncFile.sizeLimit + 64 * 1024, "\(url.lastPathComponent): \(bytes.count) bytes")
                for entry in try SyncFile.open(bytes, with: key).entries {
                    #expect(entry.changeset.count <= Outbox.entryLimit)
                }
            }
            let joined = try SyncEngine.join(b.database, folder: shared, key: key)
            #expect(joined.applied.map(\.files) == [files.count])
            #expect(joined.applied.first?.changes["check_in"] == 600)
            #expect(try b.dump().filter { $0.hasPrefix("check_in") } == a.dump().filter { $0.hasPrefix("check_in") })
        }
    }
}
