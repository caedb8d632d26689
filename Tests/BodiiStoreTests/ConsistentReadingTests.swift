import BodiiDomain
import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// `readingTogether`: one read transaction for a block's reads.
@Suite struct ConsistentReadingTests {
    let day1 = day("2026-11-20")

    /// A second process writes between two reads of the block: both reads still see the same
    /// snapshot, which they can only if they share one transaction. After the block the write shows.
    @Test func readsInsideTheBlockShareOneSnapshot() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            defer { try? app.close() }
            let other = try BodiiDatabase(url: url, access: .command)
            defer { try? other.close() }
            let week = DateRange(ending: day1, days: 7)
            try app.repositories.addExerciseRecord(exercise(day1, kcal: 300))

            let (before, after) = try app.repositories.readingTogether {
                let before = try app.repositories.exerciseRecords(in: week).count
                try other.repositories.addExerciseRecord(exercise(day1, kcal: 200))
                let after = try app.repositories.exerciseRecords(in: week).count
                return (before, after)
            }
            #expect(before == 1)
            #expect(after == 1)
            #expect(try app.repositories.exerciseRecords(in: week).count == 2)
        }
    }

    /// Blocks nest (a loader calling a loader), and reads of every kind work inside one.
    @Test func blocksNestAndEveryKindOfReadWorksInside() throws {
        try withDatabase { _, repos in
            try repos.addExerciseRecord(exercise(day1, kcal: 300))
            let counts = try repos.readingTogether {
                try repos.readingTogether {
                    (
                        try repos.exerciseRecords(in: DateRange(ending: day1, days: 1)).count,
                        try repos.dailyLog(on: day1)?.caloriesOut,
                        try repos.loadProfile() == nil,
                        try repos.checkIns(in: DateRange(ending: day1, days: 7)).count
                    )
                }
            }
            #expect(counts.0 == 1)
            #expect(counts.1 == 300)
            #expect(counts.2)
            #expect(counts.3 == 0)
            // Outside any block, reads open their own transactions again.
            #expect(try repos.exerciseRecords(in: DateRange(ending: day1, days: 1)).count == 1)
        }
    }

    /// A command that only reads (one connection, `.readOnly`) gets one snapshot too: `today`
    /// reads in one transaction. Before, a queue pinned nothing and the second read saw the write.
    @Test func aReadOnlyCommandsBlockSharesOneSnapshot() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url, access: .command)
            defer { try? writer.close() }
            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            let reader = try BodiiDatabase(url: url, access: .readOnly)
            defer { try? reader.close() }
            let week = DateRange(ending: day1, days: 7)

            let (before, after) = try reader.repositories.readingTogether {
                let before = try reader.repositories.exerciseRecords(in: week).count
                try writer.repositories.addExerciseRecord(exercise(day1, kcal: 200))
                let after = try reader.repositories.exerciseRecords(in: week).count
                return (before, after)
            }
            #expect(before == 1)
            #expect(after == 1)
            #expect(try reader.repositories.exerciseRecords(in: week).count == 2)
        }
    }

    /// A write asked for inside a read-only block is refused like any write of a read-only
    /// handle, not run on the pinned connection (GRDB would stop the process on the reentry).
    @Test func aWriteInsideAReadOnlyBlockIsRefused() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            try BodiiDatabase(url: url, access: .command).close()
            let reader = try BodiiDatabase(url: url, access: .readOnly)
            defer { try? reader.close() }
            #expect(throws: DatabaseError.self) {
                try reader.repositories.readingTogether {
                    try reader.repositories.inOneTransaction { try reader.repositories.addExerciseRecord(exercise(day1, kcal: 1)) }
                }
            }
            #expect(try reader.repositories.exerciseRecords(in: DateRange(ending: day1, days: 1)).isEmpty)
        }
    }
}
