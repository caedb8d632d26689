import Foundation
import Testing
@testable import BodiiDomain

@Suite struct CustomFoodValidationTests {
    private func food(_ input: CustomFoodInput) -> Food? {
        if case .success(let f) = CustomFoods.validate(input) { return f }
        return nil
    }

    private func errors(_ input: CustomFoodInput) -> FieldErrors<CustomFoodField> {
        if case .failure(let e) = CustomFoods.validate(input) { return e }
        return FieldErrors()
    }

    @Test func per100gNeedsNoServing() throws {
        let f = try #require(food(CustomFoodInput(name: " Skyr ", kcal: "63", protein: "11", carbs: "4", fat: "0.2")))
        #expect(f.name == "Skyr")
        #expect(f.source == "custom")
        #expect(f.per100g == Nutrients(kcal: 63, proteinG: 11, carbsG: 4, fatG: 0.2))
        #expect(f.servings.isEmpty)
    }

    @Test func perServingIsStoredPer100g() throws {
        let input = CustomFoodInput(name: "Protein bar", basis: .perServing, kcal: "200", protein: "20", carbs: "18", fat: "7",
                                    fiber: "5", sugars: "3", saturatedFat: "2.5", sodium: "150", servingName: "1 bar", servingGrams: "50")
        let f = try #require(food(input))
        #expect(f.per100g.kcal == 400)
        #expect(f.per100g.proteinG == 40)
        #expect(f.per100g.carbsG == 36)
        #expect(f.per100g.fatG == 14)
        #expect(f.per100g.fiberG == 10)
        #expect(f.per100g.sugarsG == 6)
        #expect(f.per100g.saturatedFatG == 5)
        #expect(f.per100g.sodiumMg == 300)
        #expect(f.servings == [FoodServing(label: "1 bar", grams: 50)])
        // Opening it again shows what was typed.
        #expect(CustomFoodInput(editing: f) == input)
    }

    @Test func servingNameDefaultsWhenOnlyGramsAreGiven() throws {
        let f = try #require(food(CustomFoodInput(name: "Soup", basis: .perServing, kcal: "150", protein: "5", carbs: "20", fat: "5", servingGrams: "300")))
        #expect(f.servings == [FoodServing(label: "1 serving", grams: 300)])
        #expect(f.per100g.kcal == 50)
    }

    @Test func everyProblemAtOnceWithTheAllowedValues() {
        let e = errors(CustomFoodInput(name: "", kcal: "950", protein: "-1", carbs: "abc", fat: "", sodium: "x"))
        #expect(e[.name]?.problem == .empty)
        #expect(e[.kcal]?.inlineMessage == "Out of range: allowed 0–900 kcal per 100 g")
        #expect(e[.protein]?.inlineMessage == "Out of range: allowed 0–100 g")
        #expect(e[.carbs]?.problem == .notANumber)
        #expect(e[.fat]?.problem == .empty)
        #expect(e[.sodium]?.problem == .notANumber)
        #expect(e[.fiber] == nil, "optional fields may stay empty")
        #expect(e.firstField == .name)
    }

    @Test func nameIsOneToEightyCharacters() {
        let ok = CustomFoodInput(name: String(repeating: "a", count: 80), kcal: "1", protein: "0", carbs: "0", fat: "0")
        #expect(food(ok) != nil)
        var long = ok
        long.name += "b"
        #expect(errors(long)[.name]?.problem == .tooLong)
        #expect(errors(long)[.name]?.allowed == "1–80 characters, no control characters")
        var control = ok
        control.name = "Bar\u{1B}[2J"
        #expect(errors(control)[.name]?.problem == .invalidCharacters)
    }

    @Test func macrosCannotOutweighTheirServing() {
        let per100 = CustomFoodInput(name: "Nuts", kcal: "600", protein: "30", carbs: "30", fat: "50")
        #expect(errors(per100)[.fat]?.inlineMessage == "Out of range: allowed protein + carbs + fat at most 100 g (now 110 g)")
        let perServing = CustomFoodInput(name: "Bar", basis: .perServing, kcal: "200", protein: "20", carbs: "20", fat: "15",
                                         servingGrams: "50")
        #expect(errors(perServing)[.fat]?.inlineMessage == "Out of range: allowed protein + carbs + fat at most 50 g (now 55 g)")
        // A whole 100 g of macros is fine (pure oil, sugar).
        #expect(food(CustomFoodInput(name: "Oil", kcal: "884", protein: "0", carbs: "0", fat: "100")) != nil)
    }

