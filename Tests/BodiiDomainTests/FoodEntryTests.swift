import Foundation
import Testing
@testable import BodiiDomain

/// The per-100 g basis the Diet tab's form adds to `CustomFoods.validate` (per serving is food's own, tested in CustomFoodsTests).
@Suite struct CustomFoodBasisTests {
    let foods = CustomFoods(store: CustomFoodsTests.Recorder())

    private func input(
        label: String = "", grams: String = "", kcal: String = "63", protein: String = "11", carbs: String = "4",
        fat: String = "0.2"
    ) -> CustomFoodInput {
        CustomFoodInput(name: "Skyr", servingLabel: label, servingGrams: grams, kcal: kcal, protein: protein, carbs: carbs, fat: fat)
    }

    @Test func per100gNeedsNoServing() throws {
        let f = try foods.validate(input(), per: .per100g).get()
        #expect(f.per100g.kcal == 63)
        #expect(f.per100g.proteinG == 11)
        #expect(f.per100g.fatG == 0.2)
        #expect(f.servings.isEmpty, "logged in grams")
        #expect(f.id == CustomFoods.newID)
    }

    @Test func per100gWithAServingKeepsTheValuesPer100g() throws {
        let f = try foods.validate(input(label: "1 cup", grams: "150"), per: .per100g, id: FoodID("custom:4")).get()
        #expect(f.per100g.kcal == 63)
        #expect(f.servings == [FoodServing(label: "1 cup", grams: 150)])
        #expect(f.id == FoodID("custom:4"))
        // A weight without a label is "1 serving"; a label needs its weight.
        #expect(try foods.validate(input(grams: "150"), per: .per100g).get().servings.first?.label == "1 serving")
        guard case .failure(let e) = foods.validate(input(label: "1 cup"), per: .per100g) else { Issue.record("accepted"); return }
        #expect(e[.servingGrams]?.message == "serving weight is empty: allowed 0.1–5000 g")
    }

    @Test func per100gChecksAgainst100g() {
        guard case .failure(let e) = foods.validate(input(kcal: "950", protein: "60", carbs: "30", fat: "20"), per: .per100g) else {
            Issue.record("accepted"); return
        }
        #expect(e[.kcal]?.inlineMessage == "Out of range: allowed 0–900 kcal for 100 g (at most 900 kcal per 100 g)")
        #expect(e[.fat] != nil, "110 g of macros in 100 g")
        #expect(e[.servingGrams] == nil)
    }

    @Test func perServingIsFoodsOwnRule() throws {
        let f = try foods.validate(input(label: "1 cup", grams: "200"), per: .serving).get()
        #expect(f.per100g.kcal == 31.5)
        #expect(f.servings == [FoodServing(label: "1 cup", grams: 200)])
    }

    @Test func editingOpensTheWayItWasMade() throws {
        let plain = try foods.validate(input(), per: .per100g).get()
        let (a, basisA) = CustomFoodInput.editing(plain)
        #expect(basisA == .per100g)
        #expect(a.servingGrams.isEmpty)
        #expect(a.kcal == "63")
        let bar = try foods.validate(input(label: "1 cup", grams: "200"), per: .serving).get()
        let (b, basisB) = CustomFoodInput.editing(bar)
        #expect(basisB == .serving)
        #expect(b.servingLabel == "1 cup")
        #expect(b.kcal == "63")
    }
}

