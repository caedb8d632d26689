import BodiiDomain
import Foundation
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
}
