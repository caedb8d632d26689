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
    /// Every column (`id` first), with no condition: for reads that add their own.
    let selectAll: String
    /// `insert`, doing nothing when the source already has a record with that external id.
    let insertOrSkip: String

    /// `columns` without the provenance columns, which every record table ends with.
    /// `order` is how one date's records follow each other (`id`: the order they were written).
    init(table: String, kind: String, columns own: [String], order: String = "id") {
        let columns = own + ["source", "external_id"]
        let list = columns.joined(separator: ", ")
        self.table = table
        self.kind = kind
        insert = "INSERT INTO \(table) (id, \(list)) VALUES (?\(String(repeating: ", ?", count: columns.count)))"
        update = "UPDATE \(table) SET " + columns.map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        selectByID = "SELECT id, \(list) FROM \(table) WHERE id = ?"
        selectDate = "SELECT date FROM \(table) WHERE id = ?"
        delete = "DELETE FROM \(table) WHERE id = ?"
        selectRange = "SELECT id, \(list) FROM \(table) WHERE date BETWEEN ? AND ? ORDER BY date, \(order)"
        selectAll = "SELECT id, \(list) FROM \(table)"
        insertOrSkip = insert + " ON CONFLICT (source, external_id) WHERE external_id IS NOT NULL DO NOTHING"
    }
}

/// A dated record with an integer id, stored in one table (body, food, exercise, sleep).
protocol RowMapped: Sendable {
    static var sql: TableSQL { get }
    /// Whether daily_log sums or reads this table.
    static var feedsDailyLog: Bool { get }
    var id: Int64? { get set }
    var date: LocalDate { get }
    var provenance: Provenance { get }
    /// The values of the record's own columns, in order (without the id and the provenance).
    func ownColumnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?]
    /// The record as it reads back (timestamps rounded to milliseconds).
    func normalized() -> Self
    init(row: Row) throws
}

extension RowMapped {
    /// The values of `sql`'s columns, in order (without the id).
    func columnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        ownColumnValues(timeZone: timeZone) + [provenance.source, provenance.externalId]
    }

    /// Inserts the record unless its source already has one with its external id; returns it
    /// with its id, or nil when it was there already.
    static func insertOrSkip(_ record: Self, _ db: Database, timeZone: TimeZone) throws -> Self? {
        let id = try RowIdAllocator.id(for: sql.table, proposed: record.id, db)
        try db.cachedStatement(sql: sql.insertOrSkip)
            .execute(arguments: StatementArguments([id] + record.columnValues(timeZone: timeZone)))
        guard db.changesCount == 1 else { return nil }
        var saved = record.normalized()
        saved.id = db.lastInsertedRowID
        return saved
    }

    /// Inserts the record (with its id when it has one, e.g. an undo); returns it with its id.
    static func insert(_ record: Self, _ db: Database, timeZone: TimeZone) throws -> Self {
        let id = try RowIdAllocator.id(for: sql.table, proposed: record.id, db)
        let statement = try db.cachedStatement(sql: sql.insert)
        try statement.execute(arguments: StatementArguments([id] + record.columnValues(timeZone: timeZone)))
        var saved = record.normalized()
        saved.id = db.lastInsertedRowID
        return saved
    }

    /// Replaces the row with the record's id; returns the date the row had before.
    static func update(_ record: Self, _ db: Database, timeZone: TimeZone) throws -> LocalDate {
        guard let id = record.id,
            let old = try String.fetchOne(db.cachedStatement(sql: sql.selectDate), arguments: [id])
        else {
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

    /// Each row is read where SQLite holds it (a cursor), not copied first: ten years of food
    /// entries are tens of thousands of rows.
    static func fetchAll(in range: DateRange, _ db: Database) throws -> [Self] {
        try Array(
            Row.fetchCursor(
                db.cachedStatement(sql: sql.selectRange),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            )
            .map(Self.init(row:)))
    }
}

/// Reads the columns of a `TableSQL` SELECT (`id`, then the table's columns) in order, by index:
/// record lists run to thousands of rows, and lookups by name cost more than the decoding.
struct ColumnReader {
    private let row: Row
    private let sql: TableSQL
    private var index = 0

    init(_ row: Row, _ sql: TableSQL) {
        self.row = row
        self.sql = sql
    }

    /// "table.column" of column `i`, for error messages only.
    private func name(_ i: Int) -> String {
        let names = Array(row.columnNames)
        return "\(sql.table).\(i < names.count ? names[i] : String(i))"
    }

    mutating func next<T: DatabaseValueConvertible>(_ type: T.Type = T.self) throws -> T {
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    /// Numbers, strings and their optionals straight from SQLite's column (GRDB's fast path): the
    /// generic path above builds a `DatabaseValue` and looks up `Optional`'s metadata per value.
    mutating func next<T: DatabaseValueConvertible & StatementColumnConvertible>(_ type: T.Type = T.self) throws -> T {
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    mutating func date() throws -> LocalDate {
        let i = index
        let text = try next(String.self)
        guard let date = SQLText.parseDate(text) else { throw StoreError.invalidStoredValue(column: name(i), value: text) }
        return date
    }

    mutating func instant() throws -> Date {
        let i = index
        let text = try next(String.self)
        guard let date = SQLText.parseTimestamp(text) else { throw StoreError.invalidStoredValue(column: name(i), value: text) }
        return date
    }

    mutating func enumValue<T: RawRepresentable>(_ type: T.Type = T.self) throws -> T where T.RawValue == String {
        let i = index
        let raw = try next(String.self)
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: name(i), value: raw) }
        return value
    }

    /// The provenance columns every record table ends with.
    mutating func provenance() throws -> Provenance {
        Provenance(source: try next(), externalId: try next())
    }

    /// Minutes after midnight, NULL when unknown.
    mutating func clockTime() throws -> ClockTime? {
        let i = index
        guard let minutes = try next(Int?.self) else { return nil }
        guard minutes >= 0, let time = ClockTime(hour: minutes / 60, minute: minutes % 60) else {
            throw StoreError.invalidStoredValue(column: name(i), value: String(minutes))
        }
        return time
    }
}

private let bodySQL = TableSQL(
    table: "body_record", kind: "body record",
    columns: [
        "date", "weight_kg", "body_fat_percent", "muscle_mass_kg", "recorded_at",
    ],
    // By the time weighed, as `latestBodyRecord` picks the latest: ids of two synced machines are
    // not in time order (a day's last record is the day's weight).
    order: "julianday(recorded_at), id")

extension BodyRecord: RowMapped {
    static var sql: TableSQL { bodySQL }
    static var feedsDailyLog: Bool { true }

    func ownColumnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), weightKg, bodyFatPercent, muscleMassKg, SQLText.timestamp(recordedAt, timeZone: timeZone)]
    }

    func normalized() -> BodyRecord {
        var copy = self
        copy.recordedAt = SQLText.normalized(recordedAt)
        return copy
    }

    init(row: Row) throws {
        var c = ColumnReader(row, Self.sql)
        self.init(
            id: try c.next(), date: try c.date(), weightKg: try c.next(), bodyFatPercent: try c.next(),
            muscleMassKg: try c.next(), recordedAt: try c.instant(), provenance: try c.provenance())
    }
}

