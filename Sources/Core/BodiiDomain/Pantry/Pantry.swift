import Foundation

// The pantry's records (PRODUCT.md §10, schema v9): grocery items, purchases (the price history),
// stock lots, what was used or wasted from them, the shopping list and the budget.

/// Something bought: a catalog food (so its nutrition is known) or a free name.
public struct GroceryItem: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var name: String
    public var foodId: FoodID?
    /// Best-before of a new lot when none is given: purchase date + this many days.
    public var shelfLifeDays: Int?
    /// Logging this food takes it from the pantry. Off by default: stock drifts when not every use
    /// is logged, so a person turns it on per item.
    public var takeFromPantryWhenLogging: Bool
    /// Below this the item belongs on the shopping list.
    public var minimumStock: PantryQuantity?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, name: String, foodId: FoodID? = nil, shelfLifeDays: Int? = nil, takeFromPantryWhenLogging: Bool = false,
        minimumStock: PantryQuantity? = nil, provenance: Provenance = .bodii
    ) {
        self.id = id
        self.name = name
        self.foodId = foodId
        self.shelfLifeDays = shelfLifeDays
        self.takeFromPantryWhenLogging = takeFromPantryWhenLogging
        self.minimumStock = minimumStock
        self.provenance = provenance
    }

    /// The allowed shelf life: 1 day to 10 years.
    public static let shelfLifeRange: ClosedRange<Int> = 1...3650
}

/// One purchase of an item: the price history is these rows. `price` is what was paid for
/// `quantity` (nil when not known); `grams` is the quantity weighed through the food's measures
/// when it can be, kept so prices per kg need no catalog lookup.
public struct Purchase: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var itemId: Int64
    public var date: LocalDate
    public var quantity: PantryQuantity
    public var grams: Double?
    public var price: Money?
    public var store: String?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, itemId: Int64, date: LocalDate, quantity: PantryQuantity, grams: Double? = nil, price: Money? = nil,
        store: String? = nil, provenance: Provenance = .bodii
    ) {
        self.id = id
        self.itemId = itemId
        self.date = date
        self.quantity = quantity
        self.grams = grams
        self.price = price
        self.store = store
        self.provenance = provenance
    }
}

/// What one purchase put in stock and how much of it is left, in the purchase's unit.
public struct StockLot: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var itemId: Int64
    public var purchaseId: Int64?
    public var initialQuantity: PantryQuantity
    public var left: Double
    public var purchasedOn: LocalDate
    public var bestBefore: LocalDate?
    public var opened: Bool
    /// The purchase's price and store (for the lot's value and the stock list).
    public var price: Money?
    public var store: String?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, itemId: Int64, purchaseId: Int64? = nil, initialQuantity: PantryQuantity, left: Double? = nil,
        purchasedOn: LocalDate, bestBefore: LocalDate? = nil, opened: Bool = false, price: Money? = nil, store: String? = nil,
        provenance: Provenance = .bodii
    ) {
        self.id = id
        self.itemId = itemId
        self.purchaseId = purchaseId
        self.initialQuantity = initialQuantity
        self.left = left ?? initialQuantity.amount
        self.purchasedOn = purchasedOn
        self.bestBefore = bestBefore
        self.opened = opened
        self.price = price
        self.store = store
        self.provenance = provenance
    }

    public var leftQuantity: PantryQuantity { PantryQuantity(left, initialQuantity.unit) }
    /// Nothing used, wasted or opened yet: only such a lot can be taken back as a mistake.
    public var isUntouched: Bool { !opened && left >= initialQuantity.amount - 1e-9 }
    public var isEmpty: Bool { left <= 0 }

    /// Days until best-before (0 = today, negative = expired); nil without a date.
    public func daysLeft(today: LocalDate) -> Int? { bestBefore.map { today.days(until: $0) } }

    /// The part of the lot's price that `amount` (in the lot's unit) is worth.
    public func value(of amount: Double) -> Money? { price?.scaled(by: amount, over: initialQuantity.amount) }
}

/// A purchase entered by mistake, taken back with its untouched lot (`x` in the Pantry's stock):
/// what `u` needs to record it again.
public struct RemovedPurchase: Equatable, Sendable, Identifiable {
    public var item: GroceryItem
    public var lot: StockLot
    public var purchase: Purchase?
    /// The shopping list entry the purchase had checked off, open again.
    public var shoppingListItemId: Int64?
    public var id: Int64? { lot.id }

