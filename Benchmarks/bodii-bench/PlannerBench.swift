import BodiiDomain
import GroceryPlanner
import PlannerSolver

/// Issue 29's budget: a 7-day plan over 300 candidate foods ≤ 1 s, its LP ≤ 50 ms. The foods are
/// made up but shaped like the catalog (a deterministic spread of energy, protein, fiber, sodium
/// and fat), a third eaten lately, a third in stock, most priced. Every nutrient with a DRI target
/// for a 40-year-old woman at 2,200 kcal is a row (PRODUCT.md §11 targets, ~30 of them: ~35 constraints
/// with kcal, protein and the budget); each food knows 9 in 10 of them, spread around the target.
enum PlannerBench {
    static func input(foods: Int = 300) -> PlanInput {
        var seed: UInt64 = 29
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let targets = DietaryReferenceIntakes.targets(sex: .female, age: 40, kcal: 2200)
        let candidates = (0..<foods).map { i -> PlanCandidate in
            let kcal = 20 + next() * 500, protein = next() * 30, fat = next() * 30
            var values: [NutrientKey: Double] = [:]
            for key in targets.keys.sorted() {
                guard let amount = targets[key]?.amount else { continue }
                // ~1.5 kg a day of the average food gives about the goal (and a third of a limit).
                let value = amount / 15 * next() * ((targets[key]?.kind == .limit) ? 0.4 : 2)
                if next() < 0.9 { values[key] = value }
            }
            let n = Nutrients(kcal: kcal, proteinG: protein, carbsG: max(0, (kcal - 4 * protein - 9 * fat) / 4), fatG: fat, values: values)
            return PlanCandidate(
                foodId: FoodID("usda:\(10000 + i)"), name: "Food \(i)", per100g: n, usualGramsPerDay: i % 3 == 0 ? 20 + next() * 150 : 0,
                lots: i % 3 == 1 ? [PlanLot(grams: 100 + next() * 400, daysLeft: Int(next() * 14))] : [],
                pricePer100g: i % 7 == 6 ? nil : 10 + next() * 150, pricedPurchases: 3)
        }
        return PlanInput(
            days: 7, candidates: candidates, targets: PlanTargets(kcal: 2200, proteinG: 120, nutrients: targets),
            budget: Money(minorUnits: 6000), maxNewFoods: 3)
    }

    static func run() {
        let input = input()
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
