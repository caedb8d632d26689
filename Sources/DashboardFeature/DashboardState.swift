import BodiiDomain

/// Everything the dashboard shows for one day, loaded in one go so the view stays a pure function.
public struct DashboardState: Equatable, Sendable {
    public var summary: DaySummary
    public var unitSystem: UnitSystem
    public struct WeighIn: Equatable, Sendable {
        public var date: LocalDate
        public var kg: Double
    }

    /// The latest weigh-in on or before the day, and when it was.
    public var latestWeight: WeighIn?
    public var trendKg: Double?
    /// Change of the trend over the last 7 days (negative = losing).
    public var weekChangeKg: Double?
    /// The trend of the last 30 days, one slot per day (nil before the first weigh-in).
    public var last30Trend: [Double?]
    public var formula: BMRFormula?
    public var sleepAverage7Minutes: Int?
    public var exerciseMinutes7: Int
    public var checkInDays7: Int
    public var streak: Int
    /// The active goal: calorie and macro targets.
    public var goal: Goal?

    /// Reads the repositories for `day`.
    public static func load(day: LocalDate, from source: any Repositories) throws -> DashboardState {
        let query = DaySummaryQuery(source: source)
        let weights = try query.trendWindow(endingOn: day)
        let summary = try query.summary(for: day, weights: weights)
        let profile = try source.loadProfile()
        // The latest weigh-in is the last daily weight when it is recent; only older ones need a query.
        let latest = try weights.last.map { WeighIn(date: $0.date, kg: $0.weightKg) }
            ?? source.latestBodyRecord(onOrBefore: day).map { WeighIn(date: $0.date, kg: $0.weightKg) }
        let trend = WeightTrend.compute(weights.map { ($0.date, $0.weightKg) })
        let trendByDate = Dictionary(trend.map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let last30 = DateRange(ending: day, days: 30).days
        let week = DateRange(ending: day, days: 7)
        let sleeps = try source.sleepRecords(in: week)
        let checkIns = try streakWindow(endingOn: day, from: source)
        let trendNow = trend.last(where: { $0.date <= day })?.trendKg
        let trendWeekAgo = trendByDate[day.adding(days: -7)]?.trendKg

        return DashboardState(
            summary: summary,
            unitSystem: profile?.unitSystem ?? .metric,
            latestWeight: latest,
            trendKg: trendNow,
            weekChangeKg: trendWeekAgo.flatMap { old in trendNow.map { $0 - old } },
            last30Trend: last30.map { trendByDate[$0]?.trendKg },
            formula: summary.formula,
            sleepAverage7Minutes: sleeps.isEmpty ? nil : sleeps.reduce(0) { $0 + $1.minutes } / sleeps.count,
            exerciseMinutes7: try source.exerciseRecords(in: week).reduce(0) { $0 + $1.minutes },
            checkInDays7: checkIns.filter { week.contains($0.date) }.count,
            streak: Streaks.current(days: Set(checkIns.map(\.date)), endingOn: day),
            goal: summary.goal
        )
    }

    /// Check-ins far enough back to count the current streak: two months, and all of them only
    /// when the streak reaches that far (reading years of rows on every key would be wasted).
    static func streakWindow(endingOn day: LocalDate, from source: any Repositories) throws -> [CheckIn] {
        let recent = try source.checkIns(in: DateRange(ending: day, days: 60))
        guard Streaks.current(days: Set(recent.map(\.date)), endingOn: day) >= 59 else { return recent }
        return try source.checkIns(in: DateRange(start: LocalDate(daysSinceEpoch: 0), end: day))
    }
}
