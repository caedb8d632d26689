import Foundation

// The pantry's use cases (PRODUCT.md §10), shared by the CLI and the Pantry tab: buying into
// stock, using and wasting, the shopping list with expected prices, and the budget.

/// A shopping list entry with what it is expected to cost.
public struct ShoppingLine: Equatable, Sendable {
    public var entry: ShoppingListItem
    public var item: GroceryItem
    public var expectedPrice: Money?

    public init(entry: ShoppingListItem, item: GroceryItem, expectedPrice: Money?) {
        self.entry = entry
        self.item = item
        self.expectedPrice = expectedPrice
    }
}

/// The open shopping list against the budget: `total` sums the expected prices that are known.
public struct ShoppingOverview: Equatable, Sendable {
    public var lines: [ShoppingLine]
    public var total: Money
    public var budget: BudgetStatus

    public init(lines: [ShoppingLine], total: Money, budget: BudgetStatus) {
        self.lines = lines
        self.total = total
        self.budget = budget
    }
    /// What would be left of the budget after buying the list; nil without a budget.
    public var leftAfterList: Money? { budget.leftAfter(listTotal: total) }
}

public struct PantryBook {
    public let repository: any PantryRepository & FoodCatalogRepository
    public var currency: Currency
    public var weekStart: WeekStart

    public init(repository: any PantryRepository & FoodCatalogRepository, currency: Currency = .default, weekStart: WeekStart) {
        self.repository = repository
        self.currency = currency
        self.weekStart = weekStart
    }

    /// The catalog food of an item, with its measures; nil for a free name.
    public func food(of item: GroceryItem) throws -> Food? {
        try item.foodId.flatMap { try repository.food(id: $0) }
    }

    /// Buys `quantity` of an item into stock (`pantry add`, `shop buy`): one purchase (price
    /// history, spending) and one lot, in one transaction. The best-before defaults to the
    /// purchase date + the item's shelf life; the weight is worked out through the food's measures.
    /// An item without a shelf life learns it from the first best-before given, so the next lot
    /// defaults from it (the tab and `pantry add --best-before` alike).
    @discardableResult
    public func buy(
        _ item: GroceryItem, quantity: PantryQuantity, price: Money?, store: String?, bestBefore: LocalDate?, on date: LocalDate,
        shoppingListItemId: Int64? = nil, provenance: Provenance = .bodii
    ) throws -> (item: GroceryItem, purchase: Purchase, lot: StockLot) {
        let food = try food(of: item)
        let purchase = Purchase(
            itemId: item.id ?? 0, date: date, quantity: quantity, grams: PantryUnits.grams(quantity, food: food), price: price,
            store: store, provenance: provenance)
        let due = bestBefore ?? item.shelfLifeDays.map { date.adding(days: $0) }
        var saved = try repository.recordPurchase(purchase, item: item, bestBefore: due, shoppingListItemId: shoppingListItemId)
        if saved.item.shelfLifeDays == nil, let bestBefore, date.days(until: bestBefore) >= 1 {
            saved.item.shelfLifeDays = date.days(until: bestBefore)
            saved.item = try repository.saveGroceryItem(saved.item)
        }
        return saved
    }

    /// Takes back a purchase entered by mistake: lot `lotId` and its purchase go, so its price
    /// leaves the spending. Only a lot nothing was used or wasted from: after that, stock and waste
    /// would be rewritten. Nil when there is no such lot.
    public func removeMistake(lotId: Int64) throws -> RemovedPurchase? {
        guard let lot = try repository.stockLot(id: lotId) else { return nil }
        guard lot.isUntouched else {
            throw ValidationError(
                field: "lot", value: String(lotId),
                allowed: "a lot nothing was used or wasted from (this one was: waste what is left instead)", problem: .outOfRange)
        }
        return try repository.deleteLotAndPurchase(lotId: lotId)
    }

    /// Records a removed purchase again (`u` after `x`): the same item, quantity, price, store and
    /// best-before, checking its list entry off again. Returns it as stored (new ids).
    public func restore(_ removed: RemovedPurchase) throws -> RemovedPurchase {
        let lot = removed.lot
        var purchase =
            removed.purchase
            ?? Purchase(
                itemId: lot.itemId, date: lot.purchasedOn, quantity: lot.initialQuantity,
                price: lot.price, store: lot.store, provenance: lot.provenance)
        purchase.id = nil
        let saved = try repository.recordPurchase(
            purchase, item: removed.item, bestBefore: lot.bestBefore,
            shoppingListItemId: removed.shoppingListItemId)
        return RemovedPurchase(item: saved.item, lot: saved.lot, purchase: saved.purchase, shoppingListItemId: removed.shoppingListItemId)
    }

