import BodiiDomain
import Foundation
import GRDB

// The pantry on SQLite (schema v9, PRODUCT.md §10). Money is read back as minor units with the
// currency its code names; every write is one transaction.

// The column lists every pantry store and the rows helpers (PantryRows.swift) share.
extension StoreConnection {
    static let pantryItemColumns =
        "id, name, food_id, shelf_life_days, take_when_logging, minimum_quantity, minimum_unit, source, external_id"
    static let pantryPurchaseColumns = "id, item_id, date, quantity, unit, grams, price_minor, currency, store, source, external_id"
    /// The same, of `purchase AS p` (made once: the text is the statement cache's key).
    /// (No Foundation trimming: its first use costs a command ~1 M instructions.)
    // String(…) first: `+` with a Substring appends it character by character (~30 k instructions a name).
    static let joinedPurchaseColumns = pantryPurchaseColumns.split(separator: ",").map { "p." + String($0.drop { $0 == " " }) }
        .joined(separator: ", ")
    static let pantryLotColumns = """
        id, item_id, purchase_id, quantity, unit, quantity_left, purchased_on, best_before, opened, price_minor, currency, store, source, external_id
        """
    static let pantryUseColumns = "id, lot_id, date, amount, kind, value_minor, currency, food_record_id, source, external_id"
    static let pantryListColumns = "id, item_id, quantity, unit, store, added_on, bought_on, purchase_id, source, external_id"
}

/// The pantry's catalogue: grocery items and their purchases (the prices).
public struct PantryCatalogueStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

/// The pantry's ledger: purchases put in stock as lots, and what is taken from them.
public struct PantryLedgerStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

/// The shopping list and the pantry budget.
public struct ShoppingListStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension PantryCatalogueStore: PantryCatalogueRepository {
    // MARK: Items

    public func groceryItems() throws -> [GroceryItem] {
        try read { db in try StoreConnection.fetchGroceryItems(db, "ORDER BY lower(name), id", []) }
    }

    public func groceryItem(id: Int64) throws -> GroceryItem? {
        try read { db in try StoreConnection.fetchGroceryItems(db, "WHERE id = ?", [id]).first }
    }

    public func groceryItem(foodId: FoodID?, name: String) throws -> GroceryItem? {
        try read { db in try StoreConnection.findGroceryItem(foodId: foodId, name: name, db) }
    }

    @discardableResult
    public func saveGroceryItem(_ item: GroceryItem) throws -> GroceryItem {
        try write { db in try StoreConnection.saveGroceryItemRow(item, db) }
    }

}

extension PantryLedgerStore: PantryLedgerRepository {
    // MARK: Purchases

    public func recordPurchase(_ purchase: Purchase, item: GroceryItem, bestBefore: LocalDate?, shoppingListItemId: Int64?) throws
        -> (item: GroceryItem, purchase: Purchase, lot: StockLot)
    {
        try write { db in
            var savedItem = item
            if item.id == nil {
                savedItem = try StoreConnection.findGroceryItem(foodId: item.foodId, name: item.name, db) ?? StoreConnection.saveGroceryItemRow(item, db)
            }
            guard let itemId = savedItem.id else { throw StoreError.recordNotFound(kind: "grocery item", id: nil) }
            var bought = purchase
            bought.itemId = itemId
            bought = try StoreConnection.insertPurchase(bought, db)
            let lot = try StoreConnection.insertLot(
                StockLot(
                    itemId: itemId, purchaseId: bought.id, initialQuantity: bought.quantity,
                    purchasedOn: bought.date, bestBefore: bestBefore, price: bought.price,
                    store: bought.store, provenance: bought.provenance), db)
            if let entryId = shoppingListItemId {
                try db.execute(
                    sql: "UPDATE shopping_list_item SET bought_on = ?, purchase_id = ? WHERE id = ?",
                    arguments: [SQLText.date(bought.date), bought.id, entryId])
                guard db.changesCount == 1 else { throw StoreError.recordNotFound(kind: "shopping list entry", id: entryId) }
            }
            return (savedItem, bought, lot)
        }
    }

