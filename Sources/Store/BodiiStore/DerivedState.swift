import GRDB

/// What is computed from the synced facts, made again after a sync applied other machines'
/// changes (`BodiiDatabase.recomputeDerivedState`), with the functions that keep it on every
/// write (never a second copy of a computation):
/// - `daily_log`: every date's row (`DailyLogMaintenance.refreshAll`);
/// - a lot's quantity left: its quantity less its uses in the order they were made
///   (`SQLiteRepositories.remaining`, as `PantryStore.apply` takes them), opened when one was a use;
/// - food search: its index follows `food` through triggers, which fire on an apply too; an
///   index that lost count of the foods is rebuilt (`FoodSearchIndex.rebuild`). The counters move,
///   so every process reloads its vocabulary, parsed names and log-based frecency.
/// A lot already right is not written: a sync that captures changes sees none from a second run.
///
/// Two scopes, one computation: everything (`recompute(_:)`: a database that adopted a device
/// number, the tests' reference), or only the dates and lots an applied file touched
/// (`recompute(_:touched:)`, what `SyncTouched` noted) — a day's edits then refresh a few rows of
/// a 10-year `daily_log`, not all of them.
public enum DerivedState {
    /// Inside the caller's transaction.
    public static func recompute(_ db: Database) throws {
        try DailyLogMaintenance.refreshAll(db)
        try recomputeLots(db, only: nil)
        try refreshSearch(db)
    }

    /// The rows of `touched` only, inside the caller's transaction (sync's apply): the touched
    /// days, the body days and the rows whose latest snapshot they may change
    /// (`DailyLogMaintenance.refresh`), the touched lots.
    public static func recompute(_ db: Database, touched: SyncTouched) throws {
        try DailyLogMaintenance.refresh(db, dates: touched.days, bodyDates: touched.bodyDays)
        if !touched.lots.isEmpty { try recomputeLots(db, only: touched.lots) }
        try refreshSearch(db)
    }

    /// Every lot's quantity left (`only` nil), or those of the lots `only` names.
    static func recomputeLots(_ db: Database, only ids: Set<Int64>?) throws {
        let json = ids.map { "[" + $0.map(String.init).joined(separator: ",") + "]" }
        let scope = { (column: String) in json == nil ? "" : "WHERE \(column) IN (SELECT value FROM json_each(?))" }
        let arguments: StatementArguments = json.map { [$0] } ?? []
        var uses: [Int64: [(amount: Double, isUse: Bool)]] = [:]
        let rows = try Row.fetchCursor(
            db, sql: "SELECT lot_id, amount, kind = 'use' FROM stock_use \(scope("lot_id")) ORDER BY lot_id, id", arguments: arguments)
        while let row = try rows.next() {
            uses[row[0], default: []].append((row[1], row[2]))
        }
        let update = try db.makeStatement(sql: "UPDATE stock_lot SET quantity_left = ?, opened = ? WHERE id = ?")
        for lot in try Row.fetchAll(
            db, sql: "SELECT id, quantity, quantity_left, opened FROM stock_lot \(scope("id"))", arguments: arguments)
        {
            let id: Int64 = lot[0]
            let stored: Double = lot[2]
            let storedOpened: Bool = lot[3]
            var left: Double = lot[1]
            var opened = storedOpened
            for use in uses[id] ?? [] {
                left = PantryLedgerStore.remaining(left, taking: use.amount)
                opened = opened || use.isUse
            }
            if left != stored || opened != storedOpened { try update.execute(arguments: [left, opened, id]) }
        }
    }

    static func refreshSearch(_ db: Database) throws {
        let foods = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM food") ?? 0
        let indexed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM food_fts_docsize") ?? 0
        if foods != indexed { try FoodSearchIndex.rebuild(db) }
        try db.execute(sql: "UPDATE food_search_state SET terms = terms + 1, foods = foods + 1, log = log + 1 WHERE id = 1")
    }
}
