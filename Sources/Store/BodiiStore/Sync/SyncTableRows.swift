import Foundation
import GRDB

/// A row of a synced table as a change names it: its table, which columns (in the table's order)
/// make the primary key, and their values.
public struct SyncRowKey: Sendable {
    public let table: String
    public let primaryKey: [Bool]
    public let values: [SyncValue]

    public init(table: String, primaryKey: [Bool], values: [SyncValue]) {
        self.table = table
        self.primaryKey = primaryKey
        self.values = values
    }
}

/// Reading and writing the rows changes are about (the applier's correction step, the
/// recorder's filter), and the empty copies the baseline diffs against.
extension SyncConnection {
    /// The table's column names in order (a changeset's column order).
    public func columns(_ table: String) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table]).map { $0[0] }
    }

    private func condition(_ key: SyncRowKey, _ names: [String]) -> (sql: String, values: [DatabaseValue]) {
        let keyColumns = key.primaryKey.indices.filter { key.primaryKey[$0] }
        let sql = keyColumns.map { "\(names[$0].quotedDatabaseIdentifier) IS ?" }.joined(separator: " AND ")
        return (sql, key.values.map(\.databaseValue))
    }

    /// The table's columns when the change was made on them, or on the first of them: a file from
    /// an older Bodii lacks the columns added since (migrations only append columns), which
    /// SQLite's apply fills with their defaults. Nil when the change has more columns than here.
    private func matchingColumns(_ key: SyncRowKey) throws -> [String]? {
        let names = try columns(key.table)
        return names.count >= key.primaryKey.count ? names : nil
    }

    /// The local row, every column; nil when there is none.
    public func row(_ key: SyncRowKey) throws -> [SyncValue]? {
        guard let names = try matchingColumns(key) else { return nil }
        let where_ = condition(key, names)
        return try Row.fetchOne(
            db, sql: "SELECT * FROM \(key.table.quotedDatabaseIdentifier) WHERE \(where_.sql)", arguments: StatementArguments(where_.values)
        ).map { row in row.databaseValues.map(SyncValue.init) }
    }

    /// Makes the row `values` (every column), or absent when nil.
    public func restore(_ key: SyncRowKey, to values: [SyncValue]?) throws {
        guard let names = try matchingColumns(key) else { return }
        let table = key.table.quotedDatabaseIdentifier
        let where_ = condition(key, names)
        guard let values else {
            try db.execute(sql: "DELETE FROM \(table) WHERE \(where_.sql)", arguments: StatementArguments(where_.values))
            return
        }
        let exists =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(where_.sql))", arguments: StatementArguments(where_.values))
            ?? false
        if exists {
            try update(key, columns: Array(values.indices), to: values.map { Optional($0) })
        } else {
            // An older file's row: the columns it has, the others take their defaults.
            let present = Array(names.prefix(values.count))
            let placeholders = present.map { _ in "?" }.joined(separator: ", ")
            let list = present.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO \(table) (\(list)) VALUES (\(placeholders))", arguments: StatementArguments(values.map(\.databaseValue)))
        }
    }

    /// Sets `columns` (not the key's, nor those `values` has none for) of the row to `values`.
    public func update(_ key: SyncRowKey, columns: [Int], to values: [SyncValue?]) throws {
        guard let names = try matchingColumns(key) else { return }
        let isKey = { (column: Int) in column < key.primaryKey.count && key.primaryKey[column] }
        let settable = columns.filter { $0 < values.count && $0 < names.count && !isKey($0) && values[$0] != nil }
        guard !settable.isEmpty else { return }
        let where_ = condition(key, names)
        let assignments = settable.map { "\(names[$0].quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(key.table.quotedDatabaseIdentifier) SET \(assignments) WHERE \(where_.sql)",
            arguments: StatementArguments(settable.map { (values[$0] ?? .null).databaseValue } + where_.values))
    }

    /// Whether a row is one sync carries (`SyncedTable.rows`: a shipped catalog food is not):
    /// judged by `values` (every column, an INSERT's or DELETE's), or the stored row when nil.
    public func isSynced(_ key: SyncRowKey, values: [SyncValue]?) throws -> Bool {
        guard let filter = SyncedTables.table(named: key.table)?.rows else { return true }
        guard let names = try matchingColumns(key) else { return false }
        guard let values else {
            let where_ = condition(key, names)
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(key.table.quotedDatabaseIdentifier) WHERE \(where_.sql) AND (\(filter)))",
                arguments: StatementArguments(where_.values)) ?? false
        }
        let select = names.prefix(values.count).map { "? AS \($0.quotedDatabaseIdentifier)" }.joined(separator: ", ")
        return try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM (SELECT \(select)) WHERE \(filter))",
            arguments: StatementArguments(values.map(\.databaseValue))) ?? false
    }

    /// Whether the table has a row sync carries.
    public func hasSyncedRows(_ table: String) throws -> Bool {
        let filter = SyncedTables.table(named: table)?.rows ?? "1"
        return try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE \(filter))") ?? false
    }

    /// Attaches `schema` (in memory) with an empty copy of each table, none of its rows: the
    /// baseline copies each table's synced rows into it a chunk at a time under a session, so it
    /// holds one chunk (and no copy of the shipped catalog) at once.
    public func attachScratchCopies(of tables: [String], as schema: String) throws {
        try db.execute(sql: "ATTACH DATABASE ':memory:' AS \(schema.quotedDatabaseIdentifier)")
        for table in tables {
            guard
                let sql = try String.fetchOne(
                    db, sql: "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", arguments: [table]),
                let open = sql.firstIndex(of: "(")
            else { continue }
            try db.execute(sql: "CREATE TABLE \(schema.quotedDatabaseIdentifier).\(table.quotedDatabaseIdentifier) " + sql[open...])
        }
    }

    /// Copies the synced rows `offset ..< offset + limit` of `table` (in primary key order) into
    /// `schema`'s copy; how many it copied. Inside a transaction whose foreign keys are deferred
    /// (`deferForeignKeys`): a chunk's rows point at rows the copy lacks.
    public func copySyncedRows(of table: String, into schema: String, offset: Int, limit: Int) throws -> Int {
        let copy = "\(schema.quotedDatabaseIdentifier).\(table.quotedDatabaseIdentifier)"
        let synced = SyncedTables.table(named: table)
        let order = (synced?.primaryKey ?? ["rowid"]).map(\.quotedDatabaseIdentifier).joined(separator: ", ")
        try db.execute(
            sql: "INSERT INTO \(copy) SELECT * FROM main.\(table.quotedDatabaseIdentifier) WHERE \(synced?.rows ?? "1") ORDER BY \(order) LIMIT ? OFFSET ?",
            arguments: [limit, offset])
        return db.changesCount
    }

    /// Empties `schema`'s copy of `table`.
    public func emptyCopy(of table: String, in schema: String) throws {
        try db.execute(sql: "DELETE FROM \(schema.quotedDatabaseIdentifier).\(table.quotedDatabaseIdentifier)")
    }

    /// Foreign keys checked at commit, for this transaction only.
    public func deferForeignKeys() throws {
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
    }

    public func detach(_ schema: String) throws {
        try db.execute(sql: "DETACH DATABASE \(schema.quotedDatabaseIdentifier)")
    }
}
