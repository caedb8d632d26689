import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// The app keeps each day's targets once worked out (`DayTargetsMemo`, held by the store) with
/// what they were worked out from: a figure read, a write, and the figure read again reflects the
/// write; the days whose inputs the write left alone are not worked out again.
@Suite struct DayTargetsMemoTests {
    let d = day("2026-11-20")

    func target(_ repos: SQLiteRepositories, together: Bool = false) throws -> Double? {
        let load = { try TargetHistory.load(range: DateRange(start: self.d, end: self.d), source: repos).targets(on: self.d)?.kcal }
        return together ? try repos.readingTogether(load) : try load()
    }

    @Test func aWriteOfThisProcessEndsTheKeptTargets() throws {
        try withDatabase { _, repos throws in
            try repos.addBodyRecord(body(d.adding(days: -3), kg: 80), snapshot: snapshot(d.adding(days: -3), bmr: 1700, tdee: 2600))
            #expect(try target(repos) == 2600)
            let memo = try #require(repos.dayTargetsMemo())
            #expect(memo.count == 1, "the day's target is kept")
            #expect(try target(repos, together: true) == 2600)
            #expect(repos.dayTargetsMemo()?.generation == memo.generation, "no write, the same memo")

            // A new formula TDEE the day before: the day's target starts from it.
            try repos.addBodyRecord(body(d.adding(days: -1), kg: 79), snapshot: snapshot(d.adding(days: -1), bmr: 1650, tdee: 2450))
            #expect(repos.dayTargetsMemo()?.generation != memo.generation)
            #expect(try target(repos, together: true) == 2450)
            #expect(try target(repos) == 2450)
        }
    }

    /// Another process's write is seen when the app next asks `outsideWriteStamp` (every tick).
    @Test func anotherConnectionsWriteEndsTheKeptTargetsOnceNoticed() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            try app.repositories.addBodyRecord(
                body(d.adding(days: -3), kg: 80), snapshot: snapshot(d.adding(days: -3), bmr: 1700, tdee: 2600))
            _ = try app.repositories.outsideWriteStamp()
            #expect(try target(app.repositories) == 2600)

            let command = try BodiiDatabase(url: url, access: .command)
            try command.repositories.addBodyRecord(
                body(d.adding(days: -1), kg: 79), snapshot: snapshot(d.adding(days: -1), bmr: 1650, tdee: 2450))
            try command.close()

            _ = try app.repositories.outsideWriteStamp()
            #expect(try target(app.repositories) == 2450)
            try app.close()
        }
    }

    /// Commands open a single connection and keep nothing: each process reads once.
    @Test func aCommandKeepsNothing() throws {
        try withTemporaryFolder { folder in
            let command = try BodiiDatabase(url: folder.appendingPathComponent("bodii.sqlite"), access: .command)
            #expect(command.repositories.dayTargetsMemo() == nil)
            try command.close()
        }
    }
}
