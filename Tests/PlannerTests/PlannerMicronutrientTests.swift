import Testing
@testable import BodiiDomain
@testable import GroceryPlanner
@testable import PlannerSolver

/// Issue 29 with issue 27's targets: vitamins and minerals are rows of the plan (goals at least,
/// limits at most). A food with no value gives 0 towards a goal (and the explanation says how many
/// foods lack it); under a limit it counts at the highest value any candidate knows, never 0.
@Suite struct PlannerMicronutrientTests {
    static func candidate(_ id: String, _ kcal: Double, protein: Double, values: [NutrientKey: Double], usual: Double, price: Double)
        -> PlanCandidate
    {
        PlanCandidate(
            foodId: FoodID("usda:\(id)"), name: "Food \(id)",
            per100g: Nutrients(kcal: kcal, proteinG: protein, carbsG: 10, fatG: 5, values: values), usualGramsPerDay: usual,
            pricePer100g: price)
    }

    /// Rice (no vitamin C) eaten most days; peppers (128 mg vitamin C per 100 g) eaten a little.
    static let rice = candidate("1", 130, protein: 2.7, values: [.vitaminCMg: 0, .ironMg: 0.2], usual: 500, price: 20)
    static let chicken = candidate("2", 165, protein: 31, values: [.vitaminCMg: 0, .ironMg: 1], usual: 300, price: 90)
    static let peppers = candidate("3", 31, protein: 1, values: [.vitaminCMg: 128, .ironMg: 0.4], usual: 20, price: 60)

    @Test func aVitaminGoalIsMetByEatingMoreOfTheFoodThatHasIt() throws {
        let targets = PlanTargets(kcal: 1400, proteinG: 90, nutrients: [.vitaminCMg: NutrientTarget(kind: .goal, amount: 90)])
        let input = PlanInput(days: 7, candidates: [Self.rice, Self.chicken, Self.peppers], targets: targets, budget: nil)
        let plan = try GroceryPlanner.plan(input)
        try #require(plan.feasible, "\(plan.explanation ?? "")")
        // Recomputed here: the grams of peppers a day × 1.28 mg.
        let peppers = try #require(plan.items.first { $0.foodId == Self.peppers.foodId })
        let vitaminC = peppers.grams / 7 * 1.28
        #expect(vitaminC >= 90 - 0.5)
        #expect(abs((plan.perDay["vitamin_c_mg"] ?? 0) - vitaminC) < 1e-6)
        #expect(plan.binding.contains { $0.constraint == .nutrientGoal(.vitaminCMg) }, "the plan sits on the goal: closest to usual")
        #expect(peppers.grams / 7 > Self.peppers.usualGramsPerDay, "more peppers than usual")
    }

    /// Vitamins and minerals are soft: a goal no food can meet leaves a plan that meets the rest
    /// (kcal, protein, fiber, sodium, saturated fat stay strict) and says by how much it falls short.
    @Test func aGoalNoFoodCanMeetIsNamedWithTheFoodsThatLackIt() throws {
        let targets = PlanTargets(
            kcal: 1400, proteinG: 90,
            nutrients: [.vitaminDUg: NutrientTarget(kind: .goal, amount: 15), .vitaminCMg: NutrientTarget(kind: .goal, amount: 90)])
        let input = PlanInput(days: 7, candidates: [Self.rice, Self.chicken, Self.peppers], targets: targets, budget: nil)
        let plan = try GroceryPlanner.plan(input)
        #expect(plan.feasible)
        let missed = try #require(plan.binding.first { $0.constraint == .nutrientGoal(.vitaminDUg) })
        #expect(abs(missed.amount - 15) < 0.01)
        #expect((plan.perDay["vitamin_c_mg"] ?? 0) >= 90 - 0.5, "the goal the foods can meet is met")
        #expect((plan.perDay["protein_g"] ?? 0) >= 90 - 0.5)
        let text = try #require(plan.explanation)
        #expect(text.contains("Vitamin D short by 15 µg a day (3 of your foods have no Vitamin D value, counted as 0)"), "\(text)")
        #expect(!text.contains("Vitamin C"))
        #expect(plan.partial.contains(.vitaminDUg))
        // Issue 42: a goal no food can reach is named with the best the foods allow, not chased.
        #expect(text.contains("0 of 15 µg is the most your foods give"), "\(text)")
        #expect(plan.short.map(\.nutrient) == [.vitaminDUg] && plan.short.first?.bestPossible == 0)
        // A strict target missed still makes the plan infeasible, and the vitamin is named beside it.
        var strict = input
        strict.targets.proteinG = 400
        let none = try GroceryPlanner.plan(strict)
        #expect(!none.feasible)
        // Issue 42: the diagnosis names the one or two hard targets that bind, with their true
        // amounts; a soft vitamin never makes a plan infeasible, so it is not named beside them.
        #expect(none.explanation?.contains("protein short by") == true && none.explanation?.contains("Vitamin D short by") == false)
        #expect(none.binding.contains { $0.constraint == .protein && $0.amount > 0 })
        #expect(!none.binding.contains { $0.constraint == .nutrientGoal(.vitaminDUg) })
    }

