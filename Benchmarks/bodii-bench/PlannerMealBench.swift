import BodiiDomain
import GroceryPlanner
import PlannerSamples

/// Issue 42's budget: a 28-day plan over 300 priced foods and 150 candidate meals ≤ 1 s, on
/// `PlannerSamples.meals`: meals of 2–4 foods eaten lately, like 56 days of logging deduplicated.
enum PlannerMealBench {
    static func run() {
        let input = PlannerSamples.meals()
        var plan: GroceryPlan?
        let stats = measure(3) { plan = try? GroceryPlanner.plan(input) }
        let off = plan?.menu.filter { abs($0.kcal - input.targets.kcal) > input.targets.kcal * PlanRules.dayKcalTolerance }.count ?? 0
        print(
            "planner meals, 28 days, 300 foods, 150 meals (≤ 1 s): " + stats.line
                + "  (feasible: \(plan?.feasible ?? false), \(plan?.menu.count ?? 0) days, \(off) outside ±10 %)")
    }
}