@Suite struct FoodEntryTests {
    static let banana = Food(
        id: FoodID("usda:09040"), name: "Bananas, raw", source: "USDA SR", release: "24",
        per100g: Nutrients(
            kcal: 89, proteinG: 1.09, carbsG: 22.84, fatG: 0.33, fiberG: 2.6, sugarsG: 12.23,
            saturatedFatG: 0.112, sodiumMg: 1),
        servings: [FoodServing(label: "1 cup, mashed", grams: 225), FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118)])

    @Test func servingChoicesAndAmounts() throws {
        var choices = ServingChoice.all(for: Self.banana, unitSystem: .metric)
        #expect(choices.map(\.label) == ["1 cup, mashed", "1 medium (7\" to 7-7/8\" long)", "grams"])
        choices.swapAt(0, 1)
        #expect(try choices[0].grams("1") == 118)
        #expect(try choices[0].grams("1,5") == 177)
        #expect(try choices[2].grams("150") == 150)
        #expect(choices[0].defaultAmountText == "1")
        #expect(choices[2].defaultAmountText == "100")
        #expect(validationError { try choices[2].grams("0") }?.inlineMessage == "Out of range: allowed 0.1–5000 g")
        #expect(
            validationError { try choices[0].grams("101") }?.inlineMessage
                == "Out of range: allowed 0.01–42.37 (1 medium (7\" to 7-7/8\" long) is 118 g; one entry 0.1–5000 g)")
        // 30 mashed cups would be 6.75 kg.
        #expect(
            validationError { try choices[1].grams("30") }?.inlineMessage
                == "Out of range: allowed 0.01–22.22 (1 cup, mashed is 225 g; one entry 0.1–5000 g)")
        #expect(choices[1].amountText(forGrams: 112.5) == "0.5")
        #expect(choices[0].describe(grams: 118) == "1 medium (7\" to 7-7/8\" long) (118 g)")
        #expect(choices[0].describe(grams: 236) == "2 medium (7\" to 7-7/8\" long) (236 g)")
        #expect(choices[2].describe(grams: 150) == "150 g")
    }

    @Test func likelyServingOfAnAmount() {
        let choices = ServingChoice.all(for: Self.banana, unitSystem: .metric)
        #expect(ServingChoice.likely(forGrams: 236, among: choices) == choices[1])
        #expect(ServingChoice.likely(forGrams: 112.5, among: choices) == choices[0])
        #expect(ServingChoice.likely(forGrams: 150, among: choices) == .grams)
    }

    @Test func preferredServingIsTheUsersLastOrWhatPeopleMean() {
        let choices = ServingChoice.all(for: Self.banana, unitSystem: .metric)
        // USDA lists "1 cup, mashed" first; a person means a medium banana.
        #expect(ServingChoice.preferredIndex(in: choices, food: Self.banana) == 1)
        // The latest entry (newest first) decides when there is one.
        #expect(ServingChoice.preferredIndex(in: choices, food: Self.banana, history: [450, 118]) == 0)
        #expect(ServingChoice.preferredIndex(in: choices, food: Self.banana, history: [150, 118]) == 2)
        #expect(ServingChoice.preselect(in: choices, food: Self.banana, history: [150, 118]).amount == "150")
        // Without a food there is no usual portion: the first choice.
        let plain = [
            ServingChoice(FoodServing(label: "1 cup", grams: 240)), ServingChoice(FoodServing(label: "1 tbsp", grams: 15)), .grams,
        ]
        #expect(ServingChoice.preferredIndex(in: plain) == 0)
        #expect(ServingChoice.preferredIndex(in: [.grams]) == 0)
    }

    @Test func editRecomputesFromTheCatalogFood() {
        let day = LocalDate(daysSinceEpoch: 20_779)
        let logged = Date(timeIntervalSince1970: 1_800_000_000)
        var record = FoodLogging.record(food: Self.banana, grams: 118, meal: .breakfast, date: day, loggedAt: logged)
        record.id = 7
        record.provenance = Provenance(source: "cronometer", externalId: "2026-11-22#3")
        // The stored values are what was logged; the catalog food is used again for the edit.
        record.kcal = 100
        let edited = FoodEntries.edited(record, grams: 236, meal: .snacks, food: Self.banana)
        #expect(edited.id == 7)
        #expect(edited.provenance == record.provenance, "an imported entry stays the import's")
        #expect(edited.date == day)
        #expect(edited.loggedAt == logged)
        #expect(edited.meal == .snacks)
        #expect(edited.grams == 236)
        #expect(isClose(edited.kcal, 89 * 2.36))
        #expect(isClose(edited.fiberG, 2.6 * 2.36))
    }

    @Test func editWithoutTheFoodScalesTheStoredValues() {
        let record = FoodRecord(
            id: 3, date: LocalDate(daysSinceEpoch: 20_779), meal: .lunch, foodId: FoodID("custom:99"), foodName: "Gone",
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
        let r = FoodRecord(
            id: 1, date: from, meal: .dinner, foodId: FoodID("usda:1"), foodName: "Stew", grams: 300, kcal: 420,
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
        #expect(
            validationError { try FoodEntries.copySource("2026-11-22", into: today, today: today) }?.inlineMessage
                == "Out of range: allowed a day other than 2026-11-22, not after 2026-11-22")
        #expect(problem { try FoodEntries.copySource("2026-11-23", into: today.adding(days: -3), today: today) } == .inFuture)
        #expect(problem { try FoodEntries.copySource("yesterday", into: today, today: today) } == .invalidFormat)
    }

    @Test func totalsSayWhenSomeFoodsDontKnowANutrient() {
        let day = LocalDate(daysSinceEpoch: 20_779)
        let a = FoodRecord(
            date: day, meal: .lunch, foodId: FoodID("a"), foodName: "A", grams: 100, kcal: 100, proteinG: 1, carbsG: 2, fatG: 3,
            fiberG: 4, sodiumMg: 10)
        let b = FoodRecord(
            date: day, meal: .lunch, foodId: FoodID("b"), foodName: "B", grams: 100, kcal: 50, proteinG: 1, carbsG: 2, fatG: 3,
            fiberG: 1)
        let t = FoodTotals([a, b])
        #expect(t.kcal == 150)
        #expect(t.fiberG == FoodTotals.Partial(value: 5, complete: true))
        #expect(t.sodiumMg == FoodTotals.Partial(value: 10, complete: false))
        #expect(t.sugarsG == FoodTotals.Partial(value: nil, complete: false))
        #expect(FoodTotals([]).fiberG == FoodTotals.Partial(value: nil, complete: true))
    }
}