private let foodRecordSQL = TableSQL(
    table: "food_record", kind: "food record",
    columns: ["date", "meal", "food_id", "food_name", "grams", "kcal", "protein_g", "carbs_g", "fat_g", "logged_at"]
        + NutrientKey.allCases.map(\.rawValue))

extension FoodRecord: RowMapped {
    static var sql: TableSQL { foodRecordSQL }
    static var feedsDailyLog: Bool { true }

    func ownColumnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [
            SQLText.date(date), meal.rawValue, foodId.rawValue, foodName, grams, kcal, proteinG, carbsG, fatG,
            SQLText.timestamp(loggedAt, timeZone: timeZone),
        ] + NutrientKey.allCases.map { nutrients[$0] }
    }

    func normalized() -> FoodRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }

    init(row: Row) throws {
        var c = ColumnReader(row, Self.sql)
        let id: Int64? = try c.next()
        let date = try c.date()
        let meal: Meal = try c.enumValue()
        let foodId = FoodID(try c.next())
        let foodName: String = try c.next()
        let grams: Double? = try c.next()
        let kcal: Double = try c.next()
        let proteinG: Double = try c.next()
        let carbsG: Double = try c.next()
        let fatG: Double = try c.next()
        let loggedAt = try c.instant()
        var nutrients: [NutrientKey: Double] = [:]
        for key in NutrientKey.allCases {
            if let value: Double = try c.next() { nutrients[key] = value }
        }
        self.init(
            id: id, date: date, meal: meal, foodId: foodId, foodName: foodName, grams: grams, kcal: kcal,
            proteinG: proteinG, carbsG: carbsG, fatG: fatG, nutrients: nutrients, loggedAt: loggedAt,
            provenance: try c.provenance())
    }
}

private let exerciseSQL = TableSQL(
    table: "exercise_record", kind: "exercise record",
    columns: [
        "date", "activity", "minutes", "intensity", "met", "kcal", "logged_at",
    ])

extension ExerciseRecord: RowMapped {
    static var sql: TableSQL { exerciseSQL }
    static var feedsDailyLog: Bool { true }

    func ownColumnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), activity, minutes, intensity.rawValue, met, kcal, SQLText.timestamp(loggedAt, timeZone: timeZone)]
    }

    func normalized() -> ExerciseRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }

    init(row: Row) throws {
        var c = ColumnReader(row, Self.sql)
        self.init(
            id: try c.next(), date: try c.date(), activity: try c.next(), minutes: try c.next(),
            intensity: try c.enumValue(), met: try c.next(), kcal: try c.next(), loggedAt: try c.instant(),
            provenance: try c.provenance())
    }
}

private let sleepSQL = TableSQL(
    table: "sleep_record", kind: "sleep record",
    columns: [
        "date", "bedtime_minutes", "wake_minutes", "minutes", "quality", "status",
    ])

extension SleepRecord: RowMapped {
    static var sql: TableSQL { sleepSQL }
    static var feedsDailyLog: Bool { false }

    func ownColumnValues(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        [SQLText.date(date), bedtime?.minutesAfterMidnight, wakeTime?.minutesAfterMidnight, minutes, quality, status.rawValue]
    }

    func normalized() -> SleepRecord { self }

    init(row: Row) throws {
        var c = ColumnReader(row, Self.sql)
        self.init(
            id: try c.next(), date: try c.date(), bedtime: try c.clockTime(), wakeTime: try c.clockTime(),
            minutes: try c.next(), quality: try c.next(), status: try c.enumValue(), provenance: try c.provenance())
    }
}
