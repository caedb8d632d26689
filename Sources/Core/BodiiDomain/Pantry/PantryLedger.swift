import Foundation

// The pantry's figures (PRODUCT.md §10), each computed once here and read by the tab, the
// dashboard, the CLI and `today`: first-expiring-first takes, "use soon", expected prices,
// prices per kg / kcal / protein, the budget, waste, and what a logged day of eating cost.

// MARK: - Taking from stock

public enum StockPlan {
    /// The order stock is taken in: opened lots first, then the one that expires first (lots
    /// without a best-before last), then the oldest purchase, then the first recorded.
    public static func takingOrder(_ lots: [StockLot]) -> [StockLot] {
        lots.filter { !$0.isEmpty }.sorted { a, b in
            if a.opened != b.opened { return a.opened }
            switch (a.bestBefore, b.bestBefore) {
            case (let x?, let y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: break
            }
            if a.purchasedOn != b.purchasedOn { return a.purchasedOn < b.purchasedOn }
            return (a.id ?? .max) < (b.id ?? .max)
        }
    }

    /// The takes that remove `quantity` from an item's `lots` (first-expiring-first), each in its
    /// lot's unit, with its share of the lot's price. A lot whose unit cannot be converted from
    /// the request's (a piece of a free name against grams) is skipped. Throws when the lots that
    /// can be counted hold less than asked, naming how much there is.
    /// With `preferring`, that lot is taken from first (the one a person picked from the list),
    /// the rest first-expiring-first.
    public static func take(
        _ quantity: PantryQuantity, from lots: [StockLot], food: Food?, kind: StockUseKind, on date: LocalDate,
        preferring preferredLotId: Int64? = nil, field: String = "quantity"
    ) throws(ValidationError) -> [StockUse] {
        var wanted = quantity.amount  // in the request's unit
        var uses: [StockUse] = []
        var available = 0.0
        var ordered = takingOrder(lots)
        if let preferredLotId, let index = ordered.firstIndex(where: { $0.id == preferredLotId }) {
            ordered.insert(ordered.remove(at: index), at: 0)
        }
        for lot in ordered {
            guard let lotId = lot.id,
                let perLotUnit = PantryUnits.convert(PantryQuantity(1, lot.initialQuantity.unit), to: quantity.unit, food: food),
                perLotUnit > 0
            else { continue }
            let lotInRequestUnits = lot.left * perLotUnit
            available += lotInRequestUnits
            guard wanted > 1e-9 else { continue }
            let takeInRequest = min(wanted, lotInRequestUnits)
            // A take that empties the lot takes exactly what is left (no rounding crumbs).
            let amount = takeInRequest >= lotInRequestUnits - 1e-9 ? lot.left : takeInRequest / perLotUnit
            uses.append(StockUse(lotId: lotId, date: date, amount: amount, kind: kind, value: lot.value(of: amount)))
            wanted -= takeInRequest
        }
        guard wanted <= 1e-9 else {
            let unitLabel = PantryQuantity(available, quantity.unit).label
            throw ValidationError(
                field: field, value: DecimalText.format(quantity.amount, decimals: 2),
                allowed: available > 0 ? "up to \(unitLabel) (what is in stock)" : "none: nothing of it is in stock",
                problem: .outOfRange)
        }
        return uses
    }
}

// MARK: - Stock at a glance

/// One lot as the stock list shows it.
public struct StockRow: Equatable, Sendable {
    public var lot: StockLot
    public var item: GroceryItem
    /// Days until best-before: 0 today, negative expired, nil without a date.
    public var daysLeft: Int?
    public var useSoon: Bool
    public var expired: Bool

    public init(lot: StockLot, item: GroceryItem, daysLeft: Int?, useSoon: Bool, expired: Bool) {
        self.lot = lot
        self.item = item
        self.daysLeft = daysLeft
        self.useSoon = useSoon
        self.expired = expired
    }
}

public enum StockOverview {
    /// "Use soon" is 3 days or fewer by default (expired included).
    public static let defaultUseSoonDays = 3

