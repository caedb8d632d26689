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
    /// Mean outcome on days with the predictor at or above `threshold`, minus on the other days.
    public var effect: Double
    public var unit: String
    public var ciLow: Double
    public var ciHigh: Double
    public var p: Double
    public var q: Double
    public var threshold: Double
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
/// 1. Each series minus its weekday medians (`InsightStatistics.weekdayAdjusted`).
/// 2. Each pair on the same day (each unordered pair once, the earlier `InsightMetric` as outcome;
///    the food log's own series not with each other) and with one day of lag (predictor the day
///    before, both directions).
/// 3. Spearman's ρ of the adjusted values; the p-value from t on n_eff − 2 degrees of freedom,
///    n_eff corrected for both series' lag-1 autocorrelation (Bartlett; Dawdy & Matalas).
/// 4. Benjamini–Hochberg over every pair with at least `minimumPairs` days; shown: q < 0.05.
/// 5. The effect, in the outcome's units, on the raw values: mean outcome on days with the
///    predictor above its median (at or above, when the median is its largest value) minus on
///    the others; 95 % interval from Welch's standard error (Welch BL, Biometrika 1947;34:28–35)
///    widened by √(n/n_eff) for autocorrelation, with the t quantile on n_eff − 2 degrees of freedom.
public enum InsightFinder {
    public static let minimumPairs = 28
    public static let falseDiscoveryRate = 0.05
    /// Fewer days than this on either side of the median make no stated effect.
    static let minimumGroup = 5

    struct Candidate {
        var outcome: InsightMetric, predictor: InsightMetric, lag: Int
        var outcomes: [Double], predictors: [Double]
        var rho: Double, nEff: Double, p: Double
    }

    /// A series laid out by day of the range (NaN where the day has no value): pairing by index
    /// instead of hashing dates keeps 10 years of every pair well inside the budget.
    struct Dense {
        var raw: [Double]
        var adjusted: [Double]
        var autocorrelation: Double
        /// The days with a value, by adjusted value: sorted once, each pair's ranks are a pass over it.
        var order: [Int]
    }

