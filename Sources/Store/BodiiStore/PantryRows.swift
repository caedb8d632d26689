import BodiiDomain
import Foundation
import GRDB

// The pantry's reads and writes through its records (PantryRecordRows.swift).

extension StoreConnection {
    static func fetchGroceryItems(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [GroceryItem]
    {
        try GroceryItemRow.fetchAll(db.cachedStatement(sql: "SELECT \(GroceryItemRow.columnList) FROM grocery_item \(clause)"), arguments: StatementArguments(arguments))
            .map { try $0.item() }
    }

    static func findGroceryItem(foodId: FoodID?, name: String, _ db: Database) throws -> GroceryItem? {
        if let foodId { return try fetchGroceryItems(db, "WHERE food_id = ?", [foodId.rawValue]).first }
        return try fetchGroceryItems(db, "WHERE food_id IS NULL AND lower(name) = lower(?)", [name]).first
    }

    static func saveGroceryItemRow(_ item: GroceryItem, _ db: Database) throws -> GroceryItem {
        var row = GroceryItemRow(item)
        if let id = item.id {
            try row.update(db, columns: GroceryItemRow.editable, kind: "grocery item", id: id)
            return item
        }
        var saved = item
        saved.id = try row.insert(allotting: nil, db)
        return saved
    }

    static func pantryUnit(_ text: String, column: String) throws -> PantryUnit {
        guard let unit = PantryUnit(storageText: text) else { throw StoreError.invalidStoredValue(column: column, value: text) }
        return unit
    }

    static func pantryMoney(_ minor: Int64?, code: String) -> Money? {
        minor.map { Money(minorUnits: $0, currency: Currency.resolve(code: code)) }
    }

    static func fetchPurchases(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [Purchase] {
        // A cursor: rows decoded where SQLite holds them, not copied first (ten years of purchases).
        try Array(
            PurchaseRow.fetchCursor(db.cachedStatement(sql: "SELECT \(PurchaseRow.columnList) FROM purchase \(clause)"), arguments: StatementArguments(arguments))
                .map { try $0.purchase() })
    }

    static func insertPurchase(_ p: Purchase, _ db: Database, skippingKnown: Bool = false) throws -> Purchase {
        var row = PurchaseRow(p)
        var saved = p
        saved.id = try row.insert(allotting: p.id, skippingKnown: skippingKnown, db)
        return saved
    }

    static func fetchLots(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StockLot] {
        try StockLotRow.fetchAll(db.cachedStatement(sql: "SELECT \(StockLotRow.columnList) FROM stock_lot \(clause)"), arguments: StatementArguments(arguments))
            .map { try $0.lot() }
    }

    static func insertLot(_ l: StockLot, _ db: Database, skippingKnown: Bool = false) throws -> StockLot {
        var row = StockLotRow(l)
        var saved = l
        saved.id = try row.insert(allotting: l.id, skippingKnown: skippingKnown, db)
        return saved
    }

    static func fetchUses(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StockUse] {
        try StockUseRow.fetchAll(db.cachedStatement(sql: "SELECT \(StockUseRow.columnList) FROM stock_use \(clause)"), arguments: StatementArguments(arguments))
            .map { try $0.use() }
    }

    @discardableResult
    static func insertUse(_ u: StockUse, _ db: Database, skippingKnown: Bool = false) throws -> StockUse {
        var row = StockUseRow(u)
        var saved = u
        saved.id = try row.insert(allotting: u.id, skippingKnown: skippingKnown, db)
        return saved
    }

    static func fetchShoppingItems(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws
        -> [ShoppingListItem]
    {
        try ShoppingListItemRow.fetchAll(
            db.cachedStatement(sql: "SELECT \(ShoppingListItemRow.columnList) FROM shopping_list_item \(clause)"), arguments: StatementArguments(arguments)
        )
        .map { try $0.entry() }
    }

    static func insertShoppingItem(_ e: ShoppingListItem, _ db: Database, skippingKnown: Bool = false) throws -> ShoppingListItem {
        // The one list every entry is on.
        try db.execute(sql: "INSERT INTO shopping_list (id, name) VALUES (1, 'Shopping') ON CONFLICT DO NOTHING")
        var row = ShoppingListItemRow(e)
        var saved = e
        saved.id = try row.insert(allotting: e.id, skippingKnown: skippingKnown, db)
        return saved
    }

    static func fetchPantryBudget(_ db: Database) throws -> PantryBudget? {
        // Cached: the Review's insights and grocery summary ask it on every read after a write.
        try BudgetRow.fetchOne(db.cachedStatement(sql: "SELECT * FROM budget WHERE id = 1"))?.budget()
    }

    /// A batch's pantry rows with their own ids (`HistoryWriter`); with `skippingKnown` (a merge),
    /// a row whose id or external id is taken already is skipped. The budget is set only when the
    /// database has none.
    static func insertPantry(_ batch: PantryBatch, skippingKnown: Bool, _ db: Database) throws {
        guard !batch.isEmpty else { return }
        // A batch's ids only link its rows to each other. Into a pantry that has rows already
        // (`bodii demo` after `bodii pantry add`) they would collide, and in a database that syncs
        // they are not its device's: the rows get new ids, as in a merge.
        let pantryHasRows = try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM grocery_item)") ?? false
        if try skippingKnown || pantryHasRows || RowIdAllocator.device(db) != nil { return try mergePantry(batch, db) }
        for item in batch.items {
            var row = GroceryItemRow(item)
            _ = try row.insert(allotting: item.id, db)
        }
        for purchase in batch.purchases { _ = try insertPurchase(purchase, db, skippingKnown: skippingKnown) }
        for lot in batch.lots { _ = try insertLot(lot, db, skippingKnown: skippingKnown) }
        for use in batch.uses { try insertUse(use, db, skippingKnown: skippingKnown) }
        for entry in batch.shoppingList { _ = try insertShoppingItem(entry, db, skippingKnown: skippingKnown) }
        // The budget is set only when the database has none.
        try batch.budget.map(BudgetRow.init)?.insertUnlessTaken(db)
    }

    /// A merge (an import): the batch's ids only link its rows to each other. A row whose source
    /// holds its external id already is not added again (a Bodii row exported as "<kind>/<id>"
    /// is found under that id when it is the same row), and an item of a food or free name the
    /// pantry knows becomes that item; everything else gets new ids, and the links follow.
    static func mergePantry(_ batch: PantryBatch, _ db: Database) throws {
        func known(_ table: String, _ p: Provenance, sameAs check: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> Int64?
        {
            guard let external = p.externalId else { return nil }
            if let id = try Int64.fetchOne(
                db, sql: "SELECT id FROM \(table) WHERE source = ? AND external_id = ?", arguments: [p.source, external])
            {
                return id
            }
            // Bodii's own row, exported as "<table>/<id>", read back into the same database.
            let parts = external.split(separator: "/")
            guard p.source == Provenance.bodii.source, parts.count == 2, parts[0] == table, let own = Int64(parts[1]) else { return nil }
            return try Int64.fetchOne(
                db, sql: "SELECT id FROM \(table) WHERE id = ? AND external_id IS NULL AND \(check)",
                arguments: StatementArguments([own] + arguments))
        }
        var items: [Int64: Int64] = [:], purchases: [Int64: Int64] = [:], lots: [Int64: Int64] = [:]
        for item in batch.items {
            guard let local = item.id else { continue }
            if let id = try known("grocery_item", item.provenance, sameAs: "name = ?", [item.name])
                ?? findGroceryItem(foodId: item.foodId, name: item.name, db)?.id
            {
                items[local] = id
                continue
            }
            var fresh = item
            fresh.id = nil
            items[local] = try saveGroceryItemRow(fresh, db).id
        }
        for purchase in batch.purchases {
            guard let local = purchase.id, let itemId = items[purchase.itemId] else { continue }
            if let id = try known(
                "purchase", purchase.provenance, sameAs: "date = ? AND quantity = ?",
                [SQLText.date(purchase.date), purchase.quantity.amount])
            {
                purchases[local] = id
                continue
            }
            var fresh = purchase
            fresh.id = nil
            fresh.itemId = itemId
            purchases[local] = try insertPurchase(fresh, db).id
        }
        for lot in batch.lots {
            guard let local = lot.id, let itemId = items[lot.itemId] else { continue }
            if let id = try known(
                "stock_lot", lot.provenance, sameAs: "purchased_on = ? AND quantity = ?",
                [SQLText.date(lot.purchasedOn), lot.initialQuantity.amount])
            {
                lots[local] = id
                continue
            }
            var fresh = lot
            fresh.id = nil
            fresh.itemId = itemId
            fresh.purchaseId = lot.purchaseId.flatMap { purchases[$0] }
            lots[local] = try insertLot(fresh, db).id
        }
        for use in batch.uses {
            guard let lotId = lots[use.lotId] else { continue }
            if try known("stock_use", use.provenance, sameAs: "date = ? AND amount = ?", [SQLText.date(use.date), use.amount]) != nil {
                continue
            }
            var fresh = use
            fresh.id = nil
            fresh.lotId = lotId
            try insertUse(fresh, db)
        }
        for entry in batch.shoppingList {
            guard let itemId = items[entry.itemId] else { continue }
            if try known("shopping_list_item", entry.provenance, sameAs: "added_on = ?", [SQLText.date(entry.addedOn)]) != nil { continue }
            var fresh = entry
            fresh.id = nil
            fresh.itemId = itemId
            fresh.purchaseId = entry.purchaseId.flatMap { purchases[$0] }
            _ = try insertShoppingItem(fresh, db)
        }
        // The budget is set only when the database has none.
        try batch.budget.map(BudgetRow.init)?.insertUnlessTaken(db)
    }
}
