import Foundation
import Testing
@testable import BodiiDomain

@Suite struct WeightTrendTests {
    @Test func handComputedTrendWithInterpolatedGap() throws {
        let d0 = try date("2026-03-01")
        // Unsorted on purpose; 03-03 has no weigh-in.
        let points = WeightTrend.compute([(d0.adding(days: 3), 79), (d0, 80), (d0.adding(days: 1), 81)])
        #expect(points.map(\.date) == [d0, d0.adding(days: 1), d0.adding(days: 2), d0.adding(days: 3)])
        #expect(points.map(\.isInterpolated) == [false, false, true, false])
        // Interpolated weight halfway between 81 and 79.
        #expect(isClose(points[2].weightKg, 80))
        // T0 = 80; T1 = 80 + 0.1·(81 − 80) = 80.1; T2 = 80.1 + 0.1·(80 − 80.1) = 80.09;
        // T3 = 80.09 + 0.1·(79 − 80.09) = 79.981.
        #expect(isClose(points[0].trendKg, 80))
        #expect(isClose(points[1].trendKg, 80.1))
        #expect(isClose(points[2].trendKg, 80.09))
        #expect(isClose(points[3].trendKg, 79.981))
    }

    @Test func longerGapIsLinear() throws {
        let d0 = try date("2026-03-01")
        let points = WeightTrend.compute([(d0, 80), (d0.adding(days: 3), 83)])
        #expect(points.count == 4)
        #expect(points.map(\.weightKg).enumerated().allSatisfy { isClose($0.element, 80 + Double($0.offset)) })
        // 80, 80.1, 80.1 + 0.1·(82 − 80.1) = 80.29, 80.29 + 0.1·(83 − 80.29) = 80.561
        #expect(isClose(points[3].trendKg, 80.561))
    }

    @Test func duplicatesAndEdgeCases() throws {
        let d0 = try date("2026-03-01")
        #expect(WeightTrend.compute([]).isEmpty)
        let single = WeightTrend.compute([(d0, 70)])
        #expect(single == [TrendPoint(date: d0, weightKg: 70, trendKg: 70, isInterpolated: false)])
        // The later entry of a date wins; NaN is ignored.
        let dup = WeightTrend.compute([(d0, 70), (d0, 71), (d0.adding(days: 1), .nan)])
        #expect(dup.count == 1)
        #expect(dup[0].weightKg == 71)
    }

    /// In-order input takes a one-pass path, any other order is sorted first: both give the same
    /// points, with the later entry of a date winning and NaN ignored in either.
    @Test func orderOfTheInputDoesNotMatter() throws {
        let d0 = try date("2026-03-01")
        let inOrder: [(date: LocalDate, weightKg: Double)] = [
            (d0, 80), (d0.adding(days: 2), 79.4), (d0.adding(days: 2), 79.6), (d0.adding(days: 3), .nan), (d0.adding(days: 6), 79.1),
        ]
        let shuffled = [inOrder[4], inOrder[1], inOrder[3], inOrder[0], inOrder[2]]
        let expected = WeightTrend.compute(inOrder)
        #expect(expected.count == 7)
        #expect(expected[2].weightKg == 79.6)
        #expect(WeightTrend.compute(shuffled) == expected)
        #expect(WeightTrend.compute(inOrder.reversed()).map(\.date) == expected.map(\.date))
        // Reversed, 79.4 is the later entry of its date.
        #expect(WeightTrend.compute(inOrder.reversed())[2].weightKg == 79.4)
    }

    /// Issue 23 #23: an imported body-fat-only reading is no weigh-in. It adds no day to the trend
    /// and, recorded after the day's weigh-in, does not hide it.
    @Test func theTrendIgnoresBodyFatOnlyRecords() throws {
        let d0 = try date("2026-03-01")
        let at = { (hours: Double) in Date(timeIntervalSince1970: 1_772_000_000 + hours * 3600) }
        let records = [
            BodyRecord(id: 1, date: d0, weightKg: 80, recordedAt: at(0)),
            BodyRecord(id: 2, date: d0, weightKg: nil, bodyFatPercent: 22, recordedAt: at(1)),  // later that day
            BodyRecord(id: 3, date: d0.adding(days: 1), weightKg: nil, bodyFatPercent: 21.9, recordedAt: at(24)),
            BodyRecord(id: 4, date: d0.adding(days: 2), weightKg: 79, recordedAt: at(48)),
            BodyRecord(id: 5, date: d0.adding(days: 3), weightKg: nil, bodyFatPercent: 21.7, recordedAt: at(72)),
        ]
        let weights = WeightTrend.dailyWeights(records)
        #expect(weights.map(\.date) == [d0, d0.adding(days: 2)])
        #expect(weights.map(\.weightKg) == [80, 79])
        let points = WeightTrend.compute(weights)
        // The day between is interpolated, and the trend ends on the last weigh-in, not the last reading.
        #expect(points.map(\.isInterpolated) == [false, true, false])
        #expect(points.last?.date == d0.adding(days: 2))
        #expect(WeightTrend.compute(WeightTrend.dailyWeights(records.filter { $0.weightKg != nil })) == points)
    }

