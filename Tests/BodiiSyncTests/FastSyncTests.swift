import BodiiDomain
import BodiiStore
import Foundation
import Testing

@testable import BodiiSync

/// Issue 47 item 2: fasts live in `fast`, a synced table (PRODUCT.md §14): one started on a
/// machine is on on the other, and its end and a delete follow.
@Suite struct FastSyncTests {
    @Test func aStartedFastItsEndAndADeleteTravel() throws {
        try withTemporaryFolder { folder in
            let pair = try ClashTests.Pair.quiet(in: folder)
            // 2026-11-20 20:00 UTC, and the next evening's.
            let evening = Date(timeIntervalSince1970: 1_795_204_800)
            let clock = FixedClock(now: evening.addingTimeInterval(3600))
            let last = try pair.a.repos.addFast(
                Fast(
                    date: day("2026-11-19"), startedAt: evening.addingTimeInterval(-86_400), endedAt: evening.addingTimeInterval(-70_000),
                    goalHours: 16))
            let on = try Fasting(store: pair.a.repos, clock: clock).start(at: evening, goalHours: 18)
            #expect(try pair.settle(bFirst: false).isEmpty)
            let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))
            #expect(try pair.b.repos.fasts(in: week) == [last, on])
            #expect(try pair.b.repos.currentFast() == on)

            // The other machine ends it the next afternoon, its goal reached, and deletes the one before.
            try pair.bWritesLater()
            let morning = evening.addingTimeInterval(18.5 * 3600)
            let ended = try Fasting(store: pair.b.repos, clock: FixedClock(now: morning)).end()
            _ = try pair.b.repos.deleteFast(id: try #require(last.id))
            #expect(try pair.settle(bFirst: true).isEmpty)
            for replica in pair.both {
                #expect(try replica.repos.fasts(in: week) == [ended], "\(replica.name)")
                #expect(try replica.repos.currentFast() == nil, "\(replica.name)")
                let status = try FastingStatus.load(source: replica.repos, clock: FixedClock(now: morning))
                #expect(status.recent == [ended] && status.streak == 1, "\(replica.name)")
            }
            #expect(try pair.a.dump() == pair.b.dump())
        }
    }
}
