import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// The app's memo keeps a day's targets across a write that left the day's inputs alone (day D's
/// target reads only data dated before D), whoever wrote: after each write every day reads what a
/// command, which keeps nothing, works out from the file, and only the days after the write's
/// date are worked out again.
@Suite struct DayTargetsAcrossWritesTests {
    let today = day("2026-11-20")
    var range: DateRange { DateRange(start: today.adding(days: -20), end: today) }

    /// 60 days of weigh-ins (each with its snapshot) and food.
    func fill(_ repos: SQLiteRepositories) throws {
        for k in 0..<60 {
            let date = today.adding(days: k - 59)
            try repos.addBodyRecord(body(date, kg: 85 - 0.05 * Double(k)), snapshot: snapshot(date, bmr: 1750, tdee: 2600))
            try repos.addFoodRecord(food(date, kcal: 2100 + Double(k % 7) * 40))
        }
    }

    func targets(_ repos: SQLiteRepositories) throws -> [DayTargets?] {
        let history = try TargetHistory.load(range: range, source: repos)
        return range.days.map { history.targets(on: $0) }
    }

    /// The targets a command works out from the file (no memo).
    func fresh(_ url: URL) throws -> [DayTargets?] {
        let command = try BodiiDatabase(url: url, access: .command)
        defer { try? command.close() }
        #expect(command.repositories.dayTargetsMemo() == nil)
        return try targets(command.repositories)
    }

    /// The days of `range` from `date` on, and before it.
    func split(_ values: [DayTargets?], at date: LocalDate) -> (before: ArraySlice<DayTargets?>, from: ArraySlice<DayTargets?>) {
        let index = range.start.days(until: date)
        return (values[..<index], values[index...])
    }

    func withApp(_ body: (URL, BodiiDatabase) throws -> Void) throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            defer { try? app.close() }
            try fill(app.repositories)
            _ = try app.repositories.outsideWriteStamp()
            try body(url, app)
        }
    }

    @Test func anotherConnectionsPastWeighInChangesTheDaysAfterItOnly() throws {
        try withApp { url, app in
            let before = try targets(app.repositories)
            let memo = try #require(app.repositories.dayTargetsMemo())
            #expect(memo.workedOut == range.dayCount)

            let weighIn = today.adding(days: -10)
            let command = try BodiiDatabase(url: url, access: .command)
            try command.repositories.addBodyRecord(body(weighIn, kg: 92, at: 1_795_100_000), snapshot: nil)
            try command.close()
            _ = try app.repositories.outsideWriteStamp()

            let after = try targets(app.repositories)
            #expect(after == (try fresh(url)), "every day reads the file's targets")
            #expect(split(after, at: weighIn).before == split(before, at: weighIn).before)
            #expect(after[range.start.days(until: today)] != before[range.start.days(until: today)], "the heavier weigh-in moved the trend")
            // The weigh-in's own day stands in for its weight only without a trend, but is part of its inputs.
            #expect(memo.workedOut == range.dayCount + weighIn.days(until: today) + 1, "only the days from the weigh-in on")
        }
    }

    /// Not noticed yet (the app asks at each tick), the targets stay those of the data as last seen.
    @Test func anotherConnectionsWriteCountsOnceNoticed() throws {
        try withApp { url, app in
            let before = try targets(app.repositories)
            let command = try BodiiDatabase(url: url, access: .command)
            try command.repositories.addBodyRecord(body(today.adding(days: -15), kg: 95, at: 1_795_100_000), snapshot: nil)
            try command.close()
            #expect(try targets(app.repositories) == before)
            _ = try app.repositories.outsideWriteStamp()
            #expect(try targets(app.repositories) == (try fresh(url)))
            #expect(try targets(app.repositories) != before)
        }
    }

    @Test func thisProcessesPastFoodEntryChangesTheDaysAfterItOnly() throws {
        try withApp { url, app in
            let before = try targets(app.repositories)
            let memo = try #require(app.repositories.dayTargetsMemo())
            let eaten = today.adding(days: -5)
            try app.repositories.addFoodRecord(food(eaten, kcal: 1500))
            let after = try targets(app.repositories)
            #expect(after == (try fresh(url)))
            #expect(split(after, at: eaten.adding(days: 1)).before == split(before, at: eaten.adding(days: 1)).before)
            #expect(memo.workedOut == range.dayCount + eaten.days(until: today), "only the days after the entry")
        }
    }

    @Test func aDeletedWeighInAndANewGoalChangeWhatTheyTouch() throws {
        try withApp { url, app in
            _ = try targets(app.repositories)
            let memo = try #require(app.repositories.dayTargetsMemo())
            let removed = try #require(try app.repositories.bodyRecords(in: DateRange(start: range.start, end: range.start)).first?.id)
            _ = try app.repositories.deleteBodyRecord(id: removed)
            #expect(try targets(app.repositories) == (try fresh(url)))

            // A goal counts on every day (the first goal judges the days before it too).
            let worked = memo.workedOut
            try app.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: 2600, weightKg: 84, on: today))
            let withGoal = try targets(app.repositories)
            #expect(withGoal == (try fresh(url)))
            #expect(memo.workedOut == worked + range.dayCount)
        }
    }
}
