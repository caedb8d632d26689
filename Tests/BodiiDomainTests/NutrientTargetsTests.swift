import Testing
@testable import BodiiDomain

/// The targets in force (DRI + the user's preferences), statuses, averages and "close the gap".
@Suite struct NutrientTargetsTests {
    let day = LocalDate(year: 2026, month: 11, day: 25) ?? LocalDate(daysSinceEpoch: 0)

    @Test func aPreferenceReplacesTheAmountAndKeepsTheKindAndUpper() {
        let set = NutrientTargetSet.resolve(
            sex: .male, age: 40, kcal: 2000,
            preferences: [
                .vitaminCMg: NutrientPreference(key: .vitaminCMg, amount: 200),
                .caffeineMg: NutrientPreference(key: .caffeineMg, amount: 400),
                .waterG: NutrientPreference(key: .waterG, hidden: true),
            ])
        #expect(set.targets[.vitaminCMg] == NutrientTarget(kind: .goal, amount: 200, upper: 2000))
        #expect(set.defaults[.vitaminCMg]?.amount == 90)
        #expect(set.targets[.caffeineMg] == NutrientTarget(kind: .limit, amount: 400))
        #expect(!set.shown.contains(.waterG))
        #expect(set.shown.first == .fiberG)
    }

    @Test func defaultsFollowTheProfile() {
        let prefs: [NutrientKey: NutrientPreference] = [:]
        let man = NutrientTargetSet.resolve(sex: .male, age: 30, kcal: 2000, preferences: prefs)
        let woman = NutrientTargetSet.resolve(sex: .female, age: 30, kcal: 2000, preferences: prefs)
        #expect(man.targets[.ironMg]?.amount == 8)
        #expect(woman.targets[.ironMg]?.amount == 18)
        #expect(NutrientTargetSet.resolve(sex: nil, age: nil, kcal: nil, preferences: prefs).targets.isEmpty)
    }

    @Test func statusesShowGapsExcessesAndUnknowns() {
        let targets = NutrientTargetSet.resolve(sex: .male, age: 40, kcal: 2000, preferences: [:])
        var intake = NutrientIntake()
        intake.add([.vitaminCMg: 45, .sodiumMg: 3000, .ironMg: 50, .zincMg: 11])
        intake.add([.vitaminCMg: nil, .sodiumMg: 100, .ironMg: 0, .zincMg: 1])
        let byKey = Dictionary(uniqueKeysWithValues: intake.statuses(targets).map { ($0.key, $0) })
        #expect(byKey[.vitaminCMg]?.level == .under)
        #expect(byKey[.vitaminCMg]?.partial == true)
        #expect(byKey[.vitaminCMg]?.share == 0.5)
        #expect(byKey[.vitaminCMg]?.gap == 45)
        #expect(byKey[.sodiumMg]?.level == .over)
        #expect(byKey[.ironMg]?.level == .over)  // 50 mg > the 45 mg UL
        #expect(byKey[.zincMg]?.level == .fine)
        #expect(byKey[.vitaminDUg]?.amount == nil)
        #expect(byKey[.vitaminDUg]?.level == .unknown)
        #expect(byKey[.vitaminDUg]?.partial == false)
        #expect(byKey[.cholesterolMg]?.level == .unknown)
    }

    @Test func anAverageDividesByTheLoggedDaysOnly() {
        var a = NutrientIntake(), b = NutrientIntake()
        a.add([.vitaminCMg: 100, .ironMg: 10])
        b.add([.vitaminCMg: 50, .ironMg: nil])
        let average = NutrientIntake.average([a, b, NutrientIntake()])
        #expect(average.amounts[.vitaminCMg] == 75)
        #expect(average.amounts[.ironMg] == 5)
        #expect(average.partial.contains(.ironMg))
        #expect(!average.partial.contains(.vitaminCMg))
        #expect(NutrientIntake.average([]).amounts.isEmpty)
    }

    @Test func aReportAveragesTheSpanEndingOnTheDay() {
        var logged = NutrientIntake()
        logged.add([.potassiumMg: 1400])
        let intakes = [day: logged, day.adding(days: -2): logged, day.adding(days: -8): logged]
        let targets = NutrientTargetSet.resolve(sex: .female, age: 30, kcal: 2000, preferences: [:])
        let week = NutrientReport(span: .week, range: NutrientSpan.week.dates(endingOn: day), intakes: intakes, targets: targets)
        #expect(week.daysLogged == 2)
        #expect(week.status(.potassiumMg).amount == 1400)
        #expect(week.status(.potassiumMg).gap == 1200)
        #expect(NutrientSpan.day.wider == .week && NutrientSpan.week.wider == .month && NutrientSpan.month.wider == .month)
        #expect(NutrientSpan.month.narrower == .week && NutrientSpan.day.narrower == .day)
    }

