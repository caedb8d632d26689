import BodiiDomain
import BodiiStore
import DietFeature
import Foundation
import TerminalKit
import Testing

/// Issue 43: `w` in Diet logs a drink of water (a glass at first, then the day's last amount), it
/// counts in the day's water with the water in foods, and `u` takes it back.
@MainActor
@Suite struct DietWaterTests {
    let db: TestDatabase
    let vm: FlowHost<DietViewModel>
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
        vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
    }

    private func stored() throws -> [FoodRecord] { try db.repositories.foodRecords(in: DateRange(start: today, end: today)) }

    private func water() throws -> Double? {
        try db.repositories.nutrientIntakes(in: DateRange(start: today, end: today))[today]?.amounts[.waterG]
    }

    @Test func wLogsAGlassThatCountsAsWaterAndUTakesItBack() throws {
        #expect(vm.handle(.char("w")) == .handled)
        let drinks = try stored()
        #expect(drinks.count == 1)
        let drink = try #require(drinks.first)
        #expect(drink.foodId == WaterLogging.foodID && drink.grams == 250 && drink.kcal == 0)
        #expect(drink.meal == .lunch, "noon on the test clock")
        #expect(abs((try water() ?? 0) - 249.75) < 1e-6, "tap water is 99.9 % water")
        #expect(vm.status?.text == "Logged 250 ml of water; 250 ml drunk this day — u to undo.")

        // The day's last amount is the next default: edit it to 500 ml, then w again.
        let tap = try #require(try db.repositories.food(id: WaterLogging.foodID))
        try db.repositories.updateFoodRecord(
            WaterLogging.record(ml: 500, water: tap, date: today, meal: .lunch, loggedAt: drink.loggedAt).withID(drink.id))
        vm.didBecomeVisible()
        _ = vm.handle(.char("w"))
        #expect(try stored().map(\.grams) == [500, 500])
        #expect(vm.status?.text == "Logged 500 ml of water; 1 l drunk this day — u to undo.")

        _ = vm.handle(.char("u"))
        #expect(try stored().map(\.grams) == [500], "u takes back the last drink only")
        #expect(vm.status?.text == "Took back the 500 ml of water.")
        #expect(abs((try water() ?? 0) - 499.5) < 1e-6)
    }

    @Test func waterCountsWithTheWaterInFood() throws {
        let banana = try #require(try db.repositories.food(id: FoodID("usda:09040")))
        _ = try db.repositories.addFoodRecord(FoodLogging.record(food: banana, grams: 118, meal: .breakfast, date: today))
        let inFood = try #require(try water())
        _ = vm.handle(.char("w"))
        #expect(abs((try water() ?? 0) - (inFood + 249.75)) < 1e-6, "food water + the drink")
    }
}

extension FoodRecord {
    fileprivate func withID(_ id: Int64?) -> FoodRecord {
        var copy = self
        copy.id = id
        return copy
    }
}
