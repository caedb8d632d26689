import BodiiDomain
import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// A read-only command's connection compiles its statements without GRDB's authorizer (the
/// tables and columns a statement reads are recorded for observation only, and cost a call per
/// column); everything else about reading stays as it was.
@Suite struct AuthorizerFreeReadingTests {
    let day1 = day("2026-11-20")
    var week: DateRange { DateRange(ending: day1, days: 7) }
    let sql = "SELECT date, kcal, minutes FROM exercise_record"

    @Test func aReadOnlyConnectionRecordsNoRegionAWriterDoes() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let writer = try BodiiDatabase(url: url, access: .command)
            try writer.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            let written = try writer.repositories.read { db in try db.makeStatement(sql: sql).databaseRegion }
            #expect(!written.isEmpty, "a writer's statements still tell what they read")
            try writer.close()

            let reader = try BodiiDatabase(url: url, access: .readOnly)
            let read = try reader.repositories.read { db in try db.makeStatement(sql: sql).databaseRegion }
            #expect(read.isEmpty, "the read-only connection still authorizes each column: \(read)")
            reader.finishReading()
        }
    }

    /// Without the authorizer GRDB no longer sees a read transaction's COMMIT as one: each block
    /// still ends its transaction (the next one sees another connection's new write, where a
    /// transaction left open would keep the old snapshot), and a write is still refused.
    @Test func readBlocksInARowEachSeeTheLatestWriteAndWritesAreRefused() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let first = try BodiiDatabase(url: url, access: .command)
            try first.repositories.addExerciseRecord(exercise(day1, kcal: 300))
            try first.close()

            let reader = try BodiiDatabase(url: url, access: .readOnly)
            let writer = try BodiiDatabase(url: url, access: .command)
            for written in 1...3 {
                let count = try reader.repositories.readingTogether {
                    try reader.repositories.exerciseRecords(in: week).count
                }
                #expect(count == written)
                try writer.repositories.addExerciseRecord(exercise(day1, kcal: Double(100 * written)))
            }
            #expect(try reader.repositories.exerciseRecords(in: week).count == 4)
            #expect(throws: (any Error).self) {
                try reader.repositories.read { db in try db.execute(sql: "DELETE FROM exercise_record") }
            }
            try writer.close()
            #expect(try reader.repositories.exerciseRecords(in: week).count == 4)
            reader.finishReading()
            #expect(!FileManager.default.fileExists(atPath: url.path + "-wal"))
        }
    }
}
