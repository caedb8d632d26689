import BodiiDomain

// The planner's inputs from the user's own history: usual amounts from the last 28 days of the
// food log, prices from purchases (median per 100 g of the most recent, at the chosen store when
// it has any), the unit each food is bought in, and the stock lots not yet expired.

/// What 100 g of a food costs, in minor units, and how many purchases that is the median of.
public struct MedianPrice: Equatable, Sendable {
    public var per100g: Double
    public var purchases: Int
}

public enum PlanHistory {
    /// Grams a day of each food, over the days in `records` that have any entry (a day not logged
    /// says nothing about what was eaten).
    public static func usualGramsPerDay(_ records: [FoodRecord]) -> [FoodID: Double] {
        let days = Set(records.map(\.date)).count
        guard days > 0 else { return [:] }
        var grams: [FoodID: Double] = [:]
        for r in records { if let g = r.grams, g.isFinite, g > 0 { grams[r.foodId, default: 0] += g } }
        return grams.mapValues { $0 / Double(days) }
    }

    /// The median price per 100 g of the newest `PlanRules.priceWindow` priced, weighed purchases
    /// in `currency`, at `store` when it has any, else anywhere. Nil without one.
    public static func price(_ history: [Purchase], store: String?, currency: Currency) -> MedianPrice? {
        let priced = history.filter { p in
            guard let price = p.price, price.currency.code == currency.code, let g = p.grams, g > 0 else { return false }
            return true
        }
        let atStore = store.map { s in priced.filter { $0.store?.lowercased() == s.lowercased() } } ?? []
        let chosen = (atStore.isEmpty ? priced : atStore).sorted { ($0.date, $0.id ?? 0) > ($1.date, $1.id ?? 0) }
            .prefix(PlanRules.priceWindow)
        let per100 = chosen.compactMap { p in p.price.flatMap { m in p.grams.map { Double(m.minorUnits) * 100 / $0 } } }.sorted()
        guard !per100.isEmpty else { return nil }
        let mid = per100.count / 2
        let median = per100.count % 2 == 1 ? per100[mid] : (per100[mid - 1] + per100[mid]) / 2
        return MedianPrice(per100g: median, purchases: per100.count)
    }

    /// The pack of the newest purchase that could be weighed: one piece or measure of it, or the
    /// whole amount bought by weight or volume (500 g bought is a 500 g pack).
    public static func buyUnit(_ history: [Purchase]) -> BuyUnit? {
        guard
            let last = history.filter({ ($0.grams ?? 0) > 0 && $0.quantity.amount > 0 }).max(by: {
                ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0)
            }),
            let grams = last.grams
        else { return nil }
        switch last.quantity.unit {
        case .grams, .millilitres: return BuyUnit(unit: last.quantity.unit, grams: grams, amount: last.quantity.amount)
        default: return BuyUnit(unit: last.quantity.unit, grams: grams / last.quantity.amount)
        }
    }

    /// The currency the plan prices in: the configured one when a priced purchase of the past year
    /// is in it, else the one most of the priced purchases are in (ties: the alphabetically first
    /// code). Prices of two currencies are never summed: the others are left out.
    public static func priceCurrency(_ purchases: [Purchase], configured: Currency) -> Currency {
        let codes = purchases.compactMap { $0.price?.currency }
        if codes.isEmpty || codes.contains(where: { $0.code == configured.code }) { return configured }
        let counts = Dictionary(grouping: codes, by: \.code)
        let best = counts.max { a, b in a.value.count != b.value.count ? a.value.count < b.value.count : a.key > b.key }
        return best?.value.first ?? configured
    }

    /// The candidates: every catalog food eaten in `records`, in stock, bought before or in a
    /// candidate meal (`mealFoods`), with its typical portion (`UsualPortion`). Lots are
    /// weighed through the food's measures; expired lots and those that cannot be weighed are left out.
    public static func candidates(
        foods: [FoodID: Food], items: [GroceryItem], purchases: [Purchase], lots: [StockLot], records: [FoodRecord],
        today: LocalDate, store: String?, currency: Currency, mealFoods: Set<FoodID> = [], recipes: [FoodID: Recipe] = [:]
    ) -> [PlanCandidate] {
        // A recipe eaten is its ingredients eaten: the plan buys those.
        let usual = usualGramsPerDay(records).reduce(into: [FoodID: Double]()) { sum, entry in
            for (id, g) in PlanMealSources.expand(entry.key, grams: entry.value, recipes: recipes) { sum[id, default: 0] += g }
        }
        let itemOfFood = Dictionary(
            items.compactMap { i in i.foodId.flatMap { f in i.id.map { (f, $0) } } }, uniquingKeysWith: { a, _ in a })
        let purchasesOfItem = Dictionary(grouping: purchases, by: \.itemId)
        let lotsOfItem = Dictionary(grouping: lots, by: \.itemId)
        let ids = Set(usual.keys).union(itemOfFood.keys).union(mealFoods).filter { foods[$0] != nil }
        return ids.sorted { $0.rawValue < $1.rawValue }.compactMap { id in
            guard let food = foods[id] else { return nil }
            let itemId = itemOfFood[id]
            let history = itemId.flatMap { purchasesOfItem[$0] } ?? []
            let planLots = (itemId.flatMap { lotsOfItem[$0] } ?? []).compactMap { lot -> PlanLot? in
                let days = lot.daysLeft(today: today)
                guard !lot.isEmpty, (days ?? 0) >= 0, let g = PantryUnits.grams(lot.leftQuantity, food: food), g >= 1 else { return nil }
                return PlanLot(grams: g, daysLeft: days, bestBefore: lot.bestBefore)
            }.sorted { ($0.daysLeft ?? Int.max) < ($1.daysLeft ?? Int.max) }
            let price = self.price(history, store: store, currency: currency)
            let unit = buyUnit(history)
            let atStore = store.flatMap { s in
                history.contains { $0.price?.currency.code == currency.code && $0.store?.lowercased() == s.lowercased() } ? s : nil
            }
            var candidate = PlanCandidate(
                foodId: id, name: food.name, per100g: food.per100g, usualGramsPerDay: usual[id] ?? 0, lots: planLots,
                pricePer100g: price?.per100g, pricedPurchases: price?.purchases ?? 0, buyUnit: unit,
                minimumGrams: min(
                    max(unit.map { $0.unit == .grams || $0.unit == .millilitres ? 0 : $0.grams } ?? 0, PlanRules.defaultMinimumGrams), 500))
            candidate.priceStore = price == nil ? nil : atStore
            candidate.portionGrams = UsualPortion.portion(for: food).grams
            return candidate
        }
    }
}
