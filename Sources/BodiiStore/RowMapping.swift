import BodiiDomain
import Foundation
import GRDB

/// The SQL of one record table, built once.
struct TableSQL: Sendable {
    let table: String
    let kind: String
    let insert: String
    let update: String
    let selectByID: String
    let selectDate: String
    let delete: String
    let selectRange: String

    init(table: String, kind: String, columns: [String]) {
        let list = columns.joined(separator: ", ")
        self.table = table
        self.kind = kind
        insert = "INSERT INTO \(table) (id, \(list)) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
        update = "UPDATE \(table) SET " + columns.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        selectByID = "SELECT id, \(list) FROM \(table) WHERE id = ?"
        selectDate = "SELECT date FROM \(table) WHERE id = ?"
        delete = "DELETE FROM \(table) WHERE id = ?"
        selectRange = "SELECT id, \(list) FROM \(table) WHERE date BETWEEN ? AND ? ORDER BY date, id"
    }
}

/// A dated record with an integer id, stored in one table (body, food, exercise, sleep).
protocol RowMapped: Sendable {
    static var sql: TableSQL { get }
    /// Whether daily_log sums or reads this table.
    static var feedsDailyLog: Bool { get }
    var id: Int64? { get set }
    var date: LocalDate { get }
    /// The values of `sql`'s columns, in order (without the id).
    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?]
    /// The record as it reads back (timestamps rounded to milliseconds).
    func normalized() -> Self
    init(row: Row) throws
}

extension RowMapped {
    /// Inserts the record (with its id when it has one, e.g. an undo); returns it with its id.
    static func insert(_ record: Self, _ db: Database, timeZone: TimeZone) throws -> Self {
        let statement = try db.cachedStatement(sql: sql.insert)
        try statement.execute(arguments: StatementArguments([record.id] + record.columnValues(timeZone: timeZone)))
        var saved = record.normalized()
        saved.id = db.lastInsertedRowID
        return saved
    }

    /// Replaces the row with the record's id; returns the date the row had before.
    static func update(_ record: Self, _ db: Database, timeZone: TimeZone) throws -> LocalDate {
        guard let id = record.id,
              let old = try String.fetchOne(db.cachedStatement(sql: sql.selectDate), arguments: [id]) else {
            throw StoreError.recordNotFound(kind: sql.kind, id: record.id)
        }
        try db.cachedStatement(sql: sql.update)
            .execute(arguments: StatementArguments(record.columnValues(timeZone: timeZone) + [id]))
        return try SQLText.localDate(old, column: "\(sql.table).date")
    }

    static func fetch(id: Int64, _ db: Database) throws -> Self? {
        try Row.fetchOne(db.cachedStatement(sql: sql.selectByID), arguments: [id]).map(Self.init(row:))
    }

    /// Deletes the row; returns what it held, nil when there was none.
    static func delete(id: Int64, _ db: Database) throws -> Self? {
        guard let record = try fetch(id: id, db) else { return nil }
        try db.cachedStatement(sql: sql.delete).execute(arguments: [id])
        return record
    }

    static func fetchAll(in range: DateRange, _ db: Database) throws -> [Self] {
        try Row.fetchAll(db.cachedStatement(sql: sql.selectRange),
                         arguments: [SQLText.date(range.start), SQLText.date(range.end)])
            .map(Self.init(row:))
    }
}

private let bodySQL = TableSQL(table: "body_record", kind: "body record", columns: [
    "date", "weight_kg", "body_fat_percent", "muscle_mass_kg", "recorded_at",
])

