import BodiiDomain

/// The dashboard's trend charts for one range ending on the selected day: calories in against the
/// target, weight with its trend, sleep hours and exercise minutes. Days without data are nil —
/// gaps, never zeros. Bars come per day and per week (means; sums for exercise): a quarter or a
/// year, or a month in a narrow chart, is drawn by week so the bars stay readable.
public struct DashboardTrends: Equatable, Sendable {
    public var range: ChartRange
    /// One slot per day of the range (the weight chart's points).
    public var days: [LocalDate]
    public var weights: [Double?]
    public var trend: [Double?]
    public var calorieTarget: Double?
    public var daily: Bars
    public var weekly: Bars

    /// One bar chart's worth of slots, each starting on `starts[i]`.
    public struct Bars: Equatable, Sendable {
        public var starts: [LocalDate]
        public var caloriesIn: [Double?]
        public var sleepHours: [Double?]
        public var exerciseMinutes: [Double?]
    }

    /// Daily bars when they fit `width` columns (at least a column each) and the range is at most
    /// a month; weekly bars otherwise.
    public func bars(width: Int) -> (bars: Bars, isWeekly: Bool) {
        range <= .month && daily.starts.count <= width ? (daily, false) : (weekly, true)
    }

    /// Days of weigh-ins before the range, so the trend has settled by the range's first day.
    static let trendLeadDays = 120

    /// The daily weights the charts need: the range and the lead-in before it (at least the
    /// day's own trend window).
    static func weightWindow(range: ChartRange, day: LocalDate, source: any Repositories) throws -> [(date: LocalDate, weightKg: Double)] {
        let start = min(range.dates(endingOn: day).start.adding(days: -trendLeadDays),
                        day.adding(days: -(DaySummaryQuery.trendWindowDays - 1)))
        return try source.dailyWeights(in: DateRange(start: start, end: day))
    }

    static func load(range: ChartRange, day: LocalDate, target: Double?, weighIns: [(date: LocalDate, weightKg: Double)],
                     source: any Repositories) throws -> DashboardTrends {
        let span = range.dates(endingOn: day)
        let days = span.days
        let points = Dictionary(WeightTrend.compute(weighIns).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let logs = Dictionary(try source.dailyLogs(in: span).map { ($0.date, $0.caloriesIn) }, uniquingKeysWith: { _, b in b })
        var sleep: [LocalDate: Double] = [:]
        for night in try source.sleepRecords(in: span) { sleep[night.date] = Double(night.minutes) / 60 }
        var exercise: [LocalDate: Double] = [:]
        for session in try source.exerciseRecords(in: span) { exercise[session.date, default: 0] += Double(session.minutes) }

        let eaten = days.map { d in logs[d].flatMap { $0 > 0 ? $0 : nil } }
        let slept = days.map { sleep[$0] }
        let moved = days.map { exercise[$0] }
        return DashboardTrends(
            range: range, days: days,
            weights: days.map { d in points[d].flatMap { $0.isInterpolated ? nil : $0.weightKg } },
            trend: days.map { points[$0]?.trendKg },
            calorieTarget: target,
            daily: Bars(starts: days, caloriesIn: eaten, sleepHours: slept, exerciseMinutes: moved),
            // A week's exercise is its total: that is what the 150 min guideline counts.
            weekly: Bars(starts: Self.weekStarts(days), caloriesIn: Self.weeklyMeans(eaten), sleepHours: Self.weeklyMeans(slept),
                         exerciseMinutes: Self.weeklySums(moved)))
    }

    /// Groups of 7 days ending on the last day (the first group may be shorter).
    static func weeks<T>(_ values: [T]) -> [ArraySlice<T>] {
        var out: [ArraySlice<T>] = []
        var end = values.count
        while end > 0 {
            out.append(values[max(0, end - 7)..<end])
            end -= 7
        }
        return out.reversed()
    }

    static func weekStarts(_ days: [LocalDate]) -> [LocalDate] { weeks(days).compactMap(\.first) }

    /// The mean of the days that have a value; nil for a week without any.
    static func weeklyMeans(_ values: [Double?]) -> [Double?] {
        weeks(values).map { week in
            let known = week.compactMap { $0 }
            return known.isEmpty ? nil : known.reduce(0, +) / Double(known.count)
        }
    }

    static func weeklySums(_ values: [Double?]) -> [Double?] {
        weeks(values).map { week in
            let known = week.compactMap { $0 }
            return known.isEmpty ? nil : known.reduce(0, +)
        }
    }
}