    public init(item: GroceryItem, lot: StockLot, purchase: Purchase?, shoppingListItemId: Int64?) {
        self.item = item
        self.lot = lot
        self.purchase = purchase
        self.shoppingListItemId = shoppingListItemId
    }
}

/// Taking from stock: eaten (used) or thrown away (wasted).
public enum StockUseKind: String, CaseIterable, Sendable { case use, waste }

/// One take from one lot; `value` is the share of the lot's price it was worth (waste in money).
public struct StockUse: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var lotId: Int64
    public var date: LocalDate
    public var amount: Double
    public var kind: StockUseKind
    public var value: Money?
    /// The food log entry that took it (when logging takes from the pantry).
    public var foodRecordId: Int64?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, lotId: Int64, date: LocalDate, amount: Double, kind: StockUseKind, value: Money? = nil,
        foodRecordId: Int64? = nil, provenance: Provenance = .bodii
    ) {
        self.id = id
        self.lotId = lotId
        self.date = date
        self.amount = amount
        self.kind = kind
        self.value = value
        self.foodRecordId = foodRecordId
        self.provenance = provenance
    }
}

/// An entry of the shopping list; bought once `boughtOn` is set (with the purchase it made).
public struct ShoppingListItem: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var itemId: Int64
    /// How much to buy; nil = "some" (the last quantity bought is expected).
    public var quantity: PantryQuantity?
    /// Where the user means to buy it: the expected price is the last one paid there.
    public var store: String?
    public var addedOn: LocalDate
    public var boughtOn: LocalDate?
    public var purchaseId: Int64?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, itemId: Int64, quantity: PantryQuantity? = nil, store: String? = nil, addedOn: LocalDate,
        boughtOn: LocalDate? = nil, purchaseId: Int64? = nil, provenance: Provenance = .bodii
    ) {
        self.id = id
        self.itemId = itemId
        self.quantity = quantity
        self.store = store
        self.addedOn = addedOn
        self.boughtOn = boughtOn
        self.purchaseId = purchaseId
        self.provenance = provenance
    }

    public var isBought: Bool { boughtOn != nil }
}

/// The grocery budget: an amount per week or per calendar month.
public struct PantryBudget: Equatable, Sendable {
    public var period: BudgetPeriodKind
    public var amount: Money
    public var setOn: LocalDate

    public init(period: BudgetPeriodKind, amount: Money, setOn: LocalDate) {
        self.period = period
        self.amount = amount
        self.setOn = setOn
    }
}

public enum BudgetPeriodKind: String, CaseIterable, Sendable { case week, month }

/// A budget week (7 days from the week start) or calendar month.
public struct BudgetPeriod: Hashable, Sendable, CustomStringConvertible {
    public let kind: BudgetPeriodKind
    public let start: LocalDate
    public let end: LocalDate

    /// Weeks start where the user's weeks do (`week_start` in the config file), like the Review's.
    public init(_ kind: BudgetPeriodKind, containing date: LocalDate, weekStart: WeekStart) {
        self.kind = kind
        switch kind {
        case .week:
            start = weekStart.firstDay(of: date)
            end = start.adding(days: 6)
        case .month:
            start = date.adding(days: 1 - date.day)
            end = start.adding(days: LocalDate.daysIn(month: start.month, year: start.year) - 1)
        }
    }

    public var range: DateRange { DateRange(start: start, end: end) }
    public var description: String { "\(kind.rawValue) \(start.iso)–\(end.iso)" }
}

/// What the pantry knows in one read: items, the lots with stock left, and the list.
public struct PantrySnapshot: Equatable, Sendable {
    public var items: [GroceryItem]
    public var lots: [StockLot]
    public var shoppingList: [ShoppingListItem]
    public var budget: PantryBudget?

    public init(items: [GroceryItem], lots: [StockLot], shoppingList: [ShoppingListItem], budget: PantryBudget?) {
        self.items = items
        self.lots = lots
        self.shoppingList = shoppingList
        self.budget = budget
    }

    public func item(id: Int64) -> GroceryItem? { items.first { $0.id == id } }
}

/// Pantry records written together (demo data, imports), with their ids set so lots, uses and
/// list entries can name the items and purchases they belong to.
public struct PantryBatch: Equatable, Sendable {
    public var items: [GroceryItem] = []
    public var purchases: [Purchase] = []
    public var lots: [StockLot] = []
    public var uses: [StockUse] = []
    public var shoppingList: [ShoppingListItem] = []
    public var budget: PantryBudget?

