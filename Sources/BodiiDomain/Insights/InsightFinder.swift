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
    /// Mean outcome (each weekday's mean removed) on days the predictor was above its weekday's
    /// usual, minus on the other days, in `unit`.
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
///    series' lag-1 autocorrelation (Bartlett; Dawdy & Matalas).
/// 4. Benjamini–Hochberg over every pair with at least `minimumPairs` days; tested further: q < 0.05.
/// 5. The effect on the scale of the test: the days split by the predictor's adjusted rank (above
///    its weekday's usual, or not), the outcome with each weekday's mean removed (its own units),
///    mean of the one group minus the other; 95 % interval from Welch's standard error (Welch BL,
///    Biometrika 1947;34:28–35) widened by √(n/n_eff) for autocorrelation, with the t quantile on
///    n_eff − 2 degrees of freedom. Shown unless that interval crosses zero.
public enum InsightFinder {
    public static let minimumPairs = 28
    public static let falseDiscoveryRate = 0.05
    /// Fewer days than this on either side of the split make no stated effect.
    static let minimumGroup = 5

    struct Candidate {
        var outcome: InsightMetric, predictor: InsightMetric, lag: Int
        /// Per pair day: the outcome with its weekday means removed, the predictor's adjusted rank and value.
        var outcomes: [Double], predictorRanks: [Double], predictors: [Double]
        var rho: Double, nEff: Double, p: Double
    }

    /// A series laid out by day of the range (NaN where the day has no value): pairing by index
    /// instead of hashing dates keeps 10 years of every pair well inside the budget.
    struct Dense {
        var raw: [Double]
        /// Rank minus its weekday's mean rank.
        var adjusted: [Double]
        /// Value minus its weekday's mean value.
        var centered: [Double]
        var autocorrelation: Double
    }

    public static func find(_ series: InsightSeries) -> InsightResult {
        let metrics = InsightMetric.allCases.filter { (series.values[$0]?.count ?? 0) >= minimumPairs }
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
            if let f = finding(c, q: q, currency: series.currency) { findings.append(f) }
        }
        findings.sort { ($0.q, -abs($0.rho)) < ($1.q, -abs($1.rho)) }
        let firstDay = series.values.values.compactMap { $0.keys.min() }.min()
        return InsightResult(range: series.range, tested: candidates.count, findings: findings, firstDayWithData: firstDay)
    }

    /// The values by day of `range`, adjusted and centered beside them, with the lag-1
    /// autocorrelation of the adjusted values over days whose next day is there too (gaps are not bridged).
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
        let present = days.map { raw[$0] }
        var adjusted = [Double](repeating: .nan, count: count), centered = adjusted
        for (k, v) in zip(days, InsightStatistics.weekdayRankAdjusted(present, weekdays: weekdays)) { adjusted[k] = v }
        for (k, v) in zip(days, InsightStatistics.weekdayCentered(present, weekdays: weekdays)) { centered[k] = v }
        // The adjusted ranks have mean 0 within each weekday, so over the series too.
        var num = 0.0, den = 0.0
        for i in days {
            den += adjusted[i] * adjusted[i]
            if i + 1 < count, !adjusted[i + 1].isNaN { num += adjusted[i] * adjusted[i + 1] }
        }
        return Dense(raw: raw, adjusted: adjusted, centered: centered, autocorrelation: den > 0 ? num / den : 0)
    }

    /// ρ of the pair's days: Pearson's r of the adjusted ranks, the predictor `lag` days before.
    static func test(_ outcome: InsightMetric, _ o: Dense, _ predictor: InsightMetric, _ p: Dense, lag: Int) -> Candidate? {
        let count = o.adjusted.count
        guard count > lag, p.adjusted.count == count else { return nil }
        var x: [Double] = [], y: [Double] = [], outcomes: [Double] = [], predictors: [Double] = []
        for i in lag..<count where !o.adjusted[i].isNaN && !p.adjusted[i - lag].isNaN {
            x.append(p.adjusted[i - lag])
            y.append(o.adjusted[i])
            outcomes.append(o.centered[i])
            predictors.append(p.raw[i - lag])
        }
        guard y.count >= minimumPairs, let rho = InsightStatistics.pearson(x, y) else { return nil }
        let nEff = InsightStatistics.effectiveSampleSize(n: y.count, r1: o.autocorrelation, r2: p.autocorrelation)
        return Candidate(
            outcome: outcome, predictor: predictor, lag: lag, outcomes: outcomes, predictorRanks: x, predictors: predictors,
            rho: rho, nEff: nEff, p: InsightStatistics.correlationP(r: rho, n: nEff))
    }

    static func finding(_ c: Candidate, q: Double, currency: String) -> InsightFinding? {
        var high: [Double] = [], low: [Double] = [], highValues: [Double] = [], lowValues: [Double] = []
        for k in c.outcomes.indices {
            if c.predictorRanks[k] > 0 {
                high.append(c.outcomes[k])
                highValues.append(c.predictors[k])
            } else {
                low.append(c.outcomes[k])
                lowValues.append(c.predictors[k])
            }
        }
        guard high.count >= minimumGroup, low.count >= minimumGroup,
            let mh = InsightStatistics.mean(high), let ml = InsightStatistics.mean(low),
            let vh = InsightStatistics.variance(high), let vl = InsightStatistics.variance(low),
            let typicalHigh = InsightStatistics.median(highValues), let typicalLow = InsightStatistics.median(lowValues)
        else { return nil }
        let n = Double(c.outcomes.count)
        let se = (vh / Double(high.count) + vl / Double(low.count)).squareRoot() * (n / c.nEff).squareRoot()
        let effect = mh - ml
        let half = InsightStatistics.tCritical(df: max(1, c.nEff - 2)) * se
        let ci = (low: effect - half, high: effect + half)
        // A difference the interval can't tell from none is no finding.
        guard ci.low > 0 || ci.high < 0 else { return nil }
        return InsightFinding(
            outcome: c.outcome, predictor: c.predictor, lagDays: c.lag, n: c.outcomes.count, rho: c.rho, effect: effect,
            unit: c.outcome.unit(currency: currency), ciLow: ci.low, ciHigh: ci.high, p: c.p, q: q,
            typicalHigh: typicalHigh, typicalLow: typicalLow, highDays: high.count, lowDays: low.count,
            sentence: InsightSentence.text(
                outcome: c.outcome, predictor: c.predictor, lag: c.lag, effect: effect, ci: ci,
                typical: (typicalHigh, typicalLow), days: (high.count, low.count), currency: currency))
    }
}
