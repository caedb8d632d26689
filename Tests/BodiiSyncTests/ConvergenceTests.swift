import BodiiDomain
import BodiiStore
import Foundation
import GRDB
import Testing

@testable import BodiiSync

/// The property of sync (PRODUCT.md §14): replicas that make random offline changes and sync in
/// random orders and subsets end with the same data, whatever the seed.
@Suite struct ConvergenceTests {
    static let days = [day("2026-11-20"), day("2026-11-21")]

    @Test(arguments: 1...30) func threeReplicasConverge(seed: Int) throws {
        try withTemporaryFolder { folder in
            var random = SeededGenerator(state: UInt64(seed))
            let shared = folder.appendingPathComponent("shared")
            try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
            let replicas = try ["a", "b", "c"].map { try Replica($0, in: folder) }
            let key = try SyncEngine.initialize(replicas[0].database, folder: shared)
            for replica in replicas.dropFirst() { _ = try SyncEngine.join(replica.database, folder: shared, key: key) }
            for _ in 0..<40 {
                let replica = replicas[Int.random(in: 0..<3, using: &random)]
                if Int.random(in: 0..<5, using: &random) == 0 {
                    _ = try SyncEngine.run(replica.database, folder: shared, key: key)
                } else {
                    try Self.randomChange(replica.repos, &random)
                }
            }
            for _ in 0..<2 {
                for replica in replicas {
                    let summary = try SyncEngine.run(replica.database, folder: shared, key: key)
                    #expect(summary.notes.isEmpty, "seed \(seed): \(summary.notes)")
                }
            }
            let first = try replicas[0].dump()
            #expect(!first.isEmpty)
            for replica in replicas.dropFirst() {
                let other = try replica.dump()
                #expect(other == first, "seed \(seed): \(replica.name) differs: \(Set(other).symmetricDifference(first).sorted())")
            }
            // What a person sees of it: `bodii export --format json`, the export time aside (every
            // fifth seed: a debug export process takes seconds; the table dump above is stricter).
            guard seed % 5 == 0 else { return }
            let exports = try replicas.map { try exportDocument($0.url.path) }
            #expect(exports[0].contains("\"body\""))
            #expect(exports[1] == exports[0], "seed \(seed)")
            #expect(exports[2] == exports[0], "seed \(seed)")
        }
    }

    /// One insert, edit or delete on some kind of record, with few possible values so that the
    /// same cell is changed on two replicas and values go A→B→A.
    static func randomChange(_ repos: SQLiteRepositories, _ random: inout SeededGenerator) throws {
        let date = days.randomElement(using: &random) ?? days[0]
        let range = DateRange(start: days[0], end: days[days.count - 1])
        let small = Int.random(in: 0..<2, using: &random)
        switch Int.random(in: 0..<12, using: &random) {
        case 9:
            _ = try repos.addFoodRecord(
                FoodRecord(
                    date: date, meal: small == 0 ? .lunch : .dinner, foodId: FoodID("usda:09040"), foodName: "Banana, raw",
                    grams: 100, kcal: 89 + Double(small), proteinG: 1.1, carbsG: 22.8, fatG: 0.3,
                    loggedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        case 10:
            guard var record = try repos.foodRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.kcal = 89 + Double(small) } else { record.meal = small == 0 ? .lunch : .dinner }
            try repos.updateFoodRecord(record)
        case 11:
            guard let record = try repos.foodRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteFoodRecord(id: id)
        case 0:
            _ = try repos.addSleepRecord(SleepRecord(date: date, minutes: 400 + 20 * small, quality: 3 + small, status: .good))
        case 1:
            guard var record = try repos.sleepRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.minutes = 400 + 20 * small } else { record.quality = 3 + small }
            try repos.updateSleepRecord(record)
        case 2:
            guard let record = try repos.sleepRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteSleepRecord(id: id)
        case 3:
            _ = try repos.addExerciseRecord(
                ExerciseRecord(
                    date: date, activity: "Walking", minutes: 20 + 10 * small, intensity: .moderate, met: 3.5,
                    kcal: 100 + 50 * Double(small),
                    loggedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        case 4:
            guard var record = try repos.exerciseRecords(in: range).randomElement(using: &random) else { return }
            if Bool.random(using: &random) { record.kcal = 100 + 50 * Double(small) } else { record.minutes = 20 + 10 * small }
            try repos.updateExerciseRecord(record)
        case 5:
            guard let record = try repos.exerciseRecords(in: range).randomElement(using: &random), let id = record.id else { return }
            _ = try repos.deleteExerciseRecord(id: id)
        case 6:
            let body = BodyRecord(date: date, weightKg: 70 + Double(small), recordedAt: Date(timeIntervalSince1970: 1_795_000_000))
            if let record = try repos.bodyRecords(in: range).randomElement(using: &random), let id = record.id, Bool.random(using: &random)
            {
                if Bool.random(using: &random) {
                    _ = try repos.deleteBodyRecord(id: id)
                } else {
                    var edited = record
                    edited.weightKg = 70 + Double(small)
                    try repos.updateBodyRecord(edited, snapshot: nil)
                }
            } else {
                _ = try repos.addBodyRecord(body, snapshot: nil)
            }
        case 7:
            try repos.saveCheckIn(
                CheckIn(date: date, mood: 1 + small, energy: Bool.random(using: &random) ? 2 : nil, note: small == 0 ? "fine" : nil))
        default:
            try repos.saveProfile(
                Profile(
                    name: small == 0 ? "Ann" : "Bo", sex: .female, birthDate: day("1990-01-01"),
                    heightCm: Bool.random(using: &random) ? 170 : 180, activityLevel: .moderate))
        }
    }
}
