import BodiiDomain
import Foundation
import GRDB

// The pantry on SQLite (schema v9, PRODUCT.md §10). Money is read back as minor units with the
// currency its code names; every write is one transaction.

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
                let changed = try ShoppingListItemRow.filter(key: entryId).updateAll(
                    db, ShoppingListItemRow.Columns.boughtOn.set(to: SQLText.date(bought.date)),
                    ShoppingListItemRow.Columns.purchaseId.set(to: bought.id))
                guard changed == 1 else { throw StoreError.recordNotFound(kind: "shopping list entry", id: entryId) }
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
                let entries = ShoppingListItemRow.filter(ShoppingListItemRow.Columns.purchaseId == purchaseId)
                entryId = try Int64.fetchOne(db, entries.select(Column("id")))
                try entries.updateAll(
                    db, ShoppingListItemRow.Columns.boughtOn.set(to: nil), ShoppingListItemRow.Columns.purchaseId.set(to: nil))
            }
            try StockLotRow.deleteOne(db, key: lotId)
            if let purchaseId = purchase?.id { try PurchaseRow.deleteOne(db, key: purchaseId) }
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
                    SELECT \(PurchaseRow.columnListOfP)
                    FROM purchase AS p JOIN grocery_item AS i ON i.id = p.item_id
                    WHERE i.food_id = ? AND p.date <= ? AND p.price_minor IS NOT NULL AND p.grams IS NOT NULL
                    ORDER BY p.date DESC, p.id DESC LIMIT 1
                    """)
            for id in foodIds {
                if let row = try PurchaseRow.readOne(statement, arguments: [id.rawValue, SQLText.date(date)]) {
                    result[id] = try row.purchase()
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
            guard var lot = try StockLotRow.fetchOne(db, key: use.lotId) else {
                throw StoreError.recordNotFound(kind: "stock lot", id: use.lotId)
            }
            guard use.amount <= lot.quantityLeft + 1e-9 else { throw StoreError.recordNotFound(kind: "stock in lot", id: use.lotId) }
            lot.quantityLeft = remaining(lot.quantityLeft, taking: use.amount)
            lot.opened = lot.opened || use.kind == .use
            try lot.update(db, columns: [.quantityLeft, .opened], kind: "stock lot", id: use.lotId)
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
            try ShoppingListItemRow(entry).update(db, columns: ShoppingListItemRow.editable, kind: "shopping list entry", id: entry.id)
        }
    }

    @discardableResult
    public func deleteShoppingListItem(id: Int64) throws -> ShoppingListItem? {
        try write { db in
            guard let entry = try StoreConnection.fetchShoppingItems(db, "WHERE id = ?", [id]).first else { return nil }
            try ShoppingListItemRow.deleteOne(db, key: id)
            return entry
        }
    }

    // MARK: Budget

    public func pantryBudget() throws -> PantryBudget? {
        try read { db in try StoreConnection.fetchPantryBudget(db) }
    }

    public func setPantryBudget(_ budget: PantryBudget) throws {
        try write { db in
            try BudgetRow(budget).upsert(db)
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
