import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature
import DietFeature

/// The dashboard's "Use soon" line (PRODUCT.md §10) on the demo history with the demo pantry:
/// expired and soon-to-expire lots first, only on today, and nothing when no lot is due.
@MainActor
@Suite struct PantryDashboardTests {
    func database() throws -> TestDatabase {
        let db = try TestDatabase.demo()
        var batch = HistoryBatch()
        batch.pantry = DemoPantry(days: 60, endDate: TestDay.fixed).makeBatch()
        try db.repositories.write(batch)
        return db
    }

    @Test func useSoonLineShowsTheLotsToEatFirst() throws {
        let db = try database()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        for size in ContentSize.allCases {
            let text = render(vm, size).text
            assertSnapshot(of: text, as: .lines, named: size.name, testName: "dashboardUseSoon")
            #expect(text.contains("Use soon Milk expired · Salmon fillet today · Chicken breast 1 day"))
        }
        vm.press(.char("["))
        #expect(!render(vm, .large).text.contains("Use soon"))  // stock is now: not on other days
    }

    @Test func noLineWithoutLotsDue() throws {
        let db = try TestDatabase.demo()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        #expect(!render(vm, .large).text.contains("Use soon"))
    }

    /// Issue 29: "will expire before you finish it", learned from the user's own use. Rice used at
    /// 20 g a day on 20 of the last 28 days (a rate of 400 g / 28 days) with 1,000 g left and 10 days
    /// to its best-before is not finished in time; milk used at 150 ml a day is.
    @Test func aLotUsedSlowerThanItExpiresIsForecastOnTheUseSoonLine() throws {
        let db = try TestDatabase.demo()
        let today = TestDay.fixed
        func stock(_ name: String, _ amount: Double, _ unit: PantryUnit, dailyUse: Double, days: Int) throws {
            let bought = try db.repositories.recordPurchase(
                Purchase(itemId: 0, date: today.adding(days: -25), quantity: PantryQuantity(amount, unit)), item: GroceryItem(name: name),
                bestBefore: today.adding(days: 10), shoppingListItemId: nil)
            let lotId = try #require(bought.lot.id)
            try db.repositories.applyStockUses(
                (1...days).map { StockUse(lotId: lotId, date: today.adding(days: -$0), amount: dailyUse, kind: .use) })
        }
        try stock("Rice", 1_400, .grams, dailyUse: 20, days: 20)
        try stock("Milk", 2_000, .millilitres, dailyUse: 150, days: 10)
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        for size in ContentSize.allCases {
            let text = render(vm, size).text
            #expect(text.contains("Use soon Rice will expire before you finish it (from 20 days of use)"), "\(size.name)\n\(text)")
            #expect(!text.contains("Milk"), "milk at 150 ml a day is finished before its best-before")
        }
        vm.press(.char("["))
        #expect(!render(vm, .large).text.contains("Use soon"))  // stock is now: not on other days
    }

    /// The Diet tab's day totals show what the day's eating cost, once its foods have prices.
    @Test func dietDayTotalsShowTheDaysCost() throws {
        let db = try TestDatabase.demo(meals: true)
        let yesterday = TestDay.fixed.adding(days: -1)
        let vm = DietViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        vm.press(.char("["))
        #expect(!render(vm, .large).text.contains("Cost"))
        var foods: [FoodID: Food] = [:]
        for id in DemoHistory.menuFoodIDs { foods[id] = try db.repositories.food(id: id) }
        var batch = HistoryBatch()
        batch.pantry = DemoPantry(days: 60, endDate: TestDay.fixed).makeBatch(foods: foods)
        try db.repositories.write(batch)
        vm.reload()
        let cost = try #require(try DayCost.load(on: yesterday, from: db.repositories).amount)
        #expect(vm.cost?.amount == cost)
        #expect(render(vm, .large).text.contains("Cost    \(cost.formatted)"))
    }
}