    public func deleteLotAndPurchase(lotId: Int64) throws -> RemovedPurchase? {
        try write { db in
            guard let lot = try StoreConnection.fetchLots(db, "WHERE id = ?", [lotId]).first,
                let item = try StoreConnection.fetchGroceryItems(db, "WHERE id = ?", [lot.itemId]).first
            else { return nil }
            let purchase = try lot.purchaseId.flatMap { try StoreConnection.fetchPurchases(db, "WHERE id = ?", [$0]).first }
            var entryId: Int64?
            if let purchaseId = purchase?.id {
                entryId = try Int64.fetchOne(db, sql: "SELECT id FROM shopping_list_item WHERE purchase_id = ?", arguments: [purchaseId])
                try db.execute(
                    sql: "UPDATE shopping_list_item SET bought_on = NULL, purchase_id = NULL WHERE purchase_id = ?",
                    arguments: [purchaseId])
            }
            try db.execute(sql: "DELETE FROM stock_lot WHERE id = ?", arguments: [lotId])
            if let purchaseId = purchase?.id { try db.execute(sql: "DELETE FROM purchase WHERE id = ?", arguments: [purchaseId]) }
            return RemovedPurchase(item: item, lot: lot, purchase: purchase, shoppingListItemId: entryId)
        }
    }
}

extension PantryCatalogueStore {
    public func purchases(in range: DateRange) throws -> [Purchase] {
        try read { db in
            try StoreConnection.fetchPurchases(
                db, "WHERE date BETWEEN ? AND ? ORDER BY date, id", [SQLText.date(range.start), SQLText.date(range.end)])
        }
    }

    public func purchases(itemId: Int64) throws -> [Purchase] {
        try read { db in try StoreConnection.fetchPurchases(db, "WHERE item_id = ? ORDER BY date, id", [itemId]) }
    }

    public func latestPricedPurchases(foodIds: Set<FoodID>, onOrBefore date: LocalDate) throws -> [FoodID: Purchase] {
        guard !foodIds.isEmpty else { return [:] }
        return try read { db in
            var result: [FoodID: Purchase] = [:]
            let statement = try db.cachedStatement(
                sql: """
                    SELECT \(StoreConnection.joinedPurchaseColumns)
                    FROM purchase AS p JOIN grocery_item AS i ON i.id = p.item_id
                    WHERE i.food_id = ? AND p.date <= ? AND p.price_minor IS NOT NULL AND p.grams IS NOT NULL
                    ORDER BY p.date DESC, p.id DESC LIMIT 1
                    """)
            for id in foodIds {
                if let row = try Row.fetchOne(statement, arguments: [id.rawValue, SQLText.date(date)]) {
                    result[id] = try StoreConnection.purchase(row: row)
                }
            }
            return result
        }
    }

}

extension PantryLedgerStore {
    // MARK: Stock

    public func stockLots(includingEmpty: Bool) throws -> [StockLot] {
        try read { db in
            try StoreConnection.fetchLots(db, includingEmpty ? "ORDER BY purchased_on, id" : "WHERE quantity_left > 0 ORDER BY purchased_on, id", [])
        }
    }

    public func stockLot(id: Int64) throws -> StockLot? {
        try read { db in try StoreConnection.fetchLots(db, "WHERE id = ?", [id]).first }
    }

    public func stockLots(itemId: Int64) throws -> [StockLot] {
        try read { db in try StoreConnection.fetchLots(db, "WHERE item_id = ? ORDER BY purchased_on, id", [itemId]) }
    }

    public func stockLots(takenFromIn range: DateRange) throws -> [StockLot] {
        // One lot per item and unit, from the (item_id, unit) index in its order (v23): kept until
        // the next commit (it is part of the first frame); the window's lots come from the date index.
        try readingTogether {
            let firstOfEachUnit = try keptUntilNextCommit("first lot of each item and unit") {
                try read { db in try Int64.fetchAll(db, sql: "SELECT MIN(id) FROM stock_lot GROUP BY item_id, unit") }
            }
            // As one JSON array: the statement's text, the statement cache's key, stays the same.
            let ids = "[" + firstOfEachUnit.map(String.init).joined(separator: ",") + "]"
            return try read { db in
                try StoreConnection.fetchLots(
                    db,
                    """
                    WHERE id IN (SELECT lot_id FROM stock_use WHERE date BETWEEN ? AND ?)
                       OR id IN (SELECT value FROM json_each(?))
                    ORDER BY purchased_on, id
                    """, [SQLText.date(range.start), SQLText.date(range.end), ids])
            }
        }
    }

    public func applyStockUses(_ uses: [StockUse]) throws {
        try write { db in try Self.apply(uses, db) }
    }

    @discardableResult
    public func addFoodRecord(_ record: FoodRecord, takingFromPantry uses: [StockUse]) throws -> FoodRecord {
        try write { db in
            let saved = try FoodRecordRow.insert(record, db, timeZone: timeZone)
            try DailyLogMaintenance.refresh(db, dates: [saved.date], bodyDates: [])
            try Self.apply(
                uses.map { use in
                    var linked = use
                    linked.foodRecordId = saved.id
                    return linked
                }, db)
            return saved
        }
    }

