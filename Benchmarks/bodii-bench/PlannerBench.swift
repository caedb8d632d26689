import BodiiDomain
import GroceryPlanner
import PlannerSolver

/// Issue 29's budget: a 7-day plan over 300 candidate foods ≤ 1 s, its LP ≤ 50 ms. The foods are
/// made up but shaped like the catalog (a deterministic spread of energy, protein, fiber, sodium
/// and fat), a third eaten lately, a third in stock, most priced; every nutrient `Nutrients` holds
/// has a target.
enum PlannerBench {
    static func input(foods: Int = 300) -> PlanInput {
        var seed: UInt64 = 29
        func next() -> Double {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(seed >> 11) / Double(1 << 53)
        }
        let candidates = (0..<foods).map { i -> PlanCandidate in
            let kcal = 20 + next() * 500, protein = next() * 30, fat = next() * 30
            let n = Nutrients(
                kcal: kcal, proteinG: protein, carbsG: max(0, (kcal - 4 * protein - 9 * fat) / 4), fatG: fat, fiberG: next() * 10,
                sugarsG: next() * 20, saturatedFatG: fat * next() * 0.5, sodiumMg: next() * 600, cholesterolMg: next() * 80,
                potassiumMg: next() * 500, calciumMg: next() * 200, ironMg: next() * 4, vitaminCMg: next() * 40, vitaminDUg: next() * 2)
            return PlanCandidate(
                foodId: FoodID("usda:\(10000 + i)"), name: "Food \(i)", per100g: n, usualGramsPerDay: i % 3 == 0 ? 20 + next() * 150 : 0,
                lots: i % 3 == 1 ? [PlanLot(grams: 100 + next() * 400, daysLeft: Int(next() * 14))] : [],
                pricePer100g: i % 7 == 6 ? nil : 10 + next() * 150, pricedPurchases: 3)
        }
        let goals: [NutrientKey: Double] = [.fiberG: 30, .potassiumMg: 3400, .calciumMg: 1000, .ironMg: 8, .vitaminCMg: 90, .vitaminDUg: 5]
        let limits: [NutrientKey: Double] = [.sodiumMg: 2300, .saturatedFatG: 22, .sugarsG: 50, .cholesterolMg: 300]
        var targets: [NutrientKey: NutrientTarget] = [:]
        for (k, v) in goals { targets[k] = NutrientTarget(kind: .goal, amount: v) }
        for (k, v) in limits { targets[k] = NutrientTarget(kind: .limit, amount: v) }
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
        print("planner LP, 300 foods (≤ 50 ms):  " + lpStats.line + "  (\(lp.rows.count) rows, \(lp.columns.count) columns)")
        print(
            "planner MIP plan, 300 foods (≤ 1 s): " + mipStats.line
                + "  (feasible: \(plan?.feasible ?? false), \(plan?.items.count ?? 0) foods)")
    }
}
