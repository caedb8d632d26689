import Foundation

/// The days Insights reads: one value per day per series, where the day has one. What builds it
/// (`InsightSeries.load`) takes each figure from the computation every screen shows.
public struct InsightSeries: Sendable {
    public var range: DateRange
    public var values: [InsightMetric: [LocalDate: Double]]
    /// The currency spending is counted in.
    public var currency: String

    public init(range: DateRange, values: [InsightMetric: [LocalDate: Double]], currency: String = Currency.default.code) {
        self.range = range
        self.values = values
        self.currency = currency
    }
}

/// Two series that go together (PRODUCT.md §12), with the numbers behind the sentence.
public struct InsightFinding: Equatable, Sendable {
    public var outcome: InsightMetric
    public var predictor: InsightMetric
    /// 0: the same day; 1: the predictor the day before the outcome.
    public var lagDays: Int
    /// Days with both values.
    public var n: Int
    public var rho: Double
    /// How much higher the outcome was on days the predictor was above its weekday's usual than on
    /// the other days of the same weekday (the weekdays' differences weighted as least squares
    /// weighs them), in `unit`.
    public var effect: Double
    public var unit: String
    public var ciLow: Double
    public var ciHigh: Double
    public var p: Double
    public var q: Double
    /// The predictor's median on the days above its weekday's usual, and on the others (its units).
    public var typicalHigh: Double
    public var typicalLow: Double
    public var highDays: Int
    public var lowDays: Int
    public var sentence: String
}

/// Every pair of series tested, and what passed.
public struct InsightResult: Sendable {
    public var range: DateRange
    /// Pairs tested (the m of Benjamini–Hochberg).
    public var tested: Int
    /// q < 0.05 with at least `minimumPairs` days, strongest first.
    public var findings: [InsightFinding]
    /// The first day of the range with any value: a history shorter than the range is said as
    /// what it is ("60 days to today", not "90 days") where the range is named.
    public var firstDayWithData: LocalDate? = nil

    /// The days from the first with data to the range's end (the whole range when it has none).
    public var daysCovered: Int {
        guard let first = firstDayWithData, first > range.start else { return range.dayCount }
        return range.dayCount - range.start.days(until: first)
    }
}

/// Finds what goes together (PRODUCT.md §12):
/// 1. Each series ranked (average ranks for ties), each weekday's mean rank removed
///    (`InsightStatistics.weekdayRankAdjusted`): no weekly rhythm is left, even in a mostly-zero series.
/// 2. The pairs of `InsightPairs.tested`: same-day pairs with the later series as outcome, pairs a
///    day apart both ways, never a pair whose arithmetic ties it together (`InsightPairs.structural`).
/// 3. ρ: Pearson's r of the adjusted ranks on the pair's days (Spearman's ρ with the weekly rhythm
///    taken out); the p-value from t on n_eff − 2 degrees of freedom, n_eff corrected for both
///    series' autocorrelations at lags 1…`autocorrelationLags` (Bartlett; Pyper & Peterman).
/// 4. Benjamini–Hochberg over every pair with at least `minimumPairs` days; tested further: q < 0.05.
/// 5. The effect on the scale of the test: the days split by the predictor's adjusted rank (above
///    its weekday's usual, or not) and the outcome compared within each weekday, so the weekly
///    rhythm of neither series enters it: the difference of the two groups' means on each weekday,
///    averaged with the weights least squares gives them (the coefficient of "above usual" in a
///    regression of the outcome on it and the weekday: n_high·n_low/n per weekday). Its variance
///    Σ w²(v_high/n_high + v_low/n_low)/(Σ w)², with each group's variance pooled within weekdays
///    (Welch's unequal variances, Welch BL, Biometrika 1947;34:28–35), widened by n/n_eff for
///    autocorrelation; the 95 % interval with the t quantile on n_eff − 2 degrees of freedom.
///    Shown unless that interval crosses zero.
public enum InsightFinder {
    public static let minimumPairs = 28
    public static let falseDiscoveryRate = 0.05
    /// Fewer days than this on either side of the split make no stated effect.
    static let minimumGroup = 5
    /// The lags whose autocorrelations correct n (at most a fifth of the range's days). Lag 1
    /// alone let 12 % of generated 10-year null histories show a finding (issue 44).
    static let autocorrelationLags = 30

    /// A pair tested: its series laid out, the lag, and the test's numbers.
    struct Candidate {
        var outcome: InsightMetric, predictor: InsightMetric, lag: Int
        /// Days with both values.
        var n: Int
        var rho: Double, nEff: Double, p: Double
    }

