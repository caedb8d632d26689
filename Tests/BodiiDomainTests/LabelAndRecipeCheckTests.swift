import Foundation
import Testing
@testable import BodiiDomain
import BodiiSearch

/// The macro warning of custom foods, the recipe editor's validation and the history query's
/// text rules (issue 15), from worked numbers.
@Suite struct LabelAndRecipeCheckTests {
    private func food(kcal: Double, p: Double, c: Double, f: Double, servingGrams: Double?) -> Food {
        let grams = servingGrams ?? 100
        return Food(
            id: FoodID("custom:1"), name: "Label", source: "custom",
            per100g: Nutrients(kcal: kcal, proteinG: p, carbsG: c, fatG: f).scaled(toGrams: 100 * 100 / grams),
            servings: servingGrams.map { [FoodServing(label: "1 bar", grams: $0)] } ?? [])
    }

    @Test func macrosAboveTheLabelNameTheArithmetic() {
        // 4·20 + 4·25 + 9·5 = 225 kcal, on a label that says 10.
        let odd = food(kcal: 10, p: 20, c: 25, f: 5, servingGrams: 60)
        #expect(CustomFoods.energyWarning(for: odd, per: .serving) == "4·P + 4·C + 9·F = 225 kcal > 10 kcal")
        #expect(CustomFoods.macroKcal(proteinG: 20, carbsG: 25, fatG: 5) == 225)
        // Per 100 g the figures are those of 100 g.
        let per100 = food(kcal: 50, p: 10, c: 20, f: 4, servingGrams: nil)
        #expect(CustomFoods.energyWarning(for: per100, per: .per100g) == "4·P + 4·C + 9·F = 156 kcal > 50 kcal")
    }

    @Test func labelsThatRoundAreLeftAlone() {
        // 4·10 + 4·20 + 9·7 = 183 ≤ 190.
        #expect(CustomFoods.energyWarning(for: food(kcal: 190, p: 10, c: 20, f: 7, servingGrams: 40), per: .serving) == nil)
        // 4·10 + 4·30 + 9·6 = 214, 7 % over (fibre counted at 4 kcal, rounding): no warning.
        #expect(CustomFoods.energyWarning(for: food(kcal: 200, p: 10, c: 30, f: 6, servingGrams: 50), per: .serving) == nil)
        // 4·10 + 4·30 + 9·10 = 250, 25 % over: a warning.
        #expect(CustomFoods.energyWarning(for: food(kcal: 200, p: 10, c: 30, f: 10, servingGrams: 50), per: .serving) != nil)
        // 4·1 + 4·1 + 9·0.5 = 12.5: within 10 kcal of a tiny label.
        #expect(CustomFoods.energyWarning(for: food(kcal: 5, p: 1, c: 1, f: 0.5, servingGrams: 30), per: .serving) == nil)
    }

    @Test func aRecipeNeedsANameServingsAndAnIngredient() throws {
        let oats = Food(
            id: FoodID("usda:08120"), name: "Oats", source: "USDA SR", per100g: Nutrients(kcal: 379, proteinG: 13, carbsG: 68, fatG: 6.5))
        guard case .failure(let errors) = Recipe.validated(id: nil, foodID: nil, name: " ", servings: "0", ingredients: []) else {
            Issue.record("accepted an empty recipe")
            return
        }
        #expect(errors[.name] != nil && errors[.servings] != nil && errors[.ingredients] != nil)
        #expect(errors[.servings]?.message == "servings \"0\" is out of range: allowed 0.1–100")
        let ok = try Recipe.validated(id: nil, foodID: nil, name: "Porridge", servings: "2", ingredients: [.init(food: oats, grams: 80)])
            .get()
        #expect(ok.servings == 2 && ok.servingGrams == 40 && abs(ok.perServing.kcal - 151.6) < 1e-9)
    }

    @Test func historyQueriesUseFoodSearchsWords() {
        let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_779)
        #expect(EatingHistory.query("yesterday", today: today) == .day(today.adding(days: -1)))
        #expect(EatingHistory.query(" 2026-11-01 ", today: today) == LocalDate(iso: "2026-11-01").map(EatingHistory.Query.day))
        #expect(EatingHistory.query("  ", today: today) == nil)
        #expect(EatingHistory.query("!!!", today: today) == nil)
        guard case .food(let words) = EatingHistory.query("Bananas with oats", today: today) else { Issue.record("not a food"); return }
        #expect(EatingHistory.matches(words, name: "Oats, with banana slices"), "plural, order, filler words")
        #expect(!EatingHistory.matches(words, name: "Bananas, raw"))
        guard case .food(let accent) = EatingHistory.query("jalapeno", today: today) else { return }
        #expect(EatingHistory.matches(accent, name: "Peppers, jalapeño, raw"))
        guard case .food(let start) = EatingHistory.query("chick br", today: today) else { return }
        #expect(EatingHistory.matches(start, name: "Chicken, broilers or fryers, breast"))
        #expect(!EatingHistory.matches(start, name: "Beef, chuck"))
    }
}
