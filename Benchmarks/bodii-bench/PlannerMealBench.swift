import BodiiDomain
import GroceryPlanner

/// Issue 42's budget: a 28-day plan over 300 priced foods and 150 candidate meals ≤ 1 s. The
/// foods are `PlannerBench.input`'s; the meals are made up from the foods eaten lately (2–4 of them,
/// 60–200 g each), spread over the four slots, like 56 days of logging deduplicated.
enum PlannerMealBench {
    static func input(meals: Int = 150) -> PlanInput {
        var input = PlannerBench.input()
        var seed: UInt64 = 42
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let eaten = input.candidates.filter { $0.usualGramsPerDay > 0 && $0.pricePer100g != nil }
        input.days = 28
        input.budget = Money(minorUnits: 6000 * 4)
        input.start = LocalDate(daysSinceEpoch: 20_000)
        input.slotShare = [.breakfast: 1, .lunch: 1, .dinner: 1, .snacks: 0.5]
        input.meals = (0..<meals).map { m in
            let slot = PlanRules.slots[m % PlanRules.slots.count]
            let size = slot == .snacks ? 1 : 2 + Int(next() * 3)
            let items = (0..<size).map { _ -> PlanMealItem in
                let food = eaten[Int(next() * Double(eaten.count)) % eaten.count]
                return PlanMealItem(foodId: food.foodId, name: food.name, grams: (60 + next() * 140).rounded())
            }
            return PlanMeal(name: "Meal \(m)", slot: slot, source: .logged(input.start.adding(days: -1 - m % 56)), items: items)
        }
        return input
    }

    static func run() {
        let input = input()
        var plan: GroceryPlan?
        let stats = measure(3) { plan = try? GroceryPlanner.plan(input) }
        let off = plan?.menu.filter { abs($0.kcal - input.targets.kcal) > input.targets.kcal * PlanRules.dayKcalTolerance }.count ?? 0
        print(
            "planner meals, 28 days, 300 foods, 150 meals (≤ 1 s): " + stats.line
                + "  (feasible: \(plan?.feasible ?? false), \(plan?.menu.count ?? 0) days, \(off) outside ±10 %)")
    }
}
