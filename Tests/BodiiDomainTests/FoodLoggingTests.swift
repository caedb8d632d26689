import Foundation
import Testing
@testable import BodiiDomain

@Suite struct FoodLoggingTests {
    let egg = Food(
        id: FoodID("usda:01123"), name: "Egg, whole, raw, fresh", source: "USDA SR", release: "24",
        per100g: Nutrients(kcal: 143, proteinG: 12.56, carbsG: 0.72, fatG: 9.51),
        servings: [
            FoodServing(label: "1 cup (4.86 large eggs)", grams: 243), FoodServing(label: "1 extra large", grams: 56),
            FoodServing(label: "1 jumbo", grams: 63), FoodServing(label: "1 large", grams: 50),
            FoodServing(label: "1 medium", grams: 44), FoodServing(label: "1 small", grams: 38),
        ])
    let banana = Food(
        id: FoodID("usda:09040"), name: "Bananas, raw", source: "USDA SR", release: "24",
        per100g: Nutrients(kcal: 89, proteinG: 1.09, carbsG: 22.84, fatG: 0.33),
        servings: [
            FoodServing(label: "1 cup, mashed", grams: 225), FoodServing(label: "1 cup, sliced", grams: 150),
            FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118),
            FoodServing(label: "1 extra large (9\" or longer)", grams: 152),
        ])

    func serving(_ name: String, of food: Food) -> String? {
        try? FoodLogging.serving(named: name, of: food).label
    }

    @Test func servingsAreFoundTheWayPeopleNameThem() {
        #expect(serving("1 large", of: egg) == "1 large")
        #expect(serving("LARGE", of: egg) == "1 large")  // not "1 extra large"
        #expect(serving("extra large", of: egg) == "1 extra large")
        #expect(serving("jumbo", of: egg) == "1 jumbo")
        #expect(serving("medium", of: banana) == "1 medium (7\" to 7-7/8\" long)")
        #expect(serving("sliced", of: banana) == "1 cup, sliced")
        #expect(serving("cup", of: banana) == nil)  // two cups: ambiguous
        #expect(serving("quart", of: banana) == nil)
    }

    @Test func aServingThatIsNotThereNamesTheOnesThatAre() {
        let error = validationError { try FoodLogging.serving(named: "quart", of: banana) }
        #expect(error?.message.hasPrefix("serving \"quart\" is out of range: allowed 1 cup, mashed; 1 cup, sliced; 1 medium") == true)
        #expect(validationError { try FoodLogging.serving(named: " ", of: banana) }?.problem == .empty)
        let plain = Food(
            id: FoodID("custom:1"), name: "Soup", source: "custom", per100g: Nutrients(kcal: 40, proteinG: 2, carbsG: 5, fatG: 1))
        #expect(validationError { try FoodLogging.serving(named: "bowl", of: plain) }?.allowed == "grams only (this food has no servings)")
    }

    @Test func aQuantityKeepsTheEntryWithinFiveKilograms() throws {
        let quart = FoodServing(label: "1 quart", grams: 976)
        #expect(try FoodLogging.quantity("5", of: quart) == 5)
        #expect(
            validationError { try FoodLogging.quantity("6", of: quart) }?.message
                == "quantity \"6\" is out of range: allowed 0.01–5.12 (1 quart is 976 g; one entry 0.1–5000 g)")
        #expect(validationError { try FoodLogging.quantity("0", of: quart) }?.problem == .outOfRange)
        #expect(validationError { try FoodLogging.quantity("lots", of: quart) }?.problem == .notANumber)
        let pinch = FoodServing(label: "1 pinch", grams: 0.3)
        #expect(validationError { try FoodLogging.quantity("0.1", of: pinch) }?.allowed.hasPrefix("0.34–100 ") == true)
    }

    @Test func mealsByName() throws {
        #expect(try FoodLogging.meal("Breakfast") == .breakfast)
        #expect(try FoodLogging.meal(" snack ") == .snacks)
        #expect(try FoodLogging.meal("dinner") == .dinner)
        #expect(
            validationError { try FoodLogging.meal("brunch") }?.message
                == "meal \"brunch\" is not in a valid format: allowed breakfast, lunch, dinner or snacks")
    }

    @Test func theLikelyMealFollowsTheLocalClock() throws {
        let berlin = try #require(TimeZone(identifier: "Europe/Berlin"))
        let utc = try #require(TimeZone(identifier: "UTC"))
        // 2026-11-22 07:30 UTC is 08:30 in Berlin; 19:30 UTC is 20:30 there, 23:30 UTC is 00:30.
        let morning = Date(timeIntervalSince1970: 20_779 * 86_400 + 7.5 * 3600)
        #expect(Meal.likely(at: morning, timeZone: utc) == .breakfast)
        #expect(Meal.likely(at: morning, timeZone: berlin) == .breakfast)
        #expect(Meal.likely(at: morning.addingTimeInterval(12 * 3600), timeZone: berlin) == .dinner)
        #expect(Meal.likely(at: morning.addingTimeInterval(16 * 3600), timeZone: berlin) == .snacks)
        #expect(Meal.likely(at: morning.addingTimeInterval(4 * 3600), timeZone: utc) == .lunch)
        #expect(Meal.likely(at: Date(timeIntervalSince1970: -1800), timeZone: utc) == .snacks)  // 23:30 before 1970
    }

    @Test func recordsCopyTheNutrientsOfTheAmount() {
        let record = FoodLogging.record(food: banana, grams: 118, meal: .breakfast, date: LocalDate(daysSinceEpoch: 20_779))
        #expect(isClose(record.kcal, 105.02))
        #expect(isClose(record.proteinG, 1.2862))
        #expect(record.fiberG == nil)
        #expect(FoodLogging.gramsLabel(118) == "118 g")
        #expect(FoodLogging.gramsLabel(82.5) == "82.5 g")
        #expect(FoodLogging.quantityLabel(0.333) == "0.33")
    }
}

