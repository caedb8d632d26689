import Foundation
import GRDB

/// A UNIQUE index between different rows of a synced table, and how sync settles two rows that
/// meet on it: each machine made one offline (a second active goal, two saved meals "Oats").
/// One row keeps the value — the newer or the older by the clock of `column` (the row's clock when
/// nil) — and the other is released. BodiiSync makes the release a normal recorded write of the
/// machine that meets the clash (PRODUCT.md §14): a release never takes a unique value (it switches
/// a goal off, moves a name to a free "Oats (2)", drops a duplicate), so it cannot start another
/// clash on its own, and every machine ends with it by last-writer-wins.
public struct SyncUniqueRule: Sendable {
    public enum Keeps: Sendable { case newer, older }

    enum Release: Sendable {
        /// `is_active = 0`: the newest goal switched on stays the active one.
        case deactivate
        /// The name becomes the first free "Name (k)": a user sees both, told apart.
        case rename(scope: String, same: String)
        /// A second grocery item for one food: it keeps its name and is no longer tied to the food.
        case unlinkFood
        /// A duplicate that is history (a second snapshot of one weigh-in): the row goes.
        case delete
        /// The same imported record twice: both stay, one forgets its id in the source.
        case dropExternalId
    }

    /// The index's name (`sqlite_master`), as `SyncedTablesTests` checks every one has a rule.
    public let index: String
    public let table: String
    /// SQL on `t` (a stored row) and `new` (the row being written): true when they clash.
    let clash: String
    public let column: String?
    public let keeps: Keeps
    let release: Release
}

public enum SyncUniqueRules {
    public static let all: [SyncUniqueRule] =
        [
            SyncUniqueRule(
                index: "goal_single_active", table: "goal", clash: "new.is_active = 1 AND t.is_active = 1", column: "is_active",
                keeps: .newer, release: .deactivate),
            SyncUniqueRule(
                index: "sqlite_autoindex_saved_meal_1", table: "saved_meal", clash: "t.name = new.name", column: "name", keeps: .older,
                release: .rename(scope: "1", same: "name = ?")),
            SyncUniqueRule(
                index: "grocery_item_free_name", table: "grocery_item",
                clash: "t.food_id IS NULL AND new.food_id IS NULL AND lower(t.name) = lower(new.name)", column: "name", keeps: .older,
                release: .rename(scope: "food_id IS NULL", same: "lower(name) = lower(?)")),
            SyncUniqueRule(
                index: "grocery_item_food", table: "grocery_item", clash: "t.food_id = new.food_id", column: "food_id", keeps: .older,
                release: .unlinkFood),
            SyncUniqueRule(
                index: "sqlite_autoindex_metabolism_snapshot_1", table: "metabolism_snapshot",
                clash: "t.body_record_id = new.body_record_id", column: nil, keeps: .newer, release: .delete),
        ]
        + externalIdTables.map { table in
            SyncUniqueRule(
                index: "\(table)_external", table: table,
                clash: "new.external_id IS NOT NULL AND t.source = new.source AND t.external_id = new.external_id",
                column: "external_id", keeps: .older, release: .dropExternalId)
        }

    static let externalIdTables = [
        "action", "activity_snapshot", "body_measurement", "body_record", "exercise_record", "fast", "food_record", "grocery_item", "moment", "purchase",
        "recipe", "review", "review_item", "saved_meal", "shopping_list_item", "sleep_record", "stock_lot", "stock_use",
    ]

    /// UNIQUE indexes of synced tables that two machines cannot fill from different rows: the
    /// value is the row's own device-numbered key or fact (a recipe's food, a purchase's lot, a
    /// review's period, the one shopping list).
    public static let sameRowOnEveryMachine = [
        "sqlite_autoindex_recipe_1", "sqlite_autoindex_stock_lot_1", "sqlite_autoindex_review_1",
        "sqlite_autoindex_shopping_list_1",
    ]
}

/// What became of a write sync attempted (`SyncConnection.attemptWrite`).
public enum SyncWriteOutcome: Sendable { case written, clashed, refused }

extension SyncConnection {
    /// Runs a write; false when a constraint refused it (`attemptWrite`).
    public func attempt(_ write: () throws -> Void) throws -> Bool {
        try attemptWrite(write) == .written
    }

    /// Runs a write: `clashed` when it met another row on a UNIQUE index, `refused` when a CHECK
    /// or NOT NULL constraint refused its values (another machine's Bodii allowed them); the
    /// statement undone, the transaction going on. Any other error is thrown.
    public func attemptWrite(_ write: () throws -> Void) throws -> SyncWriteOutcome {
        do {
            try write()
            return .written
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_UNIQUE {
            return .clashed
        } catch let error as DatabaseError
            where error.extendedResultCode == .SQLITE_CONSTRAINT_CHECK || error.extendedResultCode == .SQLITE_CONSTRAINT_NOTNULL
        {
            return .refused
        }
    }

    /// The first stored row (other than the row itself) that a row of `table` with `values`
    /// (every column, in order) clashes with.
    public func uniqueClash(table: String, values: [SyncValue]) throws -> (rule: SyncUniqueRule, id: Int64)? {
        let names = try columns(table)
        guard names.count == values.count else { return nil }
        let select = names.map { "? AS \($0.quotedDatabaseIdentifier)" }.joined(separator: ", ")
        for rule in SyncUniqueRules.all where rule.table == table {
            let sql = """
                SELECT t.id FROM \(table.quotedDatabaseIdentifier) t, (SELECT \(select)) new
                WHERE t.id IS NOT new.id AND (\(rule.clash)) ORDER BY t.id LIMIT 1
                """
            if let id = try Int64.fetchOne(db, sql: sql, arguments: StatementArguments(values.map(\.databaseValue))) {
                return (rule, id)
            }
        }
        return nil
    }

    /// Releases the row's unique value (the recorded write BodiiSync wraps in a session).
    public func release(_ rule: SyncUniqueRule, id: Int64) throws {
        let table = rule.table.quotedDatabaseIdentifier
        switch rule.release {
        case .deactivate: try db.execute(sql: "UPDATE \(table) SET is_active = 0 WHERE id = ?", arguments: [id])
        case .rename(let scope, let same):
            try db.execute(sql: "UPDATE \(table) SET name = ? WHERE id = ?", arguments: [try freeName(rule.table, id, scope, same), id])
        case .unlinkFood:
            // Unlinked, it joins the items named freely: a free item with its name moves it on.
            let same = "lower(name) = lower(?)"
            let name = try String.fetchOne(db, sql: "SELECT name FROM \(table) WHERE id = ?", arguments: [id]) ?? ""
            let taken =
                try Bool.fetchOne(
                    db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE food_id IS NULL AND \(same) AND id IS NOT ?)",
                    arguments: [name, id])
                ?? false
            let free = taken ? try freeName(rule.table, id, "food_id IS NULL", same) : name
            try db.execute(sql: "UPDATE \(table) SET food_id = NULL, name = ? WHERE id = ?", arguments: [free, id])
        case .delete: try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
        case .dropExternalId: try db.execute(sql: "UPDATE \(table) SET external_id = NULL WHERE id = ?", arguments: [id])
        }
    }