    /// The lots with stock left, use-soon first (expired ones, then by days left), then the rest
    /// by name and best-before. `soonDays` limits the list to use-soon lots when given.
    public static func rows(
        _ snapshot: PantrySnapshot, today: LocalDate, useSoonDays: Int = defaultUseSoonDays,
        onlyWithin soonDays: Int? = nil
    ) -> [StockRow] {
        var itemsById: [Int64: GroceryItem] = [:]
        for item in snapshot.items { if let id = item.id { itemsById[id] = item } }
        let threshold = soonDays ?? useSoonDays
        var rows: [StockRow] = []
        for lot in snapshot.lots where !lot.isEmpty {
            guard let item = itemsById[lot.itemId] else { continue }
            let days = lot.daysLeft(today: today)
            let soon = days.map { $0 <= threshold } ?? false
            if soonDays != nil, !soon { continue }
            rows.append(StockRow(lot: lot, item: item, daysLeft: days, useSoon: soon, expired: (days ?? 0) < 0))
        }
        return rows.sorted { a, b in
            if a.useSoon != b.useSoon { return a.useSoon }
            if a.useSoon, let x = a.daysLeft, let y = b.daysLeft, x != y { return x < y }
            let na = a.item.name.lowercased(), nb = b.item.name.lowercased()
            if na != nb { return na < nb }
            return StockPlan.takingOrder([a.lot, b.lot]).first?.id == a.lot.id
        }
    }

    /// Items under their minimum stock (counted in the minimum's unit, through the food's
    /// measures), for the shopping list. `foods` holds the catalog foods of the items.
    public static func belowMinimum(_ snapshot: PantrySnapshot, foods: [FoodID: Food]) -> [GroceryItem] {
        snapshot.items.filter { item in
            guard let minimum = item.minimumStock, let id = item.id else { return false }
            let food = item.foodId.flatMap { foods[$0] }
            let held = snapshot.lots.filter { $0.itemId == id }.reduce(0.0) { sum, lot in
                sum + (PantryUnits.convert(lot.leftQuantity, to: minimum.unit, food: food) ?? 0)
            }
            return held < minimum.amount
        }
    }
}

// MARK: - Prices

/// Prices of one purchase per amount and per nutrient, from the catalog food's values per 100 g.
public struct UnitPrices: Equatable, Sendable {
    public var perKg: Money?
    public var per100g: Money?
    public var per1000kcal: Money?
    public var per10gProtein: Money?

    /// Nil parts when the purchase has no price, cannot be weighed, or the food has none of that
    /// nutrient. Worked example (tested): 1 kg of chicken breast at €8.99, 120 kcal and 22.5 g
    /// protein per 100 g: €8.99/kg, €0.90/100 g, €7.49/1000 kcal (8.99 / 1.2), €0.40/10 g protein
    /// (8.99 / 22.5).
    public init(_ purchase: Purchase, food: Food?) {
        guard let price = purchase.price, let grams = purchase.grams, grams > 0 else { return }
        perKg = price.scaled(by: 1000, over: grams)
        per100g = price.scaled(by: 100, over: grams)
        guard let n = food?.per100g else { return }
        let kcal = n.kcal * grams / 100, protein = n.proteinG * grams / 100
        if kcal > 0 { per1000kcal = price.scaled(by: 1000, over: kcal) }
        if protein > 0 { per10gProtein = price.scaled(by: 10, over: protein) }
    }
}

public enum PriceBook {
    /// What `quantity` of an item is expected to cost: the last price paid for it at `store`,
    /// else the last price paid anywhere; scaled to `quantity` when the units convert (through the
    /// food's measures), the last purchase's price as it is otherwise. `history` is the item's
    /// purchases in date order.
    public static func expectedPrice(history: [Purchase], quantity: PantryQuantity?, store: String?, food: Food?) -> Money? {
        let priced = history.filter { $0.price != nil }
        let atStore = store.flatMap { s in priced.last { $0.store?.lowercased() == s.lowercased() } }
        guard let last = atStore ?? priced.last, let price = last.price else { return nil }
        guard let quantity, let amountInLastUnit = PantryUnits.convert(quantity, to: last.quantity.unit, food: food) else { return price }
        return price.scaled(by: amountInLastUnit, over: last.quantity.amount) ?? price
    }

