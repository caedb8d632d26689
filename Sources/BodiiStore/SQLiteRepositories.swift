import BodiiDomain
import Foundation
import GRDB

/// Every domain port (`Repositories`) on one SQLite database. Get it from `BodiiDatabase.repositories`.
///
/// Each write is one transaction that also refreshes the affected `daily_log` rows (see
/// `DailyLogMaintenance`). Lists come back in ascending date order, then by id. Timestamps are
/// stored to the millisecond, so returned records carry their timestamps rounded that way.
/// An update or delete of an id that is not stored throws `StoreError.recordNotFound`; values out of
/// the schema's ranges (quality 6, grams 0…) are refused by SQLite CHECK constraints (`DatabaseError`).
public final class SQLiteRepositories: Sendable {
    /// Private on purpose: every access goes through `read`, `write` or `writeWithoutTransaction`,
    /// so no read can bypass a `readingTogether` block (GRDB's reads are not reentrant: a direct
    /// read inside the block would stop the process).
    private let writer: any DatabaseWriter
    /// Supplies the UTC offset written with each timestamp.
    let timeZone: TimeZone
    /// The catalog seeded on first catalog use (see `CatalogSeeder`); nil seeds nothing.
    let catalog: ShippedCatalog?
    let catalogOnce = CatalogOnce()
    /// The shipped catalog in memory for a read-only handle whose file lacks it (see `food(id:)`).
    let shippedStandIn = ShippedCatalogStandIn()
    /// Food search's vocabulary and parsed names, per handle (see FoodSearchStore.swift).
    let searchCache = FoodSearchCache()
    /// Opened for a command that only reads (`BodiiDatabase.Access.readOnly`): every write is
    /// refused here, whatever asks for it. The connection's `PRAGMA query_only` alone does not
    /// hold: GRDB turns it off after each read.
    let readsOnly: Bool
    /// Sync's recorder of write transactions (see WriteRecording.swift).
    let recorderSlot = RecorderSlot()
    /// The connections `readingTogether` and `inOneTransaction` blocks hold, by thread.
    let pins = PinnedConnections()

    init(writer: any DatabaseWriter, timeZone: TimeZone, catalog: ShippedCatalog?, readsOnly: Bool = false) {
        self.writer = writer
        self.timeZone = timeZone
        self.catalog = catalog
        self.readsOnly = readsOnly
    }

    // MARK: - Shared record plumbing

    func add<R: RowMapped>(_ record: R) throws -> R {
        try write { db in
            let saved = try R.insert(record, db, timeZone: timeZone)
            if R.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [saved.date], bodyDates: []) }
            return saved
        }
    }

    func update<R: RowMapped>(_ record: R) throws {
        try write { db in
            let oldDate = try R.update(record, db, timeZone: timeZone)
            if R.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [oldDate, record.date], bodyDates: []) }
        }
    }

    func delete<R: RowMapped>(_ type: R.Type, id: Int64) throws -> R? {
        try write { db in
            let deleted = try R.delete(id: id, db)
            if let deleted, R.feedsDailyLog { try DailyLogMaintenance.refresh(db, dates: [deleted.date], bodyDates: []) }
            return deleted
        }
    }

    func records<R: RowMapped>(_ type: R.Type, in range: DateRange) throws -> [R] {
        try read { db in try R.fetchAll(in: range, db) }
    }

    /// Every read of this type goes through here: inside `readingTogether` it uses the connection
    /// and transaction the block pinned on this thread; otherwise a read transaction of its own.
    func read<T>(_ body: (Database) throws -> T) throws -> T {
        if let pinned = pins.current(.read) { return try body(pinned) }
        if let open = openTransaction { return try body(open) }
        return try writer.read(body)
    }

    /// One write transaction. Inside a `readingTogether` block it runs on the writer's connection
    /// (GRDB allows one database inside another's block); the block's reads do not see it.
    func write<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseWritingWhenReadOnly()
        guard let open = openTransaction else { return try writer.write { db in try recording(db) { try body(db) } } }
        // Inside `inOneTransaction`: a savepoint, so a write that fails and is handled undoes only itself.
        var result: T?
        try open.inSavepoint {
            result = try body(open)
            return .commit
        }
        // Unreachable: the savepoint commits only after `result` is set.
        guard let result else { throw StoreError.invalidStoredValue(column: "savepoint", value: "no result") }
        return result
    }

    /// Runs `body` as one write transaction: every read and write this repositories object makes
    /// inside it (on this thread) joins it, and each write is a savepoint within it. A throw from
    /// `body` rolls all of it back, so a multi-part import (records, goals, custom foods, the meal
    /// library) is written whole or not at all, even when the process is killed midway.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T {
        if openTransaction != nil { return try body() }
        try refuseWritingWhenReadOnly()
        var result: T?
        try writer.writeWithoutTransaction { db in
            try db.inTransaction(.immediate) {
                result = try recording(db) { try pins.pin(db, as: .transaction, during: body) }
                return .commit
            }
        }
        // Unreachable: the transaction commits only after `result` is set.
        guard let result else { throw StoreError.invalidStoredValue(column: "transaction", value: "no result") }
        return result
    }

    /// The writer's connection outside a transaction (catalog seeding, explicit transactions).
    func writeWithoutTransaction<T>(_ body: (Database) throws -> T) throws -> T {
        try refuseWritingWhenReadOnly()
        if let open = openTransaction { return try body(open) }
        return try writer.writeWithoutTransaction(body)
    }

    private func refuseWritingWhenReadOnly() throws {
        guard readsOnly else { return }
        throw DatabaseError(resultCode: .SQLITE_READONLY, message: "a command that only reads tried to write")
    }
}

