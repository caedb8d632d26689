import BodiiDomain
import BodiiStore
import Foundation
import Testing

@testable import BodiiSync

/// Issue 47: body measurements live in `body_measurement`, a synced table (PRODUCT.md §14): one
/// logged on a machine is on the other, with its second number, and an edit or delete follows.
@Suite struct MeasurementSyncTests {
    @Test func aMeasurementItsEditAndItsDeleteTravel() throws {
        try withTemporaryFolder { folder in
            let pair = try ClashTests.Pair.quiet(in: folder)
            let at = Date(timeIntervalSince1970: 1_795_000_000)
            let bp = try pair.a.repos.addMeasurement(
                BodyMeasurement(date: day("2026-11-20"), kind: .bloodPressure, value: 121, diastolic: 79, recordedAt: at))
            let waist = try pair.a.repos.addMeasurement(BodyMeasurement(date: day("2026-11-20"), kind: .waist, value: 82.5, recordedAt: at))
            #expect(try pair.settle(bFirst: false).isEmpty)
            let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))
            #expect(try pair.b.repos.measurements(in: week) == [bp, waist])

            try pair.bWritesLater()
            var edited = waist
            edited.value = 81
            try pair.b.repos.updateMeasurement(edited)
            _ = try pair.b.repos.deleteMeasurement(id: try #require(bp.id))
            #expect(try pair.settle(bFirst: true).isEmpty)
            for replica in pair.both {
                #expect(try replica.repos.measurements(in: week) == [edited], "\(replica.name)")
                #expect(try replica.repos.latestMeasurements(onOrBefore: day("2026-11-22"))[.waist]?.value == 81, "\(replica.name)")
            }
            #expect(try pair.a.dump() == pair.b.dump())
        }
    }
}
