import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 47: body measurements on a real database file — read back exactly, the latest of each
/// kind, delete and undo under the same id, merged by external id.
@Suite struct MeasurementStoreTests {
    @Test func whatIsLoggedReadsBackInDateAndTimeOrder() throws {
        try withDatabase { _, repos in
            let late = try repos.addMeasurement(BodyMeasurement(date: day("2026-12-02"), kind: .waist, value: 84.5, recordedAt: instant(1_796_000_000)))
            let early = try repos.addMeasurement(BodyMeasurement(date: day("2026-12-01"), kind: .waist, value: 85, recordedAt: instant(1_795_900_000)))
            let bp = try repos.addMeasurement(
                BodyMeasurement(date: day("2026-12-02"), kind: .bloodPressure, value: 121, diastolic: 79, recordedAt: instant(1_795_990_000)))
            let read = try repos.measurements(in: DateRange(start: day("2026-11-30"), end: day("2026-12-03")))
            #expect(read == [early, bp, late])
            #expect(read.allSatisfy { $0.id != nil })
            #expect(try repos.measurements(in: DateRange(start: day("2026-12-02"), end: day("2026-12-02"))) == [bp, late])
        }
    }

    @Test func theLatestOfEachKindOnOrBeforeADay() throws {
        try withDatabase { _, repos in
            try repos.addMeasurement(BodyMeasurement(date: day("2026-11-01"), kind: .neck, value: 38, recordedAt: instant(1_793_000_000)))
            try repos.addMeasurement(BodyMeasurement(date: day("2026-11-10"), kind: .waist, value: 86, recordedAt: instant(1_793_800_000)))
            // Two the same day: the one recorded later is the day's, whatever the ids say.
            let later = BodyMeasurement(date: day("2026-11-20"), kind: .waist, value: 85, recordedAt: instant(1_794_700_000))
            try repos.addMeasurement(later)
            try repos.addMeasurement(BodyMeasurement(date: day("2026-11-20"), kind: .waist, value: 99, recordedAt: instant(1_794_600_000)))
            try repos.addMeasurement(BodyMeasurement(date: day("2026-12-01"), kind: .waist, value: 80, recordedAt: instant(1_795_500_000)))

            let latest = try repos.latestMeasurements(onOrBefore: day("2026-11-25"))
            #expect(latest[.waist]?.value == 85)
            #expect(latest[.neck]?.value == 38)
            #expect(latest[.hips] == nil)
            #expect(try repos.latestMeasurements(onOrBefore: day("2026-10-31")).isEmpty)
        }
    }

    @Test func aDeleteReturnsTheMeasurementAndAnUndoPutsItBackUnderItsId() throws {
        try withDatabase { _, repos in
            let saved = try repos.addMeasurement(BodyMeasurement(date: day("2026-12-01"), kind: .restingHeartRate, value: 58, recordedAt: instant(1_795_500_000)))
            let id = try #require(saved.id)
            let deleted = try #require(try repos.deleteMeasurement(id: id))
            #expect(deleted == saved)
            #expect(try repos.deleteMeasurement(id: id) == nil)
            let restored = try repos.addMeasurement(deleted)
            #expect(restored == saved)
            var edited = restored
            edited.value = 61
            try repos.updateMeasurement(edited)
            #expect(try repos.measurements(in: DateRange(start: day("2026-12-01"), end: day("2026-12-01"))) == [edited])
        }
    }

    @Test func anImportedMeasurementIsAddedOncePerSourceAndExternalID() throws {
        try withDatabase { db, repos in
            let m = BodyMeasurement(
                date: day("2026-12-01"), kind: .waist, value: 82, recordedAt: instant(1_795_500_000),
                provenance: Provenance(source: "apple_health", externalId: "waist/1"))
            let added = try db.pool.write { try MeasurementStore.insertOrSkip(m, $0, timeZone: repos.connection.timeZone) }
            let again = try db.pool.write { try MeasurementStore.insertOrSkip(m, $0, timeZone: repos.connection.timeZone) }
            #expect(added && !again)
            #expect(try repos.measurements(in: DateRange(start: day("2026-12-01"), end: day("2026-12-01"))).count == 1)
        }
    }

    /// Imports hand measurements over in a `HistoryBatch`: a preview counts and writes nothing,
    /// a merge adds them once, a second merge finds them there.
    @Test func aBatchMergesMeasurementsOnceAndAPreviewWritesNothing() throws {
        try withDatabase { _, repos in
            var batch = HistoryBatch()
            batch.measurements = [
                BodyMeasurement(
                    date: day("2026-12-01"), kind: .bloodPressure, value: 121, diastolic: 79, recordedAt: instant(1_795_500_000),
                    provenance: Provenance(source: "apple-health", externalId: "bp/1")),
                BodyMeasurement(
                    date: day("2026-12-01"), kind: .restingHeartRate, value: 58, recordedAt: instant(1_795_500_100),
                    provenance: Provenance(source: "apple-health", externalId: "rhr/1")),
            ]
            #expect(!batch.isEmpty)
            let days = DateRange(start: day("2026-12-01"), end: day("2026-12-01"))
            #expect(try repos.mergePreview(batch).added[.measurement] == 2)
            #expect(try repos.measurements(in: days).isEmpty)
            #expect(try repos.merge(batch).added[.measurement] == 2)
            let again = try repos.merge(batch)
            #expect(again.added[.measurement] == nil && again.alreadyThere[.measurement] == 2)
            #expect(try repos.measurements(in: days).map(\.diastolic) == [79, nil])
        }
    }

    @Test func theTableRefusesWhatNoMeasurementIs() throws {
        try withDatabase { db, _ in
            for values in ["'waist', 0, NULL", "'waist', 1e999, NULL", "'blood_pressure', 120, 130"] {
                #expect(throws: (any Error).self) {
                    try db.executeRaw(
                        "INSERT INTO body_measurement (date, kind, value, diastolic, recorded_at) VALUES ('2026-12-01', \(values), '2026-12-01T08:00:00+01:00')")
                }
            }
        }
    }
}