extension BodyRecord: RowMapped {
    static var sql: TableSQL { bodySQL }
    static var feedsDailyLog: Bool { true }

    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), weightKg, bodyFatPercent, muscleMassKg, SQLText.timestamp(recordedAt, timeZone: timeZone)]
    }

    func normalized() -> BodyRecord {
        var copy = self
        copy.recordedAt = SQLText.normalized(recordedAt)
        return copy
    }

    init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), date: try row.localDate("date"),
                  weightKg: try row.decode(forColumn: "weight_kg"),
                  bodyFatPercent: try row.decode(forColumn: "body_fat_percent"),
                  muscleMassKg: try row.decode(forColumn: "muscle_mass_kg"),
                  recordedAt: try row.instant("recorded_at"))
    }
}

private let foodRecordSQL = TableSQL(table: "food_record", kind: "food record", columns: [
    "date", "meal", "food_id", "food_name", "grams", "kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "logged_at",
])

extension FoodRecord: RowMapped {
    static var sql: TableSQL { foodRecordSQL }
    static var feedsDailyLog: Bool { true }

    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), meal.rawValue, foodId.rawValue, foodName, grams, kcal, proteinG, carbsG, fatG, fiberG,
         SQLText.timestamp(loggedAt, timeZone: timeZone)]
    }

    func normalized() -> FoodRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }

    init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), date: try row.localDate("date"),
                  meal: try row.enumValue(Meal.self, "meal"),
                  foodId: FoodID(try row.decode(String.self, forColumn: "food_id")),
                  foodName: try row.decode(forColumn: "food_name"), grams: try row.decode(forColumn: "grams"),
                  kcal: try row.decode(forColumn: "kcal"), proteinG: try row.decode(forColumn: "protein_g"),
                  carbsG: try row.decode(forColumn: "carbs_g"), fatG: try row.decode(forColumn: "fat_g"),
                  fiberG: try row.decode(forColumn: "fiber_g"), loggedAt: try row.instant("logged_at"))
    }
}

private let exerciseSQL = TableSQL(table: "exercise_record", kind: "exercise record", columns: [
    "date", "activity", "minutes", "intensity", "met", "kcal", "logged_at",
])

extension ExerciseRecord: RowMapped {
    static var sql: TableSQL { exerciseSQL }
    static var feedsDailyLog: Bool { true }

    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), activity, minutes, intensity.rawValue, met, kcal, SQLText.timestamp(loggedAt, timeZone: timeZone)]
    }

    func normalized() -> ExerciseRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }

    init(row: Row) throws {
        self.init(id: try row.decode(forColumn: "id"), date: try row.localDate("date"),
                  activity: try row.decode(forColumn: "activity"), minutes: try row.decode(forColumn: "minutes"),
                  intensity: try row.enumValue(Intensity.self, "intensity"), met: try row.decode(forColumn: "met"),
                  kcal: try row.decode(forColumn: "kcal"), loggedAt: try row.instant("logged_at"))
    }
}

private let sleepSQL = TableSQL(table: "sleep_record", kind: "sleep record", columns: [
    "date", "bedtime_minutes", "wake_minutes", "minutes", "quality", "status",
])

extension SleepRecord: RowMapped {
    static var sql: TableSQL { sleepSQL }
    static var feedsDailyLog: Bool { false }

    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), bedtime?.minutesAfterMidnight, wakeTime?.minutesAfterMidnight, minutes, quality, status.rawValue]
    }

    func normalized() -> SleepRecord { self }

    init(row: Row) throws {
        func clock(_ column: String) throws -> ClockTime? {
            guard let minutes = try row.decode(Int?.self, forColumn: column) else { return nil }
            guard let time = ClockTime(hour: minutes / 60, minute: minutes % 60), minutes >= 0 else {
                throw StoreError.invalidStoredValue(column: "sleep_record.\(column)", value: String(minutes))
            }
            return time
        }
        self.init(id: try row.decode(forColumn: "id"), date: try row.localDate("date"),
                  bedtime: try clock("bedtime_minutes"), wakeTime: try clock("wake_minutes"),
                  minutes: try row.decode(forColumn: "minutes"), quality: try row.decode(forColumn: "quality"),
                  status: try row.enumValue(SleepStatus.self, "status"))
    }
}