    /// 118 g banana (10.3 mg vitamin C, 105 kcal) against 150 g orange (79.65 mg, 70.5 kcal):
    /// the orange closes more of a 60 mg gap per kcal and per euro.
    @Test func closeTheGapRanksByGapClosedPerKcal() {
        let banana = CloseTheGap.Food(
            foodId: FoodID("usda:09040"), name: "Bananas, raw", origin: .history, nutrientPerGram: 10.3 / 118,
            kcalPerGram: 0.89, usualGrams: 118, pricePerGram: 0.002)
        let orange = CloseTheGap.Food(
            foodId: FoodID("usda:09200"), name: "Oranges, raw", origin: .history, nutrientPerGram: 0.531,
            kcalPerGram: 0.47, usualGrams: 150)
        let none = CloseTheGap.Food(
            foodId: FoodID("usda:01001"), name: "Butter", origin: .history, nutrientPerGram: 0, kcalPerGram: 7.17, usualGrams: 10)
        let ranked = CloseTheGap.rank(gap: 60, foods: [banana, none, orange])
        #expect(ranked.map(\.food.name) == ["Oranges, raw", "Bananas, raw"])
        let b = ranked[1]
        #expect(abs(b.portionAmount - 10.3) < 1e-9)
        #expect(abs(b.gapShare - 10.3 / 60) < 1e-9)
        #expect(abs((b.sharePerMoney ?? 0) - (10.3 / 60) / 0.236) < 1e-9)
        #expect(ranked[0].sharePerMoney == nil)
        #expect(CloseTheGap.rank(gap: 0, foods: [banana]).isEmpty)
    }

    /// Issue 43: per kcal, black coffee (1 % of the calcium gap for 2 kcal) came before Greek yogurt
    /// (41 % for 165 kcal). By the share of the gap a usual portion closes, yogurt leads and coffee,
    /// under 10 %, is not suggested; portions that close it all rank by fewer kcal.
    @Test func theGapIsClosedByTheShareOfAUsualPortion() {
        // A 500 mg calcium gap. Coffee: 240 g × 0.02 mg/g = 4.8 mg (1 %), 240 g × 0.008 kcal/g ≈ 2 kcal.
        let coffee = CloseTheGap.Food(
            foodId: FoodID("usda:14209"), name: "Coffee, brewed", origin: .history, nutrientPerGram: 0.02, kcalPerGram: 0.008,
            usualGrams: 240)
        // Greek yogurt: 170 g × 1.206 mg/g = 205 mg (41 %), 170 g × 0.97 kcal/g ≈ 165 kcal.
        let yogurt = CloseTheGap.Food(
            foodId: FoodID("sr28:01256"), name: "Yogurt, Greek", origin: .history, nutrientPerGram: 205.0 / 170, kcalPerGram: 0.97,
            usualGrams: 170)
        // Milk 500 g × 1.2 = 600 mg (120 %, 305 kcal); cheese 100 g × 7.2 = 720 mg (144 %, 403 kcal): both close it.
        let milk = CloseTheGap.Food(
            foodId: FoodID("usda:01077"), name: "Milk", origin: .history, nutrientPerGram: 1.2, kcalPerGram: 0.61, usualGrams: 500)
        let cheese = CloseTheGap.Food(
            foodId: FoodID("usda:01009"), name: "Cheddar", origin: .history, nutrientPerGram: 7.2, kcalPerGram: 4.03, usualGrams: 100)
        let ranked = CloseTheGap.rank(gap: 500, foods: [coffee, yogurt, cheese, milk])
        #expect(ranked.map(\.food.name) == ["Milk", "Cheddar", "Yogurt, Greek"], "all of it first, fewer kcal first; coffee left out")
        #expect(abs(ranked[2].gapShare - 0.41) < 1e-9)
        #expect(abs(ranked[2].portionKcal - 164.9) < 1e-9)
    }

    @Test func historyFoodsArePerGramWithTheMedianPortion() {
        let id = FoodID("usda:09040")
        func record(_ entry: Int64, grams: Double) -> FoodRecord {
            FoodRecord(
                id: entry, date: day, meal: .snacks, foodId: id, foodName: "Bananas, raw", grams: grams, kcal: grams * 0.89,
                proteinG: 0, carbsG: 0, fatG: 0)
        }
        let records = [record(1, grams: 100), record(2, grams: 118), record(3, grams: 200)]
        let sources = records.map {
            NutrientSource(entryId: $0.id ?? 0, foodId: id, foodName: $0.foodName, grams: $0.grams, amount: ($0.grams ?? 0) * 0.087)
        }
        let foods = CloseTheGap.historyFoods(records: records, sources: sources)
        #expect(foods.count == 1)
        #expect(foods.first?.usualGrams == 118)
        #expect(abs((foods.first?.nutrientPerGram ?? 0) - 0.087) < 1e-9)
        #expect(abs((foods.first?.kcalPerGram ?? 0) - 0.89) < 1e-9)
    }
}
