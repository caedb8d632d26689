import BodiiDomain
import GroceryPlanner
import PlannerSamples
import PlannerSolver

/// Issue 29's budget: a 7-day plan over 300 candidate foods ≤ 1 s, its LP ≤ 50 ms, on
/// `PlannerSamples.catalog`: made-up foods shaped like the catalog, ~30 nutrient rows.
enum PlannerBench {
    static func run() {
        let input = PlannerSamples.catalog()
        let lp = GroceryPlanner.relaxedProgram(input)
        var plan: GroceryPlan?
        let lpStats = measure(20) { _ = try? Solver.solve(lp) }
        let mipStats = measure(5) { plan = try? GroceryPlanner.plan(input) }
        print(
            "planner LP, 300 foods, \(input.targets.nutrients.count + 3) constraints (≤ 50 ms):  " + lpStats.line
                + "  (\(lp.rows.count) rows, \(lp.columns.count) columns)")
        print(
            "planner MIP plan, 300 foods (≤ 1 s): " + mipStats.line
                + "  (feasible: \(plan?.feasible ?? false), \(plan?.items.count ?? 0) foods)")
        PlannerMealBench.run()
    }
}
