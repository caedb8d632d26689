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
}

/// One row of a dated record table, as SQLite spells it (dates and timestamps as text): a GRDB
/// record whose column names are its `CodingKeys`, so each column is named in one place. It
/// reads itself by column name (`init(row:)`) and writes itself through GRDB's persistence.
protocol DatedTableRow: FetchableRecord, PersistableRecord, Sendable {
    associatedtype Stored: StoredRecord where Stored.TableRow == Self
    /// Whether daily_log sums or reads this table.
    static var feedsDailyLog: Bool { get }
    /// How one date's records follow each other in lists (`id`: the order they were written).
    static var dayOrder: String { get }
    var id: Int64? { get set }
    /// The row of `record`, its timestamps written with the UTC offset `timeZone` had then.
    init(_ record: Stored, timeZone: TimeZone)
    /// The domain record; throws `StoreError.invalidStoredValue` for text it cannot read.
    func stored() throws -> Stored
}

extension DatedTableRow {
    static var dayOrder: String { "id" }

    /// "food record", for `StoreError.recordNotFound`.
    static var kind: String { databaseTableName.replacingOccurrences(of: "_", with: " ") }

    /// "table.column", naming a column in `StoreError.invalidStoredValue`.
    static func qualified(_ column: some ColumnExpression) -> String { "\(databaseTableName).\(column.name)" }

    static func localDate(_ text: String, _ column: some ColumnExpression) throws -> LocalDate {
        try SQLText.localDate(text, column: qualified(column))
    }

    static func instant(_ text: String, _ column: some ColumnExpression) throws -> Date {
        try SQLText.instant(text, column: qualified(column))
    }

    static func enumValue<T: RawRepresentable>(_ raw: String, _ column: some ColumnExpression) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: qualified(column), value: raw) }
        return value
    }

    /// Inserts the record (with its id when it has one, e.g. an undo; else one `RowIdAllocator`
    /// allocates for sync, or SQLite's next); returns it as it reads back (timestamps to the
    /// millisecond) with its id.
    static func insert(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> Stored {
        var row = Self(record, timeZone: timeZone)
        row.id = try RowIdAllocator.id(for: databaseTableName, proposed: record.id, db)
        try row.insert(db)
        row.id = db.lastInsertedRowID
        return try row.stored()
    }

    /// `insert`, unless the record's source already has one with its external id (the unique
    /// index on source and external_id); nil then.
    static func insertOrSkip(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> Stored? {
        if let externalId = record.provenance.externalId {
            let known = try Bool.fetchOne(
                db.cachedStatement(sql: "SELECT 1 FROM \(databaseTableName) WHERE source = ? AND external_id = ?"),
                arguments: [record.provenance.source, externalId])
            if known == true { return nil }
        }
        return try insert(record, db, timeZone: timeZone)
    }

    /// Replaces the row with the record's id; returns the date the row had before.
    static func update(_ record: Stored, _ db: Database, timeZone: TimeZone) throws -> LocalDate {
        guard let id = record.id,
            let old = try String.fetchOne(db.cachedStatement(sql: "SELECT date FROM \(databaseTableName) WHERE id = ?"), arguments: [id])
        else {
            throw StoreError.recordNotFound(kind: kind, id: record.id)
        }
        try Self(record, timeZone: timeZone).update(db)
        return try SQLText.localDate(old, column: "\(databaseTableName).date")
    }

    static func fetch(id: Int64, _ db: Database) throws -> Stored? {
        try fetchOne(db, key: id)?.stored()
    }

    /// Deletes the row; returns what it held, nil when there was none.
    static func delete(id: Int64, _ db: Database) throws -> Stored? {
        guard let record = try fetch(id: id, db) else { return nil }
        try deleteOne(db, key: id)
        return record
    }

    /// Each row is read where SQLite holds it (a cursor), not copied first: ten years of food
    /// entries are tens of thousands of rows.
    static func fetchAll(in range: DateRange, _ db: Database) throws -> [Stored] {
        try Array(
            fetchCursor(
                db.cachedStatement(
                    sql: "SELECT * FROM \(databaseTableName) WHERE date BETWEEN ? AND ? ORDER BY date, \(dayOrder)"),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            )
            .map { try $0.stored() })
    }
}
