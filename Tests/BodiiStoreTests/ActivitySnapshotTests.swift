import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Daily activity (migration v7): merged by source and external id; a day a newer export completes
/// is updated in place; a preview counts and writes nothing.
@Suite struct ActivitySnapshotTests {
    func day(_ d: Int, steps: Int?, kcal: Double?) -> ActivitySnapshot {
        let date = BodiiStoreTests.day("2026-11-01").adding(days: d)
        return ActivitySnapshot(
            date: date, steps: steps, activeKcal: kcal,
            provenance: Provenance(source: "apple-health", externalId: "activity/\(date.iso)"))
    }

    func batch(_ days: [ActivitySnapshot], bare: [BodyRecord] = []) -> HistoryBatch {
        var b = HistoryBatch()
        b.activity = days
        b.bareBody = bare
        return b
    }

    let november = DateRange(start: BodiiStoreTests.day("2026-11-01"), end: BodiiStoreTests.day("2026-11-30"))

    @Test func aMergeAddsThenFindsThemThereThenUpdatesADayThatGrew() throws {
        try withDatabase { _, repos in
            let first = try repos.merge(batch([day(0, steps: 8000, kcal: 400), day(1, steps: 3000, kcal: nil)]))
            #expect(first.added[.activity] == 2)
            let again = try repos.merge(batch([day(0, steps: 8000, kcal: 400), day(1, steps: 3000, kcal: nil)]))
            #expect(again.added[.activity] == nil)
            #expect(again.alreadyThere[.activity] == 2)
            // The newer export: day 1 was cut off by the first export; day 2 is new.
            let newer = try repos.merge(
                batch([day(0, steps: 8000, kcal: 400), day(1, steps: 9500, kcal: 512.5), day(2, steps: 10, kcal: 1)]))
            #expect(newer.added[.activity] == 1)
            #expect(newer.updated[.activity] == 1)
            #expect(newer.alreadyThere[.activity] == 1)
            let stored = try repos.activitySnapshots(in: november)
            #expect(stored.map(\.steps) == [8000, 9500, 10])
            #expect(stored[1].activeKcal == 512.5)
            #expect(try repos.activitySnapshot(on: BodiiStoreTests.day("2026-11-02"))?.steps == 9500)
            #expect(try repos.activitySnapshot(on: BodiiStoreTests.day("2026-11-20")) == nil)
        }
    }

    @Test func aPreviewCountsButWritesNothing() throws {
        try withDatabase { _, repos in
            let weight = BodyRecord(
                date: BodiiStoreTests.day("2026-11-03"), weightKg: 80, recordedAt: instant(1_795_000_000),
                provenance: Provenance(source: "apple-health", externalId: "w1"))
            let preview = try repos.mergePreview(batch([day(0, steps: 8000, kcal: 400)], bare: [weight]))
            #expect(preview.added[.activity] == 1)
            #expect(preview.added[.body] == 1)
            #expect(try repos.activitySnapshots(in: november).isEmpty)
            #expect(try repos.bodyRecords(in: november).isEmpty)
            let merged = try repos.merge(batch([day(0, steps: 8000, kcal: 400)], bare: [weight]))
            #expect(merged.added[.body] == 1)
            // A weight without a profile has no snapshot.
            #expect(try repos.metabolismSnapshots(in: november).isEmpty)
            #expect(try repos.bodyRecords(in: november).count == 1)
        }
    }

    @Test func theTableRefusesImpossibleFigures() throws {
        try withDatabase { _, repos throws in
            var refused = false
            do { _ = try repos.merge(batch([day(0, steps: -1, kcal: nil)])) } catch { refused = true }
            #expect(refused)
            #expect(try repos.activitySnapshots(in: november).isEmpty)
        }
    }
}
