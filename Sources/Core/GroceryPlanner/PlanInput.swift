import BodiiDomain

// What the grocery planner (PRODUCT.md §13) works from: candidate foods with their nutrients, the
// user's usual amounts, stock and prices, and the day's targets. Built from the user's history by
// `PlanHistory`; the tests and the benchmark build it directly.

/// What is left of one stock lot, in grams, and how many days until its best-before (nil: none).
public struct PlanLot: Equatable, Sendable {
    public var grams: Double
    public var daysLeft: Int?
    public var bestBefore: LocalDate?

    public init(grams: Double, daysLeft: Int?, bestBefore: LocalDate? = nil) {
        self.grams = grams
        self.daysLeft = daysLeft
        self.bestBefore = bestBefore
    }

    /// Goes off within a plan of `days` days: eaten before anything is bought (PRODUCT.md §13).
    public func expires(within days: Int) -> Bool { (daysLeft ?? Int.max) < days }
}

/// The pack a food is bought in (from the user's newest purchase): a piece, a named measure, or a
/// pack by weight or volume ("500 g", "1000 ml"). The plan buys whole packs only.
public struct BuyUnit: Equatable, Sendable {
    public var unit: PantryUnit
    /// Grams in one pack.
    public var grams: Double
    /// The pack's size in `unit`: 1 for a piece or a measure, 500 for a 500 g or 500 ml pack.
    public var amount: Double

    public init(unit: PantryUnit, grams: Double, amount: Double = 1) {
        self.unit = unit
        self.grams = grams
        self.amount = amount
    }

    /// A food priced but never weighed into a pack is bought by the 100 g (its price's own unit).
    public static let hundredGrams = BuyUnit(unit: .grams, grams: 100, amount: 100)

    /// Whole packs covering `grams`.
    public func quantity(for grams: Double) -> Double {
        guard grams > 0, self.grams > 0 else { return 0 }
        return (grams / self.grams - 1e-6).rounded(.up)
    }

    /// What `packs` packs are on a shopping list: "3 pieces", or 1500 g for three 500 g packs.
    public func shoppingQuantity(packs: Double) -> PantryQuantity { PantryQuantity(packs * amount, unit) }

    /// "3 pieces", "2 × 500 g".
    public func label(packs: Double) -> String {
        switch unit {
        case .grams, .millilitres: "\(WholeNumber.text(packs)) × \(PantryQuantity(amount, unit).label)"
        default: shoppingQuantity(packs: packs).label
        }
    }
}

/// A food the plan may choose.
public struct PlanCandidate: Equatable, Sendable {
    public var foodId: FoodID
    public var name: String
    public var per100g: Nutrients
    /// Grams a day over the last 28 days of logging (0 for a food not eaten lately).
    public var usualGramsPerDay: Double
    /// Lots in stock (none expired).
    public var lots: [PlanLot]
    /// What 100 g costs, in minor units (the median of recent purchases); nil: only from stock.
    public var pricePer100g: Double?
    /// How many purchases the price is the median of.
    public var pricedPurchases: Int
    public var buyUnit: BuyUnit?
    /// The least amount worth eating over the plan, when eaten at all.
    public var minimumGrams: Double
    /// The store the price is from, when the plan asked for one and it had prices.
    public var priceStore: String? = nil
    /// A typical portion (`UsualPortion.household`): a gap food comes in whole portions of it.
    public var portionGrams: Double = 100

    public init(
        foodId: FoodID, name: String, per100g: Nutrients, usualGramsPerDay: Double = 0, lots: [PlanLot] = [],
        pricePer100g: Double? = nil, pricedPurchases: Int = 0, buyUnit: BuyUnit? = nil, minimumGrams: Double = PlanRules.defaultMinimumGrams
    ) {
        self.foodId = foodId
        self.name = name
        self.per100g = per100g
        self.usualGramsPerDay = usualGramsPerDay
        self.lots = lots
        self.pricePer100g = pricePer100g
        self.pricedPurchases = pricedPurchases
        self.buyUnit = buyUnit
        self.minimumGrams = minimumGrams
    }

    public var stockGrams: Double { lots.reduce(0) { $0 + $1.grams } }
    /// The pack the plan buys: the one last bought, else 100 g.
    public var pack: BuyUnit { buyUnit.flatMap { $0.grams >= 1 ? $0 : nil } ?? .hundredGrams }
    /// What one pack costs, in whole minor units: the price per 100 g times the pack, rounded once
    /// here; the plan's cost and its budget row are whole packs times this.
    public var packCents: Int64? { pricePer100g.map { Int64((max($0, 0) * pack.grams / 100).rounded()) } }
    /// Neither eaten lately nor in stock: counts against the cap on new foods.
    public var isNew: Bool { usualGramsPerDay <= 0 && stockGrams <= 0 }
}

/// The day's targets the plan meets on average.
public struct PlanTargets: Equatable, Sendable {
    public var kcal: Double
    public var proteinG: Double
    /// Goals (at least) and limits (at most) per day: fiber, sodium, saturated fat, and any other
    /// nutrient the catalog's `Nutrients` holds.
    public var nutrients: [NutrientKey: NutrientTarget]

    public init(kcal: Double, proteinG: Double, nutrients: [NutrientKey: NutrientTarget]) {
        self.kcal = kcal
        self.proteinG = proteinG
        self.nutrients = nutrients
    }

    /// The kcal and protein of `DayTargets`, with the nutrient targets given; nil without a protein
    /// target (a fixed kcal before the first weigh-in: protein is per kg of body weight).
    public init?(_ day: DayTargets, nutrients: [NutrientKey: NutrientTarget]) {
        guard let proteinG = day.macros?.proteinG else { return nil }
        self.init(kcal: day.kcal, proteinG: proteinG, nutrients: nutrients)
    }
}

