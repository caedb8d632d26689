import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature

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
        #expect(!render(vm, .large).text.contains("Use soon"))   // stock is now: not on other days
    }

    @Test func noLineWithoutLotsDue() throws {
        let db = try TestDatabase.demo()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        #expect(!render(vm, .large).text.contains("Use soon"))
    }
}
