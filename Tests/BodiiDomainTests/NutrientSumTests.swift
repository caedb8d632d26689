import BodiiDomain
import Foundation
import Testing

/// Issue 27: custom foods and recipes carry every nutrient they know; unknown stays unknown.
@Suite struct NutrientSumTests {
    private func food(_ id: String, kcal: Double, _ values: [NutrientKey: Double]) -> Food {
        Food(
            id: FoodID(id), name: id, source: "custom",
            per100g: Nutrients(kcal: kcal, proteinG: 1, carbsG: 10, fatG: 1, values: values))
    }

    @Test func aRecipeSumsWhatEveryIngredientKnowsAndNothingElse() {
        let oats = food("oats", kcal: 380, [.ironMg: 4, .magnesiumMg: 130, .vitaminCMg: 0])
        let milk = food("milk", kcal: 64, [.calciumMg: 120, .magnesiumMg: 11, .vitaminCMg: 1])
        let recipe = Recipe(
            name: "Porridge", servings: 2,
            ingredients: [.init(food: oats, grams: 80), .init(food: milk, grams: 250)])
        let total = recipe.total
        #expect(abs((total[.magnesiumMg] ?? 0) - (104 + 27.5)) < 1e-9)
        #expect(abs((total[.vitaminCMg] ?? 0) - 2.5) < 1e-9)  // oats know 0: a known zero adds
        #expect(total[.ironMg] == nil)  // milk does not know iron: the sum is unknown, not 3.2
        #expect(total[.calciumMg] == nil)
        #expect(total[.zincMg] == nil)
        // Per 100 g and per serving scale what is known.
        #expect(abs((recipe.per100g[.magnesiumMg] ?? 0) - 131.5 * 100 / 330) < 1e-9)
        #expect(recipe.perServing[.ironMg] == nil)
        #expect(abs((recipe.asFood(id: FoodID("recipe:1")).per100g[.vitaminCMg] ?? 0) - 2.5 * 100 / 330) < 1e-9)
    }

    @Test func loggingScalesEveryNutrientTheFoodKnows() {
        let soup = food("soup", kcal: 50, [.potassiumMg: 200, .folateUg: 30])
        let entry = FoodLogging.record(food: soup, grams: 250, meal: .lunch, date: LocalDate(daysSinceEpoch: 20_000))
        #expect(entry.nutrients == [.potassiumMg: 500, .folateUg: 75])
        // Editing the amount without the food scales what the entry kept.
        let edited = FoodEntries.edited(entry, grams: 125, meal: .lunch, food: nil)
        #expect(edited.nutrients == [.potassiumMg: 250, .folateUg: 37.5])
    }

    @Test func editingACustomFoodKeepsTheNutrientsTheFormHasNoFieldFor() throws {
        var stored = food("custom:3", kcal: 200, [.vitaminCMg: 40, .fiberG: 2])
        stored.servings = [FoodServing(label: "1 bar", grams: 50)]
        var input = CustomFoodInput(food: stored)
        #expect(input.fiber == "1")
        #expect(input.other == "Vitamin C 20 mg")
        input.name = "Bar, renamed"
        let edited = try CustomFoods(store: CustomFoodsTests.Recorder()).validate(input, id: stored.id).get()
        #expect(edited.per100g[.vitaminCMg] == 40)
        #expect(edited.per100g[.fiberG] == 2)
        #expect(edited.per100g[.ironMg] == nil)
    }
}
