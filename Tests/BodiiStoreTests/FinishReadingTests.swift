import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `BodiiDatabase.finishReading()`: a command that only read ends with what SQLite needs and no
/// more — the sidecars it made are removed, another program's are left as they were.
@Suite struct FinishReadingTests {
    let day1 = day("2026-11-20")
    var week: DateRange { DateRange(ending: day1, days: 7) }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Alone on the file, the reader made the -wal and -shm (so SQLite could read it): finishing
    /// closes it, and SQLite removes both, as the ordinary teardown did. A reader left open would
    /// keep them (the object is kept until the process exits).
    @Test func aReaderAloneRemovesTheSidecarsItMade() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url, access: .command)
            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            try writer.close()
            #expect(!exists(url.path + "-wal") && !exists(url.path + "-shm"))

            let reader = try BodiiDatabase(url: url, access: .readOnly)
            #expect(try reader.repositories.exerciseRecords(in: week).count == 1)
            #expect(exists(url.path + "-wal") && exists(url.path + "-shm"))
            reader.finishReading()
            #expect(!exists(url.path + "-wal"), "the -wal the reader made is still there")
            #expect(!exists(url.path + "-shm"), "the -shm the reader made is still there")

            // The next writer and reader work as before.
            let next = try BodiiDatabase(url: url, access: .command)
            try next.repositories.addExerciseRecord(exercise(day1, kcal: 200))
            try next.close()
            let again = try BodiiDatabase(url: url, access: .readOnly)
            #expect(try again.repositories.exerciseRecords(in: week).count == 2)
            again.finishReading()
        }
    }

    /// With another program writing (its commit still in the -wal), the reader reads that commit
    /// and is left as it is: the writer goes on writing, and nothing of the -wal is lost.
    @Test func aReaderBesideAWriterLeavesItsWalAlone() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url)
            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            let walBefore = try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal"))
            #expect(!walBefore.isEmpty)

            let reader = try BodiiDatabase(url: url, access: .readOnly)
            #expect(try reader.repositories.exerciseRecords(in: week).count == 1)
            reader.finishReading()
            #expect(try Data(contentsOf: URL(fileURLWithPath: url.path + "-wal")) == walBefore)

            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 200))
            #expect(try writer.repositories.exerciseRecords(in: week).count == 2)
            try writer.close()
            let again = try BodiiDatabase(url: url, access: .readOnly)
            #expect(try again.repositories.exerciseRecords(in: week).map(\.kcal).sorted() == [200, 300])
        }
    }

    /// A database that may write is never left open: finishing it does nothing.
    @Test func aWriterIsNotFinished() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url, access: .command)
            writer.finishReading()
            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            #expect(try writer.repositories.exerciseRecords(in: week).count == 1)
            try writer.close()
        }
    }
}

/// A database made read-only (0444) is read without leaving a -wal or -shm beside it: SQLite would
/// make them with the file's mode, and after `chmod 644` they refused every write (issue 48 #9).
@Suite struct ReadOnlyFileTests {
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    @Test func readingA0444FileLeavesNoSidecarsAndWritesWorkAfterChmod() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url, access: .command)
            try writer.repositories.addExerciseRecord(exercise(day("2026-11-20"), kcal: 300))
            try writer.close()
            chmod(url.path, 0o444)

            let reader = try BodiiDatabase(url: url, access: .readOnly)
            #expect(try reader.repositories.exerciseRecords(in: DateRange(ending: day("2026-11-20"), days: 7)).count == 1)
            #expect(!exists(url.path + "-wal") && !exists(url.path + "-shm"))
            reader.finishReading()

            chmod(url.path, 0o644)
            let next = try BodiiDatabase(url: url, access: .command)
            try next.repositories.addExerciseRecord(exercise(day("2026-11-21"), kcal: 200))
            try next.close()
        }
    }

    @Test func readOnlySidecarsLeftBesideAWritableFileAreMendedBeforeAWrite() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            try BodiiDatabase(url: url, access: .command).close()
            for sidecar in [url.path + "-wal", url.path + "-shm"] {
                #expect(FileManager.default.createFile(atPath: sidecar, contents: nil, attributes: [.posixPermissions: 0o444]))
            }
            let writer = try BodiiDatabase(url: url, access: .command)
            try writer.repositories.addExerciseRecord(exercise(day("2026-11-20"), kcal: 300))
            for sidecar in [url.path + "-wal", url.path + "-shm"] {
                let mode = try #require(try FileManager.default.attributesOfItem(atPath: sidecar)[.posixPermissions] as? Int)
                #expect(mode == 0o600, "\(sidecar): \(String(mode, radix: 8))")
            }
            try writer.close()
        }
    }
}