    public static func find(_ series: InsightSeries) -> InsightResult {
        let metrics = InsightMetric.allCases.filter { (series.values[$0]?.count ?? 0) >= minimumPairs }
        var dense: [InsightMetric: Dense] = [:]
        for m in metrics { dense[m] = layOut(series.values[m] ?? [:], range: series.range) }
        var candidates: [Candidate] = []
        for outcome in metrics {
            for predictor in metrics where predictor != outcome {
                for lag in [0, 1] {
                    if lag == 0
                        && (predictor < outcome || (InsightMetric.sameLog.contains(outcome) && InsightMetric.sameLog.contains(predictor)))
                    {
                        continue
                    }
                    guard let o = dense[outcome], let p = dense[predictor] else { continue }
                    if let c = test(outcome, o, predictor, p, lag: lag) { candidates.append(c) }
                }
            }
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

    /// The values by day of `range`, weekday-adjusted beside them, with the lag-1 autocorrelation
    /// of the adjusted values over days whose next day is there too (gaps are not bridged).
    static func layOut(_ values: [LocalDate: Double], range: DateRange) -> Dense {
        let count = range.dayCount
        var raw = [Double](repeating: .nan, count: count), adjusted = raw
        for (date, v) in InsightStatistics.weekdayAdjusted(values) {
            let i = range.start.days(until: date)
            guard i >= 0, i < count, let r = values[date] else { continue }
            raw[i] = r
            adjusted[i] = v
        }
        let present = adjusted.filter { !$0.isNaN }
        let order = adjusted.indices.filter { !adjusted[$0].isNaN }.sorted { adjusted[$0] < adjusted[$1] }
        guard let m = InsightStatistics.mean(present) else {
            return Dense(raw: raw, adjusted: adjusted, autocorrelation: 0, order: order)
        }
        var num = 0.0, den = 0.0
        for i in adjusted.indices where !adjusted[i].isNaN {
            let d = adjusted[i] - m
            den += d * d
            if i + 1 < count, !adjusted[i + 1].isNaN { num += d * (adjusted[i + 1] - m) }
        }
        return Dense(raw: raw, adjusted: adjusted, autocorrelation: den > 0 ? num / den : 0, order: order)
    }

    /// Spearman's ρ of the pair's days (`InsightStatistics.spearman` of the adjusted values, the
    /// predictor `lag` days before), with the ranks read off each series' `order`.
    static func test(_ outcome: InsightMetric, _ o: Dense, _ predictor: InsightMetric, _ p: Dense, lag: Int) -> Candidate? {
        var rawX: [Double] = [], rawY: [Double] = []
        let count = o.adjusted.count
        guard count > lag, p.adjusted.count == count else { return nil }
        // Each pair day (by the outcome's day) numbered in day order; -1 for the other days.
        var position = [Int](repeating: -1, count: count)
        for i in lag..<count where !o.adjusted[i].isNaN && !p.adjusted[i - lag].isNaN {
            position[i] = rawY.count
            rawX.append(p.raw[i - lag])
            rawY.append(o.raw[i])
        }
        guard rawY.count >= minimumPairs,
            let rho = InsightStatistics.pearson(
                ranks(p, shift: lag, position: position, n: rawX.count), ranks(o, shift: 0, position: position, n: rawY.count))
        else { return nil }
        let nEff = InsightStatistics.effectiveSampleSize(n: rawY.count, r1: o.autocorrelation, r2: p.autocorrelation)
        return Candidate(
            outcome: outcome, predictor: predictor, lag: lag, outcomes: rawY, predictors: rawX, rho: rho, nEff: nEff,
            p: InsightStatistics.correlationP(r: rho, n: nEff))
    }

    /// `InsightStatistics.averageRanks` of the series' values on the pair's days (day j of the series
    /// is pair day j + `shift`), in the pair's day order: ties share the average of their ranks.
    static func ranks(_ series: Dense, shift: Int, position: [Int], n: Int) -> [Double] {
        var kept: [Int] = []
        kept.reserveCapacity(n)
        for j in series.order where j + shift < position.count && position[j + shift] >= 0 { kept.append(j) }
        var ranks = [Double](repeating: 0, count: n)
        var a = 0
        while a < kept.count {
            var b = a
            while b + 1 < kept.count, series.adjusted[kept[b + 1]] == series.adjusted[kept[a]] { b += 1 }
            let rank = Double(a + b) / 2 + 1
            for k in a...b { ranks[position[kept[k] + shift]] = rank }
            a = b + 1
        }
        return ranks
    }

    static func finding(_ c: Candidate, q: Double, currency: String) -> InsightFinding? {
        guard let median = InsightStatistics.median(c.predictors), let top = c.predictors.max() else { return nil }
        let isHigh: (Double) -> Bool = median < top ? { $0 > median } : { $0 >= median }
        var high: [Double] = [], low: [Double] = []
        for (p, o) in zip(c.predictors, c.outcomes) {
            if isHigh(p) { high.append(o) } else { low.append(o) }
        }
        guard high.count >= minimumGroup, low.count >= minimumGroup,
            let mh = InsightStatistics.mean(high), let ml = InsightStatistics.mean(low),
            let vh = InsightStatistics.variance(high), let vl = InsightStatistics.variance(low),
            let threshold = c.predictors.filter(isHigh).min()
        else { return nil }
        let n = Double(c.outcomes.count)
        let se = (vh / Double(high.count) + vl / Double(low.count)).squareRoot() * (n / c.nEff).squareRoot()
        let effect = mh - ml
        let half = InsightStatistics.tCritical(df: max(1, c.nEff - 2)) * se
        let unit = c.outcome.unit(currency: currency)
        let ci = (low: effect - half, high: effect + half)
        // The rank test and the difference of means can disagree on a skewed series ("$6.85 less,
        // 95 % CI −18.27 to 4.58"): a finding is shown only when its effect has the correlation's
        // sign and an interval clear of zero, so no sentence says "less" of a difference it can't tell.
        guard ci.low > 0 || ci.high < 0, (effect > 0) == (c.rho > 0) else { return nil }
        return InsightFinding(
            outcome: c.outcome, predictor: c.predictor, lagDays: c.lag, n: c.outcomes.count, rho: c.rho, effect: effect,
            unit: unit, ciLow: ci.low, ciHigh: ci.high, p: c.p, q: q, threshold: threshold, highDays: high.count,
            lowDays: low.count,
            sentence: InsightSentence.text(
                outcome: c.outcome, predictor: c.predictor, lag: c.lag, effect: effect, ci: ci, threshold: threshold,
                days: (high.count, low.count), currency: currency))
    }
}