    /// The purchase that gave the cheapest protein (per 10 g) and the cheapest energy (per 1000
    /// kcal) among `purchases`.
    public static func cheapest(_ purchases: [Purchase], items: [GroceryItem], foods: [FoodID: Food])
        -> (protein: (purchase: Purchase, price: Money)?, energy: (purchase: Purchase, price: Money)?)
    {
        var protein: (purchase: Purchase, price: Money)?
        var energy: (purchase: Purchase, price: Money)?
        var foodOfItem: [Int64: Food] = [:]
        for item in items { if let id = item.id, let f = item.foodId.flatMap({ foods[$0] }) { foodOfItem[id] = f } }
        for purchase in purchases {
            guard let food = foodOfItem[purchase.itemId] else { continue }
            let prices = UnitPrices(purchase, food: food)
            if let p = prices.per10gProtein, protein.map({ p < $0.price }) ?? true { protein = (purchase, p) }
            if let e = prices.per1000kcal, energy.map({ e < $0.price }) ?? true { energy = (purchase, e) }
        }
        return (protein, energy)
    }
}

// MARK: - Budget

/// A budget period's money: what was budgeted, spent (every priced purchase dated in it, from
/// `shop buy` or `pantry add`), left (negative when over), and wasted (the price share of what
/// was thrown away in it).
public struct BudgetStatus: Equatable, Sendable {
    public var period: BudgetPeriod
    public var budget: Money?
    public var spent: Money
    public var left: Money?
    public var waste: Money

    public init(
        budget: PantryBudget?, kind: BudgetPeriodKind? = nil, today: LocalDate, purchases: [Purchase], uses: [StockUse],
        currency: Currency = .default, weekStart: WeekStart
    ) {
        let period = BudgetPeriod(kind ?? budget?.period ?? .week, containing: today, weekStart: weekStart)
        self.period = period
        let spending = Spending(range: period.range, purchases: purchases, uses: uses, currency: budget?.amount.currency ?? currency)
        spent = spending.spent
        waste = spending.waste
        // A weekly budget read for a month (or the other way) is not that period's budget.
        self.budget = budget.flatMap { $0.period == period.kind ? $0.amount : nil }
        left = self.budget.map { $0 - spent }
    }

    /// The shopping list's expected total against what is left: negative when the list would go over.
    public func leftAfter(listTotal: Money) -> Money? { left.map { $0 - listTotal } }
}

/// Money spent (every priced purchase dated in a range) and wasted (the price share of what was
/// thrown away in it), in one currency: amounts in another are left out, never converted. The
/// budget and the Review's groceries both count with it.
public struct Spending: Equatable, Sendable {
    public var spent: Money
    public var waste: Money

    public init(range: DateRange, purchases: [Purchase], uses: [StockUse], currency: Currency) {
        let same = { (m: Money?) -> Int64 in m.flatMap { $0.currency.code == currency.code ? $0.minorUnits : nil } ?? 0 }
        spent = Money(minorUnits: purchases.filter { range.contains($0.date) }.reduce(0) { $0 + same($1.price) }, currency: currency)
        waste = Money(
            minorUnits: uses.filter { $0.kind == .waste && range.contains($0.date) }.reduce(0) { $0 + same($1.value) },
            currency: currency)
    }
}

/// A period's groceries for the Review (PRODUCT.md §10, "Beyond"): what was spent and wasted, and
/// the cheapest protein and energy bought in it, from the catalog's nutrition.
public struct GrocerySummary: Equatable, Sendable {
    /// A purchase's item and its price per 10 g protein or per 1000 kcal.
    public struct CheapestBuy: Equatable, Sendable {
        public var name: String
        public var price: Money
    }

    public var spending: Spending
    public var purchases: Int
    public var cheapestProtein: CheapestBuy?
    public var cheapestEnergy: CheapestBuy?

    public typealias Source = PantryRepository & FoodCatalogRepository

