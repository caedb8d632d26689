import Foundation
import Testing
@testable import BodiiDomain

/// PRODUCT.md §6: the target of day D uses data up to D − 1 only, partly logged days do not count,
/// the goal in force is the one set on or before D, and "left" is target − eaten.
@Suite struct DayTargetsTests {
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    func snapshot(_ day: LocalDate, tdee: Double) -> MetabolismSnapshot {
        MetabolismSnapshot(date: day, bmr: tdee / 1.375, tdee: tdee, formula: .mifflinStJeor, activityLevel: .light)
    }

    func log(_ day: LocalDate, _ kcal: Double, tdee: Double = 2500) -> DailyLog {
        DailyLog(date: day, caloriesIn: kcal, caloriesOut: 0, bmr: nil, tdee: tdee)
    }

    /// 60 days before `today` eating 2000 kcal while the weight falls 0.5 kg a week.
    func losingHistory(goal: Goal) -> (logs: [DailyLog], weights: [(date: LocalDate, weightKg: Double)]) {
        let days = (1...60).map { today.adding(days: -$0) }.reversed()
        let weights = days.enumerated().map { (date: $0.element, weightKg: 90 - Double($0.offset) * 0.5 / 7) }
        return (days.map { log($0, 2000) }, Array(weights))
    }

    var loseGoal: Goal {
        Goal(
            type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -90))
    }

    @Test func whatIsLoggedOnTheDayNeverMovesItsTarget() throws {
        let h = losingHistory(goal: loseGoal)
        let before = TargetHistory(
            goals: [loseGoal], snapshots: [snapshot(today.adding(days: -60), tdee: 2500)], logs: h.logs, weights: h.weights)
        let target = try #require(before.targets(on: today))
        #expect(target.expenditure?.source == .adaptive(days: 28))
        // 3000 g of olive oil and a new weigh-in on the day itself, plus a new formula snapshot.
        let after = TargetHistory(
            goals: [loseGoal], snapshots: [snapshot(today.adding(days: -60), tdee: 2500), snapshot(today, tdee: 3100)],
            logs: h.logs + [log(today, 26_520)], weights: h.weights + [(today, 95)])
        #expect(after.targets(on: today) == target)
    }

    @Test func partlyLoggedDaysDoNotCount() throws {
        // 20 full days (2000 kcal) and 8 days with only a coffee logged (40 kcal): half of the
        // formula target (2500 − 550 = 1950) is 975, so only the full days count.
        let days = (1...28).map { today.adding(days: -$0) }
        let logs = days.enumerated().map { log($0.element, $0.offset % 7 < 2 ? 40 : 2000) }
        let weights = (1...60).map { (date: today.adding(days: -$0), weightKg: 80.0) }
        let history = TargetHistory(
            goals: [loseGoal], snapshots: [snapshot(today.adding(days: -60), tdee: 2500)], logs: logs, weights: weights)
        let targets = try #require(history.targets(on: today))
        // 20 counting days: the estimate weighs (20 − 14) / 14 of the figure (issue 26: blended in).
        #expect(targets.expenditure?.source == .blended(days: 20, measuredShare: 6.0 / 14))
        // A steady weight on 2000 kcal: measured 2000; the 40 kcal days would have dragged it to ~1440.
        #expect(abs((targets.expenditure?.measuredKcal ?? 0) - 2000) < 0.5)
        let blended: Double = try #require(targets.expenditure?.kcalPerDay)
        #expect(abs(blended - (2500 - 500 * 6.0 / 14)) < 0.5)
        #expect(targets.kcal == 1736)
    }

    /// Issue 26: the target fell 2193 → 1712 overnight when the 14th day switched the estimate on.
    /// Day after day of full logging, the expenditure moves from the formula to the measured value
    /// by at most 1/14 of the gap a day, and is all measured at 28 days.
    @Test func theAdaptiveEstimateBlendsInWithoutAStep() throws {
        let shares = (0...30).map { ExpenditureBlend.measuredShare(days: $0) }
        #expect(shares[13] == 0 && shares[14] == 0 && shares[21] == 0.5 && shares[28] == 1 && shares[30] == 1)
        for (a, b) in zip(shares, shares.dropFirst()) { #expect(b - a <= 1.0 / 14 + 1e-9 && b >= a) }
        // Measured 1712 against a formula of 2193 at 14, 15 and 28 days: no jump of 481 kcal.
        #expect(ExpenditureBlend.blend(formula: 2193, measured: 1712, share: shares[14]) == 2193)
        #expect(abs(ExpenditureBlend.blend(formula: 2193, measured: 1712, share: shares[15]) - (2193 - 481.0 / 14)) < 1e-9)
        #expect(ExpenditureBlend.blend(formula: 2193, measured: 1712, share: shares[28]) == 1712)
    }

    @Test func theFormulaStandsInUntilFourteenCountingDaysAndOnTheFirstDay() throws {
        let firstDay = TargetHistory(goals: [], snapshots: [snapshot(today, tdee: 2400)], logs: [], weights: [(today, 70)])
        let t = try #require(firstDay.targets(on: today), "a first day uses its own weigh-in")
        #expect(t.expenditure?.source == .formula)
        #expect(t.kcal == 2400)
        #expect(t.weightKg == 70)
        #expect(t.macros?.proteinG == 126)  // default 1.8 g/kg × 70
        #expect(
            TargetHistory(goals: [], snapshots: [], logs: [], weights: [(today, 70)]).targets(on: today) == nil,
            "no profile snapshot, no expenditure, no target")
    }

    @Test func eachDayIsJudgedByTheGoalInForceThatDay() {
        let older = Goal(
            id: 1, type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -30))
        let newer = Goal(
            id: 2, type: .lose, weeklyRateKg: 0.7, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -3))
        let history = TargetHistory(
            goals: [newer, older], snapshots: [snapshot(today.adding(days: -60), tdee: 2500)], logs: [],
            weights: [(today.adding(days: -60), 80)])
        #expect(history.goal(on: today.adding(days: -10))?.id == 1)
        #expect(history.goal(on: today.adding(days: -3))?.id == 2)
        #expect(history.goal(on: today.adding(days: -100))?.id == 1, "before the first goal, the first one")
        #expect(history.targets(on: today.adding(days: -10))?.kcal == 2500)
        #expect(history.targets(on: today)?.kcal == 1730)  // 2500 − 0.7 × 1100
    }

    @Test func theActiveGoalSupersedesInactiveGoalsDatedAfterIt() {
        let savedFirst = Goal(
            id: 1, type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            isActive: false, createdOn: today)
        let oldest = Goal(
            id: 3, type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            isActive: false, createdOn: today.adding(days: -40))
        let savedLast = Goal(
            id: 2, type: .lose, weeklyRateKg: 0.7, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            isActive: true, createdOn: today.adding(days: -10))
        let history = TargetHistory(
            goals: [savedFirst, savedLast, oldest], snapshots: [snapshot(today.adding(days: -60), tdee: 2500)], logs: [],
            weights: [(today.adding(days: -60), 80)])
        #expect(history.goal(on: today)?.id == 2, "saved last, though dated earlier")
        #expect(history.goal(on: today.adding(days: 5))?.id == 2)
        #expect(history.goal(on: today.adding(days: -20))?.id == 3, "days before it keep the goal they had")
        #expect(history.targets(on: today)?.kcal == 1730)  // 2500 − 0.7 × 1100
    }

    @Test func leftIsTargetMinusEatenUnlessExerciseIsAddedBack() {
        let basis = ExpenditureBasis(kcalPerDay: 2200, source: .formula, adaptiveDays: 0)
        var goal = loseGoal
        let plain = DayTargets.derive(goal: goal, basis: basis, weightKg: 80)
        #expect(plain.kcal == 1650)
        #expect(plain.left(eaten: 1000, burned: 300) == 650)
        #expect(plain.leftLabel == "Left")
        goal.addsExerciseBack = true
        let withExercise = DayTargets.derive(goal: goal, basis: basis, weightKg: 80)
        #expect(withExercise.left(eaten: 1000, burned: 300) == 950)
        #expect(withExercise.leftLabel == "Left incl. exercise")
    }
}

