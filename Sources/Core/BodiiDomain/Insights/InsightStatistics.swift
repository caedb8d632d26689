import Foundation

/// The statistics behind Insights (PRODUCT.md §12), as pure functions on plain numbers. Each one
/// names its method; the tests hold them against values computed independently with SciPy.
public enum InsightStatistics {
    // MARK: Ranks and correlation

    /// Ranks 1…n, ties given the average of the ranks they span ("fractional ranking", as
    /// `scipy.stats.rankdata(method="average")`).
    public static func averageRanks(_ values: [Double]) -> [Double] {
        let order = values.indices.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: 0, count: values.count)
        var i = 0
        while i < order.count {
            var j = i
            while j + 1 < order.count, values[order[j + 1]] == values[order[i]] { j += 1 }
            let rank = Double(i + j) / 2 + 1
            for k in i...j { ranks[order[k]] = rank }
            i = j + 1
        }
        return ranks
    }

    /// Pearson's product-moment correlation; nil for fewer than 3 pairs or a constant series.
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        let n = min(x.count, y.count)
        guard n >= 3 else { return nil }
        let mx = x.prefix(n).reduce(0, +) / Double(n), my = y.prefix(n).reduce(0, +) / Double(n)
        var sxy = 0.0, sxx = 0.0, syy = 0.0
        for k in 0..<n {
            let dx = x[k] - mx, dy = y[k] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        return max(-1, min(1, sxy / (sxx * syy).squareRoot()))
    }

    /// Spearman's rank correlation (Spearman C, "The proof and measurement of association between
    /// two things", Am J Psychol 1904;15:72–101): Pearson's r of the average ranks, which handles ties.
    public static func spearman(_ x: [Double], _ y: [Double]) -> Double? {
        pearson(averageRanks(x), averageRanks(y))
    }

    /// The lag-1 autocorrelation of a series in time order (the usual estimator,
    /// Σ(xₜ−x̄)(xₜ₊₁−x̄) / Σ(xₜ−x̄)²); 0 for fewer than 3 values or a constant series.
    public static func lag1Autocorrelation(_ values: [Double]) -> Double {
        guard values.count >= 3 else { return 0 }
        let m = values.reduce(0, +) / Double(values.count)
        var num = 0.0, den = 0.0
        for k in values.indices {
            let d = values[k] - m
            den += d * d
            if k + 1 < values.count { num += d * (values[k + 1] - m) }
        }
        return den > 0 ? num / den : 0
    }

    /// The effective number of independent pairs behind a correlation of two autocorrelated series
    /// (Bartlett 1935; Dawdy DR & Matalas NC 1964, in Chow VT, "Handbook of Applied Hydrology",
    /// §8-III): n·(1 − r₁r₂)/(1 + r₁r₂), with r₁, r₂ each series' lag-1 autocorrelation. Never above
    /// n (negative products would claim more information than there are days) nor below 3.
    public static func effectiveSampleSize(n: Int, r1: Double, r2: Double) -> Double {
        let product = max(0, min(0.99, r1 * r2))
        return max(3, min(Double(n), Double(n) * (1 - product) / (1 + product)))
    }

    /// The effective number of independent pairs from each series' autocorrelations at lags
    /// 1…K (Bartlett MS, J R Stat Soc 1935;98:536–543; Pyper BJ & Peterman RM, Can J Fish Aquat
    /// Sci 1998;55:2127–2140): n / (1 + 2 Σₖ (1 − k/n)·r₁(k)·r₂(k)). With two AR(1) series it is
    /// `effectiveSampleSize(n:r1:r2:)`; it also counts the longer memory of a series that is not
    /// AR(1) (a mostly-zero series driven by spells, a smoothed trend), which lag 1 alone
    /// misses. Never above n nor below 3.
    public static func effectiveSampleSize(n: Int, autocorrelations a: [Double], _ b: [Double]) -> Double {
        var sum = 0.0
        for k in 0..<min(a.count, b.count) { sum += (1 - Double(k + 1) / Double(n)) * a[k] * b[k] }
        let factor = 1 + 2 * sum
        guard factor > 0 else { return 3 }
        return max(3, min(Double(n), Double(n) / factor))
    }

    // MARK: The t distribution

    /// The regularized incomplete beta function Iₓ(a, b), by its continued fraction evaluated with
    /// the modified Lentz method (Press WH, et al., "Numerical Recipes", 3rd ed. 2007, §6.4
    /// `betai`/`betacf`; Lentz WJ, Appl Opt 1976;15:668–671). The fraction converges fast for
    /// x < (a+1)/(a+b+2); above it, the symmetry Iₓ(a,b) = 1 − I₁₋ₓ(b,a) is used.
    public static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        let logGammas: Double = lgamma(a + b) - lgamma(a) - lgamma(b)
        let logPowers: Double = a * log(x) + b * log(1 - x)
        let logFront = logGammas + logPowers
        if x < (a + 1) / (a + b + 2) { return exp(logFront) * betaContinuedFraction(x, a: a, b: b) / a }
        return 1 - exp(logFront) * betaContinuedFraction(1 - x, a: b, b: a) / b
    }

    /// Numerical Recipes' `betacf`: the continued fraction for Iₓ(a, b), modified Lentz.
    static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300, epsilon = 1e-15
        let qab = a + b, qap = a + 1, qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m), m2 = 2 * m
            // The even step d₂ₘ, then the odd step d₂ₘ₊₁ of the fraction.
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let step = d * c
            h *= step
            if abs(step - 1) < epsilon { break }
        }
        return h
    }

    /// Two-sided p-value of Student's t with `df` degrees of freedom: P(|T| ≥ |t|) =
    /// I_{df/(df+t²)}(df/2, 1/2) (Abramowitz & Stegun 26.7.1 with 26.5.27).
    public static func twoSidedP(t: Double, df: Double) -> Double {
        guard df > 0, t.isFinite else { return t.isNaN ? 1 : 0 }
        return min(1, max(0, regularizedIncompleteBeta(df / (df + t * t), a: df / 2, b: 0.5)))
    }

    /// The two-sided p-value of a correlation `r` from `n` (effective) pairs: t = r·√((n−2)/(1−r²))
    /// on n − 2 degrees of freedom, the test `scipy.stats.spearmanr` uses.
    public static func correlationP(r: Double, n: Double) -> Double {
        guard n > 2 else { return 1 }
        guard abs(r) < 1 else { return 0 }
        return twoSidedP(t: r * ((n - 2) / (1 - r * r)).squareRoot(), df: n - 2)
    }

    /// The t value with P(|T| ≥ t) = `p` (two-sided), found by bisection on `twoSidedP`.
    public static func tCritical(p: Double = 0.05, df: Double) -> Double {
        var low = 0.0, high = 1000.0
        for _ in 0..<100 {
            let mid = (low + high) / 2
            if twoSidedP(t: mid, df: df) > p { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }

    // MARK: Many tests at once

    /// Benjamini–Hochberg adjusted p-values ("q-values"; Benjamini Y & Hochberg Y, "Controlling the
    /// false discovery rate", J R Stat Soc B 1995;57:289–300): q₍ᵢ₎ = min over j ≥ i of p₍ⱼ₎·m/j,
    /// capped at 1, in the order given (as `scipy.stats.false_discovery_control`).
    public static func benjaminiHochberg(_ p: [Double]) -> [Double] {
        let m = Double(p.count)
        let order = p.indices.sorted { p[$0] < p[$1] }
        var q = [Double](repeating: 1, count: p.count)
        var running = 1.0
        for (position, index) in order.enumerated().reversed() {
            running = min(running, p[index] * m / Double(position + 1))
            q[index] = min(1, running)
        }
        return q
    }

    // MARK: Location and spread

    /// The median (the mean of the middle two for an even count); nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let s = values.sorted(), mid = s.count / 2
        return s.count % 2 == 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2
    }

    public static func mean(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
    }

    /// Sample variance (n − 1); nil for fewer than 2 values.
    public static func variance(_ values: [Double]) -> Double? {
        guard values.count >= 2, let m = mean(values) else { return nil }
        return values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)
    }

    /// Each value's average rank (`averageRanks` over the whole series) minus the mean rank of its
    /// weekday, so a weekly rhythm (late weekend nights, weekday gym, Friday drinks) leaves nothing
    /// behind, even in a discrete or mostly-zero series where subtracting a weekday's median leaves
    /// the rhythm in the share of non-zero days. `weekdays` holds each value's weekday (0…6).
    public static func weekdayRankAdjusted(_ values: [Double], weekdays: [Int]) -> [Double] {
        weekdayCentered(averageRanks(values), weekdays: weekdays)
    }

    /// Each value minus the mean of its weekday's values: the weekly rhythm out of a series in its
    /// own units (Cleveland RB, et al., "STL", J Off Stat 1990;6:3–73, for the seasonal part).
    public static func weekdayCentered(_ values: [Double], weekdays: [Int]) -> [Double] {
        var sums = [Double](repeating: 0, count: 7), counts = sums
        let n = min(values.count, weekdays.count)
        for k in 0..<n {
            sums[weekdays[k]] += values[k]
            counts[weekdays[k]] += 1
        }
        var centered = [Double](repeating: 0, count: n)
        for k in 0..<n { centered[k] = values[k] - sums[weekdays[k]] / counts[weekdays[k]] }
        return centered
    }
}
