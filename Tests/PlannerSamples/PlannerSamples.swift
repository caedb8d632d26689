import BodiiDomain
import GroceryPlanner

/// Made-up planner inputs the planner's tests and `bodii-bench` share, so the benchmark's shape
/// and the tests' are one: a catalog shaped like the food catalog (a deterministic spread of
/// energy, protein and micronutrients; a third eaten lately, a third in stock, most priced) and
/// meals made up from its foods eaten lately, as 56 days of logging would leave them.
public enum PlannerSamples {
    /// `foods` made-up foods for 7 days at 2,200 kcal. Every nutrient with a DRI target for a
    /// 40-year-old woman is a row (~30); each food knows 9 in 10 of them, spread around the target.
    public static func catalog(foods: Int = 300) -> PlanInput {
        var random = Sequence(seed: 29)
        let targets = DietaryReferenceIntakes.targets(sex: .female, age: 40, kcal: 2200)
        let candidates = (0..<foods).map { i -> PlanCandidate in
            let kcal = 20 + random.next() * 500, protein = random.next() * 30, fat = random.next() * 30
            var values: [NutrientKey: Double] = [:]
            for key in targets.keys.sorted() {
                guard let amount = targets[key]?.amount else { continue }
                // ~1.5 kg a day of the average food gives about the goal (and a third of a limit).
                let value = amount / 15 * random.next() * ((targets[key]?.kind == .limit) ? 0.4 : 2)
                if random.next() < 0.9 { values[key] = value }
            }
            let n = Nutrients(kcal: kcal, proteinG: protein, carbsG: max(0, (kcal - 4 * protein - 9 * fat) / 4), fatG: fat, values: values)
            return PlanCandidate(
                foodId: FoodID("usda:\(10000 + i)"), name: "Food \(i)", per100g: n,
                usualGramsPerDay: i % 3 == 0 ? 20 + random.next() * 150 : 0,
                lots: i % 3 == 1 ? [PlanLot(grams: 100 + random.next() * 400, daysLeft: Int(random.next() * 14))] : [],
                pricePer100g: i % 7 == 6 ? nil : 10 + random.next() * 150, pricedPurchases: 3)
        }
        return PlanInput(
            days: 7, candidates: candidates, targets: PlanTargets(kcal: 2200, proteinG: 120, nutrients: targets),
            budget: Money(minorUnits: 6000), maxNewFoods: 3)
    }

    /// `catalog(foods:)` over `days` with `meals` meals (issue 42's benchmark: 300 foods, 150
    /// meals, 28 days): each of 2–4 foods eaten lately, 60–200 g, snacks of one, over the four slots.
    public static func meals(foods: Int = 300, meals: Int = 150, days: Int = 28) -> PlanInput {
        var input = catalog(foods: foods)
        var random = Sequence(seed: 42)
        let eaten = input.candidates.filter { $0.usualGramsPerDay > 0 && $0.pricePer100g != nil }
        input.days = days
        input.budget = Money(minorUnits: 6000 * 4)
        input.start = LocalDate(daysSinceEpoch: 20_000)
        input.slotShare = [.breakfast: 1, .lunch: 1, .dinner: 1, .snacks: 0.5]
        input.meals = (0..<meals).map { m in
            let slot = PlanRules.slots[m % PlanRules.slots.count]
            let size = slot == .snacks ? 1 : 2 + Int(random.next() * 3)
            let items = (0..<size).map { _ -> PlanMealItem in
                let food = eaten[Int(random.next() * Double(eaten.count)) % eaten.count]
                return PlanMealItem(foodId: food.foodId, name: food.name, grams: (60 + random.next() * 140).rounded())
            }
            return PlanMeal(name: "Meal \(m)", slot: slot, source: .logged(input.start.adding(days: -1 - m % 56)), items: items)
        }
        return input
    }

    /// A fixed sequence in [0, 1): Knuth's MMIX linear congruential generator, the top 53 bits.
    struct Sequence {
        var seed: UInt64
        mutating func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
    }
}
