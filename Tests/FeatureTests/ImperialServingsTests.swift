import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// Issue 26: a user of imperial units gets oz and lb in the Diet tab's serving list, and a
/// fraction in the amount field; a metric user's list is unchanged.
@MainActor
@Suite struct ImperialServingsTests {
    private func servingList(imperial: Bool) throws -> (FlowHost<DietViewModel>, TestDatabase) {
        let db = try TestDatabase(profile: DemoHistory.profile)
        if imperial { try db.useImperialUnits() }
        let vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        _ = vm.handle(.char("a"))
        vm.type("bana")
        _ = vm.handle(.enter)
        return (vm, db)
    }

    @Test func ouncesAndPoundsForImperialUsers() throws {
        let (vm, db) = try servingList(imperial: true)
        let labels = try #require(vm.search?.servings.map(\.label))
        #expect(labels.suffix(3) == ["1 oz", "1 lb", "grams"])
        // 1½ oz of banana, logged from the list.
        let oz = try #require(labels.firstIndex(of: "1 oz"))
        let preselected = try #require(vm.search?.servingIndex)
        for _ in 0..<abs(oz - preselected) { _ = vm.handle(oz > preselected ? .down : .up) }
        #expect(vm.search?.serving?.label == "1 oz")
        _ = vm.handle(.enter)
        vm.type("1½")
        _ = vm.handle(.enter)  // the amount
        _ = vm.handle(.enter)  // the meal: saved
        let saved = try #require(try db.repositories.foodRecords(in: DateRange(start: TestDay.fixed, end: TestDay.fixed)).first)
        #expect(abs((saved.grams ?? 0) - 42.5242846875) < 1e-9)
    }

    @Test func metricUsersKeepTheCatalogsList() throws {
        let (vm, _) = try servingList(imperial: false)
        let labels = try #require(vm.search?.servings.map(\.label))
        #expect(!labels.contains("1 oz") && labels.last == "grams")
    }
}