/// Everything one plan is solved from.
public struct PlanInput: Equatable, Sendable {
    public var days: Int
    public var candidates: [PlanCandidate]
    public var targets: PlanTargets
    /// What may be spent, in minor units; nil: no budget.
    public var budget: Money?
    public var currency: Currency
    public var maxNewFoods: Int
    /// The currency of the settings, when the prices are in another (the plan says so).
    public var configuredCurrency: Currency? = nil
    /// `--cheapest`: the least cost within the same hard limits and soft targets, with no pull
    /// towards the usual week (the classic diet problem).
    public var cheapest = false
    /// The meals the plan is built from (`PlanMeal`); none: the plan chooses grams of foods.
    public var meals: [PlanMeal] = []
    /// The share of logged days with a meal in each slot (`slotCounts`); empty: three meals a day.
    public var slotShare: [Meal: Double] = [:]
    /// The menu's first day (today).
    public var start = LocalDate(daysSinceEpoch: 0)
    /// The foods left out of the meals (`PlanMealSources.obtainable`), said beside the plan.
    public var leftOutOfMeals: [String] = []
    /// The foods that may be gap foods (`PlanStages.gapShortlist`); nil: any priced or stocked food.
    public var gapFoods: Set<FoodID>? = nil

    public init(
        days: Int = PlanRules.defaultDays, candidates: [PlanCandidate], targets: PlanTargets, budget: Money?, currency: Currency = .default,
        maxNewFoods: Int = PlanRules.defaultMaxNewFoods
    ) {
        self.days = days
        // Sorted by id: the same foods in any order give the same model, so the same plan.
        self.candidates = candidates.sorted { $0.foodId.rawValue < $1.foodId.rawValue }
        self.targets = targets
        self.budget = budget
        self.currency = currency
        self.maxNewFoods = maxNewFoods
    }
}

/// The planner's fixed rules.
public enum PlanRules {
    public static let defaultDays = 7
    public static let daysRange: ClosedRange<Int> = 1...28
    /// kcal within ±5 % of the day's target, on average.
    public static let kcalTolerance = 0.05
    public static let defaultMaxNewFoods = 3
    /// A food eaten at all is eaten at least this much over the plan (unless less is in stock).
    public static let defaultMinimumGrams = 100.0
    /// No food above this many grams a day: keeps a cheap food from filling the plan.
    public static let maxGramsPerDay = 600.0
    /// The weeks of eating the usual amounts come from.
    public static let historyDays = 28
    /// The nutrients a plan holds to strictly besides kcal and protein (PRODUCT.md §13): the two
    /// limits. Fiber is a goal like the vitamins (issue 42): missed, capped at what the foods reach.
    public static let hardNutrients: Set<NutrientKey> = [.sodiumMg, .saturatedFatG]

    /// Whether the plan has a row for `key`: the hard two, fiber, and every vitamin and mineral (issue
    /// 27's targets). Not water (its target counts drinks and drinking water, which the food log does not
    /// hold), the fats' and sugars' goals, cholesterol, caffeine or alcohol: they are not what a
    /// grocery plan is for.
    public static func plans(_ key: NutrientKey) -> Bool {
        hardNutrients.contains(key) || key == .fiberG || key.group == .vitamins || key.group == .minerals
    }

    /// A fiber, vitamin or mineral row may be missed (at a price far above any deviation): the foods a
    /// person eats often cannot give every DRI (vitamin D above all), and a plan that meets the
    /// rest and says what falls short is worth more than no plan.
    public static func isSoft(_ key: NutrientKey) -> Bool { !hardNutrients.contains(key) }

    /// The purchases a price is the median of, newest first.
    public static let priceWindow = 5
}

// Unknown values (PRODUCT.md §13): a food that lacks a value gives 0 towards a goal (the plan may
// hold more than it shows; an infeasible plan's explanation says how many foods lack it), but is never
// taken as 0 under a limit: there it counts at the highest value any candidate food knows, so the
// plan keeps under the limit whatever the missing value is. A limit no candidate knows is left out.
extension PlanInput {
    /// What 100 g of candidate `index` is planned with for `key`: its own value, else 0 for a goal
    /// and the worst known value for a limit (nil when no candidate knows it).
    func plannedValue(_ index: Int, _ key: NutrientKey, worst: Double?) -> Double? {
        if let own = candidates[index].per100g[key] { return own }
        return targets.nutrients[key]?.kind == .limit ? worst : 0
    }

    /// The highest value per 100 g among the candidates that know `key`.
    func worstKnown(_ key: NutrientKey) -> Double? { candidates.compactMap { $0.per100g[key] }.max() }

    /// How many candidates lack a value for `key`.
    public func unknownCount(_ key: NutrientKey) -> Int { candidates.filter { $0.per100g[key] == nil }.count }
}

extension PlanInput {
    /// What the usual amounts are scaled by: 1 when the usual day's kcal sit in the target's ±5 %
    /// band, else the factor that brings them to the target. Closeness is measured to the usual
    /// week at the planned energy, so a plan for less food keeps the same foods in proportion.
    public var usualScale: Double {
        let kcal = candidates.reduce(0) { $0 + $1.usualGramsPerDay * $1.per100g.kcal / 100 }
        guard kcal > 0, targets.kcal > 0 else { return 1 }
        return abs(kcal - targets.kcal) <= targets.kcal * PlanRules.kcalTolerance ? 1 : targets.kcal / kcal
    }
}
