import BodiiStore
import CSQLiteSession
import Foundation

/// One change of an SQLite changeset, read with `sqlite3changeset_start`/`next`/`op`/`pk`/`old`/`new`.
struct RowChange {
    enum Operation { case insert, update, delete }

    let table: String
    let operation: Operation
    /// Per column (in the table's order): whether it is part of the primary key.
    let primaryKey: [Bool]
    /// Per column: the old value (UPDATE, DELETE); nil where the changeset holds none.
    let old: [SyncValue?]
    /// Per column: the new value (INSERT, UPDATE); nil where the changeset holds none (an UPDATE
    /// carries only the columns it changed: SQLite 3.40 has no `sqlite3session_fullchangeset`).
    let new: [SyncValue?]

    /// The primary key's values: the new ones of an INSERT, the old ones otherwise.
    var keyValues: [SyncValue] {
        let source = operation == .insert ? new : old
        return primaryKey.indices.filter { primaryKey[$0] }.map { source[$0] ?? .null }
    }

    /// The row's identity in the clock tables.
    var key: String { RowKey.text(keyValues) }

    /// The row as the store finds it.
    var row: SyncRowKey { SyncRowKey(table: table, primaryKey: primaryKey, values: keyValues) }

    /// The columns this change sets: all of an INSERT, the changed ones of an UPDATE.
    var setColumns: [Int] { new.indices.filter { new[$0] != nil } }
}

/// A row's primary key as text: each value typed ("i42", "t2026-11-20"), joined by U+001F.
enum RowKey {
    static func text(_ values: [SyncValue]) -> String {
        values.map { value -> String in
            switch value {
            case .null: "n"
            case .integer(let int): "i\(int)"
            case .real(let double): "r\(double)"
            case .text(let string): "t" + string
            case .blob(let data): "b" + data.base64EncodedString()
            }
        }.joined(separator: "\u{1F}")
    }
}

enum ChangesetError: Error, CustomStringConvertible {
    case sqlite(String, Int32)
    /// A change to a table sync does not carry.
    case notSynced(String)
    /// A value this database's rules refuse.
    case refusedValue(String)
    var description: String {
        switch self {
        case .sqlite(let call, let code): "\(call) failed (SQLite code \(code))"
        case .notSynced(let table): "it changes \(table), which sync does not carry"
        case .refusedValue(let problem): problem
        }
    }
}

enum Changeset {
    /// Every change of `bytes`, in the changeset's order.
    static func changes(_ bytes: [UInt8]) throws -> [RowChange] {
        var result: [RowChange] = []
        try forEach(bytes) { result.append($0) }
        return result
    }

    /// Each change of `bytes` in turn, without holding them all (a 10-year baseline is large).
    static func forEach(_ bytes: [UInt8], _ body: (RowChange) throws -> Void) throws {
        // SQLite only reads the buffer (its parameter is not const): no copy of a large changeset.
        try bytes.withUnsafeBytes { buffer in
            var iterator: OpaquePointer?
            let started = sqlite3changeset_start(&iterator, Int32(buffer.count), UnsafeMutableRawPointer(mutating: buffer.baseAddress))
            guard started == SQLITE_OK, let iterator else { throw ChangesetError.sqlite("sqlite3changeset_start", started) }
            defer { sqlite3changeset_finalize(iterator) }
            while true {
                let step = sqlite3changeset_next(iterator)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else { throw ChangesetError.sqlite("sqlite3changeset_next", step) }
                try body(try read(iterator))
            }
        }
    }

    /// The change the iterator is on (also inside a conflict handler).
    static func read(_ iterator: OpaquePointer) throws -> RowChange {
        var name: UnsafePointer<CChar>?
        var columns: Int32 = 0
        var op: Int32 = 0
        var indirect: Int32 = 0
        let got = sqlite3changeset_op(iterator, &name, &columns, &op, &indirect)
        guard got == SQLITE_OK, let name else { throw ChangesetError.sqlite("sqlite3changeset_op", got) }
        var flags: UnsafeMutablePointer<UInt8>?
        var pkColumns: Int32 = 0
        sqlite3changeset_pk(iterator, &flags, &pkColumns)
        let count = Int(columns)
        let primaryKey = (0..<count).map { column in flags.map { $0[column] != 0 } ?? false }
        let operation: RowChange.Operation =
            switch op {
            case SQLITE_INSERT: .insert
            case SQLITE_DELETE: .delete
            default: .update
            }
        func values(_ fetch: (OpaquePointer, Int32, UnsafeMutablePointer<OpaquePointer?>) -> Int32) -> [SyncValue?] {
            (0..<count).map { column in
                var value: OpaquePointer?
                guard fetch(iterator, Int32(column), &value) == SQLITE_OK, let value else { return nil }
                return databaseValue(value)
            }
        }
        return RowChange(
            table: String(cString: name), operation: operation, primaryKey: primaryKey,
            old: operation == .insert ? Array(repeating: nil, count: count) : values(sqlite3changeset_old),
            new: operation == .delete ? Array(repeating: nil, count: count) : values(sqlite3changeset_new))
    }

    static func databaseValue(_ value: OpaquePointer) -> SyncValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            return .text(String(cString: text))
        case SQLITE_BLOB:
            let count = Int(sqlite3_value_bytes(value))
            guard let bytes = sqlite3_value_blob(value), count > 0 else { return .blob(Data()) }
            return .blob(Data(bytes: bytes, count: count))
        default: return .null
        }
    }
}
