import Testing
@testable import BodiiDomain

/// The statistics of Insights against reference values computed independently with SciPy 1.17.1
/// (`scipy.stats.spearmanr`, `rankdata`, `false_discovery_control`, `scipy.special.betainc`,
/// `scipy.stats.t.sf` / `t.ppf`); the Python lines are quoted above each value.
struct InsightStatisticsTests {
    let x: [Double] = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8]
    let y: [Double] = [2, 7, 1, 8, 2, 8, 1, 8, 2, 8, 4, 5]

    @Test func averageRanksShareTiedRanks() {
        // stats.rankdata(x)
        #expect(InsightStatistics.averageRanks(x) == [4.5, 1.5, 6.0, 1.5, 8.0, 12.0, 3.0, 10.0, 8.0, 4.5, 8.0, 11.0])
    }

    @Test func spearmanWithTiesMatchesSciPy() throws {
        // stats.spearmanr(x, y) → statistic 0.1415796863640157, pvalue 0.6607268292868227
        let rho = try #require(InsightStatistics.spearman(x, y))
        #expect(isClose(rho, 0.1415796863640157, tolerance: 1e-12))
        #expect(isClose(InsightStatistics.correlationP(r: rho, n: 12), 0.6607268292868227, tolerance: 1e-10))
    }

    @Test func strongSpearmanAndItsSmallPMatchSciPy() throws {
        let a: [Double] = [2.1, 3.4, 1.9, 5.6, 4.4, 6.1, 7.0, 5.9, 8.2, 7.7, 9.1, 8.8]
        let b: [Double] = [1.0, 2.2, 1.5, 3.9, 2.8, 4.1, 5.5, 3.7, 6.0, 6.4, 6.2, 7.9]
        // stats.spearmanr(a, b) → 0.9510489510489512, 2.0384246324655774e-06
        let rho = try #require(InsightStatistics.spearman(a, b))
        #expect(isClose(rho, 0.9510489510489512, tolerance: 1e-12))
        let p = InsightStatistics.correlationP(r: rho, n: 12)
        #expect(abs(p - 2.0384246324655774e-06) / 2.0384246324655774e-06 < 1e-8)
    }

    @Test func incompleteBetaMatchesSciPyOnBothSidesOfTheSwitch() {
        // special.betainc(2.5, 0.5, 0.3), (10, 0.5, 0.9), (0.5, 0.5, 0.5), (50, 0.5, 0.97)
        #expect(isClose(InsightStatistics.regularizedIncompleteBeta(0.3, a: 2.5, b: 0.5), 0.018927124071945658, tolerance: 1e-13))
        #expect(isClose(InsightStatistics.regularizedIncompleteBeta(0.9, a: 10, b: 0.5), 0.15164090963470994, tolerance: 1e-13))
        #expect(isClose(InsightStatistics.regularizedIncompleteBeta(0.5, a: 0.5, b: 0.5), 0.5, tolerance: 1e-13))
        #expect(isClose(InsightStatistics.regularizedIncompleteBeta(0.97, a: 50, b: 0.5), 0.08169933372182264, tolerance: 1e-12))
        #expect(InsightStatistics.regularizedIncompleteBeta(0, a: 2, b: 3) == 0)
        #expect(InsightStatistics.regularizedIncompleteBeta(1, a: 2, b: 3) == 1)
    }

    @Test func studentTMatchesSciPyIncludingFractionalDegreesOfFreedom() {
        // 2*stats.t.sf(2.0, 10), 2*stats.t.sf(1.3, 3.5), 2*stats.t.sf(4.2, 120)
        #expect(isClose(InsightStatistics.twoSidedP(t: 2.0, df: 10), 0.07338803477074037, tolerance: 1e-12))
        #expect(isClose(InsightStatistics.twoSidedP(t: 1.3, df: 3.5), 0.2725954158043702, tolerance: 1e-12))
        #expect(isClose(InsightStatistics.twoSidedP(t: -4.2, df: 120), 5.1547466708092386e-05, tolerance: 1e-14))
        // stats.t.ppf(0.975, 10), stats.t.ppf(0.975, 26)
        #expect(isClose(InsightStatistics.tCritical(df: 10), 2.228138851986274, tolerance: 1e-9))
        #expect(isClose(InsightStatistics.tCritical(df: 26), 2.0555294386428735, tolerance: 1e-9))
        // r = 0.35 on n_eff = 30.5: t = r·√((n−2)/(1−r²)), 2*stats.t.sf(t, 28.5) → 0.05572403764440661
        #expect(isClose(InsightStatistics.correlationP(r: 0.35, n: 30.5), 0.05572403764440661, tolerance: 1e-12))
    }

    @Test func benjaminiHochbergMatchesSciPy() {
        // stats.false_discovery_control([0.01, 0.04, 0.03, 0.005, 0.2, 0.5, 0.045])
        let q = InsightStatistics.benjaminiHochberg([0.01, 0.04, 0.03, 0.005, 0.2, 0.5, 0.045])
        let expected = [0.035, 0.063, 0.063, 0.035, 0.23333333333333336, 0.5, 0.063]
        #expect(zip(q, expected).allSatisfy { isClose($0, $1, tolerance: 1e-12) })
    }

    @Test func effectiveSampleSizeShrinksWithSharedAutocorrelation() {
        // Dawdy–Matalas: 100·(1 − 0.25)/(1 + 0.25) = 60.
        #expect(isClose(InsightStatistics.effectiveSampleSize(n: 100, r1: 0.5, r2: 0.5), 60))
        #expect(InsightStatistics.effectiveSampleSize(n: 100, r1: 0.5, r2: -0.5) == 100)
        #expect(InsightStatistics.effectiveSampleSize(n: 50, r1: 0, r2: 0.9) == 50)
    }

    @Test func lagOneAutocorrelationOfAnAlternatingSeriesIsNegative() {
        // Σ(xₜ−x̄)(xₜ₊₁−x̄)/Σ(xₜ−x̄)² of 1,−1,1,−1: −3/4.
        #expect(isClose(InsightStatistics.lag1Autocorrelation([1, -1, 1, -1]), -0.75))
    }

    @Test func rankAdjustmentLeavesNoWeeklyRhythmInAMostlyZeroSeries() {
        // Friday drinks: 14 g on 3 of 4 Fridays, on 1 in 8 other days; the rest 0. Subtracting the
        // weekday's median (0 on every weekday) would leave the Friday rhythm whole.
        let weekdays = (0..<56).map { $0 % 7 }
        let values = weekdays.indices.map { k -> Double in weekdays[k] == 4 ? (k % 4 == 3 ? 0 : 14) : (k % 8 == 0 ? 14 : 0) }
        let adjusted = InsightStatistics.weekdayRankAdjusted(values, weekdays: weekdays)
        for w in 0..<7 {
            let mean = zip(adjusted, weekdays).filter { $0.1 == w }.map(\.0).reduce(0, +) / 8
            #expect(abs(mean) < 1e-12, "weekday \(w): mean adjusted rank \(mean)")
        }
        // Within a weekday the order is kept: a drinking day ranks above a dry one.
        #expect(adjusted[4] > 0 && adjusted[11] < 0)
        #expect(InsightStatistics.weekdayCentered([500, 400, 500, 400], weekdays: [5, 0, 5, 0]) == [0, 0, 0, 0])
    }
}
