import Foundation
import GRDB
import GRDBSQLite

// The search index made afresh (a seed, a bulk insert, a repair): the names read once, their keys
// made in Swift, the rows handed to FTS5 in key order.

extension FoodSearchIndex {
    /// The index and its term list made afresh from `food`.
    ///
    /// The keys and heads (`Schema.searchKey`, `Schema.searchHead`) are made here, not in SQL: in
    /// an `INSERT … SELECT`, SQLite's GLOB for the brand tier alone cost ~60 M instructions over
    /// the catalog, a third of the index's build. A name that is not plain ASCII (none of the
    /// shipped ones) gets its key and head from those SQL expressions, so both ways agree exactly
    /// (a test compares them on every catalog food and on awkward names).
    static func rebuild(_ db: Database) throws {
        try db.execute(sql: "INSERT INTO food_fts(food_fts) VALUES ('delete-all')")
        let rows = try SearchRows(db)
        // One row per statement: FTS5 writes out its pending terms at each statement's savepoint,
        // so several rows per statement would make a segment of every statement.
        let insert = try db.makeStatement(sql: "INSERT INTO food_fts(rowid, head, name) VALUES (?, ?, ?)")
        let handle = insert.sqliteStatement
        try rows.bytes.withUnsafeBufferPointer { bytes in
            for row in rows.sortedByKey {
                sqlite3_reset(handle)
                sqlite3_bind_int64(handle, 1, row.key)
                bytes.baseAddress.map { base in
                    base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { chars in
                        _ = sqlite3_bind_text(handle, 2, chars + row.head.start, Int32(row.head.count), nil)
                        _ = sqlite3_bind_text(handle, 3, chars + row.name.start, Int32(row.name.count), nil)
                    }
                }
                let code = sqlite3_step(handle)
                guard code == SQLITE_DONE else {
                    let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
                    sqlite3_reset(handle)
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: insert.sql)
                }
            }
            sqlite3_reset(handle)
            sqlite3_clear_bindings(handle)
        }
        try db.execute(
            sql: """
                DELETE FROM food_search_term;
                INSERT INTO food_search_term (term) SELECT term FROM food_fts_vocab;
                UPDATE food_search_state SET term_list = (\(termListSQL)) WHERE id = 1;
                DELETE FROM food_search_pending;
                """)
    }

    /// The key of a plain-ASCII name (no byte 0, none over 127), as `Schema.searchKey` makes it:
    /// nil for any other name. SQL's LIKE ignores ASCII case; its GLOB `[A-Z][A-Z]` wants two
    /// capitals side by side; `length` counts characters, here bytes.
    static func key(asciiName name: UnsafeBufferPointer<UInt8>, rowid: Int64) -> Int64? {
        var capitals = false
        var previousCapital = false
        for byte in name {
            guard byte != 0, byte < 0x80 else { return nil }
            let capital = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
            if capital && previousCapital { capitals = true }
            previousCapital = capital
        }
        // Most names start with none of the prefixes' first letters (b, i, c, f, r).
        let first = (name.first ?? 0) | 0x20
        let mayBeLow =
            first == UInt8(ascii: "b") || first == UInt8(ascii: "i") || first == UInt8(ascii: "c") || first == UInt8(ascii: "f")
            || first == UInt8(ascii: "r")
        let low = mayBeLow && lowTierPrefixes.contains { startsIgnoringASCIICase(name, with: $0) }
        let tier: Int64 = low ? 2 : capitals ? 1 : 0
        return tier << 56 | Int64(min(name.count, 4095)) << 44 | (rowid & rowidMask)
    }

    /// `Schema.searchKey`'s tier 2: the LIKE patterns, lowercase, without their `%`.
    private static let lowTierPrefixes: [[UInt8]] = ["babyfood", "infant formula", "child formula", "fast food", "restaurant,"].map {
        Array($0.utf8)
    }

    private static func startsIgnoringASCIICase(_ name: UnsafeBufferPointer<UInt8>, with prefix: [UInt8]) -> Bool {
        guard name.count >= prefix.count else { return false }
        for (i, wanted) in prefix.enumerated() {
            var byte = name[i]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 32 }
            if byte != wanted { return false }
        }
        return true
    }
}

/// Every food's rowid, name and head, as bytes in one buffer, with its search key.
private struct SearchRows {
    struct Span {
        var start: Int
        var count: Int
    }
    struct Row {
        var key: Int64
        var name: Span
        var head: Span
    }
    var bytes: [UInt8] = []
    var rows: [Row] = []

    var sortedByKey: [Row] { rows.sorted { $0.key < $1.key } }

    init(_ db: Database) throws {
        let read = try db.makeStatement(sql: "SELECT rowid, name FROM food")
        // For a name that is not plain ASCII: SQLite's own key and head.
        let bySQL = try db.makeStatement(
            sql: "SELECT \(Schema.searchKey("food")), \(Schema.searchHead("food")) FROM food WHERE rowid = ?")
        let handle = read.sqliteStatement
        sqlite3_reset(handle)
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            if code == SQLITE_DONE { break }
            guard code == SQLITE_ROW else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
            }
            let rowid = sqlite3_column_int64(handle, 0)
            let name = Span(start: bytes.count, count: Self.append(handle, column: 1, to: &bytes))
            let key = bytes.withUnsafeBufferPointer { all in
                FoodSearchIndex.key(asciiName: UnsafeBufferPointer(rebasing: all[name.start..<name.start + name.count]), rowid: rowid)
            }
            if let key {
                let comma = bytes[name.start..<name.start + name.count].firstIndex(of: UInt8(ascii: ","))
                rows.append(
                    Row(key: key, name: name, head: Span(start: name.start, count: (comma ?? name.start + name.count) - name.start)))
            } else {
                let sqlHandle = bySQL.sqliteStatement
                sqlite3_reset(sqlHandle)
                sqlite3_bind_int64(sqlHandle, 1, rowid)
                guard sqlite3_step(sqlHandle) == SQLITE_ROW else {
                    throw DatabaseError(resultCode: .SQLITE_ERROR, message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
                }
                let key = sqlite3_column_int64(sqlHandle, 0)
                let head = Span(start: bytes.count, count: Self.append(sqlHandle, column: 1, to: &bytes))
                sqlite3_reset(sqlHandle)
                rows.append(Row(key: key, name: name, head: head))
            }
        }
    }

    /// Appends a text column's bytes; returns how many.
    private static func append(_ handle: SQLiteStatement, column: Int32, to bytes: inout [UInt8]) -> Int {
        let count = Int(sqlite3_column_bytes(handle, column))
        if count > 0, let text = sqlite3_column_text(handle, column) {
            bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
        }
        return count
    }
}
