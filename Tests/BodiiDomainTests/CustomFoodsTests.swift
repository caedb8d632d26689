import Foundation
import Testing
@testable import BodiiDomain

/// `CustomFoods.validate` and the per-100 g arithmetic; the store side is in BodiiStoreTests.
@Suite struct CustomFoodsTests {
    /// Remembers what `save` asked for.
    final class Recorder: FoodCatalogRepository {
        var added: [Food] = []
        var updated: [Food] = []
        func searchFoods(_ query: String, limit: Int) throws -> [Food] { [] }
        func food(id: FoodID) throws -> Food? { nil }
        func recentFoods(limit: Int) throws -> [Food] { [] }
        func addCustomFood(_ food: Food) throws -> Food {
            var saved = food
            saved.id = FoodID("custom:\(added.count + 1)")
            added.append(saved)
            return saved
        }
        func updateCustomFood(_ food: Food) throws { updated.append(food) }
        func customFoods() throws -> [Food] { added }
        func deleteCustomFood(id: FoodID) throws -> Food? { nil }
    }

    let bar = CustomFoodInput(
        name: "  Protein bar ", servingLabel: "1 bar", servingGrams: "40", kcal: "190",
        protein: "10", carbs: "20", fat: "7", fiber: "3", sugars: "", saturatedFat: "2.5", sodium: "120")

    func errors(_ input: CustomFoodInput) -> FieldErrors<CustomFoodField> {
        switch CustomFoods(store: Recorder()).validate(input) {
        case .success(let food): Issue.record("accepted \(food)"); return FieldErrors()
        case .failure(let e): return e
        }
    }

    @Test func aLabelBecomesNutrientsPer100gAndOneServing() throws {
        let food = try CustomFoods(store: Recorder()).validate(bar).get()
        #expect(food.name == "Protein bar")
        #expect(food.id == CustomFoods.newID)
        #expect(food.source == "custom")
        #expect(food.servings == [FoodServing(label: "1 bar", grams: 40)])
        #expect(isClose(food.per100g.kcal, 475))
        #expect(isClose(food.per100g.proteinG, 25))
        #expect(isClose(food.per100g.carbsG, 50))
        #expect(isClose(food.per100g.fatG, 17.5))
        #expect(isClose(food.per100g.fiberG, 7.5))
        #expect(food.per100g.sugarsG == nil)  // not on the label: unknown, not 0
        #expect(isClose(food.per100g.saturatedFatG, 6.25))
        #expect(isClose(food.per100g.sodiumMg, 300))
        // A record of one bar gives back the label.
        let record = FoodLogging.record(food: food, grams: 40, meal: .snacks, date: LocalDate(daysSinceEpoch: 20_000))
        #expect(isClose(record.kcal, 190))
        #expect(isClose(record.sodiumMg, 120))
    }

    @Test func anEmptyServingLabelIsOneServing() throws {
        var input = bar
        input.servingLabel = " "
        #expect(try CustomFoods(store: Recorder()).validate(input).get().servings.first?.label == "1 serving")
    }

    @Test func everyFieldIsCheckedAndMessagesNameTheValueAndTheRange() {
        var input = bar
        input.name = String(repeating: "x", count: 81)
        input.kcal = "400"  // 1000 kcal per 100 g
        input.protein = "-1"
        input.carbs = "many"
        input.sodium = "50000"
        let e = errors(input)
        #expect(e[.name]?.message == "name \"xxxxxxxxxxxxxxxxxxxxxxxx…\" is too long: allowed 1–80 characters, no control characters")
        #expect(e[.kcal]?.message == "energy \"400\" is out of range: allowed 0–360 kcal for 40 g (at most 900 kcal per 100 g)")
        #expect(e[.protein]?.message == "protein \"-1\" is out of range: allowed 0–40 g (at most the serving weight)")
        #expect(e[.carbs]?.problem == .notANumber)
        #expect(e[.sodium]?.message == "sodium \"50000\" is out of range: allowed 0–40000 mg (at most the serving weight)")
        #expect(e[.fat] == nil)
        #expect(e.first?.field == "name")
    }

    @Test func theMacrosTogetherCannotWeighMoreThanTheServing() {
        var input = bar
        input.protein = "15"
        input.carbs = "20"
        input.fat = "6"  // 41 g in 40 g
        let e = errors(input)
        #expect(e[.fat]?.message == "protein + carbs + fat \"41 g\" is out of range: allowed at most the serving weight (40 g)")
    }

    @Test func partsCannotExceedTheirWhole() {
        var input = bar
        input.sugars = "21"
        input.saturatedFat = "8"
        let e = errors(input)
        #expect(e[.sugars]?.message == "sugars \"21\" is out of range: allowed 0–20 g (at most the carbs)")
        #expect(e[.saturatedFat]?.message == "saturated fat \"8\" is out of range: allowed 0–7 g (at most the fat)")
    }

    @Test func servingWeightIsBetweenATenthOfAGramAndFiveKilograms() {
        for bad in ["0", "0.05", "5001", "", "heavy"] {
            var input = bar
            input.servingGrams = bad
            #expect(errors(input)[.servingGrams] != nil, "\(bad)")
        }
        var input = bar
        input.servingGrams = "0"
        #expect(errors(input)[.servingGrams]?.message == "serving weight \"0\" is out of range: allowed 0.1–5000 g")
        // Energy is still checked against pure fat, for the largest serving.
        input.kcal = "50000"
        #expect(errors(input)[.kcal]?.message == "energy \"50000\" is out of range: allowed 0–45000 kcal (at most 900 kcal per 100 g)")
    }

    @Test func pureFatIsTheLimit() throws {
        let oil = CustomFoodInput(
            name: "Olive oil", servingLabel: "1 tbsp", servingGrams: "10", kcal: "90",
            protein: "0", carbs: "0", fat: "10")
        #expect(try CustomFoods(store: Recorder()).validate(oil).get().per100g.kcal == 900)
    }

    @Test func saveAddsNewFoodsAndReplacesEditedOnes() throws {
        let store = Recorder()
        let foods = CustomFoods(store: store)
        let saved = try foods.save(try foods.validate(bar).get())
        #expect(saved.id == FoodID("custom:1"))
        var edit = CustomFoodInput(food: saved)
        #expect(edit.kcal == "190")
        #expect(edit.servingGrams == "40")
        #expect(edit.sugars == "")
        edit.name = "Peanut bar"
        let edited = try foods.validate(edit, id: saved.id).get()
        try foods.save(edited)
        #expect(store.updated.map(\.id) == [saved.id])
        #expect(store.updated.first?.name == "Peanut bar")
        #expect(store.added.count == 1)
    }
}
