import BodiiDomain
import Foundation
import GRDB

/// A GRDB record that reads and writes its table's columns by name and can list them:
/// `StoredRowTests` fails when a migration adds a column the row does not name.
protocol NamedColumnsRow: FetchableRecord, PersistableRecord {
    /// Every column the row reads and writes, in its declared order.
    static var columnNames: [String] { get }
}

/// A `Codable` GRDB record of one of the smaller tables, read and written by column name (its
/// coding keys, which list every column of its table).
protocol StoredRow: Codable, NamedColumnsRow {
    associatedtype CodingKeys: CodingKey & CaseIterable & RawRepresentable where CodingKeys.RawValue == String
}

extension StoredRow {
    static var columnNames: [String] { CodingKeys.allCases.map(\.rawValue) }
}

extension NamedColumnsRow {
    /// `INSERT … ON CONFLICT DO NOTHING`: a merge skips a row whose id or unique key is taken.
    /// Not GRDB's `INSERT OR IGNORE`, which would also skip, silently, a row a CHECK or NOT NULL
    /// refuses.
    func insertUnlessTaken(_ db: Database) throws {
        let values = try databaseDictionary.sorted { $0.key < $1.key }
        let columns = values.map { $0.key.quotedDatabaseIdentifier }.joined(separator: ", ")
        try db.cachedStatement(
            sql: """
                INSERT INTO \(Self.databaseTableName.quotedDatabaseIdentifier) (\(columns)) \
                VALUES (\(databaseQuestionMarks(count: values.count))) ON CONFLICT DO NOTHING
                """
        ).execute(arguments: StatementArguments(values.map(\.value)))
    }
}

extension StoredRow {
    /// Updates `columns` of the stored row with this row's key; `StoreError.recordNotFound`
    /// (as `kind`) when there is none.
    func update(_ db: Database, columns: [CodingKeys], kind: String, id: Int64?) throws {
        do {
            try update(db, columns: columns.map(\.rawValue))
        } catch RecordError.recordNotFound {
            throw StoreError.recordNotFound(kind: kind, id: id)
        }
    }
}

/// A stored row of a table whose ids sync allots (`RowIdAllocator`).
protocol AllottedIdRow: StoredRow {
    var id: Int64? { get set }
}

extension AllottedIdRow {
    /// Inserts with the id sync allots (or `proposed`, an undo's or a batch's own); with
    /// `skippingKnown`, nothing when its id or a unique key is taken. Returns
    /// `lastInsertedRowID`, as the SQL it replaced did.
    mutating func insert(allotting proposed: Int64?, skippingKnown: Bool = false, _ db: Database) throws -> Int64 {
        id = try RowIdAllocator.id(for: Self.databaseTableName, proposed: proposed, db)
        if skippingKnown { try insertUnlessTaken(db) } else { try insert(db) }
        return db.lastInsertedRowID
    }
}

/// A stored row of a table read by the thousand (ten years of pantry purchases, lots and takes;
/// goals and check-ins every day's targets read): written by name like any `StoredRow`, but read
/// by index in the order of its coding keys, which its SELECTs name (`columnList`, GRDB's
/// `databaseSelection`). By name, each value of each row is a column lookup: opening the
/// Pantry's list cost 4.8 ms of CPU against 1.8 ms by index (bodii-bench app).
protocol IndexedStoredRow: StoredRow {
    /// `columnNames`, comma-separated, made once (the text is the statement cache's key).
    static var columnList: String { get }
    /// Reads every column, in the order of `columnNames`.
    init(reading row: inout ColumnReader) throws
}

extension IndexedStoredRow {
    static var databaseSelection: [any SQLSelectable] { columnNames.map { Column($0) } }

    init(row: Row) throws {
        var reader = ColumnReader(row, Self.databaseTableName, Self.columnNames)
        try self.init(reading: &reader)
    }
}

extension ColumnReader {
    /// The next value, which must be `key`'s column (checked in debug builds).
    mutating func next<T: DatabaseValueConvertible & StatementColumnConvertible>(_ key: some CodingKey) throws -> T {
        try next(Column(key.stringValue))
    }
}

extension FetchableRecord {
    /// GRDB's `fetchAll(statement, arguments:)`, read through its plain row cursor. Its typed
    /// fetches make `RecordCursor<Self>`, whose metadata the runtime builds by looking `Self`'s
    /// conformance up among every conformance in the binary: ~0.35 M instructions per record type
    /// and process, a few per cent of a one-shot command such as `bodii today`.
    static func readAll(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> [Self] {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        var records: [Self] = []
        while let row = try rows.next() { records.append(try Self(row: row)) }
        return records
    }

    /// `fetchOne(statement, arguments:)` as `readAll` reads: the first row's record, nil without rows.
    static func readOne(_ statement: Statement, arguments: StatementArguments = StatementArguments()) throws -> Self? {
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        // The row is the statement's current one: the cursor resets the statement when it goes away.
        return try withExtendedLifetime(rows) { try rows.next().map { try Self(row: $0) } }
    }
}

extension Row {
    /// `fetchAll(statement, arguments:).map(transform)` without the rows' array: GRDB makes it with
    /// a generic `Array(cursor)`, which costs the same conformance look-up as its typed cursors.
    /// Each row is valid during its `transform` only.
    static func mapAll<T>(
        _ statement: Statement, arguments: StatementArguments = StatementArguments(), _ transform: (Row) throws -> T
    ) throws -> [T] {
        let rows = try fetchCursor(statement, arguments: arguments)
        var values: [T] = []
        while let row = try rows.next() { values.append(try transform(row)) }
        return values
    }
}
