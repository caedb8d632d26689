import BodiiDomain
import Foundation
import GRDB

/// A domain record kept in a dated table of its own (body, food, exercise, sleep); `TableRow` is
/// the GRDB record that maps it to that table's row. The domain stays free of GRDB: this
/// conformance lives here.
protocol StoredRecord: Sendable {
    associatedtype TableRow: DatedTableRow where TableRow.Stored == Self
    var id: Int64? { get set }
    var date: LocalDate { get }
    var provenance: Provenance { get }
    /// The record as it reads back (timestamps rounded to milliseconds).
    func normalized() -> Self
}

/// One row of a dated record table: a GRDB record of the domain's record, whose `Columns` name
/// its columns, once. `columns` lists them in that order; the row's SELECTs (its SQL and GRDB's
/// `databaseSelection`) name them in that order, and it reads and writes its values in that
/// order through `ColumnReader` and `ColumnWriter`, which check each value's column against the
/// list in debug builds. A column is thus named in `Columns`, read once and written once, all in
/// its row's type; the statements follow. By position rather than by name: food rows have 98
/// columns and are read and written by the ten thousand (an import, an export, a long chart), and
/// a lookup by name is a hash of the name per value, GRDB's keyed encoding a case-folded ordered
/// dictionary per row. (callgrind, bodii-bench day-steps: an entry's insert costs 237 k
/// instructions against 252 k for the positional mapping this replaced.)
protocol DatedTableRow: FetchableRecord, PersistableRecord, Sendable {
    associatedtype Stored: StoredRecord where Stored.TableRow == Self
    /// Every column, `id` first, in the order the row reads and writes them.
    static var columns: [String] { get }
    /// The statements, built once from `columns` (`DatedTableSQL(Self.self)`).
    static var sql: DatedTableSQL { get }
    /// Whether daily_log sums or reads this table.
    static var feedsDailyLog: Bool { get }
    /// How one date's records follow each other in lists (`id`: the order they were written).
    static var dayOrder: String { get }
    var record: Stored { get set }
    init(record: Stored)
    /// The record of a row, its values read in the order of `columns`; throws
    /// `StoreError.invalidStoredValue` for text it cannot read.
    static func record(reading row: inout ColumnReader) throws -> Stored
    /// Puts every column's value, in the order of `columns` (timestamps with the writer's zone).
    func write(to values: inout ColumnWriter)
}

/// The SQL of one `DatedTableRow` type, built once from its column list.
struct DatedTableSQL: Sendable {
    let insert: String
    let update: String
    let selectDate: String
    let selectRange: String
    /// Every column, with no condition: for reads that add their own.
    let selectAll: String
    let findExternal: String

    init<Row: DatedTableRow>(_ type: Row.Type) {
        let table = Row.databaseTableName
        let list = Row.columns.joined(separator: ", ")
        insert = "INSERT INTO \(table) (\(list)) VALUES (?\(String(repeating: ", ?", count: Row.columns.count - 1)))"
        update = "UPDATE \(table) SET " + Row.columns.dropFirst().map { "\($0) = ?" }.joined(separator: ", ") + " WHERE id = ?"
        selectDate = "SELECT date FROM \(table) WHERE id = ?"
        selectAll = "SELECT \(list) FROM \(table)"
        selectRange = selectAll + " WHERE date BETWEEN ? AND ? ORDER BY date, \(Row.dayOrder)"
        findExternal = "SELECT 1 FROM \(table) WHERE source = ? AND external_id = ?"
    }
}

extension DatedTableRow {
    static var dayOrder: String { "id" }

    static var databaseSelection: [any SQLSelectable] { columns.map { Column($0) } }

    /// GRDB's persistence (`insert(db)`, `update(db)`, …) from the same values, by name, with
    /// timestamps in UTC: it knows no connection's zone. The store writes through `insert` and
    /// `update` below, which write the connection's.
    func encode(to container: inout PersistenceContainer) {
        for (column, value) in zip(Self.columns, values(timeZone: .gmt)) { container[column] = value }
    }

    init(row: Row) throws {
        var reader = ColumnReader(row, Self.databaseTableName, Self.columns)
        self.init(record: try Self.record(reading: &reader))
    }

    /// The values of `columns`, in order, timestamps with the UTC offset `timeZone` had then.
    func values(timeZone: TimeZone) -> [(any DatabaseValueConvertible)?] {
        var writer = ColumnWriter(Self.columns, timeZone: timeZone)
        write(to: &writer)
        return writer.values
    }

    /// "food record", for `StoreError.recordNotFound`.
    static var kind: String { databaseTableName.replacingOccurrences(of: "_", with: " ") }

