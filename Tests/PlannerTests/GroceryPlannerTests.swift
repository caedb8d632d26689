import Testing
@testable import BodiiDomain
@testable import GroceryPlanner
@testable import PlannerSolver

/// The grocery planner (PRODUCT.md §13): its plans checked against every constraint and recomputed
/// from the catalog and the purchase history by this test's own arithmetic.
@Suite struct GroceryPlannerTests {
    static let eur = Currency.default
    static let today = LocalDate(year: 2026, month: 11, day: 25)!

    static func food(
        _ id: String, _ name: String, _ kcal: Double, _ p: Double, _ c: Double, _ f: Double, fiber: Double, sodium: Double, sat: Double
    ) -> Food {
        Food(
            id: FoodID(id), name: name, source: "USDA SR",
            per100g: Nutrients(kcal: kcal, proteinG: p, carbsG: c, fatG: f, fiberG: fiber, saturatedFatG: sat, sodiumMg: sodium))
    }

    static let foods: [Food] = [
        food("usda:1", "Oats", 379, 13.2, 67.7, 6.5, fiber: 10.1, sodium: 6, sat: 1.1),
        food("usda:2", "Chicken breast", 120, 22.5, 0, 2.6, fiber: 0, sodium: 45, sat: 0.6),
        food("usda:3", "Lentils, cooked", 116, 9, 20, 0.4, fiber: 7.9, sodium: 2, sat: 0.1),
        food("usda:4", "Bread, whole wheat", 252, 12.5, 42.7, 3.5, fiber: 6, sodium: 450, sat: 0.7),
        food("usda:5", "Milk", 61, 3.2, 4.8, 3.3, fiber: 0, sodium: 43, sat: 1.9),
        food("usda:6", "Bananas", 89, 1.1, 22.8, 0.3, fiber: 2.6, sodium: 1, sat: 0.1),
        food("usda:7", "Cheddar", 403, 24.9, 1.3, 33.1, fiber: 0, sodium: 621, sat: 19),
        food("usda:8", "Rice, cooked", 130, 2.7, 28.2, 0.3, fiber: 0.4, sodium: 1, sat: 0.1),
        food("usda:9", "Broccoli", 34, 2.8, 6.6, 0.4, fiber: 2.6, sodium: 33, sat: 0),
        food("usda:10", "Eggs", 143, 12.6, 0.7, 9.5, fiber: 0, sodium: 142, sat: 3.1),
        food("usda:11", "Peanut butter", 588, 25, 20, 50, fiber: 6, sodium: 17, sat: 10),
    ]

    /// Item i buys food i; two purchases each (the median of two is their mean), one at Lidl.
    static let items: [GroceryItem] = foods.enumerated().map {
        GroceryItem(id: Int64($0.offset + 1), name: $0.element.name, foodId: $0.element.id)
    }
    /// Price per 100 g in cents, per food (the test's own record of what the purchases say).
    static let centsPer100g: [Double] = [40, 90, 30, 45, 12, 25, 150, 20, 60, 50, 80]

    static var purchases: [Purchase] {
        var out: [Purchase] = []
        for (i, item) in items.enumerated() where i != 10 {  // peanut butter was never bought: stock or nothing
            let id = item.id ?? 0
            // 500 g at the price, and 500 g at 20 % above and 20 % below: median = the price.
            for (k, factor) in [1.0, 1.2, 0.8].enumerated() {
                out.append(
                    Purchase(
                        id: id * 10 + Int64(k), itemId: id, date: today.adding(days: -7 * (k + 1)), quantity: PantryQuantity(500, .grams),
                        grams: 500, price: Money(minorUnits: Int64((centsPer100g[i] * 5 * factor).rounded()), currency: eur), store: "Aldi")
                )
            }
        }
        return out
    }

