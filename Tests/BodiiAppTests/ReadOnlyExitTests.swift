import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `today` and `status` end without the orderly teardown (`BodiiDatabase.finishReading`): beside a running
/// app it exits with its read-only connection open. Nothing the app wrote is lost, the app and
/// the next commands read and write on, and alone on the file it still leaves no -wal or -shm.
@Suite struct ReadOnlyExitTests {
    func weight(_ kg: Double) -> BodyRecord {
        BodyRecord(date: TestClock.today, weightKg: kg, recordedAt: Date())
    }

    @Test func todayBesideARunningAppLosesNothing() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("shared.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", path]).status == 0)
        // The app is open, its last write still in the -wal.
        var app: BodiiDatabase? = try BodiiDatabase(url: URL(fileURLWithPath: path))
        _ = try app?.repositories.addBodyRecord(weight(81), snapshot: nil)
        let wal = try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
        #expect(!wal.isEmpty)

        let today = try runBodii(["today", "--json", "--db", path])
        #expect(today.status == 0, "\(today.stderr)")
        #expect(today.stdout.contains("\"weight_kg\":81"), "\(today.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == wal, "today changed the -wal")
        let status = try runBodii(["status", "--db", path])
        #expect(status.status == 0 && status.stderr.isEmpty, "\(status.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")) == wal, "status changed the -wal")

        // The app writes on, then quits; a command writes after it; everything reads back.
        _ = try app?.repositories.addBodyRecord(weight(82), snapshot: nil)
        app = nil
        #expect(try runBodii(["log", "weight", "83", "--db", path]).status == 0)
        let later = try BodiiDatabase(url: URL(fileURLWithPath: path), access: .readOnly)
        let kgs = try later.repositories.bodyRecords(in: DateRange(start: TestClock.today, end: TestClock.today)).compactMap(\.weightKg)
        #expect(kgs.sorted() == [80, 81, 82, 83])
        try later.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "a -wal is left after every program closed")
    }

    @Test func todayAloneLeavesNoSidecars() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("alone.sqlite")
        #expect(try runBodii(["log", "weight", "80", "--db", path]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        for arguments in [["today"], ["today", "--json"], ["status"]] {
            #expect(try runBodii(arguments + ["--db", path]).status == 0)
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "\(arguments) left a -wal")
            #expect(!FileManager.default.fileExists(atPath: path + "-shm"), "\(arguments) left a -shm")
        }
    }
}
