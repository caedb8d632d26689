import BodiiDomain
import BodiiStore
import DietFeature
import Foundation
import Testing

/// Issue 43 #5 on screen: a day with basmati rice (CIQUAL 9125, its B vitamins estimated from
/// SR24 20445) shows "≈" on the figures that take an estimate, and Enter names the donor, at 80
/// columns.
@MainActor
@Suite struct NutrientEstimateViewTests {
    @Test func theViewMarksEstimatesAndEnterNamesTheDonor() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        defer { withExtendedLifetime(db) {} }
        let day = TestDay.fixed
        let at = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 12 * 3600)
        for (id, grams) in [("ciqual:9125", 200.0), ("usda:09040", 118)] {
            let food = try #require(try db.repositories.food(id: FoodID(id)))
            try db.repositories.addFoodRecord(FoodLogging.record(food: food, grams: grams, meal: .lunch, date: day, loggedAt: at))
        }
        let vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("N"))
        let flow = try #require(vm.stack.top as? NutrientsFlow)
        let b2 = try #require(flow.report?.status(.riboflavinMg))
        #expect(b2.estimated && !b2.partial)
        #expect(flow.report?.status(.potassiumMg).estimated == false)
        let screen = render(vm, .small).text
        let row = try #require(screen.split(separator: "\n").first { $0.contains("B2 Ribo") })
        #expect(row.contains("≈ "), "\(row)")
        let index = try #require(flow.report?.statuses.firstIndex { $0.key == .riboflavinMg })
        vm.press(.down, times: index)
        vm.press(.enter)
        let sources = try #require(vm.stack.top as? NutrientSourcesFlow)
        #expect(sources.sources.first { $0.foodId == FoodID("ciqual:9125") }?.estimatedFrom != nil)
        let detail = render(vm, .small).text
        #expect(detail.contains("≈ Rice, basmati"), "\(detail)")
        #expect(detail.contains("≈ from Rice, white, long-grain, regular, cooked, unenriched, without salt"), "\(detail)")
    }
}
