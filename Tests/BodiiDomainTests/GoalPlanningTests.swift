import Foundation
import Testing
@testable import BodiiDomain

/// Goals: safe rates, targets and macros on an expenditure basis, progress and ETA; the basis
/// switching from the formula to the adaptive estimate.
@Suite struct GoalPlanningTests {
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    final class Goals: GoalRepository {
        var saved: [Goal] = []
        func activeGoal() throws -> Goal? { saved.last }
        func saveActiveGoal(_ goal: Goal) throws -> Goal { saved.append(goal); return goal }
        func goalHistory() throws -> [Goal] { saved }
    }

    var planning: GoalPlanning { GoalPlanning(store: Goals(), clock: FixedClock(day: today)) }
    let formula = ExpenditureBasis(kcalPerDay: 2500, source: .formula, adaptiveDays: 0)

    @Test func losingHalfAKiloAWeekOnA2500KcalBasis() throws {
        let goal = try planning.validate(
            GoalInput(type: .lose, targetWeight: "75", weeklyRate: "0.5"), weightKg: 80,
            unitSystem: .metric
        ).get()
        let targets = DayTargets.derive(goal: goal, basis: formula, weightKg: 80)
        // 2500 − 0.5 × 7700 / 7 = 1950 kcal; protein 1.8 × 80 = 144 g; fat 30 % of 1950 / 9 = 65 g
        // (over the 0.6 × 80 = 48 g floor); carbs (1950 − 144 × 4 − 65 × 9) / 4 = 197.25 g.
        #expect(goal.weeklyRateKg == 0.5)
        #expect(goal.proteinPerKg == 1.8)
        #expect(goal.dailyCalorieTarget == nil, "validation records no targets; the caller does, by the day rule")
        #expect(targets.kcal == 1950)
        #expect(targets.macros?.proteinG == 144)
        #expect(targets.macros?.fatG == 65)
        #expect(targets.macros?.carbsG == 197)
        #expect(abs(try #require(targets.macros?.gramsKcal) - 1950) <= 2)
        #expect(goal.targetWeightKg == 75)
        #expect(goal.createdOn == today)
    }

    @Test func gainingIsANegativeRateAndMaintainIgnoresTheRate() throws {
        let gain = try planning.validate(
            GoalInput(type: .gain, weeklyRate: "0.25", proteinPerKg: "2", addsExerciseBack: true),
            weightKg: 70, unitSystem: .metric
        ).get()
        #expect(gain.weeklyRateKg == -0.25)
        #expect(gain.addsExerciseBack)
        let gainTargets = DayTargets.derive(goal: gain, basis: formula, weightKg: 70)
        #expect(gainTargets.kcal == 2775)  // 2500 + 0.25 × 1100
        #expect(gainTargets.macros?.proteinG == 140)
        let keep = try planning.validate(GoalInput(type: .maintain, weeklyRate: "nonsense"), weightKg: 70, unitSystem: .metric).get()
        #expect(keep.weeklyRateKg == 0)
        #expect(DayTargets.derive(goal: keep, basis: formula, weightKg: 70).kcal == 2500)
    }

    @Test func unsafeOrWrongWayInputIsRefusedWithTheRangeInTheUsersUnits() {
        guard
            case .failure(let errors) = planning.validate(
                GoalInput(type: .lose, targetWeight: "85", weeklyRate: "1.2", proteinPerKg: "5"),
                weightKg: 80, unitSystem: .metric)
        else {
            Issue.record("accepted"); return
        }
        #expect(errors[.weeklyRate]?.message == "weekly rate \"1.2\" is faster than is safe: allowed 0.05–0.8 kg/week (1 % of 80.0 kg)")
        #expect(errors[.targetWeight]?.message == "target weight \"85\" is out of range: allowed below your weight now (80.0 kg)")
        #expect(errors[.proteinPerKg]?.problem == .outOfRange)
        guard case .failure(let lb) = planning.validate(GoalInput(type: .gain, weeklyRate: "2"), weightKg: 80, unitSystem: .imperial) else {
            Issue.record("accepted"); return
        }
        #expect(lb[.weeklyRate]?.message == "weekly rate \"2\" is faster than is safe: allowed 0.12–0.88 lb/week (0.5 % of 176.4 lb)")
        guard case .failure(let empty) = planning.validate(GoalInput(type: .lose), weightKg: 80, unitSystem: .metric) else {
            Issue.record("accepted"); return
        }
        #expect(empty[.weeklyRate]?.problem == .empty)
    }

