import Foundation
import Testing
@testable import BodiiDomain

/// Issue 43: the targets a person sets. Each split against numbers worked out by hand here, for
/// 2000 kcal, 80 kg of trend weight and the goal's 1.8 g/kg (lean mass 60 kg where it applies);
/// the grams' energy (4/4/9) within 1 % of the target.
@Suite struct TargetSplitTests {
    struct Case: CustomStringConvertible {
        var name: String, split: MacroSplit, lean: Double? = nil
        var protein: Double, carbs: Double, fat: Double, net = false
        var description: String { name }
    }

    static let cases: [Case] = [
        // P 1.8 × 80 = 144; F 30 % = 600 / 9 = 66.7 → 67 (above 0.6 × 80 = 48); C (2000 − 576 − 603) / 4 = 205.25 → 205.
        Case(name: "balanced", split: .preset(.balanced), protein: 144, carbs: 205, fat: 67),
        // P 2.2 × 80 = 176; F 25 % = 500 / 9 = 55.6 → 56; C (2000 − 704 − 504) / 4 = 198.
        Case(name: "high protein", split: .preset(.highProtein), protein: 176, carbs: 198, fat: 56),
        // P 144; C 20 % = 400 / 4 = 100; F (2000 − 576 − 400) / 9 = 113.8 → 114.
        Case(name: "low carb", split: .preset(.lowCarb), protein: 144, carbs: 100, fat: 114),
        // P 144; net C 25; F (2000 − 576 − 100) / 9 = 147.1 → 147.
        Case(name: "keto", split: .preset(.keto), protein: 144, carbs: 25, fat: 147, net: true),
        // P 30 % = 600 / 4 = 150; F 70 g; C (2000 − 600 − 630) / 4 = 192.5 → 193.
        Case(
            name: "custom 30 % protein, 70 g fat", split: .custom(CustomSplit(protein: .share(0.30), fat: .grams(70))),
            protein: 150, carbs: 193, fat: 70),
        // P 2 × 60 (lean) = 120; F 25 % = 55.6 → 56; C (2000 − 480 − 504) / 4 = 254.
        Case(
            name: "custom 2 g/kg lean, 25 % fat", split: .custom(CustomSplit(protein: .perKgLean(2), fat: .share(0.25))), lean: 60,
            protein: 120, carbs: 254, fat: 56),
        // Lean mass unknown: of body weight, 2 × 80 = 160; F 30 % (default) 67; C (2000 − 640 − 603) / 4 = 189.25 → 189.
        Case(
            name: "custom lean without body fat", split: .custom(CustomSplit(protein: .perKgLean(2), fat: nil)),
            protein: 160, carbs: 189, fat: 67),
        // P 2 × 80 = 160; C 150 g fixed; F the rest (2000 − 640 − 600) / 9 = 84.4 → 84.
        Case(
            name: "custom 2 g/kg, 150 g carbs", split: .custom(CustomSplit(protein: .perKg(2), fat: nil, carbsG: 150)),
            protein: 160, carbs: 150, fat: 84),
    ]

    @Test(arguments: cases) func eachSplitAgainstHandWorkedGrams(_ c: Case) {
        let m = MacroTargets.split(kcal: 2000, weightKg: 80, leanKg: c.lean, proteinPerKg: 1.8, split: c.split)
        #expect([m.proteinG, m.carbsG, m.fatG] == [c.protein, c.carbs, c.fat], "\(c.name): \(m)")
        #expect(m.carbsAreNet == c.net)
        #expect(abs(m.gramsKcal - 2000) <= 20, "\(c.name): the grams add up to \(m.gramsKcal) kcal, not within 1 % of 2000")
    }

    /// Lean mass comes from the Katch-McArdle snapshot of a weigh-in with body fat: 370 + 21.6 × 60 = 1666 kcal.
    @Test func leanMassFromAKatchMcArdleSnapshot() {
        let day = today
        let katch = MetabolismSnapshot(date: day, bmr: 1666, tdee: 2291, formula: .katchMcArdle, activityLevel: .light)
        let mifflin = MetabolismSnapshot(date: day, bmr: 1666, tdee: 2291, formula: .mifflinStJeor, activityLevel: .light)
        #expect(abs((MacroTargets.leanMassKg(from: katch) ?? 0) - 60) < 1e-9)
        #expect(MacroTargets.leanMassKg(from: mifflin) == nil)
    }

