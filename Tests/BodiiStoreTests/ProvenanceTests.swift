import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Records keep where they came from; an import merged twice adds nothing the second time.
@Suite struct ProvenanceTests {
    func imported(_ id: String, _ date: LocalDate) -> (BodyRecord, ExerciseRecord, SleepRecord, FoodRecord) {
        let from = Provenance(source: "apple-health", externalId: id)
        return (
            BodyRecord(date: date, weightKg: 80, recordedAt: instant(1_795_000_000), provenance: from),
            ExerciseRecord(
                date: date, activity: "Walking", minutes: 30, intensity: .moderate, met: 3.5, kcal: 100,
                loggedAt: instant(1_795_000_000), provenance: from),
            SleepRecord(date: date, minutes: 450, status: .good, provenance: from),
            FoodRecord(
                date: date, meal: .snacks, foodId: FoodID("usda:09040"), foodName: "Bananas, raw", grams: 100, kcal: 89,
                proteinG: 0, carbsG: 0, fatG: 0, loggedAt: instant(1_795_000_000), provenance: from)
        )
    }

    func batch(_ ids: [String]) -> HistoryBatch {
        var b = HistoryBatch()
        for (n, id) in ids.enumerated() {
            let (body, exercise, sleep, food) = imported(id, day("2026-11-01").adding(days: n))
            b.body.append((body, snapshot(body.date, bmr: 1700, tdee: 2400)))
            b.exercise.append(exercise)
            b.sleep.append(sleep)
            b.food.append(food)
        }
        return b
    }

    @Test func provenanceRoundTripsAndBodiisOwnRecordsAreMarkedSo() throws {
        try withDatabase { _, repos in
            let mine = try repos.addBodyRecord(
                body(day("2026-11-20"), kg: 81), snapshot: snapshot(day("2026-11-20"), bmr: 1700, tdee: 2400))
            #expect(mine.provenance == .bodii)
            _ = try repos.merge(batch(["a"]))
            let all = try repos.bodyRecords(in: DateRange(start: day("2026-11-01"), end: day("2026-11-30")))
            #expect(all.map(\.provenance) == [Provenance(source: "apple-health", externalId: "a"), .bodii])
            #expect(
                try repos.sleepRecords(in: DateRange(start: day("2026-11-01"), end: day("2026-11-01"))).first?.provenance.externalId == "a")
        }
    }

    @Test func mergingTheSameRecordsTwiceAddsNothingAndANewerBatchOnlyWhatIsNew() throws {
        try withDatabase { _, repos in
            let first = try repos.merge(batch(["a", "b"]))
            #expect(first.added == [.body: 2, .exercise: 2, .sleep: 2, .food: 2])
            #expect(first.alreadyThere.isEmpty)
            let again = try repos.merge(batch(["a", "b"]))
            #expect(again.added.isEmpty)
            #expect(again.alreadyThere == [.body: 2, .exercise: 2, .sleep: 2, .food: 2])
            let newer = try repos.merge(batch(["a", "b", "c"]))
            #expect(newer.added == [.body: 1, .exercise: 1, .sleep: 1, .food: 1])
            let range = DateRange(start: day("2026-11-01"), end: day("2026-11-30"))
            #expect(try repos.bodyRecords(in: range).count == 3)
            #expect(try repos.foodRecords(in: range).count == 3)
            // One snapshot per body record: the skipped ones brought none.
            #expect(try repos.metabolismSnapshots(in: range).count == 3)
            #expect(try repos.dailyLogs(in: range) == (try expectedDailyLogs(repos, in: range)))
        }
    }

    @Test func theSameExternalIdFromAnotherSourceIsAnotherRecord() throws {
        try withDatabase { _, repos in
            var b = batch(["a"])
            b.body[0].0.provenance = Provenance(source: "withings", externalId: "a")
            _ = try repos.merge(batch(["a"]))
            #expect(try repos.merge(b).added[.body] == 1)
        }
    }

    /// The batch rule for snapshots gives what logging the same records one by one gives.
    @Test func batchSnapshotsMatchOneByOne() throws {
        try withDatabase { _, repos in
            try repos.saveProfile(DemoHistory.profile)
            let logging = BodyLogging(store: repos, clock: FixedClock(day: day("2026-11-22")))
            var records: [BodyRecord] = []
            for offset in 0..<80 {
                let d = day("2026-08-01").adding(days: offset)
                let fat: Double? = offset % 9 == 0 ? 18 + Double(offset % 5) : nil
                records.append(
                    BodyRecord(
                        date: d, weightKg: 80 - Double(offset) * 0.05, bodyFatPercent: fat,
                        recordedAt: instant(1_780_000_000 + offset * 86_400)))
            }
            // Gaps of more than 30 days without body fat, so the formula changes back and forth.
            records.removeSubrange(40..<75)
            for r in records { try logging.save(r) }
            let oneByOne = try repos.metabolismSnapshots(in: DateRange(start: day("2026-08-01"), end: day("2026-11-01")))
            let batch = BodyLogging.snapshots(for: records, profile: DemoHistory.profile).compactMap { $0 }
            #expect(batch.map(\.bmr) == oneByOne.map(\.bmr))
            #expect(batch.map(\.formula) == oneByOne.map(\.formula))
            #expect(Set(batch.map(\.formula)).count == 2)
        }
    }
}
