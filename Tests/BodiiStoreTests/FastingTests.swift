import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 47 item 2: fasts on a real database — start, end, the refusals, the streak, `--at`.
@Suite struct FastingTests {
    /// 2026-12-06 12:30 UTC.
    static let now = Date(timeIntervalSince1970: 1_796_560_200)
    static func clock(_ now: Date = now) -> FixedClock { FixedClock(now: now) }

    @Test func aFastStartsEndsAndIsRefusedTwice() throws {
        try withDatabase { _, repos in
            let fasting = Fasting(store: repos, clock: Self.clock())
            let started = try fasting.start(at: Self.now.addingTimeInterval(-16.5 * 3600), goalHours: 16)
            #expect(try repos.currentFast() == started)
            #expect(throws: Fasting.Refusal.alreadyFasting(since: started.startedAt, minutes: 990)) { try fasting.start() }
            #expect(throws: Fasting.Refusal.endBeforeStart) { try fasting.end(at: started.startedAt.addingTimeInterval(-60)) }
            #expect(throws: Fasting.Refusal.inFuture) { try fasting.end(at: Self.now.addingTimeInterval(60)) }
            let ended = try fasting.end()
            #expect(ended.minutes(at: Self.now) == 990 && ended.reachedGoal(at: Self.now))
            #expect(try repos.currentFast() == nil)
            #expect(throws: Fasting.Refusal.notFasting) { try fasting.end() }
            #expect(try repos.fasts(in: DateRange(ending: LocalDate(Self.now, timeZone: .gmt), days: 3)) == [ended])
        }
    }

    @Test func theLaterOfTwoOpenFastsIsTheOneOn() throws {
        // Two machines may each start one offline; sync brings both.
        try withDatabase { _, repos in
            let day = LocalDate(Self.now, timeZone: .gmt)
            try repos.addFast(Fast(date: day, startedAt: Self.now.addingTimeInterval(-7200), goalHours: 16))
            let later = try repos.addFast(Fast(date: day, startedAt: Self.now.addingTimeInterval(-3600), goalHours: 18))
            try repos.addFast(Fast(date: day, startedAt: Self.now.addingTimeInterval(-1800), endedAt: Self.now, goalHours: 16))
            #expect(try repos.currentFast() == later)
        }
    }

    @Test func theStreakCountsDaysInARowWhoseFastReachedItsGoal() throws {
        try withDatabase { _, repos in
            let today = LocalDate(Self.now, timeZone: .gmt)
            // Ended on each of the last three days, 17 h each; one four days ago only 10 h; one five days ago 17 h.
            for (daysAgo, hours) in [(0, 17.0), (1, 17), (2, 17), (4, 10), (5, 17)] {
                let end = Self.now.addingTimeInterval(Double(-daysAgo) * 86_400 - 3600)
                let start = end.addingTimeInterval(-hours * 3600)
                try repos.addFast(Fast(date: LocalDate(start, timeZone: .gmt), startedAt: start, endedAt: end, goalHours: 16))
            }
            let status = try FastingStatus.load(source: repos, clock: Self.clock())
            #expect(status.streak == 3)
            #expect(status.recent.count == 5)
            #expect(status.recent.first?.date == today.adding(days: -1), "newest first; today's fast started yesterday")
            #expect(status.line == nil)
        }
    }

