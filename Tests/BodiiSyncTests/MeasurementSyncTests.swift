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

    /// Both machines import the same Apple Health reading before they sync: its source and
    /// external id are UNIQUE, so the clash is settled as for weigh-ins (the older row keeps the
    /// id), and both machines end the same.
    @Test func theSameImportedReadingOnTwoMachinesIsSettled() throws {
        try withTemporaryFolder { folder in
            let pair = try ClashTests.Pair.quiet(in: folder)
            var batch = HistoryBatch()
            batch.measurements = [
                BodyMeasurement(
                    date: day("2026-11-20"), kind: .bloodPressure, value: 121, diastolic: 79,
                    recordedAt: Date(timeIntervalSince1970: 1_795_000_000),
                    provenance: Provenance(source: "apple-health", externalId: "blood_pressure/2026-11-20 08:00:00 +0100/121/79"))
            ]
            #expect(try pair.a.repos.merge(batch).added[.measurement] == 1)
            #expect(try pair.b.repos.merge(batch).added[.measurement] == 1)
            _ = try pair.settle(bFirst: false)
            #expect(try pair.a.dump() == pair.b.dump())
            let week = DateRange(start: day("2026-11-16"), end: day("2026-11-22"))
            for replica in pair.both {
                let readings = try replica.repos.measurements(in: week)
                #expect(readings.filter { $0.provenance.externalId != nil }.count == 1, "\(replica.name): \(readings)")
                // Importing it again adds nothing on either machine.
                #expect(try replica.repos.merge(batch).added[.measurement] == nil, "\(replica.name)")
            }
        }
    }
}
