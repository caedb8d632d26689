import BodiiDomain
import BodiiStore
import Foundation
import Testing

@testable import BodiiSync

/// The device number a database syncs under: adopted from the store's identity (its rows move
/// into the number's range), random rather than "the highest folder plus one" (which two machines
/// joining at once would both take), never one a device folder has already.
@Suite struct DeviceChoiceTests {
    @Test func initAndJoinAdoptDifferentNumbersAndRekeyTheRowsFromBefore() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            let night = try b.repos.addSleepRecord(SleepRecord(date: day("2026-11-19"), minutes: 380, status: .good))
            #expect(night.id == 1)
            let key = try SyncEngine.initialize(a.database, folder: shared)
            _ = try SyncEngine.join(b.database, folder: shared, key: key)
            let numbers = try [a, b].map { try #require(try $0.database.deviceNumber()) }
            #expect(numbers[0] != numbers[1])
            #expect(try SyncEngine.status(b.database).device == Int64(numbers[1].value))
            let ids = try b.repos.sleepRecords(in: DateRange(start: day("2026-11-19"), end: day("2026-11-19"))).compactMap(\.id)
            #expect(ids == [Int64(numbers[1].value) << 32 | 1])
        }
    }

    @Test func aNumberAnotherDeviceFolderHasIsRefused() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            let key = try SyncEngine.initialize(a.database, folder: shared)
            let taken = try #require(try a.database.deviceNumber())
            try b.database.adoptDevice(taken)  // a copy of a's identity
            #expect(throws: SyncError.self) { _ = try SyncEngine.join(b.database, folder: shared, key: key) }
            #expect(try b.sql { db in try Int.fetchOne(db, sql: "SELECT device FROM sync_state") } == nil)
        }
    }
}
