import Foundation

/// Whether weight has stood still lately, and what Bodii can see that may explain it (PRODUCT.md §12).
public struct WeightPlateau: Equatable, Sendable {
    public static let windowDays = 28
    /// Fewer weigh-ins than this in the window give no slope.
    public static let minimumWeighIns = 8
    /// A logged deficit this large (≈ 0.25 kg/week at 7700 kcal/kg) should show on the scale.
    public static let deficitWorthSeeing = 250.0

    public var window: DateRange
    public var weighIns: Int
    public var slopeKgPerWeek: Double
    public var ciLow: Double
    public var ciHigh: Double
    /// Mean of expenditure − eaten over the window's days logged in full; nil without such days.
    public var loggedDeficitKcal: Double?
    /// Days of the window with nothing logged, or partly logged.
    public var unloggedDays: Int
    public var partlyLoggedDays: Int
    /// Mean of eaten − target on Saturdays and Sundays logged in full; nil without any.
    public var weekendOverTarget: Double?

    /// Flat: the interval holds 0 while the log says a deficit that should show.
    public var isFlatDespiteDeficit: Bool {
        ciLow <= 0 && ciHigh >= 0 && (loggedDeficitKcal ?? 0) >= Self.deficitWorthSeeing
    }

    /// The slope of the weigh-ins of the last `windowDays` days (the trend's input: the smoothed
    /// trend itself lags and its days are not independent), by least squares with the 95 %
    /// interval of the slope from t on n − 2 degrees of freedom (e.g. Draper & Smith, "Applied
    /// Regression Analysis", 3rd ed. 1998, §1.4). nil with fewer than `minimumWeighIns` weigh-ins.
    public static func assess(weights: [(date: LocalDate, weightKg: Double)], days: [InsightDay], asOf: LocalDate) -> WeightPlateau? {
        let window = DateRange(ending: asOf, days: windowDays)
        let points = weights.filter { window.contains($0.date) && $0.weightKg.isFinite }
        guard points.count >= minimumWeighIns else { return nil }
        let xs = points.map { Double($0.date.daysSinceEpoch) }, ys = points.map(\.weightKg)
        guard let slope = WeightTrend.slope(xs: xs, ys: ys) else { return nil }
        let n = Double(points.count)
        let mx = xs.reduce(0, +) / n, my = ys.reduce(0, +) / n
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let residual = zip(xs, ys).reduce(0.0) { sum, p in
            let e = p.1 - (my + slope * (p.0 - mx))
            return sum + e * e
        }
        let se = (residual / (n - 2) / sxx).squareRoot()
        let half = InsightStatistics.tCritical(df: n - 2) * se
        let inWindow = days.filter { window.contains($0.date) }
        let full = inWindow.filter { $0.eatenKcal != nil }
        let deficits = full.compactMap { d in d.expenditureKcal.flatMap { e in d.eatenKcal.map { e - $0 } } }
        let weekend = full.filter { $0.date.weekdayIndex >= 5 }.compactMap { d in d.targetKcal.flatMap { t in d.eatenKcal.map { $0 - t } } }
        let partly = inWindow.filter(\.isPartlyLogged).count
        return WeightPlateau(
            window: window, weighIns: points.count, slopeKgPerWeek: slope * 7, ciLow: (slope - half) * 7, ciHigh: (slope + half) * 7,
            loggedDeficitKcal: InsightStatistics.mean(deficits), unloggedDays: window.dayCount - inWindow.count,
            partlyLoggedDays: partly, weekendOverTarget: InsightStatistics.mean(weekend))
    }

    /// "Weight over the last 4 weeks: −0.42 kg/week (95 % CI −0.61 to −0.23)", and when flat despite
    /// a logged deficit, what may explain it.
    public var sentences: [String] {
        let f = { (v: Double) in String(format: "%.2f", v).replacingOccurrences(of: "-", with: "−") }
        var lines = [
            "Weight over the last 4 weeks: \(f(slopeKgPerWeek)) kg/week (95 % CI \(f(ciLow)) to \(f(ciHigh)); \(weighIns) weigh-ins)."
        ]
        guard isFlatDespiteDeficit, let deficit = loggedDeficitKcal else { return lines }
        lines.append("That is flat, though the log says a deficit of \(WholeNumber.text(deficit)) kcal a day.")
        var reasons: [String] = []
        if partlyLoggedDays + unloggedDays > 0 {
            reasons.append("\(partlyLoggedDays + unloggedDays) of \(window.dayCount) days not or only partly logged")
        }
        if let over = weekendOverTarget, over > 0 { reasons.append("weekends \(WholeNumber.text(over)) kcal over target on average") }
        if !reasons.isEmpty { lines.append("What Bodii can see: " + reasons.joined(separator: "; ") + ".") }
        return lines
    }
}
