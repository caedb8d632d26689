import BodiiDomain
import GRDB

/// What an apply touched that derived state is computed from: the dates of food and exercise
/// entries (`daily_log`'s sums), the dates of weigh-ins and their energy snapshots (bmr/tdee from
/// there on), and the pantry lots whose row or uses changed (quantity left).
///
/// Noted by temporary triggers on this connection, not by the applier walking its changes,
/// because they see every write of the file's transaction with the rows' old and new values: the
/// changeset's own rows (an UPDATE moving an entry to another day notes both days; a DELETE's day
/// is only in the old row; an UPDATE's changeset holds only the columns it changed, the trigger
/// the whole row), SQLite's ON DELETE CASCADE during the apply, the applier's corrections,
/// `ClashSettler`'s releases and parks, and `dropOrphans`' deletes — whatever the schema of the
/// file, since they read the local tables. Created and dropped inside the transaction: a rollback
/// takes them too, and no other write of this connection ever fires them.
public struct SyncTouched: Sendable, Equatable {
    public var days: Set<LocalDate> = []
    public var bodyDays: Set<LocalDate> = []
    public var lots: Set<Int64> = []

    public init(days: Set<LocalDate> = [], bodyDays: Set<LocalDate> = [], lots: Set<Int64> = []) {
        self.days = days
        self.bodyDays = bodyDays
        self.lots = lots
    }

    /// (table, kind noted, column holding it).
    static let sources: [(table: String, kind: String, column: String)] = [
        ("food_record", "day", "date"), ("exercise_record", "day", "date"),
        ("body_record", "body", "date"), ("metabolism_snapshot", "body", "date"),
        ("stock_lot", "lot", "id"), ("stock_use", "lot", "lot_id"),
    ]

    /// No constraint on the table: a trigger's insert must never fail or be replaced, whatever
    /// conflict clause the statement firing it has. Duplicates are folded when read.
    static func begin(_ db: Database) throws {
        var sql = "CREATE TEMP TABLE sync_touched (kind TEXT, value);\n"
        for source in sources {
            let table = "main.\(source.table.quotedDatabaseIdentifier)"
            // Unqualified: SQLite refuses `temp.` inside a trigger's body; a temp name resolves first.
            func note(_ row: String) -> String {
                "INSERT INTO sync_touched SELECT '\(source.kind)', \(row).\(source.column) WHERE \(row).\(source.column) IS NOT NULL;"
            }
            let name = "sync_touched_\(source.table)"
            sql += """
                CREATE TEMP TRIGGER \(name)_insert AFTER INSERT ON \(table) BEGIN \(note("NEW")) END;
                CREATE TEMP TRIGGER \(name)_update AFTER UPDATE ON \(table) BEGIN \(note("OLD")) \(note("NEW")) END;
                CREATE TEMP TRIGGER \(name)_delete AFTER DELETE ON \(table) BEGIN \(note("OLD")) END;

                """
        }
        try db.execute(sql: sql)
    }

    /// What was noted since `begin`; the triggers and the table go.
    static func end(_ db: Database) throws -> SyncTouched {
        var touched = SyncTouched()
        let rows = try Row.fetchCursor(db, sql: "SELECT DISTINCT kind, value FROM temp.sync_touched")
        while let row = try rows.next() {
            let kind: String = row[0]
            switch kind {
            case "lot": touched.lots.insert(row[1])
            case "body": touched.bodyDays.insert(try SQLText.localDate(row[1] as String, column: "date"))
            default: touched.days.insert(try SQLText.localDate(row[1] as String, column: "date"))
            }
        }
        var drop = "DROP TABLE temp.sync_touched;\n"
        for source in sources {
            for event in ["insert", "update", "delete"] { drop += "DROP TRIGGER temp.sync_touched_\(source.table)_\(event);\n" }
        }
        try db.execute(sql: drop)
        return touched
    }
}

extension SyncConnection {
    /// Starts noting what the writes from here on touch (`SyncTouched`), inside the caller's
    /// transaction; `recomputeTouchedDerivedState` ends it.
    public func beginNotingTouched() throws {
        try SyncTouched.begin(db)
    }

    /// Recomputes the derived state of what was noted since `beginNotingTouched` (the same
    /// functions as the full recompute, on those dates and lots), and returns it.
    @discardableResult
    public func recomputeTouchedDerivedState() throws -> SyncTouched {
        let touched = try SyncTouched.end(db)
        try DerivedState.recompute(db, touched: touched)
        return touched
    }
}
