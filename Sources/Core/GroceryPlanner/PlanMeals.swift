import BodiiDomain

// Meals as the plan's building blocks (PRODUCT.md §13, issue 42): the person's saved meals, their
// recipes and the meals they logged lately, each chosen a whole number of times and kept in its
// slot, plus a few gap foods in typical portions. Built by `PlanMealSources`; the tests and the
// benchmark build them directly.

/// Where a meal of the menu comes from: "saved meal", "recipe", "logged 2026-11-20", "gap food".
public enum PlanMealSource: Equatable, Hashable, Sendable {
    case savedMeal
    case recipe
    case logged(LocalDate)
    case gapFood

    public var label: String {
        switch self {
        case .savedMeal: "saved meal"
        case .recipe: "recipe"
        case .logged(let day): "logged \(day.iso)"
        case .gapFood: "gap food"
        }
    }
}

/// One food of a meal as it is eaten and logged: a recipe stays one item ("Chili, 350 g"), while
/// `foods` holds what it is made of, which is what the plan buys and counts nutrients from.
public struct PlanMealItem: Equatable, Sendable {
    public var foodId: FoodID
    public var name: String
    public var grams: Double
    /// Grams of each candidate food in this item: the food itself, or a recipe's ingredients.
    public var foods: [FoodID: Double]

    public init(foodId: FoodID, name: String, grams: Double, foods: [FoodID: Double]? = nil) {
        self.foodId = foodId
        self.name = name
        self.grams = grams
        self.foods = foods ?? [foodId: grams]
    }

    /// The item `times` over (a gap food's two portions).
    func scaled(by times: Double) -> PlanMealItem {
        PlanMealItem(foodId: foodId, name: name, grams: grams * times, foods: foods.mapValues { $0 * times })
    }
}

/// A meal the plan may choose, whole, in its slot.
public struct PlanMeal: Equatable, Sendable {
    public var name: String
    public var slot: Meal
    public var source: PlanMealSource
    public var items: [PlanMealItem]
    /// How many times it was eaten in the history window (logged meals), for the record.
    public var timesEaten: Int

    public init(name: String, slot: Meal, source: PlanMealSource, items: [PlanMealItem], timesEaten: Int = 0) {
        self.name = name
        self.slot = slot
        self.source = source
        self.items = items
        self.timesEaten = timesEaten
    }

    /// Grams of each candidate food in one serving of the meal.
    public var foods: [FoodID: Double] {
        items.reduce(into: [:]) { sum, item in for (id, g) in item.foods { sum[id, default: 0] += g } }
    }

    /// What makes two meals the same: the same foods (oats, milk and a banana at breakfast is one
    /// meal whatever the grams that day; the newest amounts stand for it).
    var identity: [String] { items.map(\.foodId.rawValue).sorted() }
}

extension PlanRules {
    /// The history the logged meals come from.
    public static let mealHistoryDays = 56
    /// Gap foods (catalog foods outside the meals) a plan may add, whatever its length.
    public static let maxGapFoods = 3
    /// The most typical portions of one gap food a day.
    public static let gapPortionsPerDay = 2
    /// Each day's kcal within ±10 % of the target, once the meals are laid out on days.
    public static let dayKcalTolerance = 0.10
    /// Meals × days up to which the counts are searched whole (exact); above, LP then rounding.
    public static let wholeMealSearchSize = 400
    /// The slots meals are planned in, in the order a day is shown.
    public static let slots: [Meal] = [.breakfast, .lunch, .dinner, .snacks]
}

extension PlanInput {
    /// How many meals each slot gets over the plan: the share of logged days with a meal in that
    /// slot (`slotShare`), times the days; without a share, one a day for breakfast, lunch and
    /// dinner. Never more than one a day, and none for a slot without candidates.
    public var slotCounts: [Meal: Int] {
        var out: [Meal: Int] = [:]
        let usable = usableMeals
        for slot in PlanRules.slots where meals.indices.contains(where: { usable.contains($0) && meals[$0].slot == slot }) {
            let share = slotShare.isEmpty ? (slot == .snacks ? 0 : 1) : (slotShare[slot] ?? 0)
            out[slot] = min(days, Int((share * Double(days)).rounded()))
        }
        return out
    }

    /// "Left out of your meals (no price or stock yet — record a purchase to plan them): Lentils, Coffee."
    public var leftOutNote: [String] {
        guard plansMeals, !leftOutOfMeals.isEmpty else { return [] }
        let names = leftOutOfMeals.prefix(5).joined(separator: ", ") + (leftOutOfMeals.count > 5 ? " and \(leftOutOfMeals.count - 5) more" : "")
        return ["Left out of your meals (no price or stock yet; record a purchase to plan them): \(names)."]
    }

    /// Whether the plan is laid out in meals: there are meals it can get every food of.
    public var plansMeals: Bool { !usableMeals.isEmpty }

    /// The meals whose every food has a price, or enough in stock for one serving: the others
    /// cannot be planned (nothing to get them from).
    public var usableMeals: Set<Int> {
        let byId = Dictionary(candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(
            meals.indices.filter { m in
                let foods = meals[m].foods
                return !foods.isEmpty
                    && foods.allSatisfy { id, grams in byId[id].map { $0.pricePer100g != nil || $0.stockGrams >= grams } ?? false }
            })
    }
}
