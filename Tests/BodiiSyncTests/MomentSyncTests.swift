import BodiiDomain
import BodiiStore
import Foundation
import Testing

@testable import BodiiSync

/// Issue 47 item 3: moments live in `moment`, a synced table (PRODUCT.md §14): one noted on a
/// machine is on the other, and a change and a delete follow.
@Suite struct MomentSyncTests {
    @Test func aNotedMomentAChangeAndADeleteTravel() throws {
        try withTemporaryFolder { folder in
            let pair = try ClashTests.Pair.quiet(in: folder)
            // 2026-11-20 12:00 UTC.
            let noon = Date(timeIntervalSince1970: 1_795_176_000)
            let clock = FixedClock(now: noon)
            let logging = MomentLogging(store: pair.a.repos, clock: clock)
            let coffee = try logging.note(MomentLine.parse("coffee with Ana +social 4/5"), at: noon.addingTimeInterval(-3 * 3600))
            let walk = try logging.note(MomentLine.parse("walk +outdoors"))
            #expect(try pair.settle(bFirst: false).isEmpty)
            let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))
            #expect(try pair.b.repos.moments(in: week) == [coffee, walk])

            // The other machine says how the walk felt and deletes the coffee.
            try pair.bWritesLater()
            var felt = walk
            felt.feeling = 5
            try pair.b.repos.updateMoment(felt)
            _ = try pair.b.repos.deleteMoment(id: try #require(coffee.id))
            #expect(try pair.settle(bFirst: true).isEmpty)
            for replica in pair.both {
                #expect(try replica.repos.moments(in: week) == [felt], "\(replica.name)")
            }
            #expect(try pair.a.dump() == pair.b.dump())
        }
    }
}
