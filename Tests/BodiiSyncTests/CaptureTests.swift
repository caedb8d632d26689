import BodiiDomain
import BodiiStore
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// What the recorder keeps: each write transaction of a syncing database, in that transaction;
/// never a change applied from another device; nothing before sync is set up.
@Suite struct CaptureTests {
    func outboxCount(_ replica: Replica) throws -> Int {
        try replica.sql { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_outbox") ?? 0 }
    }

    @Test func nothingIsRecordedBeforeSyncIsSetUp() throws {
        try withTemporaryFolder { folder in
            let replica = try Replica("a", in: folder)
            try SyncEngine.installRecorder(on: replica.database)
            _ = try replica.repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, status: .good))
            #expect(try outboxCount(replica) == 0)
        }
    }

    /// The shipped catalog is seeded on every machine: its foods and servings never travel in the
    /// baseline; a custom food and its serving do.
    @Test func catalogFoodsStayOutOfTheBaseline() throws {
        try withTemporaryFolder { folder in
            let replica = try Replica("a", in: folder)
            func addCatalogFood(_ id: String) throws {
                try replica.sql { db in
                    try db.execute(
                        sql: """
                            INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES (?, 'Banana', 'USDA SR', 89, 1, 23, 0);
                            INSERT INTO food_serving (food_id, position, label, grams) VALUES (?, 1, '1 medium', 118);
                            """, arguments: [id, id])
                }
            }
            try addCatalogFood("usda:09040")
            _ = try replica.repos.addCustomFood(
                Food(
                    id: CustomFoods.newID, name: "Soup", source: "custom", per100g: Nutrients(kcal: 80, proteinG: 5, carbsG: 12, fatG: 1),
                    servings: [FoodServing(label: "1 bowl", grams: 300)]))
            let shared = folder.appendingPathComponent("shared")
            let key = try SyncEngine.initialize(replica.database, folder: shared)
            _ = try replica.repos.addCustomFood(
                Food(id: CustomFoods.newID, name: "Stew", source: "custom", per100g: Nutrients(kcal: 90, proteinG: 5, carbsG: 12, fatG: 1)))
            // The baseline went into files at `init`; what came after waits in the outbox.
            let device = Int64(try #require(try replica.database.deviceNumber()).value)
            let written = try SyncFolder(url: shared).files(of: device).files.sorted { $0.key < $1.key }.flatMap { _, url in
                try SyncFile.open([UInt8](try Data(contentsOf: url)), with: key).entries.map { ($0.changeset, $0.lengths) }
            }
            let waiting = try replica.sql { db in
                try Row.fetchAll(db, sql: "SELECT changeset, lengths FROM sync_outbox ORDER BY id").map { row in
                    ([UInt8](row[0] as Data), LengthList.decode(row[1]) ?? [])
                }
            }
            let carried = try (written + waiting).flatMap { changeset, lengths in
                try Changeset.changes(changeset).enumerated().compactMap { index, change in
                    index < lengths.count && lengths[index] > 0 && change.table.hasPrefix("food") ? change.key : nil
                }
            }
            #expect(carried.count == 3, "\(carried)")  // Soup, its serving, Stew
            #expect(!carried.contains { $0.contains("usda") }, "\(carried)")
        }
    }

    @Test func eachWriteIsOneEntryAndAFailedWriteLeavesNone() throws {
        try withTemporaryFolder { folder in
            let replica = try Replica("a", in: folder)
            // A night from before sync travels in the baseline.
            _ = try replica.repos.addSleepRecord(SleepRecord(date: day("2026-11-19"), minutes: 380, status: .good))
            let shared = folder.appendingPathComponent("shared")
            _ = try SyncEngine.initialize(replica.database, folder: shared)
            // `init` writes the baseline as the device's first file at once.
            #expect(try outboxCount(replica) == 0)
            let device = Int64(try #require(try replica.database.deviceNumber()).value)
            #expect(SyncFolder(url: shared).files(of: device).files.keys.sorted() == [1])
            let night = try replica.repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, status: .good))
            #expect(try outboxCount(replica) == 1)
            var refused = night
            refused.quality = 9  // the table's CHECK refuses it: the transaction rolls back
            #expect(throws: (any Error).self) { try replica.repos.updateSleepRecord(refused) }
            #expect(try outboxCount(replica) == 1)
            let lengths = try replica.sql { db in
                try Row.fetchAll(db, sql: "SELECT pk, cl FROM sync_row WHERE tbl = 'sleep_record' ORDER BY pk").map {
                    "\($0[0] as String)=\($0[1] as Int)"
                }
            }
            // The night from before sync was rekeyed into the device's range at `init`.
            let base = Int64(try #require(try replica.database.deviceNumber()).value) << 32
            #expect(lengths == ["i\(base + 1)=1", "i\(base + 2)=1"])
            _ = try replica.repos.deleteSleepRecord(id: night.id ?? 0)
            let tombstone = try replica.sql { db in
                try Int.fetchOne(db, sql: "SELECT cl FROM sync_row WHERE tbl = 'sleep_record' AND pk = ?", arguments: ["i\(base + 2)"])
            }
            #expect(tombstone == 2)
        }
    }

    @Test func changesAppliedFromAnotherDeviceAreNotRecordedAgain() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            let key = try SyncEngine.initialize(a.database, folder: shared)
            _ = try SyncEngine.join(b.database, folder: shared, key: key)
            _ = try a.repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, status: .good))
            _ = try SyncEngine.run(a.database, folder: shared, key: key)
            let summary = try SyncEngine.run(b.database, folder: shared, key: key)
            #expect(summary.applied.first?.changes == ["sleep_record": 1])
            #expect(summary.written == nil)
            #expect(try outboxCount(b) == 0)
        }
    }

    /// Deleted here, edited there (later): the delete wins on both, whatever the order of syncs.
    @Test func aDeleteWinsOverAConcurrentEditOnEveryReplica() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            let key = try SyncEngine.initialize(a.database, folder: shared)
            _ = try SyncEngine.join(b.database, folder: shared, key: key)
            let night = try a.repos.addSleepRecord(SleepRecord(date: day("2026-11-20"), minutes: 400, status: .good))
            _ = try SyncEngine.run(a.database, folder: shared, key: key)
            _ = try SyncEngine.run(b.database, folder: shared, key: key)
            _ = try a.repos.deleteSleepRecord(id: night.id ?? 0)
            var edited = night
            edited.minutes = 450
            try b.repos.updateSleepRecord(edited)
            for replica in [b, a, b] { _ = try SyncEngine.run(replica.database, folder: shared, key: key) }
            #expect(try a.dump() == b.dump())
            #expect(try b.repos.sleepRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20"))).isEmpty)
        }
    }

    /// Two devices edit different columns of the same row: both edits survive on both.
    @Test func editsOfDifferentColumnsOfOneRowBothSurvive() throws {
        try withTemporaryFolder { folder in
            let shared = folder.appendingPathComponent("shared")
            let a = try Replica("a", in: folder)
            let b = try Replica("b", in: folder)
            let key = try SyncEngine.initialize(a.database, folder: shared)
            _ = try SyncEngine.join(b.database, folder: shared, key: key)
            try a.repos.saveCheckIn(CheckIn(date: day("2026-11-20"), mood: 3, energy: 3))
            _ = try SyncEngine.run(a.database, folder: shared, key: key)
            _ = try SyncEngine.run(b.database, folder: shared, key: key)
            try a.repos.saveCheckIn(CheckIn(date: day("2026-11-20"), mood: 5, energy: 3))
            try b.repos.saveCheckIn(CheckIn(date: day("2026-11-20"), mood: 3, energy: 1))
            for replica in [a, b, a] { _ = try SyncEngine.run(replica.database, folder: shared, key: key) }
            for replica in [a, b] {
                let checkIn = try replica.repos.checkIn(on: day("2026-11-20"))
                #expect(checkIn?.mood == 5)
                #expect(checkIn?.energy == 1)
            }
        }
    }
}