    /// Inserts the record (with its id when it has one, e.g. an undo; else one `RowIdAllocator`
    /// allocates for sync, or SQLite's next); returns it as it reads back (timestamps to the
    /// millisecond) with its id.
    static func insert(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> Stored {
        var row = Self(record: record)
        row.record.id = try RowIdAllocator.id(for: databaseTableName, proposed: record.id, db)
        try db.cachedStatement(sql: sql.insert).execute(arguments: StatementArguments(row.values(timeZone: timeZone)))
        row.record.id = db.lastInsertedRowID
        return row.record.normalized()
    }

    /// `insert`, unless the record's source already has one with its external id (the unique
    /// index on source and external_id); nil then.
    static func insertOrSkip(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> Stored? {
        if let externalId = record.provenance.externalId,
            try Bool.fetchOne(db.cachedStatement(sql: sql.findExternal), arguments: [record.provenance.source, externalId]) == true
        {
            return nil
        }
        return try insert(record, db, timeZone: timeZone)
    }

    /// Replaces the row with the record's id; returns the date the row had before.
    static func update(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> LocalDate {
        guard let id = record.id, let old = try String.fetchOne(db.cachedStatement(sql: sql.selectDate), arguments: [id]) else {
            throw StoreError.recordNotFound(kind: kind, id: record.id)
        }
        let values = Self(record: record).values(timeZone: timeZone)
        try db.cachedStatement(sql: sql.update).execute(arguments: StatementArguments(Array(values.dropFirst()) + [id]))
        return try SQLText.localDate(old, column: "\(databaseTableName).date")
    }

    static func fetch(id: Int64, _ db: Database) throws -> Stored? {
        try fetchOne(db, key: id)?.record
    }

    /// Deletes the row; returns what it held, nil when there was none.
    static func delete(id: Int64, _ db: Database) throws -> Stored? {
        guard let record = try fetch(id: id, db) else { return nil }
        try deleteOne(db, key: id)
        return record
    }

    /// Each row is read where SQLite holds it (a cursor), not copied first: ten years of food
    /// entries are tens of thousands of rows. Through GRDB's plain row cursor, as `readAll` reads
    /// (its typed cursor, and a `MapCursor` over it, each cost a conformance look-up per row type).
    static func fetchAll(in range: DateRange, _ db: Database) throws -> [Stored] {
        let rows = try Row.fetchCursor(
            db.cachedStatement(sql: sql.selectRange), arguments: [SQLText.date(range.start), SQLText.date(range.end)])
        var records: [Stored] = []
        while let row = try rows.next() { records.append(try Self(row: row).record) }
        return records
    }
}

/// Reads a row's values in the order of its record's column list, by index.
struct ColumnReader {
    private let row: Row
    private let table: String
    private let columns: [String]
    private var index = 0

    /// `columns` serves only the checks of debug builds; release builds do not make it: an
    /// `IndexedStoredRow`'s list, made a row at a time, was a tenth of reading the pantry's rows
    /// (callgrind).
    init(_ row: Row, _ table: String, _ columns: @autoclosure () -> [String]) {
        self.row = row
        self.table = table
        #if DEBUG
            self.columns = columns()
        #else
            self.columns = []
        #endif
    }

    /// Numbers, strings and their optionals straight from SQLite's column (GRDB's fast path).
    mutating func next<T: DatabaseValueConvertible & StatementColumnConvertible>(_ column: some ColumnExpression) throws -> T {
        // `columns` is empty where DEBUG is not defined, even should asserts run there.
        assert(columns.isEmpty || columns[index] == column.name, "\(column.name) read where the column list has \(columns[index])")
        defer { index += 1 }
        return try row.decode(atIndex: index)
    }

    mutating func date(_ column: some ColumnExpression) throws -> LocalDate {
        try SQLText.localDate(next(column), column: "\(table).\(column.name)")
    }

    mutating func instant(_ column: some ColumnExpression) throws -> Date {
        try SQLText.instant(next(column), column: "\(table).\(column.name)")
    }

    mutating func enumValue<T: RawRepresentable>(_ column: some ColumnExpression) throws -> T where T.RawValue == String {
        let raw: String = try next(column)
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: "\(table).\(column.name)", value: raw) }
        return value
    }

    /// Minutes after midnight, NULL when unknown.
    mutating func clockTime(_ column: some ColumnExpression) throws -> ClockTime? {
        guard let minutes: Int = try next(column) else { return nil }
        guard minutes >= 0, let time = ClockTime(hour: minutes / 60, minute: minutes % 60) else {
            throw StoreError.invalidStoredValue(column: "\(table).\(column.name)", value: String(minutes))
        }
        return time
    }

    /// The provenance columns every record table ends with.
    mutating func provenance() throws -> Provenance {
        Provenance(source: try next(Column("source")), externalId: try next(Column("external_id")))
    }
}

/// Collects a row's values in the order of its record's column list, as they are: GRDB's
/// `StatementArguments` of a list of `DatabaseValue` converts them through a key path, value by
/// value, which cost more than the rest of an insert's Swift (callgrind, 46 k food entries).
struct ColumnWriter {
    private let columns: [String]
    /// Supplies the UTC offset written with each timestamp.
    private let timeZone: TimeZone
    private(set) var values: [(any DatabaseValueConvertible)?] = []

    init(_ columns: [String], timeZone: TimeZone) {
        self.columns = columns
        self.timeZone = timeZone
        values.reserveCapacity(columns.count)
    }

    mutating func put(_ value: (some DatabaseValueConvertible)?, _ column: some ColumnExpression) {
        assert(columns[values.count] == column.name, "\(column.name) written where the column list has \(columns[values.count])")
        values.append(value)
    }

    mutating func put(_ date: LocalDate, _ column: some ColumnExpression) { put(SQLText.date(date), column) }

    /// SQLText's timestamp (GRDB's own spelling of a `Date` is another).
    mutating func put(timestamp instant: Date, _ column: some ColumnExpression) {
        put(SQLText.timestamp(instant, timeZone: timeZone), column)
    }

    /// The provenance columns every record table ends with.
    mutating func put(_ provenance: Provenance) {
        put(provenance.source, Column("source"))
        put(provenance.externalId, Column("external_id"))
    }
}