    /// nil when nothing was bought or thrown away in `range`. Counted in the budget's currency,
    /// else that of the newest price (as a day's cost is).
    public static func load(range: DateRange, source: any Source) throws -> GrocerySummary? {
        let purchases = try source.purchases(in: range)
        let uses = try source.stockUses(in: range)
        guard !purchases.isEmpty || uses.contains(where: { $0.kind == .waste }) else { return nil }
        let newest = purchases.filter { $0.price != nil }.max { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
        let currency = try source.pantryBudget()?.amount.currency ?? newest?.price?.currency ?? .default
        let bought = Set(purchases.map(\.itemId))
        let items = try source.groceryItems().filter { $0.id.map(bought.contains) == true }
        var foods: [FoodID: Food] = [:]
        for id in Set(items.compactMap(\.foodId)) { foods[id] = try source.food(id: id) }
        let names = Dictionary(items.compactMap { item in item.id.map { ($0, item.name) } }, uniquingKeysWith: { first, _ in first })
        let cheapest = PriceBook.cheapest(purchases.filter { $0.price?.currency.code == currency.code }, items: items, foods: foods)
        func buy(_ found: (purchase: Purchase, price: Money)?) -> CheapestBuy? {
            found.map { CheapestBuy(name: names[$0.purchase.itemId] ?? "?", price: $0.price) }
        }
        return GrocerySummary(
            spending: Spending(range: range, purchases: purchases, uses: uses, currency: currency), purchases: purchases.count,
            cheapestProtein: buy(cheapest.protein), cheapestEnergy: buy(cheapest.energy))
    }
}

// MARK: - What a day of eating cost

/// The cost of a logged day. Rule: each food log entry costs its grams × the price per gram of
/// that food's latest purchase on or before the day that has both a price and a weight (the price
/// a person last paid); the entries' exact costs are summed and the sum rounded once, half away
/// from zero, to the minor unit (issue 23 #24: rounding each entry first made €8.81 of €8.80). An entry
/// whose food was never bought (or bought without price or weight) is unpriced; `knownShare` is
/// the share of the day's kcal that is priced (nil when the day has no kcal), and `amount` is
/// nil when no entry is priced. The day is counted in the currency of the newest of those prices
/// (what the person pays in now, whatever the setting was when older ones were paid); entries
/// priced in another currency count as unpriced, never converted. `currency` is only the fallback
/// for a day with no price at all.
public struct DayCost: Equatable, Sendable {
    public var amount: Money?
    public var currency: Currency
    public var knownShare: Double?
    public var pricedEntries: Int
    public var entries: Int

    public init(records: [FoodRecord], latestPurchases: [FoodID: Purchase], currency fallback: Currency = .default) {
        let newest = latestPurchases.values.filter { $0.price != nil }.max { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
        let currency = newest?.price?.currency ?? fallback
        self.currency = currency
        entries = records.count
        var exactMinor = 0.0, priced = 0, pricedKcal = 0.0, allKcal = 0.0
        for record in records {
            allKcal += record.kcal
            guard let purchase = latestPurchases[record.foodId], let price = purchase.price, price.currency.code == currency.code,
                let grams = purchase.grams, grams > 0, let eaten = record.grams, eaten.isFinite, eaten >= 0
            else { continue }
            exactMinor += Double(price.minorUnits) * eaten / grams
            priced += 1
            pricedKcal += record.kcal
        }
        pricedEntries = priced
        amount = priced > 0 ? Money(minorUnits: 1, currency: currency).scaled(by: exactMinor, over: 1) : nil
        knownShare = allKcal > 0 ? pricedKcal / allKcal : (records.isEmpty ? nil : (priced == records.count ? 1 : 0))
    }

    /// "€2.13 (53 % of kcal priced)", "€2.13" when all is priced; nil when nothing is.
    public var label: String? {
        guard let amount else { return nil }
        guard let share = knownShare, share < 0.995 else { return amount.formatted }
        return "\(amount.formatted) (\(WholeNumber.text((share * 100))) % of kcal priced)"
    }

    /// Reads what it needs through the ports: the day's log and its foods' prices.
    public static func load(
        on date: LocalDate, from source: any FoodLogRepository & PantryRepository,
        currency: Currency = .default
    ) throws -> DayCost {
        let records = try source.foodRecords(in: DateRange(start: date, end: date))
        let prices = records.isEmpty ? [:] : try source.latestPricedPurchases(foodIds: Set(records.map(\.foodId)), onOrBefore: date)
        return DayCost(records: records, latestPurchases: prices, currency: currency)
    }
}

// MARK: - Input

/// Checks on what a person types for the pantry (CLI and forms say the same thing).
public enum PantryInput {
    public static let nameLength: ClosedRange<Int> = 1...80

    /// An item's free name or a store: trimmed, no control characters, 1–80 characters.
    public static func name(_ text: String, field: String = "name") throws(ValidationError) -> String {
        try Validation.name(text, field: field, length: nameLength)
    }

    /// A best-before date: today up to 10 years ahead (a date already past is refused: that lot
    /// would be wasted the moment it is added).
    public static func bestBefore(_ text: String, today: LocalDate, field: String = "best-before") throws(ValidationError) -> LocalDate {
        let last = today.adding(days: GroceryItem.shelfLifeRange.upperBound)
        let allowed = "a date as YYYY-MM-DD from \(today.iso) to \(last.iso)"
        let date = try Validation.isoDate(text, field: field, allowed: allowed)
        guard date >= today, date <= last else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return date
    }

    /// The "use soon" window: 0–365 days.
    public static func soonDays(_ text: String, field: String = "soon") throws(ValidationError) -> Int {
        try Validation.integer(text, field: field, range: 0...365, unit: "days")
    }
}
