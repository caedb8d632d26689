import BodiiDomain

// The candidate meals from the person's own data (issue 42): saved meals in their slot (one saved
// before Bodii kept the slot, at lunch or dinner), each recipe's serving at lunch or dinner, and
// each breakfast, lunch, dinner or snack logged in the last 56 days as eaten that day — the same
// foods in the same slot counted once, as eaten on its newest date. A recipe is eaten as itself
// but bought as its ingredients. Meals with a quick-add entry or an entry without grams are left
// out (nothing to buy them from); drinking water is left out of a meal (it is not bought).
public enum PlanMealSources {
    /// Grams of the foods `grams` of `food` is made of: a recipe's ingredients, else the food.
    public static func expand(_ food: FoodID, grams: Double, recipes: [FoodID: Recipe]) -> [FoodID: Double] {
        guard let recipe = recipes[food], recipe.totalGrams > 0 else { return [food: grams] }
        return recipe.ingredients.reduce(into: [:]) { sum, i in sum[i.food.id, default: 0] += i.grams * grams / recipe.totalGrams }
    }

    /// The item for one logged entry, or nil when it cannot be planned (quick add, no grams, water).
    static func item(_ r: FoodRecord, recipes: [FoodID: Recipe]) -> PlanMealItem?? {
        if r.foodId == WaterLogging.foodID { return .some(nil) }
        guard r.foodId != QuickAdd.foodID, let grams = r.grams, grams > 0, grams.isFinite else { return nil }
        return PlanMealItem(foodId: r.foodId, name: r.foodName, grams: grams, foods: expand(r.foodId, grams: grams, recipes: recipes))
    }

    /// The items of `records`, or nil when one of them cannot be planned.
    static func items(_ records: [FoodRecord], recipes: [FoodID: Recipe]) -> [PlanMealItem]? {
        var out: [PlanMealItem] = []
        for r in records {
            guard let item = item(r, recipes: recipes) else { return nil }
            if let item { out.append(item) }
        }
        return out.isEmpty ? nil : out
    }

    /// Every candidate meal, in a fixed order: saved meals, recipes, then logged meals newest first.
    public static func meals(saved: [SavedMeal], recipes: [FoodID: Recipe], records: [FoodRecord]) -> [PlanMeal] {
        var out: [PlanMeal] = []
        var seen: Set<[String]> = []
        func add(_ meal: PlanMeal) {
            let key = [meal.slot.rawValue] + meal.identity
            guard !seen.contains(key) else {
                if case .logged = meal.source, let i = out.firstIndex(where: { [$0.slot.rawValue] + $0.identity == key }) {
                    out[i].timesEaten += 1
                }
                return
            }
            seen.insert(key)
            out.append(meal)
        }
        for meal in saved.sorted(by: { ($0.name, $0.id ?? 0) < ($1.name, $1.id ?? 0) }) {
            guard let items = items(meal.items, recipes: recipes) else { continue }
            for slot in meal.meal.map({ [$0] }) ?? [.lunch, .dinner] {
                add(PlanMeal(name: meal.name, slot: slot, source: .savedMeal, items: items))
            }
        }
        for (id, recipe) in recipes.sorted(by: { $0.key.rawValue < $1.key.rawValue }) where recipe.servingGrams > 0 {
            let item = PlanMealItem(
                foodId: id, name: recipe.name, grams: recipe.servingGrams, foods: expand(id, grams: recipe.servingGrams, recipes: recipes))
            for slot in [Meal.lunch, .dinner] { add(PlanMeal(name: recipe.name, slot: slot, source: .recipe, items: [item])) }
        }
        let eaten = Dictionary(grouping: records) { MealDay(date: $0.date, meal: $0.meal) }
        for key in eaten.keys.sorted(by: { ($0.date, PlanMenu.slotOrder($0.meal)) > ($1.date, PlanMenu.slotOrder($1.meal)) }) {
            let logged = (eaten[key] ?? []).sorted { ($0.loggedAt, $0.id ?? 0) < ($1.loggedAt, $1.id ?? 0) }
            guard let items = items(logged, recipes: recipes) else { continue }
            let name = items.map(\.name).joined(separator: ", ")
            add(PlanMeal(name: name, slot: key.meal, source: .logged(key.date), items: items, timesEaten: 1))
        }
        return out
    }

    struct MealDay: Hashable {
        var date: LocalDate
        var meal: Meal
    }

    /// The share of logged days (days with any entry) that have an entry in each slot.
    public static func slotShare(_ records: [FoodRecord]) -> [Meal: Double] {
        let days = Set(records.map(\.date)).count
        guard days > 0 else { return [:] }
        let bySlot = Dictionary(grouping: records.filter { $0.foodId != WaterLogging.foodID }, by: \.meal)
        return bySlot.mapValues { Double(Set($0.map(\.date)).count) / Double(days) }
    }

    /// The foods the meals are made of (the plan needs each as a candidate).
    public static func foods(_ meals: [PlanMeal]) -> Set<FoodID> { Set(meals.flatMap { $0.foods.keys }) }

    /// The meals as the plan can get them: an item with a food that has neither a price nor enough
    /// stock is left out of its meal (nothing says what it costs), and a meal that loses half its
    /// kcal that way is left out whole. Meals that become the same are counted once. The names
    /// left out, most eaten first, are said beside the plan.
    public static func obtainable(_ meals: [PlanMeal], candidates: [PlanCandidate]) -> (meals: [PlanMeal], leftOut: [String]) {
        let byId = Dictionary(candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        func kcal(_ foods: [FoodID: Double]) -> Double { foods.reduce(0) { $0 + (byId[$1.key]?.per100g.kcal ?? 0) * $1.value / 100 } }
        func gettable(_ item: PlanMealItem) -> Bool {
            item.foods.allSatisfy { id, grams in byId[id].map { $0.pricePer100g != nil || $0.stockGrams >= grams } ?? false }
        }
        var out: [PlanMeal] = []
        var index: [[String]: Int] = [:]
        var missing: [String: Int] = [:]
        for meal in meals {
            var kept = meal
            kept.items = meal.items.filter(gettable)
            for item in meal.items where !gettable(item) { missing[item.name, default: 0] += 1 }
            let whole = kcal(meal.foods)
            guard !kept.items.isEmpty, whole > 0, kcal(kept.foods) >= whole / 2 else { continue }
            if kept.items.count < meal.items.count { kept.name = kept.items.map(\.name).joined(separator: ", ") }
            let key = [kept.slot.rawValue] + kept.identity
            if let i = index[key] {
                out[i].timesEaten += kept.timesEaten
            } else {
                index[key] = out.count
                out.append(kept)
            }
        }
        let leftOut = missing.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.map(\.key)
        return (out, leftOut)
    }
}
