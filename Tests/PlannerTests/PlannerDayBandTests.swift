import BodiiDomain
@testable import GroceryPlanner
import PlannerSamples
@testable import PlannerSolver
import Testing

/// Each day of the menu within ±10 % of the day's kcal target (issue 42), a hard rule of the model.
@Suite struct PlannerDayBandTests {
    /// Each day's kcal recomputed here from the foods' values, and how far outside ±10 % of `target` it is (0 inside).
    static func daysOutside(_ plan: GroceryPlan, target: Double) -> [Double] {
        let kcal = Dictionary(plan.input.candidates.map { ($0.foodId, $0.per100g.kcal) }, uniquingKeysWith: { a, _ in a })
        return plan.menu.map { day in
            let total = day.meals.flatMap(\.items).flatMap(\.foods).reduce(0.0) { $0 + (kcal[$1.key] ?? 0) * $1.value / 100 }
            return max(0, abs(total - target) - target * PlanRules.dayKcalTolerance)
        }
    }

    /// The benchmark's plan: 7 of its 28 days were outside (2848 and 2126 kcal against 2200) when
    /// the model held only the average. Every day inside now, one meal a slot a day, gap foods within their caps.
    /// Two days at 2000 kcal of foods of 200 kcal per 100 g: a 500 kcal breakfast, a 500 kcal lunch,
    /// and `dinners` (name, grams) of a food each.
    static func twoDays(dinners: [(String, Double)]) -> PlanInput {
        let foods = (1...(2 + dinners.count)).map { PlannerMealTests.food($0, 200, 10, sodium: 0, sat: 0, cents: 10, pack: 100) }
        var input = PlanInput(
            days: 2, candidates: foods, targets: PlanTargets(kcal: 2000, proteinG: 10, nutrients: [:]), budget: Money(minorUnits: 100_000),
            maxNewFoods: 0)
        input.meals =
            [PlannerMealTests.meal("Porridge", .breakfast, [(1, 250)]), PlannerMealTests.meal("Soup", .lunch, [(2, 250)])]
            + dinners.enumerated().map { k, dinner in PlannerMealTests.meal(dinner.0, .dinner, [(3 + k, dinner.1)]) }
        input.start = PlannerMealTests.start
        return input
    }

    @Test func theBenchmarksShapeHasEveryDayInsideTheBand() throws {
        let input = PlannerSamples.meals()
        let plan = try GroceryPlanner.plan(input)
        try #require(plan.feasible, "\(plan.explanation ?? "")")
        #expect(plan.menu.count == 28)
        let outside = Self.daysOutside(plan, target: 2200)
        #expect(outside.allSatisfy { $0 == 0 }, "kcal beyond the band, day by day: \(outside)")
        for day in plan.menu {
            let slots = day.meals.filter { $0.source != .gapFood }.map(\.slot)
            #expect(Set(slots).count == slots.count, "\(day.date): \(slots)")
            for gap in day.meals where gap.source == .gapFood {
                let portion = try #require(input.candidates.first { $0.foodId == gap.items.first?.foodId }).portionGrams
                #expect(gap.items.allSatisfy { $0.grams <= portion * Double(PlanRules.gapPortionsPerDay) + 1e-6 })
            }
        }
        #expect(Set(plan.menu.flatMap(\.meals).filter { $0.source == .gapFood }.map(\.name)).count <= PlanRules.maxGapFoods)
        // The slots' usual counts: breakfast, lunch and dinner every day, snacks on at least half.
        for slot in [Meal.breakfast, .lunch, .dinner] {
            #expect(plan.menu.allSatisfy { $0.meals.contains { $0.slot == slot && $0.source != .gapFood } }, "\(slot)")
        }
        #expect(plan.menu.filter { $0.meals.contains { $0.slot == .snacks && $0.source != .gapFood } }.count >= 14)
        let kcal = plan.perDay["kcal"] ?? 0
        #expect(abs(kcal - 2200) <= 2200 * PlanRules.kcalTolerance + 0.1)
    }

