import Testing
@testable import BodiiDomain
@testable import GroceryPlanner
@testable import PlannerSolver

/// Issue 42: when no plan fits, the amounts named are the true smallest changes, checked against
/// a model written here by hand (whole 100 g packs, the kcal band, the budget) and solved on its own.
@Suite struct PlannerDiagnosisTests {
    static let rice = Nutrients(kcal: 130, proteinG: 2.7, carbsG: 28, fatG: 0.3)
    static let chicken = Nutrients(kcal: 165, proteinG: 31, carbsG: 0, fatG: 3.6)

    static func input(budget: Int64) -> PlanInput {
        let pack = BuyUnit(unit: .grams, grams: 100, amount: 100)
        let candidates = [
            PlanCandidate(foodId: FoodID("usda:1"), name: "Rice", per100g: rice, usualGramsPerDay: 300, pricePer100g: 20, buyUnit: pack, minimumGrams: 1),
            PlanCandidate(
                foodId: FoodID("usda:2"), name: "Chicken", per100g: chicken, usualGramsPerDay: 200, pricePer100g: 90, buyUnit: pack, minimumGrams: 1),
        ]
        return PlanInput(
            days: 7, candidates: candidates, targets: PlanTargets(kcal: 1000, proteinG: 100, nutrients: [:]),
            budget: Money(minorUnits: budget), maxNewFoods: 3)
    }

    /// The most protein a week within the kcal band and the budget, in whole 100 g packs (20 c and 90 c).
    static func mostProtein(budget: Double) throws -> Double {
        var p = LinearProgram()
        let riceGrams = p.add(LPColumn("rice", upper: 4200, cost: -rice.proteinG / 100))
        let chickenGrams = p.add(LPColumn("chicken", upper: 4200, cost: -chicken.proteinG / 100))
        let ricePacks = p.add(LPColumn("rice packs", upper: 42, isInteger: true))
        let chickenPacks = p.add(LPColumn("chicken packs", upper: 42, isInteger: true))
        p.add(LPRow("rice in packs", upper: 0, terms: [(riceGrams, 1), (ricePacks, -100)]))
        p.add(LPRow("chicken in packs", upper: 0, terms: [(chickenGrams, 1), (chickenPacks, -100)]))
        p.add(LPRow("kcal", lower: 7000 * 0.95, upper: 7000 * 1.05, terms: [(riceGrams, 1.30), (chickenGrams, 1.65)]))
        p.add(LPRow("budget", upper: budget, terms: [(ricePacks, 20), (chickenPacks, 90)]))
        let s = try Solver.solve(p)
        try #require(s.status == .optimal)
        return -s.objective
    }

    @Test func theProteinMissedAndTheBudgetNeededAreTheTrueSmallestChanges() throws {
        for budget in [Int64(1700), 2000] {
            let plan = try GroceryPlanner.plan(Self.input(budget: budget))
            #expect(!plan.feasible)
            let protein = try #require(plan.binding.first { $0.constraint == .protein }, "budget \(budget)")
            let expected = (700 - (try Self.mostProtein(budget: Double(budget)))) / 7
            #expect(abs(protein.amount - expected) <= 0.01 * expected, "budget \(budget): \(protein.amount) vs \(expected)")
            // The cheapest week that meets protein and the kcal band, found by trying every whole count of chicken packs.
            var cheapest = Int64.max
            for c in 0...42 {
                let chickenProtein = Double(c) * 31, chickenKcal = Double(c) * 165
                for r in 0...42 {
                    // Eat all the chicken, and as much rice as the kcal band allows.
                    let riceKcal = min(Double(r) * 130, 7350 - chickenKcal)
                    guard riceKcal >= 0, chickenKcal + riceKcal >= 6650, chickenProtein + riceKcal / 130 * 2.7 >= 700 else { continue }
                    cheapest = min(cheapest, Int64(c) * 90 + Int64(r) * 20)
                }
            }
            let more = try #require(plan.binding.first { $0.constraint == .budget })
            #expect(abs(more.amount - Double(cheapest - budget)) <= 0.01 * Double(cheapest - budget), "\(more.amount) vs \(cheapest - budget)")
            let text = try #require(plan.explanation)
            #expect(text.components(separatedBy: ". ").count <= 2 && text.hasSuffix("."), "\(text)")
        }
    }
}
