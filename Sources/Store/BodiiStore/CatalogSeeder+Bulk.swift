import CSQLiteConfig
import Foundation
import GRDB
import GRDBSQLite

// The seed's bulk tools: the catalog text read in place, rows inserted many per statement, and
// the triggers set aside while they are.

/// Tab-separated text read as UTF-8 bytes, fields handed out as slices of the text (the shipped
/// catalog is ~1.5 MB: no Character processing, no copies until a value is bound).
enum TSV {
    typealias Field = UnsafeBufferPointer<UInt8>

    /// Calls `body` with the line number (from 1) and the fields of every non-empty line, then
    /// `end`: the fields point into the text only until `end` returns.
    static func forEachRow(
        of text: String, _ body: (_ line: Int, _ fields: UnsafeBufferPointer<Field>) throws -> Void, end: () throws -> Void = {}
    ) throws {
        try forEachRow(of: text, from: 0, onlyOne: false, { line, _, fields in try body(line, fields) }, end: end)
    }

    /// As `forEachRow`, with each line's byte offset in the text, for `row(of:at:)`.
    static func forEachRowWithOffset(
        of text: String, _ body: (_ line: Int, _ offset: Int, _ fields: UnsafeBufferPointer<Field>) throws -> Void
    ) throws {
        try forEachRow(of: text, from: 0, onlyOne: false, body, end: {})
    }

    /// The fields of the one line starting at byte `offset`: a food's line read again without
    /// reading the lines before it.
    static func row(of text: String, at offset: Int, _ body: (_ fields: UnsafeBufferPointer<Field>) throws -> Void) throws {
        try forEachRow(of: text, from: offset, onlyOne: true, { _, _, fields in try body(fields) }, end: {})
    }

    private static func forEachRow(
        of text: String, from offset: Int, onlyOne: Bool,
        _ body: (_ line: Int, _ offset: Int, _ fields: UnsafeBufferPointer<Field>) throws -> Void, end: () throws -> Void
    ) throws {
        var text = text
        try text.withUTF8 { bytes in
            // The fields of a line, in a buffer of our own: an Array checked its uniqueness at
            // each of the catalog's 460,000 fields.
            var capacity = 64
            var fields = UnsafeMutablePointer<Field>.allocate(capacity: capacity)
            defer { fields.deallocate() }
            var count = 0
            var start = min(max(offset, 0), bytes.count)
            var lineStart = start
            var line = 0
            func endField(at i: Int) {
                if count == capacity {
                    let larger = UnsafeMutablePointer<Field>.allocate(capacity: capacity * 2)
                    larger.moveInitialize(from: fields, count: count)
                    fields.deallocate()
                    fields = larger
                    capacity *= 2
                }
                (fields + count).initialize(to: Field(rebasing: bytes[start..<i]))
                count += 1
                start = i + 1
            }
            func endLine() throws {
                line += 1
                let row = UnsafeBufferPointer(start: fields, count: count)
                if count > 1 || row.first?.isEmpty == false { try body(line, lineStart, row) }
                count = 0
                lineStart = start
            }
            for i in start..<bytes.count {
                let byte = bytes[i]
                if byte == UInt8(ascii: "\t") {
                    endField(at: i)
                } else if byte == UInt8(ascii: "\n") {
                    endField(at: i)
                    try endLine()
                    if onlyOne { return }
                }
            }
            endField(at: bytes.count)  // the last line, which no newline ends
            try endLine()
            try end()
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    var text: String { String(decoding: self, as: UTF8.self) }

    /// `Double(text)`, without making a String for the catalog's 500,000 plain decimals: up to 15
    /// digits with a point between two of them are read as digits ÷ 10^decimals, one division of
    /// two exact doubles, so correctly rounded as `Double(text)`'s strtod is (Clinger WD, "How to
    /// read floating point numbers accurately", PLDI 1990). Anything else goes to `Double(text)`.
    var number: Double? {
        guard let first = first, let last = last, first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return Double(text) }
        var digits: UInt64 = 0, count = 0, decimals = 0, point = false
        for byte in self {
            if byte == UInt8(ascii: "."), !point {
                point = true
                continue
            }
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10, count < 15 else { return Double(text) }
            digits = digits * 10 + UInt64(digit)
            count += 1
            if point { decimals += 1 }
        }
        return Double(digits) / exactPowersOfTen[decimals]
    }
}

/// 10^0 … 10^15, each exact in a Double.
private let exactPowersOfTen: [Double] = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]