@Suite struct DemoMealsTests {
    let end = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_779)

    /// Stand-ins for the catalog's menu foods: 100 kcal per 100 g each.
    var foods: [FoodID: Food] {
        Dictionary(
            uniqueKeysWithValues: DemoHistory.menuFoodIDs.map { id in
                (id, Food(id: id, name: "Food \(id)", source: "USDA SR", per100g: Nutrients(kcal: 100, proteinG: 5, carbsG: 10, fatG: 4)))
            })
    }

    @Test func mealsAreDeterministicAndLeaveTheRestOfTheHistoryAsItWas() {
        let demo = DemoHistory(days: 60, endDate: end)
        let with = demo.makeBatch(foods: foods)
        let again = demo.makeBatch(foods: foods)
        let without = demo.makeBatch()
        #expect(with.food == again.food)
        #expect(without.food.isEmpty)
        #expect(with.body.map(\.0) == without.body.map(\.0))
        #expect(with.exercise == without.exercise)
        #expect(with.sleep == without.sleep)
        #expect(with.checkIns == without.checkIns)
        // Most days have breakfast, lunch and dinner; portions are whole 5 g steps.
        let days = Set(with.food.map(\.date))
        #expect(days.count >= 48 && days.count <= 60)
        for meal in [Meal.breakfast, .lunch, .dinner] {
            #expect(Set(with.food.filter { $0.meal == meal }.map(\.date)) == days)
        }
        #expect(with.food.allSatisfy { ($0.grams ?? 0).truncatingRemainder(dividingBy: 5) == 0 && ($0.grams ?? 0) >= 5 })
        #expect(with.food.allSatisfy { foods[$0.foodId] != nil })
    }

    @Test func nothingIsEatenLaterThanNow() {
        // 10:00 UTC on the last day: breakfast only.
        let now = Date(timeIntervalSince1970: Double(end.daysSinceEpoch) * 86_400 + 10 * 3600)
        let batch = DemoHistory(days: 40, endDate: end, now: now).makeBatch(foods: foods)
        let last = batch.food.filter { $0.date == end }
        #expect(last.allSatisfy { $0.meal == .breakfast && $0.loggedAt <= now })
    }

    @Test func aFoodMissingFromTheCatalogIsLeftOut() {
        var some = foods
        some[FoodID("usda:09040")] = nil
        let batch = DemoHistory(days: 30, endDate: end).makeBatch(foods: some)
        #expect(!batch.food.isEmpty)
        #expect(!batch.food.contains { $0.foodId == FoodID("usda:09040") })
    }
}