    /// Two days (foods of 200 kcal per 100 g), one breakfast (500 kcal), one lunch (500) and two dinners (600 and 1400): only one
    /// of each dinner meets the average (2000 kcal ±5 %), and then the days are 1600 and 2400. No
    /// plan keeps both days within ±10 %: the plan is infeasible and says the band is what binds.
    @Test func mealsTooUnevenForTheBandAreNoPlanAndSaySo() throws {
        let input = Self.twoDays(dinners: [("Salad", 300), ("Feast", 700)])
        let plan = try GroceryPlanner.plan(input)
        #expect(!plan.feasible)
        #expect(plan.binding.first?.constraint == .dayKcal, "\(plan.binding)")
        let why = try #require(plan.explanation)
        #expect(why.hasPrefix("No plan keeps every day within ±10 % of the 2000 kcal target"), "\(why)")
        #expect(why.filter { $0 == "." }.count <= 2, "at most two sentences: \(why)")
        // Both dinners are needed for the average: the band, not kcal or protein, is what binds.
        #expect(!plan.binding.contains { $0.constraint == .kcalMinimum || $0.constraint == .kcalMaximum }, "\(plan.binding)")
        // Solved again (plain, band, day by day, diagnosis): the same answer.
        #expect(try GroceryPlanner.plan(input) == plan)
    }

    /// The same meals with a third dinner (1000 kcal): now every day can be inside, and is.
    @Test func aMiddleDinnerMakesTheBandHold() throws {
        let input = Self.twoDays(dinners: [("Salad", 300), ("Feast", 700), ("Stew", 500)])
        let plan = try GroceryPlanner.plan(input)
        try #require(plan.feasible, "\(plan.explanation ?? "")")
        #expect(Self.daysOutside(plan, target: 2000) == [0, 0])
    }

    /// Day by day (`PlanModelDays`) is exact where the band's rows ask too much: over 2 days at
    /// 1600 kcal, a 900 kcal breakfast and an 800 kcal dinner can each be eaten once (their foods'
    /// 600 g a day cap), and the average needs both — beside a 300 kcal breakfast and a 200 kcal
    /// dinner. Each slot then spans 600 kcal, more than the band's rows allow; paired (900 + 200,
    /// 300 + 800, with a 500 kcal lunch) both days are 1600.
    @Test func dayByDayPairsWhatTheBandsRowsCannot() throws {
        let foods = [
            PlannerMealTests.food(1, 200, 10, sodium: 0, sat: 0, cents: 10, pack: 100),
            PlannerMealTests.food(2, 120, 10, sodium: 0, sat: 0, cents: 10, pack: 100),
            PlannerMealTests.food(3, 200, 10, sodium: 0, sat: 0, cents: 10, pack: 100),
            PlannerMealTests.food(4, 200, 10, sodium: 0, sat: 0, cents: 10, pack: 100),
            PlannerMealTests.food(5, 100, 10, sodium: 0, sat: 0, cents: 10, pack: 100),
        ]
        var input = PlanInput(
            days: 2, candidates: foods, targets: PlanTargets(kcal: 1600, proteinG: 10, nutrients: [:]), budget: Money(minorUnits: 100_000),
            maxNewFoods: 0)
        input.meals = [
            PlannerMealTests.meal("Toast", .breakfast, [(1, 150)]), PlannerMealTests.meal("Big breakfast", .breakfast, [(2, 750)]),
            PlannerMealTests.meal("Soup", .lunch, [(3, 250)]),
            PlannerMealTests.meal("Salad", .dinner, [(4, 100)]), PlannerMealTests.meal("Roast", .dinner, [(5, 800)]),
        ]
        input.start = PlannerMealTests.start
        func solved(_ rule: PlanDayRule) throws -> (PlanModel, LPSolution) {
            let model = PlanModel(
                input, objective: .closeToUsual, budget: input.budget, newFoodCap: input.maxNewFoods, wholeMeals: true, dayRule: rule)
            return (model, try Solver.solve(model.program))
        }
        #expect(try solved(.band).1.status == .infeasible, "the band's rows ask more than the band")
        let (model, solution) = try solved(.dayByDay)
        try #require(solution.status == .optimal)
        let menu = PlanMenu.build(input, model: model, values: solution.values)
        #expect(menu.days.map { $0.kcal.rounded() } == [1600, 1600], "\(menu.days.map(\.kcal))")
        #expect(menu.notes.isEmpty)
    }
}