/// Rows inserted many per statement (`INSERT … VALUES (…), (…), …`), straight through SQLite's C
/// API. Through GRDB's `execute`, each of the ~24,000 catalog rows cost ~10 µs of bookkeeping; one
/// statement per row still paid ~5,000 instructions each to start and finish it (cursors opened,
/// the schema checked). GRDB still owns the statements and the transaction.
///
/// Values wait until a statement's worth of rows is there; a text value points into the caller's
/// bytes (SQLITE_STATIC), so call `finish` while those bytes live (see `TSV.forEachRow`'s `end`).
struct BulkInsert {
    /// A value waiting to be bound (no String in it: copying one costs a retain and a release).
    enum Value {
        case null
        case double(Double)
        case int(Int64)
        case text(TSV.Field)
        /// One of `constants`, by number.
        case constant(Int)
    }

    private let db: Database
    private let head: String
    private let columns: Int
    private let constants: [String]
    private let rowsPerStatement: Int
    private var full: Statement?
    private var values: [Value] = []
    private var filled = 0

    /// `INSERT INTO table (columns) VALUES …`, about 500 values per statement; `constants` are
    /// texts many rows hold (`RowValues.constant`).
    init(_ db: Database, table: String, columns: [String], constants: [String] = []) {
        self.db = db
        head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        self.columns = columns.count
        self.constants = constants
        rowsPerStatement = max(1, 512 / columns.count)
        values.reserveCapacity(rowsPerStatement * columns.count)
    }

    /// Adds one row: `fill` sets its values by column number (from 1; columns left alone are NULL).
    mutating func row(_ fill: (inout RowValues) throws -> Void) throws {
        // The row is written in place, at the end of `values` (swapped out, so never copied).
        var row = RowValues(start: values.count)
        swap(&row.values, &values)
        row.values.append(contentsOf: repeatElement(.null, count: columns))
        do { try fill(&row) } catch {
            swap(&row.values, &values)
            throw error
        }
        swap(&row.values, &values)
        filled += 1
        if filled == rowsPerStatement {
            if full == nil { full = try statement(rows: rowsPerStatement) }
            if let full { try run(full) }
        }
    }

    /// Inserts the rows still waiting.
    mutating func finish() throws {
        guard filled > 0 else { return }
        try run(try statement(rows: filled))
    }

    private func statement(rows: Int) throws -> Statement {
        let one = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return try db.makeStatement(sql: head + Array(repeating: one, count: rows).joined(separator: ", "))
    }

    /// SQLITE_TRANSIENT: SQLite copies the bytes.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds the waiting values to `statement` (made for exactly that many rows) and runs it. Every
    /// parameter is bound each time, so none keeps a pointer from an earlier row.
    private mutating func run(_ statement: Statement) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        for (i, value) in values.enumerated() {
            let index = Int32(i + 1)
            switch value {
            case .null: sqlite3_bind_null(handle, index)
            case .double(let number): sqlite3_bind_double(handle, index, number)
            case .int(let number): sqlite3_bind_int64(handle, index, number)
            case .constant(let k): sqlite3_bind_text(handle, index, constants[k], -1, Self.transient)
            case .text(let bytes):
                // nil: SQLITE_STATIC, the bytes are read where they are, during the step.
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    _ = sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), nil)
                }
            }
        }
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        values.removeAll(keepingCapacity: true)
        filled = 0
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

/// One row's values in a `BulkInsert`, set by column number (from 1).
struct RowValues {
    fileprivate var values: [BulkInsert.Value] = []
    fileprivate let start: Int

    fileprivate init(start: Int) { self.start = start }

    mutating func text(_ column: Int32, _ bytes: TSV.Field) { values[start + Int(column) - 1] = .text(bytes) }
    /// The BulkInsert's constant number `k`.
    mutating func constant(_ column: Int32, _ k: Int) { values[start + Int(column) - 1] = .constant(k) }
    mutating func double(_ column: Int32, _ value: Double) { values[start + Int(column) - 1] = .double(value) }
    mutating func int(_ column: Int32, _ value: Int) { values[start + Int(column) - 1] = .int(Int64(value)) }
}

extension CatalogSeeder {
    /// Runs `body` with the connection's triggers left out of the statements it prepares
    /// (SQLITE_DBCONFIG_ENABLE_TRIGGER off), and on again after, whatever happens. For the seed's
    /// inserts, while `food_search_state.bulk` is 1: every trigger on `food` and `food_serving`
    /// then does nothing (its WHEN needs bulk = 0, a test holds every one to it), yet compiled
    /// in, each made every row's INSERT run a sub-program and keep a statement journal, and
    /// check `food_serving` for the new food's servings (~20,000 instructions a row). Should
    /// SQLite refuse the setting, the triggers stay and only cost time.
    static func withTriggersAside<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        let connection = db.sqliteConnection
        let aside = bodii_sqlite3_enable_triggers(connection, 0) == 0
        defer { if aside { _ = bodii_sqlite3_enable_triggers(connection, 1) } }
        return try body()
    }
}
