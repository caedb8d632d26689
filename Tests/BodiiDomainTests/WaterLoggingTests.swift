import Foundation
import Testing
@testable import BodiiDomain

/// Issue 43: a drink of water as typed ("250 ml", "1 glass", "0.5 l", "8 fl oz"), refusals in one
/// line naming the value and what is allowed, and the ml a day's entries hold.
@Suite struct WaterLoggingTests {
    @Test(
        arguments: [
            ("", 250), ("250 ml", 250), ("250ml", 250), ("250", 250), ("1 glass", 250), ("2 glasses", 500), ("glass", 250),
            ("0.5 l", 500), ("0.5l", 500), ("1/2 l", 500), ("1.5 litres", 1500), ("33 cl", 330), ("2 dl", 200),
            ("1 cup", 236.588), ("8 fl oz", 8 * 29.5735), ("8 oz", 8 * 29.5735), ("  330 ML ", 330), ("1 liter", 1000),
        ] as [(String, Double)])
    func amountsAsTyped(text: String, ml: Double) throws {
        #expect(abs(try WaterLogging.millilitres(text) - ml) < 1e-9, "\(text)")
    }

    @Test(
        arguments: [
            ("1e308", "water \"1e308\" is not in a valid format: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("5 l", "water \"5 l\" is out of range: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("-250 ml", "water \"-250 ml\" is out of range: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("5 ml", "water \"5 ml\" is out of range: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("2 buckets", "water \"2 buckets\" has an unknown unit: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("5 xl", "water \"5 xl\" has an unknown unit: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
            ("ml", "water \"ml\" is not a number: allowed 10–3000 ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"),
        ] as [(String, String)])
    func refusals(text: String, message: String) {
        #expect(throws: ValidationError.self) { try WaterLogging.millilitres(text) }
        do { _ = try WaterLogging.millilitres(text) } catch { #expect(error.message == message) }
    }

    @Test func aDrinkIsTapWaterOneGramPerMillilitre() {
        let tap = Food(
            id: WaterLogging.foodID, name: "Water, tap, drinking", source: "USDA SR",
            per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0, values: [.waterG: 99.9, .calciumMg: 3]))
        let day = LocalDate(year: 2026, month: 12, day: 5) ?? LocalDate(daysSinceEpoch: 0)
        let drink = WaterLogging.record(ml: 250, water: tap, date: day, meal: .lunch, loggedAt: Date(timeIntervalSince1970: 0))
        #expect(drink.grams == 250 && drink.kcal == 0)
        #expect(abs((drink.nutrients[.waterG] ?? 0) - 249.75) < 1e-9, "99.9 g per 100 g")
        let bread = FoodRecord(
            date: day, meal: .lunch, foodId: FoodID("usda:18069"), foodName: "Bread", grams: 60, kcal: 160, proteinG: 5, carbsG: 30, fatG: 2
        )
        #expect(WaterLogging.loggedMl([drink, bread, drink]) == 500, "only the drinks count as drunk")
        #expect(NutrientFormat.amount(drink) == "250 ml")
    }
}
