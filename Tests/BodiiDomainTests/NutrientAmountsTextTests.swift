import Foundation
import Testing
@testable import BodiiDomain

/// The custom food form's "More nutrients" line: typed as labels print it, read back the same way.
@Suite struct NutrientAmountsTextTests {
    func parse(_ text: String, grams: Double = 100) throws -> [NutrientKey: Double] {
        try NutrientAmountsText.parse(text, upToGrams: grams, reserved: CustomFoodInput.formKeys)
    }

    func error(_ text: String, grams: Double = 100) -> ValidationError? {
        do {
            _ = try NutrientAmountsText.parse(text, upToGrams: grams, reserved: CustomFoodInput.formKeys)
            return nil
        } catch { return error }
    }

    @Test func labelsAsPrintedAreRead() throws {
        #expect(try parse("vitamin C 12 mg, iron 2.1 mg") == [.vitaminCMg: 12, .ironMg: 2.1])
        // Glued units, the amount first, a colon, micrograms three ways, a decimal comma.
        #expect(try parse("Calcium: 120mg; 5 mcg Vitamin D, Vitamin B12 2,4 µg") == [.calciumMg: 120, .vitaminDUg: 5, .vitaminB12Ug: 2.4])
        // Names other labels use, and the unit converted to the nutrient's own.
        #expect(
            try parse("Thiamine 1.2 mg, folic acid 400 mcg DFE, potassium 0.3 g") == [.thiaminMg: 1.2, .folateUg: 400, .potassiumMg: 300])
        #expect(
            try parse("omega-3 1.5 g, Omega 6 3 g, B-6 0.5, vit a 90 ug RAE") == [
                .omega3G: 1.5, .omega6G: 3, .vitaminB6Mg: 0.5, .vitaminAUg: 90,
            ])
        // Vitamin D in IU: 40 IU are 1 µg. A label's "% DV" is ignored.
        #expect(try parse("vitamin D 400 IU 50%") == [.vitaminDUg: 10])
        #expect(try parse("Iron 2 mg 10 % DV") == [.ironMg: 2])
        // Without a unit, the nutrient's own; the JSON key works too.
        #expect(try parse("selenium 20, vitamin_k_ug 30") == [.seleniumUg: 20, .vitaminKUg: 30])
        #expect(try parse("  ") == [:])
    }

    @Test func whatWasWrittenIsReadBack() throws {
        let values: [NutrientKey: Double] = [
            .vitaminCMg: 12.5, .ironMg: 2.125, .omega3G: 0.4, .vitaminB12Ug: 2.4, .thiaminMg: 0.3, .pantothenicAcidMg: 1, .alcoholG: 0,
        ]
        let text = NutrientAmountsText.format(values)
        #expect(text.hasPrefix("Omega-3 0.4 g, Iron 2.125 mg, Vitamin C 12.5 mg, B1 Thiamin 0.3 mg"))
        #expect(try parse(text) == values)
        // Every nutrient, so no stored value is lost by opening a food's form.
        let every = Dictionary(
            uniqueKeysWithValues: NutrientKey.allCases.filter { !CustomFoodInput.formKeys.contains($0) }.map { ($0, 1.5) })
        #expect(try parse(NutrientAmountsText.format(every)) == every)
    }

    @Test func eachWrongItemIsNamedWithWhatIsAllowed() {
        let unknown = error("iron 2 mg, vitamn c 12 mg")
        #expect(unknown?.value == "vitamn c 12 mg")
        #expect(unknown?.itemMessage == "\"vitamn c 12 mg\" is unknown: allowed a name from the Nutrients view")
        #expect(error("iron two mg")?.problem == .invalidFormat)
        #expect(error("iron 2 3 mg")?.problem == .invalidFormat)
        #expect(error("iron 1e308 mg")?.problem == .invalidFormat)
        #expect(error("iron -2 mg")?.problem == .outOfRange)
        // No food holds more of a nutrient than it weighs: 40 g hold at most 40,000 mg of iron.
        #expect(error("iron 50 g", grams: 40)?.allowed == "Iron 0–40000 mg (at most the serving weight)")
        #expect(error("vitamin A 1000 IU")?.problem == .unknownUnit)
        #expect(error("fiber 3 g")?.allowed == "fiber in its own field above")
        #expect(error("iron 2 mg, Iron 3 mg")?.allowed == "each nutrient once (Iron is given twice)")
        #expect(error("calcium 15%")?.itemMessage == "\"calcium 15%\" has an unknown unit: allowed g, mg or µg (not % DV)")
    }

    @Test func theCustomFoodFormKeepsAndTakesThem() throws {
        let foods = CustomFoods(store: CustomFoodsTests.Recorder())
        var input = CustomFoodInput(
            name: "Fortified bar", servingLabel: "1 bar", servingGrams: "50", kcal: "200", protein: "10", carbs: "25", fat: "6",
            other: "vitamin C 20 mg, iron 3 mg")
        let food = try foods.validate(input).get()
        // Per 100 g, as every food is stored.
        #expect(food.per100g[.vitaminCMg] == 40)
        #expect(food.per100g[.ironMg] == 6)
        // Opening it again shows what it holds, per serving; saving it unchanged keeps it.
        #expect(CustomFoodInput(food: food).other == "Iron 3 mg, Vitamin C 20 mg")
        #expect(try foods.validate(CustomFoodInput(food: food)).get().per100g == food.per100g)
        input.other = "iron 3 mg, zinc"
        guard case .failure(let errors) = foods.validate(input) else {
            Issue.record("a nutrient without an amount was taken")
            return
        }
        #expect(errors[.other]?.value == "zinc")
    }
}
