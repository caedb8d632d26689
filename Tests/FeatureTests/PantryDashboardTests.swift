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
