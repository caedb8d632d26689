import BodiiDomain
import Foundation
import GRDB

// MARK: - Food, exercise, sleep

/// The food log on SQLite.
public struct FoodLogStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension FoodLogStore: FoodLogRepository {
    @discardableResult
    public func addFoodRecord(_ record: FoodRecord) throws -> FoodRecord { try add(record) }
    public func updateFoodRecord(_ record: FoodRecord) throws { try update(record) }
    @discardableResult
    public func deleteFoodRecord(id: Int64) throws -> FoodRecord? { try delete(FoodRecord.self, id: id) }
    public func foodRecords(in range: DateRange) throws -> [FoodRecord] { try records(FoodRecord.self, in: range) }

    /// One row by the (food_id, date) index: `bodii log food TEXT` asks it for each food of a line.
    public func lastGrams(of food: FoodID, in range: DateRange) throws -> Double? {
        try read { db in
            try Double.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT grams FROM food_record WHERE food_id = ? AND date BETWEEN ? AND ? AND grams IS NOT NULL
                        ORDER BY date DESC, logged_at DESC, id DESC LIMIT 1
                        """),
                arguments: [food.rawValue, SQLText.date(range.start), SQLText.date(range.end)])
        }
    }

    /// Two columns of `foodRecords`' rows, in its order, without the 85 nutrients each entry carries.
    public func foodProtein(in range: DateRange) throws -> [(date: LocalDate, proteinG: Double)] {
        try read { db in
            try Array(
                Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT date, protein_g FROM food_record WHERE date BETWEEN ? AND ? ORDER BY date, id"),
                    arguments: [SQLText.date(range.start), SQLText.date(range.end)]
                )
                .map { row in
                    (
                        date: try SQLText.localDate(row.decode(String.self, atIndex: 0), column: "food_record.date"),
                        proteinG: try row.decode(Double.self, atIndex: 1)
                    )
                })
        }
    }
}

/// Exercise records on SQLite.
public struct ExerciseStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension ExerciseStore: ExerciseRepository {
    @discardableResult
    public func addExerciseRecord(_ record: ExerciseRecord) throws -> ExerciseRecord { try add(record) }
    public func updateExerciseRecord(_ record: ExerciseRecord) throws { try update(record) }
    @discardableResult
    public func deleteExerciseRecord(id: Int64) throws -> ExerciseRecord? { try delete(ExerciseRecord.self, id: id) }
    public func exerciseRecords(in range: DateRange) throws -> [ExerciseRecord] { try records(ExerciseRecord.self, in: range) }
}

/// Sleep records on SQLite.
public struct SleepStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension SleepStore: SleepRepository {
    @discardableResult
    public func addSleepRecord(_ record: SleepRecord) throws -> SleepRecord { try add(record) }
    public func updateSleepRecord(_ record: SleepRecord) throws { try update(record) }
    @discardableResult
    public func deleteSleepRecord(id: Int64) throws -> SleepRecord? { try delete(SleepRecord.self, id: id) }
    public func sleepRecords(in range: DateRange) throws -> [SleepRecord] { try records(SleepRecord.self, in: range) }
}

// MARK: - Daily log

/// The daily log's kept totals (DailyLogMaintenance writes them).
public struct DailyLogStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension DailyLogStore: DailyLogRepository {
    public func dailyLog(on date: LocalDate) throws -> DailyLog? {
        try read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.dailyLogColumns) FROM daily_log WHERE date = ?"), arguments: [SQLText.date(date)]
            )
            .map(Self.dailyLog(row:))
        }
    }

    public func dailyLogs(in range: DateRange) throws -> [DailyLog] {
        try read { db in
            // `mapAll`, not `Array(cursor.map(…))`: the runtime makes a `MapCursor` by looking its
            // base cursor's conformance up among every conformance in the binary.
            try Row.mapAll(
                db.cachedStatement(sql: "SELECT \(Self.dailyLogColumns) FROM daily_log WHERE date BETWEEN ? AND ? ORDER BY date"),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)], Self.dailyLog(row:))
        }
    }

    static let dailyLogColumns = "date, calories_in, calories_out, bmr, tdee"

    /// By column index (the order of `dailyLogColumns`): names would be looked up, case-folded,
    /// for every value of every row.
    static func dailyLog(row: Row) throws -> DailyLog {
        DailyLog(
            date: try SQLText.localDate(row.decode(atIndex: 0), column: "daily_log.date"), caloriesIn: try row.decode(atIndex: 1),
            caloriesOut: try row.decode(atIndex: 2), bmr: try row.decode(atIndex: 3), tdee: try row.decode(atIndex: 4))
    }
}