// MARK: - Reads that belong together

extension SQLiteRepositories: ConsistentReading {
    /// One read transaction on one connection for all of `body`'s reads: a screen's ~20 small
    /// reads then cost one `BEGIN`/`COMMIT` and one trip through the pool instead of twenty, and
    /// see one snapshot. GRDB's reads are not reentrant, so the connection is pinned to this thread
    /// and `read` finds it. A single connection (a command's queue) is pinned only when it reads
    /// alone (`readsOnly`): a write inside the block would otherwise have to wait for the read it
    /// is part of.
    /// `readingTogether` for a read through the whole history (an export): SQLite copies pages
    /// into its small cache instead of mapping the file, so resident memory does not grow with
    /// the file's size (PRODUCT.md §9: under 64 MB whatever the history's length). A 20-year
    /// database is ~60 MB: mapped and read whole, every page of it counted as resident.
    public func readingWholeHistory<T>(_ body: () throws -> T) throws -> T {
        func map(_ bytes: Int) { try? writer.writeWithoutTransaction { try $0.execute(sql: "PRAGMA mmap_size = \(bytes)") } }
        guard openTransaction == nil, pins.current(.read) == nil,
            let mapped = try? writer.writeWithoutTransaction({ try Int.fetchOne($0, sql: "PRAGMA mmap_size") })
        else { return try readingTogether(body) }
        map(0)
        defer { map(mapped) }
        return try readingTogether(body)
    }

    public func readingTogether<T>(_ body: () throws -> T) throws -> T {
        guard writer is DatabasePool || readsOnly, pins.current(.read) == nil, openTransaction == nil else { return try body() }
        return try writer.read { db in try pins.pin(db, as: .read, during: body) }
    }
}

// MARK: - Food, exercise, sleep

extension SQLiteRepositories: FoodLogRepository {
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

extension SQLiteRepositories: ExerciseRepository {
    @discardableResult
    public func addExerciseRecord(_ record: ExerciseRecord) throws -> ExerciseRecord { try add(record) }
    public func updateExerciseRecord(_ record: ExerciseRecord) throws { try update(record) }
    @discardableResult
    public func deleteExerciseRecord(id: Int64) throws -> ExerciseRecord? { try delete(ExerciseRecord.self, id: id) }
    public func exerciseRecords(in range: DateRange) throws -> [ExerciseRecord] { try records(ExerciseRecord.self, in: range) }
}

extension SQLiteRepositories: SleepRepository {
    @discardableResult
    public func addSleepRecord(_ record: SleepRecord) throws -> SleepRecord { try add(record) }
    public func updateSleepRecord(_ record: SleepRecord) throws { try update(record) }
    @discardableResult
    public func deleteSleepRecord(id: Int64) throws -> SleepRecord? { try delete(SleepRecord.self, id: id) }
    public func sleepRecords(in range: DateRange) throws -> [SleepRecord] { try records(SleepRecord.self, in: range) }
}

// MARK: - Daily log

extension SQLiteRepositories: DailyLogRepository {
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
            try Array(
                Row.fetchCursor(
                    db.cachedStatement(sql: "SELECT \(Self.dailyLogColumns) FROM daily_log WHERE date BETWEEN ? AND ? ORDER BY date"),
                    arguments: [SQLText.date(range.start), SQLText.date(range.end)]
                )
                .map(Self.dailyLog(row:)))
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
