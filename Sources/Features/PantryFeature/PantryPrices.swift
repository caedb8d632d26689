import BodiiDomain

/// One item of the Prices view: its latest priced purchase and that purchase's unit prices.
public struct PriceLine: Equatable, Sendable {
    public var item: GroceryItem
    public var latest: Purchase
    public var prices: UnitPrices
}

/// What the Prices view shows: this week's and this month's money, the latest price paid for
/// each item in the last `days`, the cheapest protein and energy bought then, and the selected
/// item's whole history. Read in two steps (`readMoney`, then `readTable` once the items' foods
/// are loaded), so the tab can take the budget from the first.
public struct PantryPrices {
    /// How far back the Prices view reads purchases for its table and the cheapest buys.
    public static let days = 90

    public private(set) var week: BudgetStatus?
    public private(set) var month: BudgetStatus?
    public private(set) var lines: [PriceLine] = []
    /// The selected price line's whole history, by date.
    public private(set) var history: [Purchase] = []
    public private(set) var cheapest: (protein: (purchase: Purchase, price: Money)?, energy: (purchase: Purchase, price: Money)?) = (
        nil, nil
    )

    /// Reads this week's and this month's money; the purchases of the last `days`, for `readTable`.
    mutating func readMoney(
        _ budget: PantryBudget?, from source: any PantryRepository, today: LocalDate, weekStart: WeekStart, currency: Currency
    ) throws -> [Purchase] {
        let w = BudgetPeriod(.week, containing: today, weekStart: weekStart),
            m = BudgetPeriod(.month, containing: today, weekStart: weekStart)
        let start = min(w.start, m.start, today.adding(days: 1 - Self.days))
        let purchases = try source.purchases(in: DateRange(start: start, end: max(w.end, m.end)))
        let uses = try source.stockUses(in: DateRange(start: min(w.start, m.start), end: max(w.end, m.end)))
        week = BudgetStatus(
            budget: budget, kind: .week, today: today, purchases: purchases, uses: uses, currency: currency, weekStart: weekStart)
        month = BudgetStatus(
            budget: budget, kind: .month, today: today, purchases: purchases, uses: uses, currency: currency, weekStart: weekStart)
        return purchases.filter { $0.date >= today.adding(days: 1 - Self.days) && $0.date <= today }
    }

    /// Reads the table from `recent` (what `readMoney` returned), the cheapest buys among them,
    /// and the history of the item on `selectedRow`.
    mutating func readTable(
        _ recent: [Purchase], items: [GroceryItem], foods: [FoodID: Food], selectedRow: Int, from source: any PantryRepository
    ) throws {
        lines = Self.table(recent, items: items, foods: foods)
        cheapest = PriceBook.cheapest(recent, items: items, foods: foods)
        let row = min(selectedRow, max(0, lines.count - 1))
        history = try lines.indices.contains(row) ? lines[row].item.id.map { try source.purchases(itemId: $0) } ?? [] : []
    }

    /// The latest priced purchase of each item bought in the window, cheapest per kg first
    /// within nothing: by name, so the list reads like the stock.
    private static func table(_ purchases: [Purchase], items: [GroceryItem], foods: [FoodID: Food]) -> [PriceLine] {
        var latest: [Int64: Purchase] = [:]
        for p in purchases where p.price != nil { latest[p.itemId] = p }
        return items.compactMap { item in
            guard let id = item.id, let p = latest[id] else { return nil }
            return PriceLine(item: item, latest: p, prices: UnitPrices(p, food: item.foodId.flatMap { foods[$0] }))
        }
    }
}