    @Test func kcalLimitFollowsTheServing() {
        // 500 kcal in a 50 g bar is 1000 kcal per 100 g.
        let input = CustomFoodInput(name: "Bar", basis: .perServing, kcal: "500", protein: "10", carbs: "10", fat: "10", servingGrams: "50")
        #expect(errors(input)[.kcal]?.inlineMessage == "Out of range: allowed 0–450 kcal for 50 g (900 per 100 g)")
        var fine = input
        fine.kcal = "450"
        #expect(food(fine)?.per100g.kcal == 900)
    }

    @Test func servingSizeIsNeededPerServingAndChecked() {
        let base = CustomFoodInput(name: "Bar", basis: .perServing, kcal: "200", protein: "10", carbs: "10", fat: "10")
        #expect(errors(base)[.servingGrams]?.problem == .empty)
        for bad in ["0", "0.05", "5001"] {
            var i = base
            i.servingGrams = bad
            #expect(errors(i)[.servingGrams]?.inlineMessage == "Out of range: allowed 0.1–5000 g", "\(bad)")
        }
        // Per 100 g, a serving name needs its grams too.
        let named = CustomFoodInput(name: "Skyr", kcal: "63", protein: "11", carbs: "4", fat: "0.2", servingName: "1 cup")
        #expect(errors(named)[.servingGrams]?.problem == .empty)
    }

    @Test func partsStayWithinTheirWhole() {
        let input = CustomFoodInput(name: "Cake", kcal: "400", protein: "5", carbs: "50", fat: "20", sugars: "60", saturatedFat: "25")
        #expect(errors(input)[.sugars]?.inlineMessage == "Out of range: allowed at most the carbs (50 g)")
        #expect(errors(input)[.saturatedFat]?.inlineMessage == "Out of range: allowed at most the fat (20 g)")
    }
}