    /// A series laid out by day of the range (NaN where the day has no value): pairing by index
    /// instead of hashing dates keeps 10 years of every pair well inside the budget.
    struct Dense {
        var raw: [Double]
        /// Rank minus its weekday's mean rank.
        var adjusted: [Double]
        /// The adjusted values' autocorrelations at lags 1, 2, …
        var autocorrelations: [Double]
        /// The weekday (0…6) of the range's first day.
        var firstWeekday: Int
    }

    public static func find(_ series: InsightSeries) -> InsightResult {
        let tags = series.values.keys.filter(\.isTag).sorted { $0.rawValue < $1.rawValue }
        let metrics = (InsightMetric.allCases + tags).filter { (series.values[$0]?.count ?? 0) >= minimumPairs }
        var dense: [InsightMetric: Dense] = [:]
        for m in metrics { dense[m] = layOut(series.values[m] ?? [:], range: series.range) }
        var candidates: [Candidate] = []
        for pair in InsightPairs.tested(among: metrics) {
            guard let o = dense[pair.outcome], let p = dense[pair.predictor] else { continue }
            if let c = test(pair.outcome, o, pair.predictor, p, lag: pair.lag) { candidates.append(c) }
        }
        let q = InsightStatistics.benjaminiHochberg(candidates.map(\.p))
        var findings: [InsightFinding] = []
        for (c, q) in zip(candidates, q) where q < falseDiscoveryRate {
            guard let o = dense[c.outcome], let p = dense[c.predictor] else { continue }
            if let f = finding(c, o, p, q: q, currency: series.currency) { findings.append(f) }
        }
        findings.sort { ($0.q, -abs($0.rho)) < ($1.q, -abs($1.rho)) }
        let firstDay = series.values.values.compactMap { $0.keys.min() }.min()
        return InsightResult(range: series.range, tested: candidates.count, findings: findings, firstDayWithData: firstDay)
    }

    /// The values by day of `range`, adjusted beside them, with the autocorrelations of the
    /// adjusted values at each lag over the days whose day that many later is there too (gaps are
    /// not bridged).
    static func layOut(_ values: [LocalDate: Double], range: DateRange) -> Dense {
        let count = range.dayCount
        var raw = [Double](repeating: .nan, count: count)
        for (date, v) in values {
            let i = range.start.days(until: date)
            if i >= 0, i < count { raw[i] = v }
        }
        let days = raw.indices.filter { !raw[$0].isNaN }
        let firstWeekday = range.start.weekdayIndex
        let weekdays = days.map { (firstWeekday + $0) % 7 }
        var adjusted = [Double](repeating: .nan, count: count)
        for (k, v) in zip(days, InsightStatistics.weekdayRankAdjusted(days.map { raw[$0] }, weekdays: weekdays)) { adjusted[k] = v }
        // The adjusted ranks have mean 0 within each weekday, so over the series too.
        let den = days.reduce(0.0) { $0 + adjusted[$1] * adjusted[$1] }
        let lags = min(autocorrelationLags, count / 5)
        var autocorrelations = [Double](repeating: 0, count: lags)
        if den > 0, lags > 0 {
            adjusted.withUnsafeBufferPointer { a in
                days.withUnsafeBufferPointer { days in
                    for k in 1...lags {
                        var num = 0.0
                        for j in 0..<days.count {
                            let i = days[j]
                            if i + k < count && !a[i + k].isNaN { num += a[i] * a[i + k] }
                        }
                        autocorrelations[k - 1] = num / den
                    }
                }
            }
        }
        return Dense(raw: raw, adjusted: adjusted, autocorrelations: autocorrelations, firstWeekday: firstWeekday)
    }

    /// ρ of the pair's days: Pearson's r of the adjusted ranks, the predictor `lag` days before.
    /// Two passes over the days (the means, then the centred sums), with no copies: this runs for
    /// every pair over every day of the range.
    static func test(_ outcome: InsightMetric, _ o: Dense, _ predictor: InsightMetric, _ p: Dense, lag: Int) -> Candidate? {
        let count = o.adjusted.count
        guard count > lag, p.adjusted.count == count else { return nil }
        return o.adjusted.withUnsafeBufferPointer { y in
            p.adjusted.withUnsafeBufferPointer { x -> Candidate? in
                var n = 0, sx = 0.0, sy = 0.0
                for i in lag..<count where !y[i].isNaN && !x[i - lag].isNaN {
                    n += 1
                    sx += x[i - lag]
                    sy += y[i]
                }
                guard n >= minimumPairs else { return nil }
                let mx = sx / Double(n), my = sy / Double(n)
                var sxy = 0.0, sxx = 0.0, syy = 0.0
                for i in lag..<count where !y[i].isNaN && !x[i - lag].isNaN {
                    let dx = x[i - lag] - mx, dy = y[i] - my
                    sxy += dx * dy
                    sxx += dx * dx
                    syy += dy * dy
                }
                guard sxx > 0, syy > 0 else { return nil }
                let rho = max(-1, min(1, sxy / (sxx * syy).squareRoot()))
                let nEff = InsightStatistics.effectiveSampleSize(n: n, autocorrelations: o.autocorrelations, p.autocorrelations)
                return Candidate(
                    outcome: outcome, predictor: predictor, lag: lag, n: n, rho: rho, nEff: nEff,
                    p: InsightStatistics.correlationP(r: rho, n: nEff))
            }
        }
    }

