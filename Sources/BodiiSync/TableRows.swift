import BodiiStore
import Foundation
import GRDB

/// Reads and puts back the local row a change is about (the applier's correction step).
enum TableRows {
    /// The table's column names in order (the changeset's column order).
    static func columns(_ table: String, _ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid", arguments: [table]).map { $0[0] }
    }

    /// Whether the row a change is about is one sync carries (`SyncedTable.rows`: a shipped
    /// catalog food is not); an INSERT or DELETE is judged by its values, an UPDATE by the row.
    static func isSynced(_ change: RowChange, _ db: Database) throws -> Bool {
        guard let filter = SyncedTables.table(named: change.table)?.rows else { return true }
        let names = try columns(change.table, db)
        guard names.count == change.primaryKey.count else { return false }
        if change.operation == .update {
            let condition = keyCondition(change, names)
            return try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(change.table.quotedDatabaseIdentifier) WHERE \(condition.sql) AND (\(filter)))",
                arguments: StatementArguments(condition.values)) ?? false
        }
        let values = (change.operation == .delete ? change.old : change.new).map { $0 ?? .null }
        let select = names.map { "? AS \($0.quotedDatabaseIdentifier)" }.joined(separator: ", ")
        return try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM (SELECT \(select)) WHERE \(filter))", arguments: StatementArguments(values)) ?? false
    }

    /// The columns a change sets that are facts: derived ones (`SyncedTable.derivedColumns`, a
    /// lot's quantity left) are recomputed after applying, never compared or stamped.
    static func factColumns(_ change: RowChange, _ db: Database) throws -> [Int] {
        let derived = SyncedTables.table(named: change.table)?.derivedColumns ?? []
        guard !derived.isEmpty else { return change.setColumns }
        let names = try columns(change.table, db)
        return change.setColumns.filter { $0 < names.count && !derived.contains(names[$0]) }
    }

    private static func keyCondition(_ change: RowChange, _ names: [String]) -> (sql: String, values: [DatabaseValue]) {
        let keyColumns = change.primaryKey.indices.filter { change.primaryKey[$0] }
        let sql = keyColumns.map { "\(names[$0].quotedDatabaseIdentifier) IS ?" }.joined(separator: " AND ")
        return (sql, change.keyValues)
    }

    /// The local row the change is about, every column; nil when there is none.
    static func fetch(_ change: RowChange, _ db: Database) throws -> Row? {
        let names = try columns(change.table, db)
        guard names.count == change.primaryKey.count else { return nil }
        let condition = keyCondition(change, names)
        return try Row.fetchOne(
            db, sql: "SELECT * FROM \(change.table.quotedDatabaseIdentifier) WHERE \(condition.sql)",
            arguments: StatementArguments(condition.values))
    }

    /// Makes the row what it was (`row`), or absent when `row` is nil.
    static func restore(_ change: RowChange, to row: Row?, _ db: Database) throws {
        let names = try columns(change.table, db)
        guard names.count == change.primaryKey.count else { return }
        let table = change.table.quotedDatabaseIdentifier
        let condition = keyCondition(change, names)
        guard let row else {
            try db.execute(sql: "DELETE FROM \(table) WHERE \(condition.sql)", arguments: StatementArguments(condition.values))
            return
        }
        let exists =
            try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE \(condition.sql))",
                arguments: StatementArguments(condition.values)) ?? false
        if exists {
            try restore(change, columns: Array(names.indices), to: row, db)
        } else {
            let placeholders = names.map { _ in "?" }.joined(separator: ", ")
            let list = names.map(\.quotedDatabaseIdentifier).joined(separator: ", ")
            try db.execute(
                sql: "INSERT INTO \(table) (\(list)) VALUES (\(placeholders))",
                arguments: StatementArguments(names.indices.map { row[$0] as DatabaseValue }))
        }
    }

    /// Puts back `columns` of the row from `row` (nothing when the row was not there).
    static func restore(_ change: RowChange, columns: [Int], to row: Row?, _ db: Database) throws {
        guard let row, !columns.isEmpty else { return }
        let names = try self.columns(change.table, db)
        guard names.count == change.primaryKey.count else { return }
        let settable = columns.filter { !change.primaryKey[$0] }
        guard !settable.isEmpty else { return }
        let condition = keyCondition(change, names)
        let assignments = settable.map { "\(names[$0].quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(change.table.quotedDatabaseIdentifier) SET \(assignments) WHERE \(condition.sql)",
            arguments: StatementArguments(settable.map { row[$0] as DatabaseValue } + condition.values))
    }

    /// Sets `columns` of the local row to the change's new values.
    static func update(_ change: RowChange, columns: [Int], _ db: Database) throws {
        let names = try self.columns(change.table, db)
        guard names.count == change.primaryKey.count else { return }
        let settable = columns.filter { !change.primaryKey[$0] && change.new[$0] != nil }
        guard !settable.isEmpty else { return }
        let condition = keyCondition(change, names)
        let assignments = settable.map { "\(names[$0].quotedDatabaseIdentifier) = ?" }.joined(separator: ", ")
        try db.execute(
            sql: "UPDATE \(change.table.quotedDatabaseIdentifier) SET \(assignments) WHERE \(condition.sql)",
            arguments: StatementArguments(settable.map { change.new[$0] ?? .null } + condition.values))
    }
}