@Suite struct FoodEntryTests {
    static let banana = Food(id: FoodID("usda:09040"), name: "Bananas, raw", source: "USDA SR", release: "24",
                             per100g: Nutrients(kcal: 89, proteinG: 1.09, carbsG: 22.84, fatG: 0.33, fiberG: 2.6, sugarsG: 12.23,
                                                saturatedFatG: 0.112, sodiumMg: 1),
                             servings: [FoodServing(label: "1 cup, mashed", grams: 225), FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118)])

    @Test func servingChoicesAndAmounts() throws {
        var choices = ServingChoice.all(for: Self.banana)
        #expect(choices.map(\.label) == ["1 cup, mashed", "1 medium (7\" to 7-7/8\" long)", "grams"])
        choices.swapAt(0, 1)
        #expect(try choices[0].grams("1") == 118)
        #expect(try choices[0].grams("1,5") == 177)
        #expect(try choices[2].grams("150") == 150)
        #expect(choices[0].defaultAmountText == "1")
        #expect(choices[2].defaultAmountText == "100")
        #expect(validationError { try choices[2].grams("0") }?.inlineMessage == "Out of range: allowed 0.1–5000 g")
        #expect(validationError { try choices[0].grams("101") }?.inlineMessage == "Out of range: allowed 0.01–100")
        // 30 mashed cups would be 6.75 kg.
        #expect(validationError { try choices[1].grams("30") }?.inlineMessage == "Out of range: allowed at most 22.22 × 1 cup, mashed (5000 g)")
        #expect(choices[1].amountText(forGrams: 112.5) == "0.5")
        #expect(choices[0].describe(grams: 118) == "1 medium (7\" to 7-7/8\" long) (118 g)")
        #expect(choices[0].describe(grams: 236) == "2 × 1 medium (7\" to 7-7/8\" long) (236 g)")
        #expect(choices[2].describe(grams: 150) == "150 g")
    }

    @Test func likelyServingOfAnAmount() {
        let choices = ServingChoice.all(for: Self.banana)
        #expect(ServingChoice.likely(forGrams: 236, among: choices) == choices[1])
        #expect(ServingChoice.likely(forGrams: 112.5, among: choices) == choices[0])
        #expect(ServingChoice.likely(forGrams: 150, among: choices) == .grams)
    }

    @Test func preferredServingIsTheUsersLastOrWhatPeopleMean() {
        let choices = ServingChoice.all(for: Self.banana)
        // USDA lists "1 cup, mashed" first; a person means a medium banana.
        #expect(ServingChoice.preferredIndex(in: choices) == 1)
        // The latest entry (newest first) decides when there is one.
        #expect(ServingChoice.preferredIndex(in: choices, history: [450, 118]) == 0)
        #expect(ServingChoice.preferredIndex(in: choices, history: [150, 118]) == 2)
        let plain = [ServingChoice(FoodServing(label: "1 cup", grams: 240)), ServingChoice(FoodServing(label: "1 tbsp", grams: 15)), .grams]
        #expect(ServingChoice.preferredIndex(in: plain) == 0)
        #expect(ServingChoice.preferredIndex(in: [.grams]) == 0)
    }

    @Test func editRecomputesFromTheCatalogFood() {
        let day = LocalDate(daysSinceEpoch: 20_779)
        let logged = Date(timeIntervalSince1970: 1_800_000_000)
        var record = FoodLogging.record(food: Self.banana, grams: 118, meal: .breakfast, date: day, loggedAt: logged)
        record.id = 7
        // The stored values are what was logged; the catalog food is used again for the edit.
        record.kcal = 100
        let edited = FoodEntries.edited(record, grams: 236, meal: .snacks, food: Self.banana)
        #expect(edited.id == 7)
        #expect(edited.date == day)
        #expect(edited.loggedAt == logged)
        #expect(edited.meal == .snacks)
        #expect(edited.grams == 236)
        #expect(isClose(edited.kcal, 89 * 2.36))
        #expect(isClose(edited.fiberG, 2.6 * 2.36))
    }

    @Test func editWithoutTheFoodScalesTheStoredValues() {
        let record = FoodRecord(id: 3, date: LocalDate(daysSinceEpoch: 20_779), meal: .lunch, foodId: FoodID("custom:99"), foodName: "Gone",
                                grams: 200, kcal: 300, proteinG: 20, carbsG: 30, fatG: 10, fiberG: nil, sugarsG: 4, saturatedFatG: 2, sodiumMg: 500)
        let edited = FoodEntries.edited(record, grams: 50, meal: .lunch, food: nil)
        #expect(edited.kcal == 75)
        #expect(edited.proteinG == 5)
        #expect(edited.carbsG == 7.5)
        #expect(edited.fatG == 2.5)
        #expect(edited.fiberG == nil)
        #expect(edited.sugarsG == 1)
        #expect(edited.sodiumMg == 125)
        #expect(edited.foodName == "Gone")
    }

    @Test func copiesKeepValuesAndMoveDayAndMeal() {
        let from = LocalDate(daysSinceEpoch: 20_778), to = LocalDate(daysSinceEpoch: 20_779)
        let r = FoodRecord(id: 1, date: from, meal: .dinner, foodId: FoodID("usda:1"), foodName: "Stew", grams: 300, kcal: 420,
                           proteinG: 30, carbsG: 40, fatG: 12)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let same = FoodEntries.copies(of: [r], to: to, meal: nil, loggedAt: now)
        #expect(same.count == 1)
        #expect(same[0].id == nil)
        #expect(same[0].date == to)
        #expect(same[0].meal == .dinner)
        #expect(same[0].kcal == 420)
        #expect(same[0].loggedAt == now)
        #expect(FoodEntries.copies(of: [r], to: to, meal: .lunch, loggedAt: now)[0].meal == .lunch)
    }

    @Test func copySourceIsAnotherPastDay() throws {
        let today = LocalDate(daysSinceEpoch: 20_779)
        #expect(try FoodEntries.copySource("2026-11-21", into: today, today: today) == today.adding(days: -1))
        #expect(validationError { try FoodEntries.copySource("2026-11-22", into: today, today: today) }?.inlineMessage
                == "Out of range: allowed a day other than 2026-11-22, not after 2026-11-22")
        #expect(problem { try FoodEntries.copySource("2026-11-23", into: today.adding(days: -3), today: today) } == .inFuture)
        #expect(problem { try FoodEntries.copySource("yesterday", into: today, today: today) } == .invalidFormat)
    }

    @Test func totalsSayWhenSomeFoodsDontKnowANutrient() {
        let day = LocalDate(daysSinceEpoch: 20_779)
        let a = FoodRecord(date: day, meal: .lunch, foodId: FoodID("a"), foodName: "A", grams: 100, kcal: 100, proteinG: 1, carbsG: 2, fatG: 3,
                           fiberG: 4, sodiumMg: 10)
        let b = FoodRecord(date: day, meal: .lunch, foodId: FoodID("b"), foodName: "B", grams: 100, kcal: 50, proteinG: 1, carbsG: 2, fatG: 3,
                           fiberG: 1)
        let t = FoodTotals([a, b])
        #expect(t.kcal == 150)
        #expect(t.fiberG == FoodTotals.Partial(value: 5, complete: true))
        #expect(t.sodiumMg == FoodTotals.Partial(value: 10, complete: false))
        #expect(t.sugarsG == FoodTotals.Partial(value: nil, complete: false))
        #expect(FoodTotals([]).fiberG == FoodTotals.Partial(value: nil, complete: true))
    }
}