    /// The effect of a pair that passed, with its interval and the words (step 5 above).
    static func finding(_ c: Candidate, _ o: Dense, _ p: Dense, q: Double, currency: String) -> InsightFinding? {
        var split = WeekdaySplit()
        var highValues: [Double] = [], lowValues: [Double] = []
        for i in c.lag..<o.raw.count where !o.adjusted[i].isNaN && !p.adjusted[i - c.lag].isNaN {
            let day = i - c.lag, high = p.adjusted[day] > 0
            split.add(o.raw[i], high: high, weekday: (p.firstWeekday + day) % 7)
            if high { highValues.append(p.raw[day]) } else { lowValues.append(p.raw[day]) }
        }
        guard highValues.count >= minimumGroup, lowValues.count >= minimumGroup,
            let (effect, variance) = split.effect(),
            let typicalHigh = InsightStatistics.median(highValues), let typicalLow = InsightStatistics.median(lowValues)
        else { return nil }
        let se = (variance * Double(c.n) / c.nEff).squareRoot()
        let half = InsightStatistics.tCritical(df: max(1, c.nEff - 2)) * se
        let ci = (low: effect - half, high: effect + half)
        // A difference the interval can't tell from none is no finding.
        guard ci.low > 0 || ci.high < 0 else { return nil }
        return InsightFinding(
            outcome: c.outcome, predictor: c.predictor, lagDays: c.lag, n: c.n, rho: c.rho, effect: effect,
            unit: c.outcome.unit(currency: currency), ciLow: ci.low, ciHigh: ci.high, p: c.p, q: q,
            typicalHigh: typicalHigh, typicalLow: typicalLow, highDays: highValues.count, lowDays: lowValues.count,
            sentence: InsightSentence.text(
                outcome: c.outcome, predictor: c.predictor, lag: c.lag, effect: effect, ci: ci,
                typical: (typicalHigh, typicalLow), days: (highValues.count, lowValues.count), currency: currency))
    }
}

/// An outcome's values split by the predictor (above its weekday's usual, or not) and by weekday:
/// the difference of the two groups compared within each weekday (`InsightFinder`, step 5).
struct WeekdaySplit {
    /// Per weekday, per group (0: not above, 1: above): count, sum and sum of squares.
    private var count = [Double](repeating: 0, count: 14)
    private var sum = [Double](repeating: 0, count: 14)
    private var squares = [Double](repeating: 0, count: 14)
    /// The first value: sums are kept of the values less it, so the squares lose no precision to
    /// a large level (steps, kcal) around a small spread.
    private var shift: Double?

    mutating func add(_ value: Double, high: Bool, weekday: Int) {
        let cell = 2 * weekday + (high ? 1 : 0)
        if shift == nil { shift = value }
        let v = value - (shift ?? 0)
        count[cell] += 1
        sum[cell] += v
        squares[cell] += v * v
    }

    /// The weighted mean of the weekdays' differences (above − not above) and its variance; nil
    /// when no weekday has days on both sides, or a group has no spread to estimate.
    func effect() -> (effect: Double, variance: Double)? {
        // Each group's variance, pooled over its weekdays (deviations from the weekday's own mean).
        var deviations = [0.0, 0.0], degrees = [0.0, 0.0]
        for cell in 0..<14 where count[cell] > 0 {
            let mean = sum[cell] / count[cell]
            deviations[cell % 2] += max(0, squares[cell] - count[cell] * mean * mean)
            degrees[cell % 2] += count[cell] - 1
        }
        guard degrees[0] > 0, degrees[1] > 0 else { return nil }
        let v = (low: deviations[0] / degrees[0], high: deviations[1] / degrees[1])
        var weights = 0.0, weighted = 0.0, variance = 0.0
        for w in 0..<7 {
            let (nl, nh) = (count[2 * w], count[2 * w + 1])
            guard nl > 0, nh > 0 else { continue }
            let weight = nh * nl / (nh + nl)
            weights += weight
            weighted += weight * (sum[2 * w + 1] / nh - sum[2 * w] / nl)
            variance += weight * weight * (v.high / nh + v.low / nl)
        }
        guard weights > 0 else { return nil }
        return (weighted / weights, variance / (weights * weights))
    }
}
