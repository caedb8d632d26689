import Testing
@testable import BodiiDomain
@testable import GroceryPlanner
import PlannerSamples
@testable import PlannerSolver

/// `bodii plan --cheapest` (issue 42): closeness dropped, the least cost under the same hard limits
/// and soft targets — the classic diet problem, checked against its published optimum.
@Suite struct PlannerCheapestTests {
    @Test func stiglersNineteenThirtyNineDietCostsWhatThePublishedOptimumDoes() throws {
        let days = 28
        let plan = try GroceryPlanner.plan(StiglerDiet.input(days: days))
        try #require(plan.feasible, "\(plan.explanation ?? "")")
        let dollarsADay = Double(plan.cost.minorUnits) / Double(days) / StiglerDiet.gramsPerDollar
        // 0.1087 $ a day ± 0.1 % (OR-Tools and HiGHS: 0.108662; $39.66 a year).
        #expect(abs(dollarsADay - 0.1087) <= 0.1087 * 0.001, "\(dollarsADay) $ a day")
        #expect(abs(dollarsADay * 365 - 39.66) <= 39.66 * 0.001, "\(dollarsADay * 365) $ a year")
        // Every allowance is met (not traded for cost), recomputed from the foods' grams.
        let byId = Dictionary(uniqueKeysWithValues: plan.input.candidates.map { ($0.foodId, $0) })
        func perDay(_ value: (Nutrients) -> Double?) -> Double {
            plan.items.reduce(0) { $0 + (byId[$1.foodId].flatMap { value($0.per100g) } ?? 0) * $1.grams / 100 } / Double(days)
        }
        #expect(perDay { $0.kcal } >= 3000 - 0.5)
        #expect(perDay { $0.proteinG } >= 70 - 0.05)
        for (k, (key, scale)) in StiglerDiet.keys.enumerated() {
            #expect(perDay { $0[key] } >= StiglerDiet.allowances[k + 2] * scale * 0.999, "\(key)")
        }
        #expect(plan.short.isEmpty)
        // Stigler's optimum: wheat flour, liver, cabbage, spinach and navy beans.
        #expect(Set(plan.items.map(\.name)) == ["Wheat Flour (Enriched)", "Liver (Beef)", "Cabbage", "Spinach", "Navy Beans, Dried"])
    }

    /// The same person's plan, cheapest and closest: the cheapest never costs more, and it leaves
    /// the usual foods where a cheaper one does the job.
    @Test func theCheapestPlanCostsNoMoreThanTheClosest() throws {
        var input = PlannerSamples.catalog(foods: 60)
        let closest = try GroceryPlanner.plan(input)
        input.cheapest = true
        let cheapest = try GroceryPlanner.plan(input)
        try #require(closest.feasible && cheapest.feasible, "\(closest.explanation ?? "") \(cheapest.explanation ?? "")")
        #expect(cheapest.cost <= closest.cost)
        #expect(cheapest.cost < closest.cost || cheapest.items != closest.items, "closeness dropped changes the plan")
        // The same hard limits: kcal in its band, protein at least its target.
        let kcal = cheapest.perDay["kcal"] ?? 0
        #expect(kcal >= 2200 * 0.95 - 1 && kcal <= 2200 * 1.05 + 1)
        #expect((cheapest.perDay["protein_g"] ?? 0) >= 120 - 0.5)
        #expect(cheapest.cost.minorUnits <= 6000)
    }
}