    /// Takes from lots: each lot's quantity left goes down (a use opens it) and the take is kept.
    static func apply(_ uses: [StockUse], _ db: Database) throws {
        for use in uses {
            guard let left = try Double.fetchOne(db, sql: "SELECT quantity_left FROM stock_lot WHERE id = ?", arguments: [use.lotId]) else {
                throw StoreError.recordNotFound(kind: "stock lot", id: use.lotId)
            }
            guard use.amount <= left + 1e-9 else { throw StoreError.recordNotFound(kind: "stock in lot", id: use.lotId) }
            let rest = remaining(left, taking: use.amount)
            try db.execute(
                sql: "UPDATE stock_lot SET quantity_left = ?, opened = CASE WHEN ? THEN 1 ELSE opened END WHERE id = ?",
                arguments: [rest, use.kind == .use, use.lotId])
            try StoreConnection.insertUse(use, db)
        }
    }

    /// What a lot has left after a take: a crumb below 1e-9 is nothing (no lot stays "in stock"
    /// for a rounding error). `DerivedState` recomputes lots with it after a sync.
    static func remaining(_ left: Double, taking amount: Double) -> Double {
        left - amount < 1e-9 ? 0 : left - amount
    }

    public func stockUses(in range: DateRange) throws -> [StockUse] {
        try read { db in
            try StoreConnection.fetchUses(db, "WHERE date BETWEEN ? AND ? ORDER BY date, id", [SQLText.date(range.start), SQLText.date(range.end)])
        }
    }

}

extension ShoppingListStore: ShoppingListRepository {
    // MARK: Shopping list

    public func shoppingListItems(includingBought: Bool) throws -> [ShoppingListItem] {
        try read { db in
            try StoreConnection.fetchShoppingItems(db, includingBought ? "ORDER BY id" : "WHERE bought_on IS NULL ORDER BY id", [])
        }
    }

    @discardableResult
    public func addShoppingListItem(_ entry: ShoppingListItem) throws -> ShoppingListItem {
        try write { db in try StoreConnection.insertShoppingItem(entry, db) }
    }

    public func updateShoppingListItem(_ entry: ShoppingListItem) throws {
        try write { db in
            guard let id = entry.id else { throw StoreError.recordNotFound(kind: "shopping list entry", id: nil) }
            try db.execute(
                sql: """
                    UPDATE shopping_list_item SET item_id = ?, quantity = ?, unit = ?, store = ?, added_on = ?, bought_on = ?, purchase_id = ?
                    WHERE id = ?
                    """, arguments: StatementArguments(StoreConnection.shoppingValues(entry).dropLast(2) + [id]))
            guard db.changesCount == 1 else { throw StoreError.recordNotFound(kind: "shopping list entry", id: id) }
        }
    }

    @discardableResult
    public func deleteShoppingListItem(id: Int64) throws -> ShoppingListItem? {
        try write { db in
            guard let entry = try StoreConnection.fetchShoppingItems(db, "WHERE id = ?", [id]).first else { return nil }
            try db.execute(sql: "DELETE FROM shopping_list_item WHERE id = ?", arguments: [id])
            return entry
        }
    }

    // MARK: Budget

    public func pantryBudget() throws -> PantryBudget? {
        try read { db in try StoreConnection.fetchPantryBudget(db) }
    }

    public func setPantryBudget(_ budget: PantryBudget) throws {
        try write { db in
            try db.execute(
                sql: """
                    INSERT INTO budget (id, period_kind, amount_minor, currency, set_on) VALUES (1, ?, ?, ?, ?)
                    ON CONFLICT (id) DO UPDATE SET period_kind = excluded.period_kind, amount_minor = excluded.amount_minor,
                                                   currency = excluded.currency, set_on = excluded.set_on
                    """,
                arguments: [budget.period.rawValue, budget.amount.minorUnits, budget.amount.currency.code, SQLText.date(budget.setOn)])
        }
    }
}

extension PantryLedgerStore {
    /// Kept until the next commit: the dashboard reads it on every day step, and it does not
    /// depend on the day.
    public func pantrySnapshot() throws -> PantrySnapshot {
        try keptUntilNextCommit("pantry snapshot") {
            try read { db in
                PantrySnapshot(
                    items: try StoreConnection.fetchGroceryItems(db, "ORDER BY lower(name), id", []),
                    lots: try StoreConnection.fetchLots(db, "WHERE quantity_left > 0 ORDER BY purchased_on, id", []),
                    shoppingList: try StoreConnection.fetchShoppingItems(db, "WHERE bought_on IS NULL ORDER BY id", []),
                    budget: try StoreConnection.fetchPantryBudget(db))
            }
        }
    }
}