    @Test func slopeOfKnownSeries() {
        // 1, 2, 4 against 0, 1, 2: x̄ = 1, ȳ = 7/3, Σ(x−x̄)(y−ȳ) = 3, Σ(x−x̄)² = 2 → 1.5
        #expect(isClose(WeightTrend.slope([1, 2, 4]), 1.5))
        #expect(WeightTrend.slope([5]) == nil)
        #expect(WeightTrend.slope([]) == nil)
        #expect(isClose(WeightTrend.slope(xs: [0, 2, 4], ys: [10, 9, 8]), -0.5))
        #expect(WeightTrend.slope(xs: [3, 3], ys: [1, 2]) == nil)
    }

    @Test func weeklyRateUsesLastFourteenTrendValues() {
        // Six wild values, then 14 values falling 0.1 kg/day: only the last 14 count → −0.7 kg/week.
        let values = [50.0, 120, 30, 90, 10, 200] + (0..<14).map { 100 - 0.1 * Double($0) }
        #expect(isClose(WeightTrend.weeklyRate(trend: values), -0.7, tolerance: 1e-9))
        #expect(isClose(WeightTrend.weeklyRate(trend: [80, 80.2]), 1.4))
        #expect(WeightTrend.weeklyRate(trend: [80]) == nil)
        #expect(WeightTrend.weeklyRate([TrendPoint]()) == nil)
    }
}

@Suite struct SleepMathTests {
    @Test func statusBoundaries() {
        let cases: [(Int, SleepStatus)] = [
            (0, .bad), (299, .bad), (300, .poor), (359, .poor), (360, .fair),
            (419, .fair), (420, .good), (480, .good), (540, .good), (541, .long), (900, .long),
        ]
        for (minutes, status) in cases {
            #expect(SleepMath.status(minutes: minutes) == status, "\(minutes) min")
        }
    }

    @Test func durationAcrossMidnight() throws {
        #expect(SleepMath.duration(bed: try clock("23:30"), wake: try clock("07:00")) == 450)
        #expect(SleepMath.duration(bed: try clock("22:00"), wake: try clock("06:30")) == 510)
        #expect(SleepMath.duration(bed: try clock("01:00"), wake: try clock("08:00")) == 420)
        #expect(SleepMath.duration(bed: try clock("23:59"), wake: try clock("00:00")) == 1)
        #expect(SleepMath.duration(bed: try clock("07:00"), wake: try clock("07:00")) == nil)
    }

    @Test func meanMinutes() {
        #expect(SleepMath.mean([420, 480]) == 450)
        #expect(isClose(SleepMath.mean([400, 401]), 400.5))
        #expect(SleepMath.mean([]) == nil)
    }

    @Test func circularBedtimeConsistency() throws {
        // 23:30 and 00:30 are 60 min apart: deviations ±30 from 00:00 → SD 30 (not ~690).
        #expect(isClose(SleepMath.bedtimeConsistency([try clock("23:30"), try clock("00:30")]), 30, tolerance: 1e-6))
        // Deviations −60, −30, 0, 30, 60 → variance (3600 + 900 + 0 + 900 + 3600) / 5 = 1800.
        let five = try ["23:00", "23:30", "00:00", "00:30", "01:00"].map(clock)
        #expect(isClose(SleepMath.bedtimeConsistency(five), 1800.0.squareRoot(), tolerance: 1e-6))
        #expect(isClose(SleepMath.bedtimeConsistency([try clock("22:00"), try clock("23:00")]), 30, tolerance: 1e-6))
        #expect(isClose(SleepMath.bedtimeConsistency([try clock("22:00"), try clock("22:00")]), 0, tolerance: 1e-6))
        #expect(SleepMath.bedtimeConsistency([try clock("22:15")]) == 0)
        #expect(SleepMath.bedtimeConsistency([]) == nil)
        // Opposite times cancel out; still a finite answer: ±360 → 360.
        #expect(isClose(SleepMath.bedtimeConsistency([try clock("00:00"), try clock("12:00")]), 360, tolerance: 1e-6))
    }

