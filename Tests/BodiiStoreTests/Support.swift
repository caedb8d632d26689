import BodiiDomain
import BodiiTestSupport
import Foundation
@testable import BodiiStore

/// A fresh folder under the system temporary directory, removed by `withTemporaryFolder`.
@discardableResult
func withTemporaryFolder<T>(_ body: (URL) throws -> T) throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bodii-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try body(folder)
}

func withTemporaryFolderAsync<T>(_ body: (URL) async throws -> T) async throws -> T {
    let folder = FileManager.default.temporaryDirectory
        .appendingPathComponent("bodii-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    return try await body(folder)
}

/// A new database file in a temporary folder (a copy of the process's migrated template), closed
/// and deleted afterwards.
@discardableResult
func withDatabase<T>(
    timeZone: TimeZone = TimeZone(identifier: "Europe/Berlin") ?? .current,
    _ body: (BodiiDatabase, SQLiteRepositories) throws -> T
) throws -> T {
    try withTemporaryFolder { folder in
        let db = try TestDatabaseFile.open(at: folder.appendingPathComponent("bodii.sqlite"), timeZone: timeZone)
        defer { try? db.close() }
        return try body(db, db.repositories)
    }
}

func day(_ iso: String) -> LocalDate {
    guard let d = LocalDate(iso: iso) else { preconditionFailure("bad test date \(iso)") }
    return d
}

/// Whole-second instants, so values compare equal after the millisecond rounding of the store.
func instant(_ secondsSince1970: Int) -> Date { Date(timeIntervalSince1970: Double(secondsSince1970)) }

func permissions(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
}

func snapshot(_ date: LocalDate, bmr: Double, tdee: Double) -> MetabolismSnapshot {
    MetabolismSnapshot(date: date, bmr: bmr, tdee: tdee, formula: .mifflinStJeor, activityLevel: .moderate)
}

func food(
    _ date: LocalDate, kcal: Double, meal: Meal = .lunch, id: String = "usda:09040", name: String = "Banana, raw",
    loggedAt: Date = instant(1_795_000_000)
) -> FoodRecord {
    FoodRecord(
        date: date, meal: meal, foodId: FoodID(id), foodName: name, grams: kcal / 0.89, kcal: kcal,
        proteinG: 1.1, carbsG: 22.8, fatG: 0.3, fiberG: 2.6, loggedAt: loggedAt)
}

func exercise(_ date: LocalDate, kcal: Double, minutes: Int = 30) -> ExerciseRecord {
    ExerciseRecord(
        date: date, activity: "Running", minutes: minutes, intensity: .moderate, met: 9.8, kcal: kcal,
        loggedAt: instant(1_795_003_600))
}

func body(_ date: LocalDate, kg: Double, at seconds: Int = 1_795_000_000) -> BodyRecord {
    BodyRecord(date: date, weightKg: kg, bodyFatPercent: 22.5, muscleMassKg: 31.2, recordedAt: instant(seconds))
}

/// daily_log as it must be, recomputed in Swift from what the repositories return: a row for every
/// date with a food, exercise or body record; bmr/tdee of the latest snapshot on or before it.
func expectedDailyLogs(_ repos: SQLiteRepositories, in range: DateRange) throws -> [DailyLog] {
    let wide = DateRange(start: LocalDate(daysSinceEpoch: -100_000), end: range.end)
    let foods = try repos.foodRecords(in: range)
    let exercises = try repos.exerciseRecords(in: range)
    let bodies = try repos.bodyRecords(in: wide)
    var dates = Set(foods.map(\.date)).union(exercises.map(\.date))
    dates.formUnion(bodies.map(\.date).filter(range.contains))
    return try dates.sorted().map { date in
        let snap = try repos.latestMetabolismSnapshot(onOrBefore: date)
        return DailyLog(
            date: date,
            caloriesIn: foods.filter { $0.date == date }.reduce(0) { $0 + $1.kcal },
            caloriesOut: exercises.filter { $0.date == date }.reduce(0) { $0 + $1.kcal },
            bmr: snap?.bmr, tdee: snap?.tdee)
    }
}

/// Compares with a tolerance for the order of floating-point sums.
func sameLogs(_ a: [DailyLog], _ b: [DailyLog]) -> Bool {
    guard a.count == b.count else { return false }
    func close(_ x: Double?, _ y: Double?) -> Bool {
        switch (x, y) {
        case (nil, nil): return true
        case (let x?, let y?): return abs(x - y) < 1e-6
        default: return false
        }
    }
    return zip(a, b).allSatisfy { l, r in
        l.date == r.date && close(l.caloriesIn, r.caloriesIn) && close(l.caloriesOut, r.caloriesOut)
            && close(l.bmr, r.bmr) && close(l.tdee, r.tdee)
    }
}

/// The id of this build's last migration (a backup before a newer one is named after it).
let latestMigration = Schema.migrations.last?.id ?? ""
