import BodiiDomain
import Foundation
import GRDB

// The pantry's rows read and written by column index, in the order of PantryStore's column lists.

extension StoreConnection {
    static func fetchGroceryItems(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [GroceryItem]
    {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pantryItemColumns) FROM grocery_item \(clause)"), arguments: StatementArguments(arguments)
        )
        .map(groceryItem(row:))
    }

    static func findGroceryItem(foodId: FoodID?, name: String, _ db: Database) throws -> GroceryItem? {
        if let foodId { return try fetchGroceryItems(db, "WHERE food_id = ?", [foodId.rawValue]).first }
        return try fetchGroceryItems(db, "WHERE food_id IS NULL AND lower(name) = lower(?)", [name]).first
    }

    static func saveGroceryItemRow(_ item: GroceryItem, _ db: Database) throws -> GroceryItem {
        let values: [(any DatabaseValueConvertible)?] = [
            item.name, item.foodId?.rawValue, item.shelfLifeDays, item.takeFromPantryWhenLogging, item.minimumStock?.amount,
            item.minimumStock?.unit.storageText,
        ]
        var saved = item
        if let id = item.id {
            try db.execute(
                sql: """
                    UPDATE grocery_item SET name = ?, food_id = ?, shelf_life_days = ?, take_when_logging = ?, minimum_quantity = ?, minimum_unit = ?
                    WHERE id = ?
                    """, arguments: StatementArguments(values + [id]))
            guard db.changesCount == 1 else { throw StoreError.recordNotFound(kind: "grocery item", id: id) }
        } else {
            try db.execute(
                sql: """
                    INSERT INTO grocery_item (id, name, food_id, shelf_life_days, take_when_logging, minimum_quantity, minimum_unit, source, external_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: StatementArguments(
                    [try RowIdAllocator.id(for: "grocery_item", proposed: nil, db)] + values + [
                        item.provenance.source, item.provenance.externalId,
                    ]))
            saved.id = db.lastInsertedRowID
        }
        return saved
    }

    static func groceryItem(row: Row) throws -> GroceryItem {
        let foodId: String? = try row.decode(atIndex: 2)
        let minimum: Double? = try row.decode(atIndex: 5)
        let minimumUnit: String? = try row.decode(atIndex: 6)
        return GroceryItem(
            id: try row.decode(atIndex: 0), name: try row.decode(atIndex: 1), foodId: foodId.map(FoodID.init),
            shelfLifeDays: try row.decode(atIndex: 3), takeFromPantryWhenLogging: try row.decode(atIndex: 4),
            minimumStock: try minimum.flatMap { amount in
                try minimumUnit.map { PantryQuantity(amount, try pantryUnit($0, column: "grocery_item.minimum_unit")) }
            },
            provenance: Provenance(source: try row.decode(atIndex: 7), externalId: try row.decode(atIndex: 8)))
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
            Row.fetchCursor(
                db.cachedStatement(sql: "SELECT \(pantryPurchaseColumns) FROM purchase \(clause)"), arguments: StatementArguments(arguments)
            )
            .map(purchase(row:)))
    }

    static func insertPurchase(_ p: Purchase, _ db: Database, skippingKnown: Bool = false) throws -> Purchase {
        try db.execute(
            sql: """
                INSERT INTO purchase (id, item_id, date, quantity, unit, grams, price_minor, currency, store, source, external_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\(skippingKnown ? " ON CONFLICT DO NOTHING" : "")
                """,
            arguments: [
                try RowIdAllocator.id(for: "purchase", proposed: p.id, db), p.itemId, SQLText.date(p.date), p.quantity.amount,
                p.quantity.unit.storageText, p.grams, p.price?.minorUnits,
                (p.price?.currency ?? .default).code, p.store, p.provenance.source, p.provenance.externalId,
            ])
        var saved = p
        saved.id = db.lastInsertedRowID
        return saved
    }

    static func purchase(row: Row) throws -> Purchase {
        Purchase(
            id: try row.decode(atIndex: 0), itemId: try row.decode(atIndex: 1),
            date: try SQLText.localDate(row.decode(atIndex: 2), column: "purchase.date"),
            quantity: PantryQuantity(try row.decode(atIndex: 3), try pantryUnit(row.decode(atIndex: 4), column: "purchase.unit")),
            grams: try row.decode(atIndex: 5), price: pantryMoney(try row.decode(atIndex: 6), code: try row.decode(atIndex: 7)),
            store: try row.decode(atIndex: 8),
            provenance: Provenance(source: try row.decode(atIndex: 9), externalId: try row.decode(atIndex: 10)))
    }

    static func fetchLots(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StockLot] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pantryLotColumns) FROM stock_lot \(clause)"), arguments: StatementArguments(arguments)
        )
        .map(stockLot(row:))
    }

    static func insertLot(_ l: StockLot, _ db: Database, skippingKnown: Bool = false) throws -> StockLot {
        try db.execute(
            sql: """
                INSERT INTO stock_lot (id, item_id, purchase_id, quantity, unit, quantity_left, purchased_on, best_before, opened, price_minor, currency,
                                       store, source, external_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\(skippingKnown ? " ON CONFLICT DO NOTHING" : "")
                """,
            arguments: [
                try RowIdAllocator.id(for: "stock_lot", proposed: l.id, db), l.itemId, l.purchaseId, l.initialQuantity.amount,
                l.initialQuantity.unit.storageText, l.left,
                SQLText.date(l.purchasedOn),
                l.bestBefore.map(SQLText.date), l.opened, l.price?.minorUnits, (l.price?.currency ?? .default).code, l.store,
                l.provenance.source, l.provenance.externalId,
            ])
        var saved = l
        saved.id = db.lastInsertedRowID
        return saved
    }

    static func stockLot(row: Row) throws -> StockLot {
        let bestBefore: String? = try row.decode(atIndex: 7)
        return StockLot(
            id: try row.decode(atIndex: 0), itemId: try row.decode(atIndex: 1), purchaseId: try row.decode(atIndex: 2),
            initialQuantity: PantryQuantity(try row.decode(atIndex: 3), try pantryUnit(row.decode(atIndex: 4), column: "stock_lot.unit")),
            left: try row.decode(atIndex: 5), purchasedOn: try SQLText.localDate(row.decode(atIndex: 6), column: "stock_lot.purchased_on"),
            bestBefore: try bestBefore.map { try SQLText.localDate($0, column: "stock_lot.best_before") },
            opened: try row.decode(atIndex: 8),
            price: pantryMoney(try row.decode(atIndex: 9), code: try row.decode(atIndex: 10)), store: try row.decode(atIndex: 11),
            provenance: Provenance(source: try row.decode(atIndex: 12), externalId: try row.decode(atIndex: 13)))
    }

    static func fetchUses(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [StockUse] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pantryUseColumns) FROM stock_use \(clause)"), arguments: StatementArguments(arguments)
        )
        .map(stockUse(row:))
    }

    @discardableResult
    static func insertUse(_ u: StockUse, _ db: Database, skippingKnown: Bool = false) throws -> StockUse {
        try db.execute(
            sql: """
                INSERT INTO stock_use (id, lot_id, date, amount, kind, value_minor, currency, food_record_id, source, external_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\(skippingKnown ? " ON CONFLICT DO NOTHING" : "")
                """,
            arguments: [
                try RowIdAllocator.id(for: "stock_use", proposed: u.id, db), u.lotId, SQLText.date(u.date), u.amount, u.kind.rawValue,
                u.value?.minorUnits, (u.value?.currency ?? .default).code,
                u.foodRecordId, u.provenance.source, u.provenance.externalId,
            ])
        var saved = u
        saved.id = db.lastInsertedRowID
        return saved
    }

    static func stockUse(row: Row) throws -> StockUse {
        let kindText: String = try row.decode(atIndex: 4)
        guard let kind = StockUseKind(rawValue: kindText) else {
            throw StoreError.invalidStoredValue(column: "stock_use.kind", value: kindText)
        }
        return StockUse(
            id: try row.decode(atIndex: 0), lotId: try row.decode(atIndex: 1),
            date: try SQLText.localDate(row.decode(atIndex: 2), column: "stock_use.date"), amount: try row.decode(atIndex: 3), kind: kind,
            value: pantryMoney(try row.decode(atIndex: 5), code: try row.decode(atIndex: 6)), foodRecordId: try row.decode(atIndex: 7),
            provenance: Provenance(source: try row.decode(atIndex: 8), externalId: try row.decode(atIndex: 9)))
    }

    static func fetchShoppingItems(_ db: Database, _ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws
        -> [ShoppingListItem]
    {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT \(pantryListColumns) FROM shopping_list_item \(clause)"),
            arguments: StatementArguments(arguments)
        )
        .map(shoppingItem(row:))
    }

    /// item_id … purchase_id, source, external_id: the entry's columns after id and list_id.
    static func shoppingValues(_ e: ShoppingListItem) -> [(any DatabaseValueConvertible)?] {
        [
            e.itemId, e.quantity?.amount, e.quantity?.unit.storageText, e.store, SQLText.date(e.addedOn), e.boughtOn.map(SQLText.date),
            e.purchaseId,
            e.provenance.source, e.provenance.externalId,
        ]
    }

    static func insertShoppingItem(_ e: ShoppingListItem, _ db: Database, skippingKnown: Bool = false) throws -> ShoppingListItem {
        try db.execute(sql: "INSERT INTO shopping_list (id, name) VALUES (1, 'Shopping') ON CONFLICT DO NOTHING")
        try db.execute(
            sql: """
                INSERT INTO shopping_list_item (id, item_id, quantity, unit, store, added_on, bought_on, purchase_id, source, external_id)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)\(skippingKnown ? " ON CONFLICT DO NOTHING" : "")
                """,
            arguments: StatementArguments([try RowIdAllocator.id(for: "shopping_list_item", proposed: e.id, db)] + shoppingValues(e)))
        var saved = e
        saved.id = db.lastInsertedRowID
        return saved
    }

    static func shoppingItem(row: Row) throws -> ShoppingListItem {
        let amount: Double? = try row.decode(atIndex: 2)
        let unitText: String? = try row.decode(atIndex: 3)
        let bought: String? = try row.decode(atIndex: 6)
        return ShoppingListItem(
            id: try row.decode(atIndex: 0), itemId: try row.decode(atIndex: 1),
            quantity: try amount.flatMap { a in
                try unitText.map { PantryQuantity(a, try pantryUnit($0, column: "shopping_list_item.unit")) }
            },
            store: try row.decode(atIndex: 4),
            addedOn: try SQLText.localDate(row.decode(atIndex: 5), column: "shopping_list_item.added_on"),
            boughtOn: try bought.map { try SQLText.localDate($0, column: "shopping_list_item.bought_on") },
            purchaseId: try row.decode(atIndex: 7),
            provenance: Provenance(source: try row.decode(atIndex: 8), externalId: try row.decode(atIndex: 9)))
    }

    static func fetchPantryBudget(_ db: Database) throws -> PantryBudget? {
        // Cached: the Review's insights and grocery summary ask it on every read after a write.
        let statement = try db.cachedStatement(sql: "SELECT period_kind, amount_minor, currency, set_on FROM budget WHERE id = 1")
        guard let row = try Row.fetchOne(statement) else { return nil }
        let kindText: String = try row.decode(atIndex: 0)
        guard let kind = BudgetPeriodKind(rawValue: kindText) else {
            throw StoreError.invalidStoredValue(column: "budget.period_kind", value: kindText)
        }
        return PantryBudget(
            period: kind,
            amount: Money(minorUnits: try row.decode(atIndex: 1), currency: Currency.resolve(code: try row.decode(atIndex: 2))),
            setOn: try SQLText.localDate(row.decode(atIndex: 3), column: "budget.set_on"))
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
        let conflict = ""
        for item in batch.items {
            try db.execute(
                sql: """
                    INSERT INTO grocery_item (id, name, food_id, shelf_life_days, take_when_logging, minimum_quantity, minimum_unit, source, external_id)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)\(conflict)
                    """,
                arguments: [
                    try RowIdAllocator.id(for: "grocery_item", proposed: item.id, db), item.name, item.foodId?.rawValue, item.shelfLifeDays,
                    item.takeFromPantryWhenLogging,
                    item.minimumStock?.amount, item.minimumStock?.unit.storageText, item.provenance.source, item.provenance.externalId,
                ])
        }
        for purchase in batch.purchases { _ = try insertPurchase(purchase, db, skippingKnown: skippingKnown) }
        for lot in batch.lots { _ = try insertLot(lot, db, skippingKnown: skippingKnown) }
        for use in batch.uses { try insertUse(use, db, skippingKnown: skippingKnown) }
        for entry in batch.shoppingList { _ = try insertShoppingItem(entry, db, skippingKnown: skippingKnown) }
        if let budget = batch.budget {
            try db.execute(
                sql:
                    "INSERT INTO budget (id, period_kind, amount_minor, currency, set_on) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                arguments: [budget.period.rawValue, budget.amount.minorUnits, budget.amount.currency.code, SQLText.date(budget.setOn)])
        }
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
        if let budget = batch.budget {
            try db.execute(
                sql:
                    "INSERT INTO budget (id, period_kind, amount_minor, currency, set_on) VALUES (1, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
                arguments: [budget.period.rawValue, budget.amount.minorUnits, budget.amount.currency.code, SQLText.date(budget.setOn)])
        }
    }
}
