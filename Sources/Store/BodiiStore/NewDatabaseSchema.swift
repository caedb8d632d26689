import GRDB

/// A new, empty database gets the schema and rows the migrations build, in one script, instead of
/// running them one by one: their ~100 ALTER TABLEs and trigger rewrites each make SQLite read the
/// whole schema again, which made a first start cost about 0.25 CPU-s (and every test that opens a
/// new file as much). Existing files still go through the migrations they lack; the migrations stay
/// the frozen record of how each version came about.
///
/// The script (`NewDatabaseSchema+Script.swift`) is `statements(of:)` of a database the migrations
/// built, with the migrations it stands for. `NewDatabaseSchemaTests` fails when it is out of date
/// (`BODII_UPDATE_SCHEMA=1 swift test --filter NewDatabaseSchemaTests` rewrites it); a build whose
/// migrations differ from the script's runs the migrations, so a stale script is slow, never wrong.
enum NewDatabaseSchema {
    /// Creates the latest schema in `db` when it holds no schema at all and `migrator` is exactly
    /// the script's migrations; true when it did. Call inside a transaction.
    @discardableResult
    static func createIfEmpty(_ db: Database, migrator: DatabaseMigrator) throws -> Bool {
        guard migrator.migrations == migrations,
            try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master") == 0
        else { return false }
        try db.execute(sql: statements.joined(separator: "\n"))
        return true
    }

    /// The SQL statements that rebuild `db`: every object in creation order (FTS5's shadow tables
    /// come with their table; SQLite's own objects with the tables that make them) and every row,
    /// the migrations' own record (`grdb_migrations`) and AUTOINCREMENT counters included.
    static func statements(of db: Database) throws -> [String] {
        let shadow = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE type = 'shadow'"))
        let virtual = Set(try String.fetchAll(db, sql: "SELECT name FROM pragma_table_list WHERE type = 'virtual'"))
        var out: [String] = []
        var tables: [String] = []
        for row in try Row.fetchAll(db, sql: "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY rowid") {
            let name: String = row["name"], type: String = row["type"]
            guard !shadow.contains(name), !name.hasPrefix("sqlite_") else { continue }
            out.append((row["sql"] as String) + ";")
            if type == "table" { tables.append(name) }
        }
        if try db.tableExists("sqlite_sequence") { tables.append("sqlite_sequence") }
        for table in tables {
            let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)")
            // A virtual table's rows would be its index's: the migrations leave them empty.
            guard !virtual.contains(table) else {
                guard rows.isEmpty else { throw DatabaseError(message: "\(table) is not empty: a new database's script cannot hold it") }
                continue
            }
            for row in rows {
                let values = row.databaseValues.map(literal).joined(separator: ", ")
                out.append("INSERT INTO \(table.quotedDatabaseIdentifier) VALUES (\(values));")
            }
        }
        return out
    }

    /// A value as SQL reads it back exactly.
    private static func literal(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: return "NULL"
        case .int64(let i): return String(i)
        case .double(let d): return "\(d)"  // Swift prints the shortest text that reads back as d
        case .string(let s): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
        case .blob(let data):
            let digits = Array("0123456789ABCDEF")
            return "X'" + String(data.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }) + "'"
        }
    }
}
