import GRDB

// Raw SQL on the open database, kept internal: for this module's tests (which do not import GRDB)
// and for diagnostics. Features never see SQL.
extension BodiiDatabase {
    func executeRaw(_ sql: String) throws {
        try pool.write { db in try db.execute(sql: sql) }
    }

    /// The first column of every row, as text (NULL as "NULL").
    func fetchStrings(_ sql: String) throws -> [String] {
        try pool.read { db in
            try Row.fetchAll(db, sql: sql).map { row in
                let value = row[0] as DatabaseValue
                return value.isNull ? "NULL" : (String.fromDatabaseValue(value) ?? value.description)
            }
        }
    }
}

extension BodiiDatabase {
    /// The first column of every row, as text, read on the writer's connection (per-connection
    /// settings such as `PRAGMA synchronous` differ between the writer and the readers).
    func fetchStringsOnWriter(_ sql: String) throws -> [String] {
        try pool.writeWithoutTransaction { db in try String.fetchAll(db, sql: sql) }
    }
}

extension BodiiDatabase {
    /// Raw SQL with foreign keys off (then on again): tests make references to nothing with it.
    func executeRawWithoutForeignKeys(_ sql: String) throws {
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.execute(sql: sql)
        }
    }
}
