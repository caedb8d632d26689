import Foundation

/// Energy expenditure measured from the user's own intake and weight trend.
public struct ExpenditureEstimate: Equatable, Sendable {
    /// Estimated expenditure, kcal/day.
    public var kcalPerDay: Double
    /// How many days supported it (days in the window with both intake and a trend weight).
    public var daysOfData: Int
    public var meanIntakeKcal: Double
    /// Least-squares slope of the trend over those days, kg/day (negative when losing).
    public var trendSlopeKgPerDay: Double
    /// The window that was looked at (28 days ending on the `asOf` date).
    public var window: DateRange

    public init(kcalPerDay: Double, daysOfData: Int, meanIntakeKcal: Double, trendSlopeKgPerDay: Double, window: DateRange) {
        self.kcalPerDay = kcalPerDay
        self.daysOfData = daysOfData
        self.meanIntakeKcal = meanIntakeKcal
        self.trendSlopeKgPerDay = trendSlopeKgPerDay
        self.window = window
    }
}

/// Adaptive expenditure (PRODUCT.md §6), from energy balance: what was eaten minus the energy that
/// went into (or came out of) body stores, at 7700 kcal per kg (Hall KD, et al. "Quantification of the
/// effect of energy imbalance on bodyweight", Lancet 2011;378:826–837, for the balance model).
///
/// Exact rule:
/// 1. The window is the 28 days ending on `asOf`, inclusive.
/// 2. A day counts when it has logged intake above 0 kcal (a day with nothing logged is unknown,
///    not a fast) and a trend value (a weigh-in or a day interpolated between weigh-ins).
/// 3. With fewer than 14 counting days there is no estimate (nil): use the formula TDEE.
/// 4. Mean intake = mean kcal over the counting days; slope = least-squares slope of the trend
///    values of the counting days against their dates (kg/day; gaps are handled by using dates).
/// 5. Estimate = mean intake − slope × 7700.
public enum AdaptiveExpenditure {
    public static let minimumDays = 14
    public static let windowDays = 28

    /// - Parameter trend: trend points (from `WeightTrend.compute`); pass weights from before the
    ///   window too so the trend has settled by the time the window starts.
    public static func estimate(
        intake: [(date: LocalDate, kcal: Double)], trend: [TrendPoint],
        asOf: LocalDate
    ) -> ExpenditureEstimate? {
        let window = DateRange(ending: asOf, days: windowDays)
        // The window's kcal by day offset (a later entry of a day wins); plain arrays and index
        // loops, since the targets of every day of ten years ask this.
        let start = window.start.daysSinceEpoch
        var kcalByDay = [Double?](repeating: nil, count: windowDays)
        for i in 0..<intake.count {
            let entry = intake[i], offset = entry.date.daysSinceEpoch - start
            guard offset >= 0, offset < windowDays, entry.kcal.isFinite, entry.kcal > 0 else { continue }
            kcalByDay[offset] = entry.kcal
        }
        var xs: [Double] = [], ys: [Double] = [], kcal: [Double] = []
        for i in 0..<trend.count {
            let point = trend[i], offset = point.date.daysSinceEpoch - start
            guard offset >= 0, offset < windowDays, let k = kcalByDay[offset], point.trendKg.isFinite else { continue }
            xs.append(Double(point.date.daysSinceEpoch))
            ys.append(point.trendKg)
            kcal.append(k)
        }
        guard kcal.count >= minimumDays, let slope = WeightTrend.slope(xs: xs, ys: ys) else { return nil }
        let meanIntake = kcal.reduce(0, +) / Double(kcal.count)
        return ExpenditureEstimate(
            kcalPerDay: meanIntake - slope * CalorieTarget.kcalPerKg, daysOfData: kcal.count,
            meanIntakeKcal: meanIntake, trendSlopeKgPerDay: slope, window: window)
    }

    /// Same, computing the trend from daily weights (one per day; pass some weeks before the window).
    public static func estimate(
        intake: [(date: LocalDate, kcal: Double)],
        weights: [(date: LocalDate, weightKg: Double)],
        asOf: LocalDate
    ) -> ExpenditureEstimate? {
        estimate(intake: intake, trend: WeightTrend.compute(weights), asOf: asOf)
    }
}