    public init() {}

    public var isEmpty: Bool {
        items.isEmpty && purchases.isEmpty && lots.isEmpty && uses.isEmpty && shoppingList.isEmpty && budget == nil
    }
}

/// The pantry's ports (BodiiStore/PantryStore.swift implements them). Every write is one transaction.
public typealias PantryRepository = PantryCatalogueRepository & PantryLedgerRepository & ShoppingListRepository

/// The pantry's catalogue: grocery items and their purchases (the prices).
public protocol PantryCatalogueRepository {
    /// Every grocery item, by name.
    func groceryItems() throws -> [GroceryItem]
    func groceryItem(id: Int64) throws -> GroceryItem?
    /// The item of a catalog food, or (with a nil food) of a free name, matched ignoring case.
    func groceryItem(foodId: FoodID?, name: String) throws -> GroceryItem?
    /// Inserts (nil id) or updates the item; returns it with its id.
    @discardableResult
    func saveGroceryItem(_ item: GroceryItem) throws -> GroceryItem

    /// Purchases of the period (all items), by date.
    func purchases(in range: DateRange) throws -> [Purchase]
    /// The price history of one item: every purchase, by date.
    func purchases(itemId: Int64) throws -> [Purchase]
    /// For each food, its latest purchase with a price and a weight on or before `date` (the
    /// price a logged day's cost is taken from; see `DayCost`).
    func latestPricedPurchases(foodIds: Set<FoodID>, onOrBefore date: LocalDate) throws -> [FoodID: Purchase]
}

/// The pantry's ledger: purchases put in stock as lots, and what is taken from them.
public protocol PantryLedgerRepository {
    /// Records a purchase and puts it in stock as a lot, in one transaction: the item is saved
    /// first when it has no id (or found by food id / name), and the shopping list entry (if any)
    /// is checked off. Returns what was written, with ids.
    func recordPurchase(_ purchase: Purchase, item: GroceryItem, bestBefore: LocalDate?, shoppingListItemId: Int64?) throws
        -> (item: GroceryItem, purchase: Purchase, lot: StockLot)
    /// Deletes lot `lotId` and the purchase that made it, in one transaction; a list entry it had
    /// checked off is open again. Nil when there is no such lot. (`PantryBook.removeMistake` checks
    /// the lot is untouched first.)
    func deleteLotAndPurchase(lotId: Int64) throws -> RemovedPurchase?
    /// Lots with stock left (every lot with `includingEmpty`), by purchase date.
    func stockLots(includingEmpty: Bool) throws -> [StockLot]
    func stockLot(id: Int64) throws -> StockLot?
    func stockLots(itemId: Int64) throws -> [StockLot]
    /// What a forecast needs of the lots (`ExpiryForecast`), by purchase date: the lots taken from
    /// within `range` (used up ones too), and the first lot of each item in each unit it was ever
    /// bought in. Not every lot of ten years, as every lot would be.
    func stockLots(takenFromIn range: DateRange) throws -> [StockLot]
    /// Takes from lots as `StockPlan` planned it, in one transaction: each lot's `left` goes down,
    /// a used lot counts as opened, and each take is recorded. Throws when a lot holds less than
    /// its take (nothing is written).
    func applyStockUses(_ uses: [StockUse]) throws
    func stockUses(in range: DateRange) throws -> [StockUse]
    /// Logs a food and takes it from the pantry in one transaction (`PantryBook.plannedTakes`):
    /// the record is added (its day's DailyLog refreshed) and each take is applied, linked to it.
    @discardableResult
    func addFoodRecord(_ record: FoodRecord, takingFromPantry uses: [StockUse]) throws -> FoodRecord

    /// Items, lots with stock left, the open shopping list and the budget in one read.
    func pantrySnapshot() throws -> PantrySnapshot
}

/// The shopping list and the pantry budget.
public protocol ShoppingListRepository {
    /// The shopping list: entries not bought yet (and bought ones too with `includingBought`),
    /// in the order they were added.
    func shoppingListItems(includingBought: Bool) throws -> [ShoppingListItem]
    @discardableResult
    func addShoppingListItem(_ entry: ShoppingListItem) throws -> ShoppingListItem
    func updateShoppingListItem(_ entry: ShoppingListItem) throws
    @discardableResult
    func deleteShoppingListItem(id: Int64) throws -> ShoppingListItem?

    func pantryBudget() throws -> PantryBudget?
    func setPantryBudget(_ budget: PantryBudget) throws
}