    /// Moves the row out of the way for a moment, not recorded (`restoreRow` puts it back): the
    /// incoming row lands first, then is released as a recorded write.
    public func park(_ rule: SyncUniqueRule, id: Int64) throws {
        let table = rule.table.quotedDatabaseIdentifier
        let placeholder = "char(1) || id"  // no name or id starts with U+0001
        switch rule.release {
        case .deactivate: try db.execute(sql: "UPDATE \(table) SET is_active = 0 WHERE id = ?", arguments: [id])
        case .rename: try db.execute(sql: "UPDATE \(table) SET name = \(placeholder) WHERE id = ?", arguments: [id])
        case .unlinkFood: try db.execute(sql: "UPDATE \(table) SET food_id = \(placeholder) WHERE id = ?", arguments: [id])
        case .delete: try db.execute(sql: "DELETE FROM \(table) WHERE id = ?", arguments: [id])
        case .dropExternalId: try db.execute(sql: "UPDATE \(table) SET external_id = \(placeholder) WHERE id = ?", arguments: [id])
        }
    }

    /// The row `id` of a table keyed by `id`, as a sync key.
    public func rowKey(_ table: String, id: Int64) throws -> SyncRowKey {
        SyncRowKey(table: table, primaryKey: try columns(table).map { $0 == "id" }, values: [.integer(id)])
    }

    /// "Oats (2)", "Oats (3)"…: the first name no other row in `scope` has (80 characters at most),
    /// never the name it has (the one it clashed on). "Oats (2)" moving on becomes "Oats (3)".
    private func freeName(_ table: String, _ id: Int64, _ scope: String, _ same: String) throws -> String {
        let name = try String.fetchOne(db, sql: "SELECT name FROM \(table.quotedDatabaseIdentifier) WHERE id = ?", arguments: [id]) ?? ""
        var base = Substring(name)
        if base.hasSuffix(")"), let open = base.lastIndex(of: "("), open > base.startIndex,
            base[base.index(before: open)] == " ", Int(base[base.index(after: open)..<base.index(before: base.endIndex)]) != nil
        {
            base = base[..<base.index(before: open)]
        }
        let taken = "SELECT EXISTS (SELECT 1 FROM \(table.quotedDatabaseIdentifier) WHERE \(scope) AND \(same) AND id IS NOT ?)"
        for number in 2...10_000 {
            let suffix = " (\(number))"
            let candidate = String(base.prefix(80 - suffix.count)) + suffix
            if candidate != name, try Bool.fetchOne(db, sql: taken, arguments: [candidate, id]) == false { return candidate }
        }
        return "\(id)"
    }

    /// Child rows whose parent is gone (a pantry use of a lot deleted on another machine): delete
    /// wins, so each goes as the parent's delete would have taken it — deleted (ON DELETE
    /// CASCADE) or unlinked (SET NULL). Not recorded: every machine does the same, whichever came
    /// first. Returns how many rows it changed.
    @discardableResult
    public func dropOrphans(in tables: [String]) throws -> Int {
        // As the changeset apply does: the violations it left are deferred, and fixed ones count down.
        try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
        var changed = 0
        for _ in 0..<8 {
            var found = 0
            for table in tables {
                let violations = try Row.fetchAll(db, sql: "PRAGMA foreign_key_check(\(table.quotedDatabaseIdentifier))")
                for violation in violations {
                    guard let rowid: Int64 = violation["rowid"] else { continue }
                    let fk: Int64 = violation["fkid"]
                    let links = try Row.fetchAll(
                        db, sql: "SELECT \"from\", on_delete FROM pragma_foreign_key_list(?) WHERE id = ?", arguments: [table, fk])
                    let name = table.quotedDatabaseIdentifier
                    if links.first?["on_delete"] == "SET NULL" {
                        let columns = links.map { "\(($0["from"] as String).quotedDatabaseIdentifier) = NULL" }.joined(separator: ", ")
                        try db.execute(sql: "UPDATE \(name) SET \(columns) WHERE rowid = ?", arguments: [rowid])
                    } else {
                        try db.execute(sql: "DELETE FROM \(name) WHERE rowid = ?", arguments: [rowid])
                    }
                    found += 1
                }
            }
            changed += found
            if found == 0 { break }
        }
        return changed
    }
}