    /// Constant intake of 2000 kcal while the trend falls 0.5 kg a week: expenditure is
    /// 2000 + (0.5 / 7) × 7700 = 2550 kcal/day.
    @Test func adaptiveBasisRecoversAKnownExpenditure() throws {
        let days = (0..<60).map { today.adding(days: -59 + $0) }
        let weights = days.enumerated().map { (date: $0.element, weightKg: 90 - Double($0.offset) * 0.5 / 7) }
        // Start the trend on the line so it has no lag to settle.
        let trend = weights.map { TrendPoint(date: $0.date, weightKg: $0.weightKg, trendKg: $0.weightKg, isInterpolated: false) }
        let intake = days.map { (date: $0, kcal: 2000.0) }
        let basis = try #require(ExpenditureBasis.resolve(formulaTDEE: 2300, intake: intake, trend: trend, asOf: today))
        #expect(basis.source == .adaptive(days: 28))
        #expect(abs(basis.kcalPerDay - 2550) < 0.01)
        let goal = Goal(type: .lose, weeklyRateKg: 0.5, dailyCalorieTarget: 1750, proteinG: 0, carbsG: 0, fatG: 0, createdOn: today)
        #expect(
            DayTargets.derive(goal: goal, basis: basis, weightKg: 80).kcal == 2000, "eating the current intake keeps losing 0.5 kg a week")
    }

    @Test func formulaUntilFourteenDaysOfData() throws {
        let days = (0..<13).map { today.adding(days: -$0) }
        let trend = days.map { TrendPoint(date: $0, weightKg: 80, trendKg: 80, isInterpolated: false) }
        let basis = try #require(ExpenditureBasis.resolve(formulaTDEE: 2300, intake: days.map { ($0, 1800.0) }, trend: trend, asOf: today))
        #expect(basis.source == .formula)
        #expect(basis.kcalPerDay == 2300)
        #expect(basis.adaptiveDays == 13)
        #expect(basis.explanation == "Burn 2300 kcal: formula, 13 of 14 days logged")
        #expect(basis.label == "formula")
        #expect(ExpenditureBasis.resolve(formulaTDEE: nil, intake: [], trend: [], asOf: today) == nil)
    }

    @Test func progressAndETAFollowTheTrend() throws {
        // Trend falling 0.7 kg/week, 3.5 kg above target: 5 weeks to go.
        let trend = (0..<28).map { i in
            TrendPoint(date: today.adding(days: -27 + i), weightKg: 0, trendKg: 83.5 + 2.8 - Double(i + 1) * 0.1, isInterpolated: false)
        }
        let goal = Goal(
            type: .lose, targetWeightKg: 80, weeklyRateKg: 0.5, dailyCalorieTarget: 1900, proteinG: 0, carbsG: 0, fatG: 0, createdOn: today)
        let progress = try #require(GoalProgress.compute(goal: goal, trend: trend, today: today))
        #expect(abs(progress.remainingKg - 3.5) < 1e-9)
        #expect(abs((progress.trendKgPerWeek ?? 0) + 0.7) < 1e-9)
        #expect(progress.eta == today.adding(days: 35))
        // Heading the wrong way: no ETA.
        let rising = trend.enumerated().map {
            TrendPoint(date: $0.element.date, weightKg: 0, trendKg: 83 + Double($0.offset) * 0.05, isInterpolated: false)
        }
        #expect(GoalProgress.compute(goal: goal, trend: rising, today: today)?.eta == nil)
        let there = [TrendPoint(date: today, weightKg: 0, trendKg: 80.2, isInterpolated: false)]
        #expect(GoalProgress.compute(goal: goal, trend: there, today: today)?.reached == true)
    }
}
