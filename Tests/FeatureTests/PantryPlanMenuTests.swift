import BodiiDomain
import BodiiStore
import Foundation
import GroceryPlanner
@testable import PantryFeature
import SnapshotTesting
import TerminalKit
import Testing

/// The Plan view's menu (issue 42): the day's meals on top (`[` `]` step the day), the shopping
/// list in packs with its total against the budget and what comes from stock under it; `l` logs
/// the shown day's meals through the food diary and `u` takes them out again. 80×24, ASCII-safe.
@MainActor
@Suite struct PantryPlanMenuTests {
    let db: TestDatabase
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
    }

    /// Oats and bananas, priced; a breakfast and a snack of them, and a lunch of oats.
    func tab() throws -> FlowHost<PantryViewModel> {
        let r = db.repositories
        let banana = try #require(try r.food(id: FoodID("usda:09040"))), oats = try #require(try r.food(id: FoodID("usda:08120")))
        _ = try r.recordPurchase(
            Purchase(
                itemId: 0, date: today.adding(days: -3), quantity: PantryQuantity(6, .pieces),
                grams: PantryUnits.grams(PantryQuantity(6, .pieces), food: banana), price: Money(minorUnits: 180), store: "Lidl"),
            item: GroceryItem(name: "Bananas", foodId: banana.id), bestBefore: today.adding(days: 3), shoppingListItemId: nil)
        _ = try r.recordPurchase(
            Purchase(
                itemId: 0, date: today.adding(days: -10), quantity: PantryQuantity(500, .grams), grams: 500, price: Money(minorUnits: 99),
                store: "Aldi"),
            item: GroceryItem(name: "Oats", foodId: oats.id), bestBefore: nil, shoppingListItemId: nil)
        let snapshot = try r.pantrySnapshot()
        let candidates = PlanHistory.candidates(
            foods: [banana.id: banana, oats.id: oats], items: snapshot.items,
            purchases: try r.purchases(itemId: 1) + r.purchases(itemId: 2), lots: snapshot.lots, records: [], today: today, store: nil,
            currency: .default)
        let porridge = PlanMeal(
            name: "Porridge", slot: .breakfast, source: .savedMeal,
            items: [PlanMealItem(foodId: oats.id, name: oats.name, grams: 80), PlanMealItem(foodId: banana.id, name: banana.name, grams: 120)])
        let oatLunch = PlanMeal(
            name: oats.name, slot: .lunch, source: .logged(today.adding(days: -2)),
            items: [PlanMealItem(foodId: oats.id, name: oats.name, grams: 120)])
        let snack = PlanMeal(
            name: banana.name, slot: .snacks, source: .logged(today.adding(days: -1)),
            items: [PlanMealItem(foodId: banana.id, name: banana.name, grams: 120)])
        var input = PlanInput(
            days: 7, candidates: candidates, targets: PlanTargets(kcal: 1000, proteinG: 25, nutrients: [:]), budget: Money(minorUnits: 3000))
        input.meals = [porridge, oatLunch, snack]
        input.start = today
        let vm = FlowHost(PantryViewModel(source: r, clock: db.clock))
        vm.tab.planner = { days in
            var asked = input
            asked.days = days
            return try GroceryPlanner.plan(asked)
        }
        vm.didBecomeVisible()
        return vm
    }

    @Test func theMenuStepsDayByDayAndLogsADayUndoably() throws {
        let vm = try tab()
        vm.press(.char("P"))
        let flow = try #require(vm.stack.top as? PantryPlanFlow)
        #expect(flow.plan.feasible, "\(flow.plan.explanation ?? "")")
        #expect(flow.plan.menu.count == 7)
        var screen = render(vm, .small).text
        #expect(screen.contains("Day 1/7 \(today.iso)"), "\(screen)")
        #expect(screen.contains("Breakfast") && screen.contains("saved meal"), "\(screen)")
        vm.press(.char("]"))
        vm.press(.char("]"))
        screen = render(vm, .small).text
        #expect(screen.contains("Day 3/7 \(today.adding(days: 2).iso)"), "\(screen)")
        vm.press(.char("["))
        #expect(render(vm, .small).text.contains("Day 2/7"))
        // l logs the shown day (day 2) through the food diary; u takes it out again.
        let day = flow.plan.menu[1]
        vm.press(.char("l"))
        let logged = try db.repositories.foodRecords(in: DateRange(start: day.date, end: day.date))
        #expect(logged.count == day.meals.flatMap(\.items).count)
        #expect(abs(logged.reduce(0) { $0 + $1.kcal } - day.kcal) < 1, "the day logged is the day shown: \(day.kcal) kcal")
        #expect(Set(logged.map(\.meal)) == Set(day.meals.map(\.slot)))
        vm.press(.char("u"))
        #expect(try db.repositories.foodRecords(in: DateRange(start: day.date, end: day.date)).isEmpty)
        // a puts the shopping list on the shopping list.
        vm.press(.char("a"))
        let buying = flow.plan.items.filter { $0.quantity > 0 }.count
        #expect(try db.repositories.shoppingListItems(includingBought: false).count == buying)
    }

    @Test func snapshots() throws {
        let vm = try tab()
        vm.press(.char("P"))
        _ = try #require(vm.stack.top as? PantryPlanFlow)
        for (width, height) in [(80, 21), (120, 35)] {
            var buffer = Buffer(width: width, height: height, for: snapshotContext)
            vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
            assertSnapshot(of: buffer.text, as: .lines, named: "\(width)x\(height)-menu")
            let ascii = RenderContext(theme: .fallback, symbols: .ascii)
            var plain = Buffer(width: width, height: height, for: ascii)
            vm.render(in: plain.area, buffer: &plain, context: ascii)
            let isASCII = plain.text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(isASCII, "\(plain.text)")
            assertSnapshot(of: plain.text, as: .lines, named: "\(width)x\(height)-menu-ascii")
        }
    }
}
