import BodiiDomain
import Foundation
import GRDB

// The pantry's tables as GRDB records (their coding keys: the one place that says which column
// holds what), written by name and read by index (`IndexedStoredRow`: ten years of shopping are
// thousands of purchases, lots and takes). The budget, one row, is read by name.

/// A row of `grocery_item`.
struct GroceryItemRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "grocery_item"

    var id: Int64?
    var name: String
    var foodId: String?
    var shelfLifeDays: Int?
    var takeWhenLogging: Bool
    var minimumQuantity: Double?
    var minimumUnit: String?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name
        case foodId = "food_id"
        case shelfLifeDays = "shelf_life_days"
        case takeWhenLogging = "take_when_logging"
        case minimumQuantity = "minimum_quantity"
        case minimumUnit = "minimum_unit"
        case source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        name = try row.next(CodingKeys.name)
        foodId = try row.next(CodingKeys.foodId)
        shelfLifeDays = try row.next(CodingKeys.shelfLifeDays)
        takeWhenLogging = try row.next(CodingKeys.takeWhenLogging)
        minimumQuantity = try row.next(CodingKeys.minimumQuantity)
        minimumUnit = try row.next(CodingKeys.minimumUnit)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    /// What a saved item's edit changes (not its provenance).
    static let editable: [CodingKeys] = [.name, .foodId, .shelfLifeDays, .takeWhenLogging, .minimumQuantity, .minimumUnit]

    init(_ item: GroceryItem) {
        id = item.id
        name = item.name
        foodId = item.foodId?.rawValue
        shelfLifeDays = item.shelfLifeDays
        takeWhenLogging = item.takeFromPantryWhenLogging
        minimumQuantity = item.minimumStock?.amount
        minimumUnit = item.minimumStock?.unit.storageText
        source = item.provenance.source
        externalId = item.provenance.externalId
    }

    func item() throws -> GroceryItem {
        GroceryItem(
            id: id, name: name, foodId: foodId.map(FoodID.init), shelfLifeDays: shelfLifeDays,
            takeFromPantryWhenLogging: takeWhenLogging,
            minimumStock: try minimumQuantity.flatMap { amount in
                try minimumUnit.map { PantryQuantity(amount, try StoreConnection.pantryUnit($0, column: "grocery_item.minimum_unit")) }
            },
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A row of `purchase`.
struct PurchaseRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "purchase"
    /// `columnList` of `purchase AS p`, made once.
    static let columnListOfP = columnNames.map { "p." + $0 }.joined(separator: ", ")

    var id: Int64?
    var itemId: Int64
    var date: String
    var quantity: Double
    var unit: String
    var grams: Double?
    var priceMinor: Int64?
    var currency: String
    var store: String?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case itemId = "item_id"
        case date, quantity, unit, grams
        case priceMinor = "price_minor"
        case currency, store, source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        itemId = try row.next(CodingKeys.itemId)
        date = try row.next(CodingKeys.date)
        quantity = try row.next(CodingKeys.quantity)
        unit = try row.next(CodingKeys.unit)
        grams = try row.next(CodingKeys.grams)
        priceMinor = try row.next(CodingKeys.priceMinor)
        currency = try row.next(CodingKeys.currency)
        store = try row.next(CodingKeys.store)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    init(_ p: Purchase) {
        id = p.id
        itemId = p.itemId
        date = SQLText.date(p.date)
        quantity = p.quantity.amount
        unit = p.quantity.unit.storageText
        grams = p.grams
        priceMinor = p.price?.minorUnits
        currency = (p.price?.currency ?? .default).code
        store = p.store
        source = p.provenance.source
        externalId = p.provenance.externalId
    }

    func purchase() throws -> Purchase {
        Purchase(
            id: id, itemId: itemId, date: try SQLText.localDate(date, column: "purchase.date"),
            quantity: PantryQuantity(quantity, try StoreConnection.pantryUnit(unit, column: "purchase.unit")),
            grams: grams, price: StoreConnection.pantryMoney(priceMinor, code: currency), store: store,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A row of `stock_lot`.
struct StockLotRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "stock_lot"

    var id: Int64?
    var itemId: Int64
    var purchaseId: Int64?
    var quantity: Double
    var unit: String
    var quantityLeft: Double
    var purchasedOn: String
    var bestBefore: String?
    var opened: Bool
    var priceMinor: Int64?
    var currency: String
    var store: String?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case itemId = "item_id"
        case purchaseId = "purchase_id"
        case quantity, unit
        case quantityLeft = "quantity_left"
        case purchasedOn = "purchased_on"
        case bestBefore = "best_before"
        case opened
        case priceMinor = "price_minor"
        case currency, store, source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        itemId = try row.next(CodingKeys.itemId)
        purchaseId = try row.next(CodingKeys.purchaseId)
        quantity = try row.next(CodingKeys.quantity)
        unit = try row.next(CodingKeys.unit)
        quantityLeft = try row.next(CodingKeys.quantityLeft)
        purchasedOn = try row.next(CodingKeys.purchasedOn)
        bestBefore = try row.next(CodingKeys.bestBefore)
        opened = try row.next(CodingKeys.opened)
        priceMinor = try row.next(CodingKeys.priceMinor)
        currency = try row.next(CodingKeys.currency)
        store = try row.next(CodingKeys.store)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    init(_ l: StockLot) {
        id = l.id
        itemId = l.itemId
        purchaseId = l.purchaseId
        quantity = l.initialQuantity.amount
        unit = l.initialQuantity.unit.storageText
        quantityLeft = l.left
        purchasedOn = SQLText.date(l.purchasedOn)
        bestBefore = l.bestBefore.map(SQLText.date)
        opened = l.opened
        priceMinor = l.price?.minorUnits
        currency = (l.price?.currency ?? .default).code
        store = l.store
        source = l.provenance.source
        externalId = l.provenance.externalId
    }

    func lot() throws -> StockLot {
        StockLot(
            id: id, itemId: itemId, purchaseId: purchaseId,
            initialQuantity: PantryQuantity(quantity, try StoreConnection.pantryUnit(unit, column: "stock_lot.unit")),
            left: quantityLeft, purchasedOn: try SQLText.localDate(purchasedOn, column: "stock_lot.purchased_on"),
            bestBefore: try bestBefore.map { try SQLText.localDate($0, column: "stock_lot.best_before") }, opened: opened,
            price: StoreConnection.pantryMoney(priceMinor, code: currency), store: store,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A row of `stock_use`.
struct StockUseRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "stock_use"

    var id: Int64?
    var lotId: Int64
    var date: String
    var amount: Double
    var kind: String
    var valueMinor: Int64?
    var currency: String
    var foodRecordId: Int64?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case lotId = "lot_id"
        case date, amount, kind
        case valueMinor = "value_minor"
        case currency
        case foodRecordId = "food_record_id"
        case source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        lotId = try row.next(CodingKeys.lotId)
        date = try row.next(CodingKeys.date)
        amount = try row.next(CodingKeys.amount)
        kind = try row.next(CodingKeys.kind)
        valueMinor = try row.next(CodingKeys.valueMinor)
        currency = try row.next(CodingKeys.currency)
        foodRecordId = try row.next(CodingKeys.foodRecordId)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    init(_ u: StockUse) {
        id = u.id
        lotId = u.lotId
        date = SQLText.date(u.date)
        amount = u.amount
        kind = u.kind.rawValue
        valueMinor = u.value?.minorUnits
        currency = (u.value?.currency ?? .default).code
        foodRecordId = u.foodRecordId
        source = u.provenance.source
        externalId = u.provenance.externalId
    }

    func use() throws -> StockUse {
        guard let useKind = StockUseKind(rawValue: kind) else { throw StoreError.invalidStoredValue(column: "stock_use.kind", value: kind) }
        return StockUse(
            id: id, lotId: lotId, date: try SQLText.localDate(date, column: "stock_use.date"), amount: amount, kind: useKind,
            value: StoreConnection.pantryMoney(valueMinor, code: currency), foodRecordId: foodRecordId,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A row of `shopping_list_item`. Every entry is on the one list (`list_id` 1, the column's
/// default), which `ensureList` makes.
struct ShoppingListItemRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "shopping_list_item"

    var id: Int64?
    var listId: Int64 = 1
    var itemId: Int64
    var quantity: Double?
    var unit: String?
    var store: String?
    var addedOn: String
    var boughtOn: String?
    var purchaseId: Int64?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case listId = "list_id"
        case itemId = "item_id"
        case quantity, unit, store
        case addedOn = "added_on"
        case boughtOn = "bought_on"
        case purchaseId = "purchase_id"
        case source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        listId = try row.next(CodingKeys.listId)
        itemId = try row.next(CodingKeys.itemId)
        quantity = try row.next(CodingKeys.quantity)
        unit = try row.next(CodingKeys.unit)
        store = try row.next(CodingKeys.store)
        addedOn = try row.next(CodingKeys.addedOn)
        boughtOn = try row.next(CodingKeys.boughtOn)
        purchaseId = try row.next(CodingKeys.purchaseId)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    /// What an entry's edit changes (not its list or provenance).
    static let editable: [CodingKeys] = [.itemId, .quantity, .unit, .store, .addedOn, .boughtOn, .purchaseId]

    init(_ e: ShoppingListItem) {
        id = e.id
        itemId = e.itemId
        quantity = e.quantity?.amount
        unit = e.quantity?.unit.storageText
        store = e.store
        addedOn = SQLText.date(e.addedOn)
        boughtOn = e.boughtOn.map(SQLText.date)
        purchaseId = e.purchaseId
        source = e.provenance.source
        externalId = e.provenance.externalId
    }

    func entry() throws -> ShoppingListItem {
        ShoppingListItem(
            id: id, itemId: itemId,
            quantity: try quantity.flatMap { a in
                try unit.map { PantryQuantity(a, try StoreConnection.pantryUnit($0, column: "shopping_list_item.unit")) }
            },
            store: store, addedOn: try SQLText.localDate(addedOn, column: "shopping_list_item.added_on"),
            boughtOn: try boughtOn.map { try SQLText.localDate($0, column: "shopping_list_item.bought_on") }, purchaseId: purchaseId,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// The one row of `budget` (id 1).
struct BudgetRow: StoredRow {
    static let databaseTableName = "budget"

    var id: Int64 = 1
    var periodKind: String
    var amountMinor: Int64
    var currency: String
    var setOn: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case periodKind = "period_kind"
        case amountMinor = "amount_minor"
        case currency
        case setOn = "set_on"
    }

    init(_ b: PantryBudget) {
        periodKind = b.period.rawValue
        amountMinor = b.amount.minorUnits
        currency = b.amount.currency.code
        setOn = SQLText.date(b.setOn)
    }

    func budget() throws -> PantryBudget {
        guard let kind = BudgetPeriodKind(rawValue: periodKind) else {
            throw StoreError.invalidStoredValue(column: "budget.period_kind", value: periodKind)
        }
        return PantryBudget(
            period: kind, amount: Money(minorUnits: amountMinor, currency: Currency.resolve(code: currency)),
            setOn: try SQLText.localDate(setOn, column: "budget.set_on"))
    }
}

extension ShoppingListItemRow {
    enum Columns {
        static let boughtOn = Column(CodingKeys.boughtOn)
        static let purchaseId = Column(CodingKeys.purchaseId)
    }
}