    /// Insights counts a fast for the day it ended, in the store's time zone (Berlin here), and
    /// only once it has ended.
    @Test func finishedFastsAreDatedByTheDayTheyEndedInTheStoresTimeZone() throws {
        try withDatabase { _, repos in
            let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
            let day = LocalDate(Self.now, timeZone: berlin)  // 2026-12-06
            let hour = 3600.0
            // Started the day before the range (the 3rd), ended inside it (a 60 h fast).
            let long = try repos.addFast(
                Fast(
                    date: day.adding(days: -3), startedAt: Self.now.addingTimeInterval(-84 * hour),
                    endedAt: Self.now.addingTimeInterval(-24 * hour), goalHours: 48))
            // Ended at 00:30 in Berlin (23:30 UTC the day before): it counts for the 6th.
            let midnight = Self.now.addingTimeInterval(-13 * hour)
            let late = try repos.addFast(
                Fast(date: day.adding(days: -1), startedAt: midnight.addingTimeInterval(-16 * hour), endedAt: midnight, goalHours: 16))
            // Ended before the range; and one still on.
            try repos.addFast(
                Fast(
                    date: day.adding(days: -9), startedAt: Self.now.addingTimeInterval(-9 * 24 * hour),
                    endedAt: Self.now.addingTimeInterval(-8.5 * 24 * hour), goalHours: 12))
            try repos.addFast(Fast(date: day, startedAt: Self.now.addingTimeInterval(-hour), goalHours: 16))
            let ended = try repos.finishedFasts(endingIn: DateRange(ending: day, days: 3))
            #expect(ended.map(\.ended) == [day.adding(days: -1), day])
            #expect(ended.map(\.fast) == [long, late])
            #expect(try repos.finishedFasts(endingIn: DateRange(ending: day.adding(days: -1), days: 2)).map(\.fast) == [long])
        }
    }

    @Test func atATimeIsTheLatestOneNotToCome() throws {
        let morning = Self.clock(Self.now.addingTimeInterval(-4 * 3600))  // 08:30
        let eight = try #require(ClockTime(hour: 20, minute: 10))
        let seven = try #require(ClockTime(hour: 7, minute: 0))
        let evening = try #require(Fasting.latest(eight, clock: morning))
        #expect(evening == morning.now.addingTimeInterval(-(12 * 3600 + 20 * 60)), "20:10 in the morning is last night")
        let earlier = try #require(Fasting.latest(seven, clock: morning))
        #expect(earlier == morning.now.addingTimeInterval(-90 * 60))
    }

    @Test func goalsAreNamedOrCountedInHours() throws {
        #expect(try FastingGoal.hours("18:6") == 18)
        #expect(try FastingGoal.hours("") == 16)
        #expect(try FastingGoal.hours("36h") == 36)
        #expect(throws: ValidationError.self) { try FastingGoal.hours("100") }
        #expect(throws: ValidationError.self) { try FastingGoal.hours("16:9") }
        #expect(FastingGoal.name(20) == "20:4" && FastingGoal.name(14) == "14 h")
    }

    /// Documents hand fasts over in a `HistoryBatch`: a preview counts and writes nothing, a merge
    /// adds them once (the one on still on), a second merge finds them there.
    @Test func aBatchMergesFastsOnceAndAPreviewWritesNothing() throws {
        try withDatabase { _, repos in
            let start = Self.now.addingTimeInterval(-40 * 3600)
            var batch = HistoryBatch()
            batch.fasts = [
                Fast(
                    date: day("2026-12-04"), startedAt: start, endedAt: start.addingTimeInterval(16 * 3600), goalHours: 16,
                    provenance: Provenance(source: "bodii", externalId: "fast/1")),
                Fast(
                    date: day("2026-12-05"), startedAt: start.addingTimeInterval(24 * 3600), goalHours: 18,
                    provenance: Provenance(source: "bodii", externalId: "fast/2")),
            ]
            #expect(!batch.isEmpty)
            let days = DateRange(start: day("2026-12-04"), end: day("2026-12-06"))
            #expect(try repos.mergePreview(batch).added[.fast] == 2)
            #expect(try repos.fasts(in: days).isEmpty)
            #expect(try repos.merge(batch).added[.fast] == 2)
            let again = try repos.merge(batch)
            #expect(again.added[.fast] == nil && again.alreadyThere[.fast] == 2)
            #expect(try repos.fasts(in: days).map(\.goalHours) == [16, 18])
            #expect(try repos.currentFast()?.provenance.externalId == "fast/2")
        }
    }
}