    /// Uses or wastes from the item of lot `lotId`: that lot first, then first-expiring-first;
    /// all that is left of the lot when `quantity` is nil. Throws `ValidationError` for an unknown or
    /// used-up lot and when there is not that much in stock (nothing is written).
    @discardableResult
    public func take(fromLot lotId: Int64, quantity: PantryQuantity?, kind: StockUseKind, on date: LocalDate) throws -> [StockUse] {
        guard let lot = try repository.stockLot(id: lotId), let item = try repository.groceryItem(id: lot.itemId) else {
            throw ValidationError(field: "lot", value: String(lotId), allowed: "a lot number from `bodii pantry list`", problem: .unknown)
        }
        guard !lot.isEmpty else {
            throw ValidationError(
                field: "lot", value: String(lotId), allowed: "a lot with stock left (this one is used up; see `bodii pantry list`)",
                problem: .outOfRange)
        }
        let lots = try repository.stockLots(itemId: lot.itemId)
        let uses = try StockPlan.take(
            quantity ?? lot.leftQuantity, from: lots, food: try food(of: item), kind: kind, on: date, preferring: lotId)
        try repository.applyStockUses(uses)
        return uses
    }

    /// The budget period holding `today` (the budget's own kind unless `kind` says), with what
    /// was spent and wasted in it.
    public func budgetStatus(today: LocalDate, kind: BudgetPeriodKind? = nil) throws -> BudgetStatus {
        let budget = try repository.pantryBudget()
        let period = BudgetPeriod(kind ?? budget?.period ?? .week, containing: today, weekStart: weekStart)
        return BudgetStatus(
            budget: budget, kind: period.kind, today: today, purchases: try repository.purchases(in: period.range),
            uses: try repository.stockUses(in: period.range), currency: currency, weekStart: weekStart)
    }

    /// The open list with expected prices (the last price paid at the entry's store, else
    /// anywhere, for the entry's quantity), its total and the budget.
    public func shoppingOverview(today: LocalDate) throws -> ShoppingOverview {
        let entries = try repository.shoppingListItems(includingBought: false)
        var lines: [ShoppingLine] = []
        var total = Money.zero(currency)
        for entry in entries {
            guard let item = try repository.groceryItem(id: entry.itemId) else { continue }
            let expected = PriceBook.expectedPrice(
                history: try repository.purchases(itemId: entry.itemId), quantity: entry.quantity, store: entry.store,
                food: try food(of: item))
            if let expected, expected.currency.code == currency.code { total = total + expected }
            lines.append(ShoppingLine(entry: entry, item: item, expectedPrice: expected))
        }
        return ShoppingOverview(lines: lines, total: total, budget: try budgetStatus(today: today))
    }

    /// The item for a catalog food (or a free name), made when there is none yet (not saved).
    public func item(for food: Food?, name: String) throws -> GroceryItem {
        if let found = try repository.groceryItem(foodId: food?.id, name: food?.name ?? name) { return found }
        return GroceryItem(name: String((food?.name ?? name).prefix(PantryInput.nameLength.upperBound)), foodId: food?.id)
    }

    /// Logging `record` takes its food from the pantry when the food's item has the switch on:
    /// its grams, first-expiring-first, as much as is in stock (logging never fails for want of
    /// stock; the pantry only drifts). Returns the takes, linked to the record; none when off.
    @discardableResult
    public func takeForLoggedFood(_ record: FoodRecord) throws -> [StockUse] {
        let uses = try plannedTakes(for: record)
        try repository.applyStockUses(uses)
        return uses
    }

    /// The takes logging `record` would make (see `takeForLoggedFood`), written by nothing: give
    /// them to `addFoodRecord(_:takingFromPantry:)` to log and take in one transaction.
    public func plannedTakes(for record: FoodRecord) throws -> [StockUse] {
        guard let item = try repository.groceryItem(foodId: record.foodId, name: record.foodName), item.takeFromPantryWhenLogging,
            let itemId = item.id
        else { return [] }
        let food = try food(of: item)
        let lots = try repository.stockLots(itemId: itemId)
        let available = lots.reduce(0.0) { $0 + (PantryUnits.convert($1.leftQuantity, to: .grams, food: food) ?? 0) }
        let grams = min(record.grams ?? 0, available)  // a quick add takes nothing
        guard grams > 0 else { return [] }
        var uses = try StockPlan.take(PantryQuantity(grams, .grams), from: lots, food: food, kind: .use, on: record.date)
        for i in uses.indices { uses[i].foodRecordId = record.id }
        return uses
    }
}