/// Issue 43: net carbs counted with any split, not only keto: the grams stay the split's, and the
/// carbs target counts net carbs (carbs − fiber).
@Suite struct NetCarbsChoiceTests {
    let basis = ExpenditureBasis(kcalPerDay: 2200, source: .formula, adaptiveDays: 0)

    func goal(_ choice: TargetChoice) -> Goal {
        Goal(
            type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: LocalDate(daysSinceEpoch: 20_000), choice: choice)
    }

    @Test(arguments: [MacroPreset.balanced, .highProtein, .lowCarb])
    func anySplitCanCountNetCarbs(preset: MacroPreset) {
        let total = DayTargets.derive(goal: goal(TargetChoice(split: .preset(preset))), basis: basis, weightKg: 70)
        let net = DayTargets.derive(goal: goal(TargetChoice(split: .preset(preset), netCarbs: true)), basis: basis, weightKg: 70)
        #expect(total.macros?.carbsAreNet == false && net.macros?.carbsAreNet == true)
        #expect(net.macros?.carbsG == total.macros?.carbsG && net.macros?.proteinG == total.macros?.proteinG)
        #expect(net.macros?.carbsLabel == "Net C")
        // 30 g carbs with 8 g fiber count 22 g against a net target, 30 g against a total one.
        #expect(net.macros?.carbsCounted(carbsG: 30, fiberG: 8) == 22 && total.macros?.carbsCounted(carbsG: 30, fiberG: 8) == 30)
    }

    @Test func ketoCountsNetWhateverTheSwitchSays() {
        let keto = DayTargets.derive(goal: goal(TargetChoice(split: .preset(.keto))), basis: basis, weightKg: 70)
        #expect(keto.macros?.carbsAreNet == true && keto.macros?.carbsG == 25)
    }

    @Test(arguments: [("net", true), ("on", true), ("YES", true), ("total", false), ("off", false), ("", false)])
    func theSwitchAsTyped(text: String, net: Bool) throws {
        guard case .success(let valid) = TargetChoiceInput(netCarbs: text).validate() else {
            Issue.record("\(text) refused")
            return
        }
        #expect(valid.choice.netCarbs == net)
    }

    @Test func aWrongWordIsRefusedNamingIt() {
        guard case .failure(let errors) = TargetChoiceInput(netCarbs: "maybe").validate() else {
            Issue.record("accepted")
            return
        }
        #expect(errors[.netCarbs]?.message == "net carbs \"maybe\" is unknown: allowed net (carbs − fiber) or total (on/off, yes/no)")
    }
}