    @Test func circularMeanTime() throws {
        #expect(SleepMath.meanTime([try clock("23:30"), try clock("00:30")]) == (try clock("00:00")))
        #expect(SleepMath.meanTime([try clock("22:00"), try clock("23:00")]) == (try clock("22:30")))
        #expect(SleepMath.meanTime([try clock("00:00"), try clock("12:00")]) == nil)
        #expect(SleepMath.meanTime([]) == nil)
    }
}

@Suite struct AdaptiveExpenditureTests {
    /// Weights falling exactly 0.5 kg/week for 200 days before `asOf` (so the trend has settled).
    func fallingWeights(asOf: LocalDate, everyNthDay: Int = 1) -> [(date: LocalDate, weightKg: Double)] {
        stride(from: 0, through: 200, by: everyNthDay).map { k in
            (asOf.adding(days: k - 200), 100 - 0.5 / 7 * Double(k))
        }
    }

    func intake(_ kcal: Double, days: Int, endingOn asOf: LocalDate) -> [(date: LocalDate, kcal: Double)] {
        (0..<days).map { (asOf.adding(days: -$0), kcal) }
    }

    @Test func constantIntakeFallingWeight() throws {
        let asOf = try date("2026-03-31")
        let e = try #require(
            AdaptiveExpenditure.estimate(
                intake: intake(2500, days: 28, endingOn: asOf),
                weights: fallingWeights(asOf: asOf), asOf: asOf))
        // 2500 + 0.5/7 × 7700 = 2500 + 550 = 3050 kcal/day.
        #expect(isClose(e.kcalPerDay, 3050, tolerance: 0.01))
        #expect(e.daysOfData == 28)
        #expect(e.meanIntakeKcal == 2500)
        #expect(isClose(e.trendSlopeKgPerDay, -0.5 / 7, tolerance: 1e-6))
        #expect(e.window == DateRange(ending: asOf, days: 28))
    }

    @Test func sparseWeighInsStillGiveTheAnswer() throws {
        let asOf = try date("2026-03-31")
        // Weigh-ins every 4th day (200 is a multiple of 4, so the last one is on asOf).
        let e = try #require(
            AdaptiveExpenditure.estimate(
                intake: intake(2500, days: 28, endingOn: asOf),
                weights: fallingWeights(asOf: asOf, everyNthDay: 4), asOf: asOf))
        #expect(isClose(e.kcalPerDay, 3050, tolerance: 0.01))
    }

    @Test func needsFourteenDaysOfBoth() throws {
        let asOf = try date("2026-03-31")
        let weights = fallingWeights(asOf: asOf)
        #expect(AdaptiveExpenditure.estimate(intake: intake(2500, days: 13, endingOn: asOf), weights: weights, asOf: asOf) == nil)
        let e14 = AdaptiveExpenditure.estimate(intake: intake(2500, days: 14, endingOn: asOf), weights: weights, asOf: asOf)
        #expect(e14?.daysOfData == 14)
        #expect(isClose(e14?.kcalPerDay, 3050, tolerance: 0.01))
        // Zero-kcal days are "not logged"; days outside the 28-day window are ignored.
        var mixed = intake(2500, days: 13, endingOn: asOf) + [(asOf.adding(days: -13), 0)]
        mixed += [(asOf.adding(days: -28), 9999), (asOf.adding(days: -40), 9999)]
        #expect(AdaptiveExpenditure.estimate(intake: mixed, weights: weights, asOf: asOf) == nil)
        // Intake without weights gives nothing.
        #expect(AdaptiveExpenditure.estimate(intake: intake(2500, days: 28, endingOn: asOf), weights: [], asOf: asOf) == nil)
    }

    @Test func stableWeightMeansExpenditureEqualsIntake() throws {
        let asOf = try date("2026-03-31")
        let weights = (0...60).map { (asOf.adding(days: -$0), 70.0) }
        let food = (0..<20).map { (asOf.adding(days: -$0), $0 % 2 == 0 ? 2000.0 : 2400.0) }
        let e = try #require(AdaptiveExpenditure.estimate(intake: food, weights: weights, asOf: asOf))
        #expect(isClose(e.kcalPerDay, 2200, tolerance: 1e-6))
        #expect(e.daysOfData == 20)
    }
}