    /// A new user: the one food eaten has no price and no stock, so nothing can be planned. The
    /// explanation says that and what to do, not every target "short by" its whole amount.
    @Test func withNoFoodToBuyOrTakeTheExplanationSaysWhatIsMissing() throws {
        let targets = PlanTargets(kcal: 1400, proteinG: 90, nutrients: [.vitaminCMg: NutrientTarget(kind: .goal, amount: 90)])
        var banana = Self.peppers
        banana.pricePer100g = nil
        let one = try GroceryPlanner.plan(PlanInput(days: 7, candidates: [banana], targets: targets, budget: nil))
        #expect(!one.feasible && one.items.isEmpty)
        #expect(
            one.explanation
                == "No plan fits: the plan buys foods at the prices you paid for them and uses what is in stock, but your one food (Food 3) has no price or stock yet. Record purchases with their prices in the Pantry first."
        )
        let none = try GroceryPlanner.plan(PlanInput(days: 7, candidates: [], targets: targets, budget: nil))
        #expect(none.explanation?.contains("there are no foods yet") == true, "\(none.explanation ?? "")")
        // One priced food is enough to plan with: the usual diagnosis again.
        let priced = try GroceryPlanner.plan(PlanInput(days: 7, candidates: [banana, Self.rice], targets: targets, budget: nil))
        #expect(priced.explanation?.contains("at the prices you paid") != true)
    }

    @Test func aFoodWithoutAValueCountsAtTheWorstKnownUnderALimit() throws {
        // Sodium: rice 1, chicken unknown, peppers 4 mg per 100 g. Unknown is not 0: chicken counts
        // as 4 mg, so a limit of 20 mg a day holds at most 500 g of rice + chicken + peppers.
        var chicken = Self.chicken
        chicken.per100g[.sodiumMg] = nil
        var rice = Self.rice, peppers = Self.peppers
        rice.per100g[.sodiumMg] = 1
        peppers.per100g[.sodiumMg] = 4
        let input = PlanInput(
            days: 7, candidates: [rice, chicken, peppers],
            targets: PlanTargets(kcal: 700, proteinG: 40, nutrients: [.sodiumMg: NutrientTarget(kind: .limit, amount: 20)]), budget: nil)
        let model = PlanModel(input, objective: .closeToUsual, budget: nil, newFoodCap: nil)
        let row = try #require(model.rows[.nutrientLimit(.sodiumMg)].map { model.program.rows[$0] })
        let chickenColumns = Set(model.foods[1].all)
        #expect(row.terms.filter { chickenColumns.contains($0.column) }.allSatisfy { $0.coefficient == 0.04 })
        let plan = try GroceryPlanner.plan(input)
        let worst = plan.items.reduce(0.0) { sum, item in
            sum + item.grams / 7 * (item.foodId == chicken.foodId ? 4 : (item.foodId == rice.foodId ? 1 : 4)) / 100
        }
        #expect(worst <= 20 + 0.01, "the limit holds whatever chicken's sodium is")
        #expect(plan.partial.contains(.sodiumMg) == plan.items.contains { $0.foodId == chicken.foodId })
    }
}
