import Foundation
import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// `N` on the Diet tab (issue 27) on a real database with a day of real USDA foods: the view, the
/// day's sources of a nutrient (Enter), the span keys, and "close the gap" (`g`).
@MainActor
@Suite struct NutrientsFlowTests {
    private func tab(_ db: TestDatabase) throws -> FlowHost<DietViewModel> {
        try RealMeals.log(in: db, on: TestDay.fixed)
        let vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("N"))
        _ = try #require(vm.stack.top as? NutrientsFlow)
        return vm
    }

    @Test func theViewListsTheDaysFoodsAndTheSpanKeysAverage() throws {
        let db = try TestDatabase.demo()
        defer { withExtendedLifetime(db) {} }
        let vm = try tab(db)
        let flow = try #require(vm.stack.top as? NutrientsFlow)
        let vitaminC = try #require(flow.report?.status(.vitaminCMg).amount)
        #expect(vitaminC > 100)  // broccoli alone gives ~100 mg
        assertSnapshot(of: render(vm, .small).text, as: .lines, named: "80x21")
        // Enter on Vitamin C: the day's foods, largest first (broccoli).
        let index = try #require(flow.report?.statuses.firstIndex { $0.key == .vitaminCMg })
        vm.press(.down, times: index)
        vm.press(.enter)
        let sources = try #require(vm.stack.top as? NutrientSourcesFlow)
        #expect(sources.key == .vitaminCMg)
        #expect(sources.sources.first?.foodName.hasPrefix("Broccoli") == true)
        #expect(abs(sources.sources.compactMap(\.amount).reduce(0, +) - vitaminC) < 1e-6)
        vm.press(.escape)
        vm.press(.char("-"))
        #expect(flow.span == .week)
        #expect(flow.report?.range.dayCount == 7)
        vm.press(.char("-"))
        #expect(flow.span == .month)
        vm.press(.char("+"))
        vm.press(.char("+"))
        #expect(flow.span == .day)
        vm.press(.escape)
        #expect(vm.stack.top == nil)
    }

    @Test func closeTheGapRanksFoodsFromTheLog() throws {
        let db = try TestDatabase.demo()
        defer { withExtendedLifetime(db) {} }
        let vm = try tab(db)
        let flow = try #require(vm.stack.top as? NutrientsFlow)
        // Vitamin E: the day's foods (almonds the richest) leave the 15 mg goal short.
        let index = try #require(flow.report?.statuses.firstIndex { $0.key == .vitaminEMg })
        vm.press(.down, times: index)
        vm.press(.char("g"))
        let gap = try #require(vm.stack.top as? CloseTheGapFlow, "\(String(describing: vm.status))")
        #expect(gap.gap > 0)
        let logged = Set(RealMeals.day.map(\.1))
        #expect(!gap.suggestions.isEmpty)
        #expect(gap.suggestions.allSatisfy { logged.contains($0.food.foodId.rawValue) })
        // Most of the gap first (up to all of it), and none closing under 10 % of it.
        let shares = gap.suggestions.map(\.rankedShare)
        #expect(shares == shares.sorted(by: >))
        #expect(gap.suggestions.allSatisfy { $0.gapShare >= CloseTheGap.minimumShare })
    }

    /// `g` on a nutrient without a target says so, and where to set one, instead of "the last 7 days
    /// reach the goal"; a limit and a met goal keep their own lines.
    @Test func closeTheGapOnANutrientWithoutATargetSaysSo() throws {
        let db = try TestDatabase.demo()
        defer { withExtendedLifetime(db) {} }
        let vm = try tab(db)
        let flow = try #require(vm.stack.top as? NutrientsFlow)
        for (key, expected) in [
            (NutrientKey.starchG, "Starch has no target, so no gap to close: Settings → Nutrients can set one."),
            (.sodiumMg, "Sodium is a limit: there is no gap to close."),
        ] {
            let status = try #require(flow.report?.status(key))
            let index = try #require(flow.report?.statuses.firstIndex { $0.key == key })
            vm.press(.up, times: NutrientKey.allCases.count)
            vm.press(.down, times: index)
            vm.press(.char("g"))
            #expect(vm.stack.top is NutrientsFlow)
            #expect(vm.status?.text == expected, "\(status)")
        }
    }

    /// Issue 27 item 4: "the foods you already eat (your history, and what is in the pantry)": a
    /// food in stock never logged is listed, marked as from the pantry, priced from its purchase.
    @Test func closeTheGapAddsPantryFoodsNeverLogged() throws {
        let db = try TestDatabase.demo()
        defer { withExtendedLifetime(db) {} }
        let seeds = FoodID("usda:12036")  // sunflower seed kernels: 35.17 mg vitamin E per 100 g
        _ = try db.repositories.recordPurchase(
            Purchase(
                itemId: 0, date: TestDay.fixed.adding(days: -2), quantity: PantryQuantity(200, .grams), grams: 200,
                price: Money(minorUnits: 300)),
            item: GroceryItem(name: "Sunflower seeds", foodId: seeds), bestBefore: nil, shoppingListItemId: nil)
        let vm = try tab(db)
        let flow = try #require(vm.stack.top as? NutrientsFlow)
        let index = try #require(flow.report?.statuses.firstIndex { $0.key == .vitaminEMg })
        vm.press(.down, times: index)
        vm.press(.char("g"))
        let gap = try #require(vm.stack.top as? CloseTheGapFlow, "\(String(describing: vm.status))")
        let pantry = try #require(gap.suggestions.first { $0.food.foodId == seeds })
        #expect(pantry.food.origin == .pantry && pantry.food.usualGrams == 100)
        #expect(pantry.food.pricePerGram == 3.0 / 200, "€3 for 200 g")
        #expect(abs(pantry.portionAmount - 35.17) < 1e-9)
        #expect(gap.suggestions.filter { $0.food.foodId != seeds }.allSatisfy { $0.food.origin == .history })
        #expect(render(vm, .large).text.contains("(pantry)"))
    }
}
