/// "Close the gap" (issue 27 item 4, issue 43 item 4): for a nutrient under its goal over the last
/// week, the foods the user already eats (their log, and what is in the pantry) ranked by how much
/// of the gap a usual portion closes, with its kcal and, where the pantry knows a price, per unit
/// of money. Ranking per kcal put black coffee (1 % of calcium, 2 kcal) before Greek yogurt (41 %).
public enum CloseTheGap {
    /// A portion closing less than this share of the gap is not worth suggesting for it.
    public static let minimumShare = 0.10

    /// The days whose average sets the gap.
    public static let days = 7
    /// The log looked back on for foods the user eats.
    public static let historyDays = 90

    /// One food the user eats, per gram.
    public struct Food: Equatable, Sendable {
        public enum Origin: String, Sendable { case history, pantry }
        public var foodId: FoodID
        public var name: String
        public var origin: Origin
        public var nutrientPerGram: Double
        public var kcalPerGram: Double
        /// The portion the user usually eats: the median of the logged grams (100 g if never logged).
        public var usualGrams: Double
        /// The latest price paid per gram, in the pantry's currency; nil when unknown.
        public var pricePerGram: Double?

        public init(
            foodId: FoodID, name: String, origin: Origin, nutrientPerGram: Double, kcalPerGram: Double, usualGrams: Double,
            pricePerGram: Double? = nil
        ) {
            self.foodId = foodId
            self.name = name
            self.origin = origin
            self.nutrientPerGram = nutrientPerGram
            self.kcalPerGram = kcalPerGram
            self.usualGrams = usualGrams
            self.pricePerGram = pricePerGram
        }
    }

    /// A food's usual portion against the gap.
    public struct Suggestion: Equatable, Sendable {
        public var food: Food
        /// The nutrient in a usual portion.
        public var portionAmount: Double
        public var portionKcal: Double
        /// portionAmount ÷ gap (1 closes it; more is fine).
        public var gapShare: Double
        /// gapShare per unit of money the portion costs; nil without a price.
        public var sharePerMoney: Double?

        /// What ranks: the share of the gap closed, counted up to all of it (a portion closing it
        /// twice over is no better than one closing it).
        public var rankedShare: Double { min(gapShare, 1) }
    }

    /// The foods whose usual portion closes at least `minimumShare` of the gap, best first: most
    /// of the gap (up to all of it), then fewest kcal, then most of it per money, then by name.
    public static func rank(gap: Double, foods: [Food]) -> [Suggestion] {
        guard gap > 0, gap.isFinite else { return [] }
        let suggestions = foods.compactMap { food -> Suggestion? in
            guard food.nutrientPerGram > 0, food.usualGrams > 0, food.nutrientPerGram.isFinite else { return nil }
            let amount = food.nutrientPerGram * food.usualGrams
            let kcal = max(0, food.kcalPerGram * food.usualGrams)
            let share = amount / gap
            guard share >= minimumShare else { return nil }
            let cost = food.pricePerGram.map { $0 * food.usualGrams }
            return Suggestion(
                food: food, portionAmount: amount, portionKcal: kcal, gapShare: share,
                sharePerMoney: cost.flatMap { $0 > 0 ? share / $0 : nil })
        }
        return suggestions.sorted {
            if $0.rankedShare != $1.rankedShare { return $0.rankedShare > $1.rankedShare }
            if $0.portionKcal != $1.portionKcal { return $0.portionKcal < $1.portionKcal }
            if ($0.sharePerMoney ?? -1) != ($1.sharePerMoney ?? -1) { return ($0.sharePerMoney ?? -1) > ($1.sharePerMoney ?? -1) }
            return $0.food.name < $1.food.name
        }
    }

    /// The foods of the log: per gram from the entries that know the nutrient and their weight
    /// (`records` and `sources` of the same days, joined by entry id), the usual portion their
    /// median weight. Quick adds (no grams) are left out.
    public static func historyFoods(records: [FoodRecord], sources: [NutrientSource]) -> [Food] {
        let kcalByEntry = Dictionary(records.compactMap { r in r.id.map { ($0, r.kcal) } }, uniquingKeysWith: { a, _ in a })
        var sums: [FoodID: (name: String, nutrient: Double, kcal: Double, grams: Double, portions: [Double])] = [:]
        for source in sources {
            guard let grams = source.grams, grams > 0, let amount = source.amount, let kcal = kcalByEntry[source.entryId] else { continue }
            var sum = sums[source.foodId] ?? (source.foodName, 0, 0, 0, [])
            sum.nutrient += amount
            sum.kcal += kcal
            sum.grams += grams
            sum.portions.append(grams)
            sums[source.foodId] = sum
        }
        return sums.map { id, s in
            Food(
                foodId: id, name: s.name, origin: .history, nutrientPerGram: s.nutrient / s.grams, kcalPerGram: s.kcal / s.grams,
                usualGrams: median(s.portions))
        }
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 100 }
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// The foods of the items with stock left (the pantry's lots), by id.
    public static func stockedFoodIds(items: [GroceryItem], lots: [StockLot]) -> Set<FoodID> {
        let stockedItems = Set(lots.filter { !$0.isEmpty }.map(\.itemId))
        return Set(items.compactMap { item in item.id.flatMap { stockedItems.contains($0) ? item.foodId : nil } })
    }

    /// Pantry foods never logged, per gram from the food's own values (unknown: left out, never 0),
    /// with a usual portion of 100 g since none was ever eaten.
    public static func pantryFoods(_ foods: [BodiiDomain.Food], key: NutrientKey) -> [Food] {
        foods.compactMap { food in
            guard let amount = food.per100g[key] else { return nil }
            return Food(
                foodId: food.id, name: food.name, origin: .pantry, nutrientPerGram: amount / 100, kcalPerGram: food.per100g.kcal / 100,
                usualGrams: median([]))
        }
    }

    /// Adds the latest price per gram from purchases (`Purchase.price` over `Purchase.grams`).
    public static func priced(_ foods: [Food], purchases: [FoodID: Purchase]) -> [Food] {
        foods.map { food in
            var food = food
            if let p = purchases[food.foodId], let price = p.price, let grams = p.grams, grams > 0 {
                food.pricePerGram = price.mainUnits / grams
            }
            return food
        }
    }
}