    // MARK: where the kcal come from

    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    func history(_ choice: TargetChoice, createdDaysAgo: Int = 0) -> TargetHistory {
        let goal = Goal(
            type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -createdDaysAgo), choice: choice)
        let before = Goal(
            type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -90))
        // 60 days eating 2000 kcal while the weight falls 0.5 kg a week: the adaptive estimate is ~2550.
        let days = (1...60).map { today.adding(days: -$0) }.reversed()
        let weights = days.enumerated().map { (date: $0.element, weightKg: 90 - Double($0.offset) * 0.5 / 7) }
        let logs = days.map { DailyLog(date: $0, caloriesIn: 2000, caloriesOut: 0, bmr: nil, tdee: 2500) }
        let snapshot = MetabolismSnapshot(
            date: today.adding(days: -60), bmr: 2500 / 1.375, tdee: 2500, formula: .mifflinStJeor, activityLevel: .light)
        return TargetHistory(goals: [before, goal], snapshots: [snapshot], logs: logs, weights: Array(weights))
    }

    @Test func aFixedTargetIsTheNumberWhateverTheData() throws {
        let h = history(TargetChoice(calories: .fixed(kcal: 1800), split: .preset(.keto)), createdDaysAgo: 3)
        let t = try #require(h.targets(on: today))
        #expect(t.kcal == 1800)
        #expect(t.basis == .fixed)
        #expect(t.expenditure?.source == .adaptive(days: 28), "the expenditure is still known and shown")
        #expect(t.macros?.carbsG == 25 && t.macros?.carbsAreNet == true)
        // Four days ago, before the choice, the day keeps its adaptive target.
        let earlier = try #require(h.targets(on: today.adding(days: -4)))
        #expect(earlier.basis == .adaptive)
        #expect(earlier.kcal != 1800)
    }

    @Test func theFormulaIgnoresTheAdaptiveEstimate() throws {
        let adaptive = try #require(history(.standard).targets(on: today))
        let formula = try #require(history(TargetChoice(calories: .formula)).targets(on: today))
        #expect(adaptive.basis == .adaptive)
        #expect(formula.basis == .formula)
        // 2500 − 0.5 × 7700 / 7 = 1950.
        #expect(formula.kcal == 1950)
        #expect(adaptive.kcal != formula.kcal)
    }

    /// A dietitian's 1,800 kcal before any weigh-in (no weight, no snapshot, no logs): the kcal
    /// target exists, fixed; the grams of a split by g/kg do not, and nothing is made up for them.
    @Test func aFixedTargetHoldsBeforeAWeighIn() throws {
        func goal(_ choice: TargetChoice) -> Goal {
            Goal(
                type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
                createdOn: today.adding(days: -2), choice: choice)
        }
        let empty = { (g: Goal) in TargetHistory(goals: [g], snapshots: [], logs: [], weights: []) }
        let t = try #require(empty(goal(TargetChoice(calories: .fixed(kcal: 1800)))).targets(on: today))
        #expect(t.kcal == 1800 && t.basis == .fixed && t.basisLabel == "fixed")
        #expect(t.expenditure == nil && t.weightKg == nil && t.macros == nil, "\(t)")
        #expect(t.left(eaten: 450, burned: 300) == 1350, "exercise is not added back unless the goal says so")
        #expect(t.originPhrasings.first == "Fixed target; macros need a weigh-in")
        // A split by shares of the kcal needs no weight: P 30 % = 540 / 4 = 135; F 25 % = 450 / 9 = 50;
        // C (1800 − 540 − 450) / 4 = 202.5 → 203 (rounded half away from zero).
        let shares = TargetChoice(calories: .fixed(kcal: 1800), split: .custom(CustomSplit(protein: .share(0.30), fat: .share(0.25))))
        let m = try #require(empty(goal(shares)).targets(on: today)?.macros)
        #expect([m.proteinG, m.carbsG, m.fatG] == [135, 203, 50], "\(m)")
        // Without a fixed number there is nothing to start from.
        #expect(empty(goal(TargetChoice(calories: .adaptive))).targets(on: today) == nil)
        #expect(empty(goal(TargetChoice(calories: .formula))).targets(on: today) == nil)
        #expect(TargetHistory(goals: [], snapshots: [], logs: [], weights: []).targets(on: today) == nil)
    }

    /// With a weigh-in but no profile (no formula, too few days for the adaptive estimate) the
    /// fixed kcal hold and the grams follow the weight.
    @Test func aFixedTargetWithAWeightButNoExpenditure() throws {
        let g = Goal(
            type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -2), choice: TargetChoice(calories: .fixed(kcal: 1800)))
        let h = TargetHistory(goals: [g], snapshots: [], logs: [], weights: [(today.adding(days: -1), 80)])
        let t = try #require(h.targets(on: today))
        // P 1.8 × 80 = 144; F 30 % of 1800 = 60 (above 0.6 × 80 = 48); C (1800 − 576 − 540) / 4 = 171.
        #expect(t.kcal == 1800 && t.expenditure == nil && t.weightKg == 80)
        #expect(t.macros.map { [$0.proteinG, $0.carbsG, $0.fatG] } == [144, 171, 60], "\(String(describing: t.macros))")
    }

    // MARK: what is typed

    func validate(_ input: TargetChoiceInput) -> String {
        switch input.validate() {
        case .success(let v): return "ok \(v.choice.calories.key) \(v.choice.split.key) \(v.proteinPerKg)"
        case .failure(let e): return e.first?.message ?? "?"
        }
    }

    @Test func typedTargetsAndTheirRefusals() {
        #expect(validate(TargetChoiceInput()) == "ok adaptive balanced 1.8")
        #expect(validate(TargetChoiceInput(calories: "fixed", fixedKcal: "1800", split: "keto", protein: "2")) == "ok fixed keto 2.0")
        #expect(validate(TargetChoiceInput(split: "High-Protein")) == "ok adaptive high_protein 1.8")
        #expect(validate(TargetChoiceInput(split: "custom", protein: "30%", fat: "70 g")) == "ok adaptive custom 1.8")
        #expect(validate(TargetChoiceInput(split: "custom", protein: "2 g/kg lean", carbs: "150g")) == "ok adaptive custom 1.8")
        #expect(
            validate(TargetChoiceInput(calories: "fixed", fixedKcal: "500"))
                == "fixed target \"500\" is out of range: allowed 800–6000 kcal")
        #expect(
            validate(TargetChoiceInput(split: "paleo"))
                == "split \"paleo\" is unknown: allowed balanced, high protein, low carb, keto, custom")
        #expect(
            validate(TargetChoiceInput(split: "keto", fat: "30%"))
                == "fat \"30%\" is out of range: allowed only with the custom split (keto sets fat)")
        #expect(
            validate(TargetChoiceInput(split: "custom", fat: "30%", carbs: "100 g"))
                == "carbs \"100 g\" is out of range: allowed rest when fat is set (one of the two takes the rest)")
        #expect(validate(TargetChoiceInput(split: "balanced", protein: "30%")) == "protein \"30%\" is out of range: allowed 0.8–3 g/kg")
        #expect(
            validate(TargetChoiceInput(split: "custom", protein: "45%"))
                == "protein \"45%\" is out of range: allowed 0.8–3 g/kg, 0.8–3 g/kg lean, or 10–40 % of kcal")
    }

    /// What the database and the export keep reads back as the same choice.
    @Test func fieldsRoundTrip() {
        let choices = [
            TargetChoice.standard, TargetChoice(calories: .fixed(kcal: 1800), split: .preset(.keto)),
            TargetChoice(calories: .formula, split: .custom(CustomSplit(protein: .perKgLean(2.2), fat: .share(0.3)))),
            TargetChoice(split: .custom(CustomSplit(protein: .share(0.25), fat: nil, carbsG: 120))),
        ]
        for c in choices { #expect(TargetChoice(c.fields) == c) }
        // A fixed source without its number reads as adaptive, never as no target.
        var broken = TargetChoice(calories: .fixed(kcal: 1800)).fields
        broken.fixedKcal = nil
        #expect(TargetChoice(broken).calories == .adaptive)
    }
}
