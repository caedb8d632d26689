import BodiiDomain
import Foundation
import BodiiStore
import GroceryPlanner
@testable import PantryFeature
import TerminalKit
import Testing

/// `P` in the Pantry (PRODUCT.md §13): the plan over the tab, at 80×24 in ASCII, with the shopping
/// list in the units bought before, the total against the budget, the day against the targets,
/// and `a` putting what it buys on the shopping list.
@MainActor
@Suite struct PantryPlanTests {
    let db: TestDatabase
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
    }

    /// Bananas bought by the piece, oats by weight, both priced; a few bananas left in stock.
    func stockedTab(
        nutrients: [NutrientKey: NutrientTarget] = [.fiberG: NutrientTarget(kind: .goal, amount: 15)]
    ) throws -> FlowHost<PantryViewModel> {
        let r = db.repositories
        let banana = try #require(try r.food(id: FoodID("usda:09040"))), oats = try #require(try r.food(id: FoodID("usda:08120")))
        let bought = try r.recordPurchase(
            Purchase(
                itemId: 0, date: today.adding(days: -3), quantity: PantryQuantity(6, .pieces),
                grams: PantryUnits.grams(PantryQuantity(6, .pieces), food: banana), price: Money(minorUnits: 180), store: "Lidl"),
            item: GroceryItem(name: "Bananas", foodId: banana.id), bestBefore: today.adding(days: 3), shoppingListItemId: nil)
        _ = try r.recordPurchase(
            Purchase(
                itemId: 0, date: today.adding(days: -10), quantity: PantryQuantity(500, .grams), grams: 500, price: Money(minorUnits: 99),
                store: "Aldi"),
            item: GroceryItem(name: "Oats", foodId: oats.id), bestBefore: nil, shoppingListItemId: nil)
        let oatsLots = try r.stockLots(itemId: try #require(try r.groceryItem(foodId: oats.id, name: "Oats")?.id))
        try r.applyStockUses(oatsLots.map { StockUse(lotId: $0.id ?? 0, date: today, amount: $0.left, kind: .use) })
        _ = bought
        try r.setPantryBudget(PantryBudget(period: .week, amount: Money(minorUnits: 3000), setOn: today.adding(days: -30)))
        let vm = FlowHost(PantryViewModel(source: r, clock: db.clock))
        let snapshot = try r.pantrySnapshot()
        let candidates = PlanHistory.candidates(
            foods: [banana.id: banana, oats.id: oats], items: snapshot.items,
            purchases: try r.purchases(itemId: 1) + r.purchases(itemId: 2),
            lots: snapshot.lots, records: [], today: today, store: nil, currency: .default)
        let targets = PlanTargets(kcal: 1200, proteinG: 25, nutrients: nutrients)
        vm.tab.planner = { days in
            try GroceryPlanner.plan(PlanInput(days: days, candidates: candidates, targets: targets, budget: Money(minorUnits: 3000)))
        }
        vm.didBecomeVisible()
        return vm
    }

    @Test func thePlanShowsWhatToBuyAndAddsItToTheList() throws {
        let vm = try stockedTab()
        vm.press(.char("P"))
        let flow = try #require(vm.stack.top as? PantryPlanFlow)
        #expect(flow.plan.feasible, "\(flow.plan.explanation ?? "")")
        let ascii = RenderContext(theme: .fallback.colorless, symbols: .ascii)
        let lines = render(vm, .small, context: ascii).lines
        let screen = lines.joined(separator: "\n")
        let isASCII = screen.unicodeScalars.allSatisfy { $0.isASCII }
        #expect(isASCII)
        #expect(lines.contains { $0.contains("Plan") && $0.contains("next 7 days") })
        for item in flow.plan.items { #expect(screen.contains(String(item.name.prefix(20))), "\(item.name) on screen\n\(screen)") }
        // The bananas are bought in pieces, as before; the total is against the plan's budget.
        let bananas = try #require(flow.plan.items.first { $0.foodId == FoodID("usda:09040") })
        if bananas.boughtGrams > 0 { #expect(screen.contains("\(Int(bananas.quantity)) piece")) }
        #expect(screen.contains("Total EUR \(flow.plan.cost.amountText) of EUR 30.00 budget"))
        #expect(screen.contains("kcal") && screen.contains("Fiber"))
        let buying = flow.plan.items.filter { $0.boughtGrams > 0 }
        #expect(!buying.isEmpty)
        vm.press(.char("a"))
        let list = try db.repositories.shoppingListItems(includingBought: false)
        #expect(list.count == buying.count)
        vm.press(.char("a"))
        #expect(try db.repositories.shoppingListItems(includingBought: false).count == buying.count, "a second a adds nothing twice")
        vm.press(.escape)
        #expect(vm.stack.isEmpty)
    }

    /// A new user, nothing bought or logged: the plan's reason says what to do, once; the empty
    /// table under it said it again in other words ("Nothing to plan from: …").
    @Test func aNewUsersPlanSaysWhatToDoOnce() throws {
        let vm = FlowHost(PantryViewModel(source: db.repositories, clock: db.clock))
        vm.tab.planner = { days in
            try GroceryPlanner.plan(
                PlanInput(days: days, candidates: [], targets: PlanTargets(kcal: 1200, proteinG: 25, nutrients: [:]), budget: nil))
        }
        vm.didBecomeVisible()
        vm.press(.char("P"))
        let flow = try #require(vm.stack.top as? PantryPlanFlow)
        let why = try #require(flow.plan.explanation)
        let screen = render(vm, .small, context: RenderContext(theme: .fallback.colorless, symbols: .unicode)).text
        #expect(screen.contains(String(why.prefix(30))), "\(screen)")
        #expect(!screen.contains("Nothing to plan from"), "\(screen)")
    }

    /// The targets' bounds read ≥ and ≤ in a Unicode terminal (the glyph choice of every screen) and
    /// >= and <= in ASCII; they were >= and <= everywhere.
    @Test func boundsUseTheTerminalsGlyphs() throws {
        let vm = try stockedTab()
        vm.press(.char("P"))
        _ = try #require(vm.stack.top as? PantryPlanFlow)
        let unicode = render(vm, .small, context: RenderContext(theme: .fallback.colorless, symbols: .unicode)).text
        #expect(unicode.contains("protein ") && unicode.contains("/≥25 g") && unicode.contains("/≥15 g"), "\(unicode)")
        #expect(!unicode.contains(">="))
        let ascii = render(vm, .small, context: RenderContext(theme: .fallback.colorless, symbols: .ascii)).text
        #expect(ascii.contains("/>=25 g") && ascii.contains("/>=15 g") && !ascii.contains("≥"), "\(ascii)")
    }

    /// Issue 26: at 80×24 the reason was cut to 2 rows, so a second shortfall dropped off, and
    /// the nutrients read "vitamin a" where the Nutrients view says "Vitamin A". Bananas and oats
    /// have no vitamin D or B12: both shortfalls show, under the Nutrients view's names.
    @Test func everyShortfallShowsAt80x24UnderTheNutrientsViewsNames() throws {
        let vm = try stockedTab(nutrients: [
            .fiberG: NutrientTarget(kind: .goal, amount: 15), .vitaminDUg: NutrientTarget(kind: .goal, amount: 15),
            .vitaminB12Ug: NutrientTarget(kind: .goal, amount: 2.4), .saturatedFatG: NutrientTarget(kind: .limit, amount: 20),
        ])
        vm.press(.char("P"))
        let flow = try #require(vm.stack.top as? PantryPlanFlow)
        let why = try #require(flow.plan.explanation)
        #expect(why.contains("Vitamin D short by") && why.contains("B12 short by"), "\(why)")
        let screen = render(vm, .small, context: RenderContext(theme: .fallback.colorless, symbols: .unicode)).text
        let joined = screen.split(separator: "\n").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }.joined(
            separator: " ")
        #expect(joined.contains(why), "the whole reason, every shortfall in it:\n\(screen)")
        #expect(screen.contains("Saturated fat ") && screen.contains("Vitamin D ") && !screen.contains("vitamin"), "\(screen)")
        // Amounts as the Nutrients view writes them: B12's 2.4 µg target, not "≥2".
        #expect(screen.contains("/≥2.4 µg"), "\(screen)")
        for item in flow.plan.items { #expect(screen.contains(String(item.name.prefix(20))), "\(item.name) on screen\n\(screen)") }
    }

    /// The nutrients under the day wrap onto the rows they are given; what does not fit is
    /// counted ("+2 more") instead of cut mid-name ("vitamin…", as the 80×24 plan read).
    @Test func nutrientsWrapAndCountWhatDoesNotFit() {
        let parts = ["Vitamin D", "Saturated fat", "Vitamin A", "Vitamin E", "Potassium"].map {
            PlanView.part($0, "8", "≥15 µg", ok: true)
        }
        let measure = { (spans: [Span]) in Line(spans).width }
        let all = PlanView.pack(parts, width: 60, rows: .max, measure: measure)
        #expect(all.count == 3 && all.allSatisfy { $0.width <= 60 }, "\(all.map(\.plainText))")
        #expect(all.map(\.plainText).joined().contains("Potassium 8/≥15 µg"))
        let two = PlanView.pack(parts, width: 60, rows: 2, measure: measure).map(\.plainText)
        #expect(two.count == 2 && two[1].hasSuffix("+1 more") && !two.joined().contains("Potassium"), "\(two)")
        let one = PlanView.pack(parts, width: 40, rows: 1, measure: measure).map(\.plainText)
        #expect(one == ["       Vitamin D 8/≥15 µg  +4 more"], "\(one)")
    }
}