    static var records: [FoodRecord] {
        // 28 days of the same day: oats 80, chicken 150, bread 120, milk 300, bananas 120, cheddar 40, rice 200.
        let day: [(Int, Double)] = [(0, 80), (1, 150), (3, 120), (4, 300), (5, 120), (6, 40), (7, 200)]
        return (1...28).flatMap { d in
            day.map { (i, g) in
                FoodRecord(
                    date: today.adding(days: -d), meal: .lunch, foodId: foods[i].id, foodName: foods[i].name, grams: g,
                    kcal: foods[i].per100g.kcal * g / 100, proteinG: 0, carbsG: 0, fatG: 0)
            }
        }
    }

    static var lots: [StockLot] {
        [
            StockLot(id: 1, itemId: 3, initialQuantity: PantryQuantity(400, .grams), purchasedOn: today, bestBefore: today.adding(days: 2)),
            StockLot(
                id: 2, itemId: 11, initialQuantity: PantryQuantity(200, .grams), purchasedOn: today, bestBefore: today.adding(days: 90)),
            StockLot(
                id: 3, itemId: 5, initialQuantity: PantryQuantity(500, .grams), purchasedOn: today, bestBefore: today.adding(days: -1)),
        ]
    }

    static let nutrientTargets: [NutrientKey: NutrientTarget] = [
        .fiberG: NutrientTarget(kind: .goal, amount: 30), .sodiumMg: NutrientTarget(kind: .limit, amount: 2300),
        .saturatedFatG: NutrientTarget(kind: .limit, amount: 22),
    ]

    static func input(budget: Int64? = 4000, kcal: Double = 2200, protein: Double = 110, newFoods: Int = 3) -> PlanInput {
        let candidates = PlanHistory.candidates(
            foods: Dictionary(uniqueKeysWithValues: foods.map { ($0.id, $0) }), items: items, purchases: purchases, lots: lots,
            records: records, today: today, store: nil, currency: eur)
        return PlanInput(
            days: 7, candidates: candidates, targets: PlanTargets(kcal: kcal, proteinG: protein, nutrients: nutrientTargets),
            budget: budget.map { Money(minorUnits: $0, currency: eur) }, currency: eur, maxNewFoods: newFoods)
    }

    @Test func theSolverSolvesATextbookLPAndMIP() throws {
        // max x + y  s.t. x + 2y ≤ 4, 3x + y ≤ 6  → x = 1.6, y = 1.2; with x, y whole: 2 (x=2,y=0 or x=1,y=1…).
        var lp = LinearProgram()
        let x = lp.add(LPColumn("x", cost: -1)), y = lp.add(LPColumn("y", cost: -1))
        lp.add(LPRow("a", upper: 4, terms: [(x, 1), (y, 2)]))
        lp.add(LPRow("b", upper: 6, terms: [(x, 3), (y, 1)]))
        let s = try Solver.solve(lp)
        #expect(s.status == .optimal)
        #expect(abs(s.values[x] - 1.6) < 1e-9 && abs(s.values[y] - 1.2) < 1e-9)
        #expect(s.duals.count == 2)
        var mip = lp
        mip.columns[x].isInteger = true
        mip.columns[y].isInteger = true
        let m = try Solver.solve(mip)
        #expect(m.status == .optimal)
        #expect(abs(m.objective + 2) < 1e-9)
        var bad = lp
        bad.add(LPRow("c", lower: 10, terms: [(x, 1)]))
        #expect(try Solver.solve(bad).status == .infeasible)
    }

    @Test func pricesAreTheMedianOfTheNewestPurchasesAtTheStore() {
        let p = { (days: Int, cents: Int64, store: String) in
            Purchase(
                itemId: 1, date: Self.today.adding(days: -days), quantity: PantryQuantity(2, .pieces), grams: 400,
                price: Money(minorUnits: cents, currency: Self.eur), store: store)
        }
        // Per 100 g: 50, 60, 70 at Aldi (newest five only: the 900 of 60 days ago is out), 100 at Lidl.
        let history = [
            p(60, 3600, "Aldi"), p(50, 200, "Aldi"), p(40, 240, "Aldi"), p(30, 280, "Aldi"), p(20, 240, "Aldi"), p(10, 200, "Aldi"),
            p(5, 400, "Lidl"),
        ]
        #expect(PlanHistory.price(history, store: "aldi", currency: Self.eur) == MedianPrice(per100g: 60, purchases: 5))
        #expect(PlanHistory.price(history, store: "Lidl", currency: Self.eur) == MedianPrice(per100g: 100, purchases: 1))
        #expect(PlanHistory.price(history, store: "Rewe", currency: Self.eur)?.purchases == 5)  // unknown store: anywhere
        #expect(PlanHistory.buyUnit(history) == BuyUnit(unit: .pieces, grams: 200))
        #expect(BuyUnit(unit: .pieces, grams: 200).quantity(for: 401) == 3)
    }

