import BodiiDomain

/// The dashboard's trend charts for one range ending on the selected day: calories in against the
/// target, weight with its trend, sleep hours and exercise minutes. Days without data are nil —
/// gaps, never zeros. The values are per day; a chart too narrow for a bar a day groups them
/// (`bars(_:)`), so every chart covers the whole range.
public struct DashboardTrends: Equatable, Sendable {
    public var range: ChartRange
    /// The range's days, ending on the selected day.
    public var span: DateRange
    /// One slot per day of the range (the weight chart's points).
    public var days: [LocalDate]
    public var weights: [Double?]
    public var trend: [Double?]
    /// The selected day's calorie target.
    public var calorieTarget: Double? { daily.calorieTargets.last ?? nil }
    /// One value per day of the range.
    public var daily: Bars

    /// One bar chart's worth of values, one per bar.
    public struct Bars: Equatable, Sendable {
        public var caloriesIn: [Double?]
        /// Each day's own calorie target (`TargetHistory`, the rule `today` uses), nil where unknown.
        public var calorieTargets: [Double?]
        public var sleepHours: [Double?]
        /// Minutes a day for daily bars; minutes per week for grouped bars, so they read against
        /// the 150 min/week guideline.
        public var exerciseMinutes: [Double?]
    }

    /// The values of each bar of `grouping`: means of the days with data, exercise as a weekly rate.
    public func bars(_ grouping: ChartGrouping) -> Bars {
        guard !grouping.isDaily else { return daily }
        return Bars(
            caloriesIn: grouping.means(daily.caloriesIn), calorieTargets: grouping.means(daily.calorieTargets).map { $0?.rounded() },
            sleepHours: grouping.means(daily.sleepHours),
            exerciseMinutes: grouping.weeklyRates(daily.exerciseMinutes))
    }

    /// Days of weigh-ins before the range, so the trend has settled by the range's first day.
    static let trendLeadDays = 120

    /// The daily weights the charts need: the range and the lead-in before it (at least the
    /// day's own trend window).
    static func weightWindow(range: ChartRange, day: LocalDate) -> DateRange {
        DateRange(
            start: min(
                range.dates(endingOn: day).start.adding(days: -trendLeadDays),
                WeightTrend.window(endingOn: day).start),
            end: day)
    }

    /// `weighIns` cover `weightWindow(range:day:)`, which holds every day's target trend window.
    static func load(
        range: ChartRange, day: LocalDate, weighIns: [(date: LocalDate, weightKg: Double)],
        source: any PeriodCharts.Source & TargetHistory.Source
    ) throws -> DashboardTrends {
        let span = range.dates(endingOn: day)
        let days = span.days
        let targets = try TargetHistory.load(range: span, source: source, weights: weighIns)
        let points = Dictionary(WeightTrend.compute(weighIns).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let logs = Dictionary(try source.dailyLogs(in: span).map { ($0.date, $0.caloriesIn) }, uniquingKeysWith: { _, b in b })
        var sleep: [LocalDate: Double] = [:]
        for night in try source.sleepRecords(in: span) { sleep[night.date] = Double(night.minutes) / 60 }
        var exercise: [LocalDate: Double] = [:]
        for session in try source.exerciseRecords(in: span) { exercise[session.date, default: 0] += Double(session.minutes) }

        return DashboardTrends(
            range: range, span: span, days: days,
            weights: days.map { d in points[d].flatMap { $0.isInterpolated ? nil : $0.weightKg } },
            trend: days.map { points[$0]?.trendKg },
            daily: Bars(
                caloriesIn: days.map { d in logs[d].flatMap { $0 > 0 ? $0 : nil } },
                calorieTargets: days.map { targets.targets(on: $0)?.kcal }, sleepHours: days.map { sleep[$0] },
                exerciseMinutes: days.map { exercise[$0] }))
    }
}