    @Test func aPlanMeetsEveryConstraintAndItsFiguresRecomputeFromTheHistory() throws {
        let input = Self.input()
        let plan = try GroceryPlanner.plan(input)
        #expect(plan.feasible, "\(plan.explanation ?? "")")
        // Recomputed here from the catalog foods and this test's prices, not from the planner's figures.
        var kcal = 0.0, protein = 0.0, fiber = 0.0, sodium = 0.0, sat = 0.0, cents = 0.0
        var newFoods = 0
        for item in plan.items {
            let i = try #require(Self.foods.firstIndex { $0.id == item.foodId })
            let n = Self.foods[i].per100g
            kcal += n.kcal * item.grams / 100
            protein += n.proteinG * item.grams / 100
            fiber += (n.fiberG ?? 0) * item.grams / 100
            sodium += (n.sodiumMg ?? 0) * item.grams / 100
            sat += (n.saturatedFatG ?? 0) * item.grams / 100
            cents += Self.centsPer100g[i] * item.purchasedGrams / 100
            #expect(abs(Double(item.cost.minorUnits) - Self.centsPer100g[i] * item.purchasedGrams / 100) <= 0.5)
            #expect(item.purchasedGrams >= item.boughtGrams - 0.5)
            #expect(item.grams >= 100 - 0.5 || item.fromStockGrams == item.grams, "\(item.name): absent or a minimum portion")
            #expect(abs(item.grams - item.fromStockGrams - item.boughtGrams) < 1e-9)
            if i == 10 { #expect(item.boughtGrams == 0, "peanut butter has no price: stock only") }
            if i == 2 || i == 8 || i == 9 { newFoods += 1 }  // lentils are in stock, so not new
        }
        let days = 7.0, t = input.targets
        // Whole grams move a figure by at most half a gram of each food.
        #expect(kcal / days >= t.kcal * 0.95 - 5 && kcal / days <= t.kcal * 1.05 + 5)
        #expect(protein / days >= t.proteinG - 0.5)
        #expect(fiber / days >= 30 - 0.5)
        #expect(sodium / days <= 2300 + 5)
        #expect(sat / days <= 22 + 0.5)
        #expect(cents <= 4000 + 1)
        #expect(newFoods <= 2)  // broccoli, eggs (lentils are in stock)
        #expect(abs(Double(plan.cost.minorUnits) - cents) <= Double(plan.items.count))
        #expect(abs((plan.perDay["kcal"] ?? 0) - kcal / days) < 1e-6)
        #expect(abs((plan.perDay["fiber_g"] ?? 0) - fiber / days) < 1e-6)
        // Stock first: the lentils that go off in 2 days are eaten; the expired milk lot is not stock.
        let lentils = try #require(plan.items.first { $0.foodId == FoodID("usda:3") })
        #expect(lentils.fromStockGrams == 400)
        let milk = plan.items.first { $0.foodId == FoodID("usda:5") }
        #expect((milk?.fromStockGrams ?? 0) == 0)
    }

    @Test func foodsBoughtByThePieceArePaidForInWholePieces() throws {
        // Bananas at €0.30 a piece of 120 g (25 cents per 100 g): the plan pays for whole pieces.
        let banana = Self.foods[5], oats = Self.foods[0]
        let candidates = [
            PlanCandidate(
                foodId: banana.id, name: banana.name, per100g: banana.per100g, usualGramsPerDay: 50, pricePer100g: 25,
                buyUnit: BuyUnit(unit: .pieces, grams: 120)),
            PlanCandidate(foodId: oats.id, name: oats.name, per100g: oats.per100g, usualGramsPerDay: 100, pricePer100g: 40),
        ]
        let plan = try GroceryPlanner.plan(
            PlanInput(days: 7, candidates: candidates, targets: PlanTargets(kcal: 500, proteinG: 10, nutrients: [:]), budget: nil))
        let bananas = try #require(plan.items.first { $0.foodId == banana.id })
        #expect(bananas.quantity == (bananas.quantity).rounded() && bananas.quantity >= 1)
        #expect(bananas.purchasedGrams == bananas.quantity * 120)
        #expect(bananas.boughtGrams <= bananas.purchasedGrams)
        #expect(bananas.cost.minorUnits == Int64((bananas.quantity * 30).rounded()))
    }

    @Test func theSamePlanComesBackForTheSameInputs() throws {
        let a = try GroceryPlanner.plan(Self.input())
        var shuffled = Self.input()
        shuffled.candidates.reverse()
        let b = try GroceryPlanner.plan(
            PlanInput(
                days: shuffled.days, candidates: shuffled.candidates, targets: shuffled.targets, budget: shuffled.budget,
                currency: shuffled.currency, maxNewFoods: shuffled.maxNewFoods))
        #expect(a == b)
    }

    @Test func anImpossibleBudgetNamesWhatBindsAndByHowMuch() throws {
        let plan = try GroceryPlanner.plan(Self.input(budget: 300))
        #expect(!plan.feasible)
        let budget = try #require(plan.binding.first { $0.constraint == .budget })
        // The cheapest plan that meets every target, solved on its own, costs exactly what is said.
        var cheapest = PlanModel(Self.input(budget: 300), objective: .cost, budget: nil, newFoodCap: 3)
        cheapest.program.rows.removeAll { $0.name == "budget" }
        let s = try Solver.solve(cheapest.program)
        #expect(budget.amount == (s.objective - 300).rounded(.up))
        #expect(plan.binding.contains { $0.constraint != .budget && $0.constraint != .newFoods }, "a target is missed within €3")
        let text = try #require(plan.explanation)
        #expect(text.contains("more budget"))
        #expect(text.hasPrefix("No plan fits: "))
    }

    @Test func tooFewNewFoodsNamesTheCap() throws {
        // Rice alone (600 g a day at most) gives 16 g of protein; chicken, never eaten, is one new food.
        let rice = Self.foods[7], chicken = Self.foods[1]
        let candidates = [
            PlanCandidate(foodId: rice.id, name: rice.name, per100g: rice.per100g, usualGramsPerDay: 300, pricePer100g: 20),
            PlanCandidate(foodId: chicken.id, name: chicken.name, per100g: chicken.per100g, pricePer100g: 90),
        ]
        let targets = PlanTargets(kcal: 800, proteinG: 60, nutrients: [:])
        let capped = try GroceryPlanner.plan(PlanInput(days: 7, candidates: candidates, targets: targets, budget: nil, maxNewFoods: 0))
        #expect(!capped.feasible)
        #expect(capped.binding.first { $0.constraint == .newFoods }?.amount == 1)
        let protein = try #require(capped.binding.first { $0.constraint == .protein })
        #expect(protein.amount > 40 && protein.amount < 60)
        #expect(capped.explanation?.contains("protein short by") == true)
        #expect(capped.explanation?.contains("1 more new food") == true)
        let allowed = try GroceryPlanner.plan(PlanInput(days: 7, candidates: candidates, targets: targets, budget: nil, maxNewFoods: 1))
        #expect(allowed.feasible)
        #expect(allowed.items.contains { $0.foodId == chicken.id })

        let impossible = try GroceryPlanner.plan(Self.input(budget: nil, kcal: 2200, protein: 400, newFoods: 3))
        #expect(!impossible.feasible)
        #expect((impossible.binding.first { $0.constraint == .protein }?.amount ?? 0) > 0)
        #expect(impossible.explanation?.contains("would fix it") == true, "no budget or new food helps: it says so")
    }
}
