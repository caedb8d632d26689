/// Insights of a range of days: what goes together, and the weight plateau check.
public struct InsightReport: Sendable {
    public var result: InsightResult
    public var plateau: WeightPlateau?

    /// Reads the range's series and finds what goes together; the plateau is judged on the range's
    /// last day, from the whole 4-week window's days even when the range is shorter (a week partly
    /// gone): the Review's week and its 90 days end together and must say the same of the weight.
    public static func load(range: DateRange, source: any InsightSeries.Source) throws -> InsightReport {
        make(range: range, from: try InsightReadings.read(range: span(of: range), source: source))
    }

    /// The reports of `ranges`, in their order, from one read of the days they cover together when
    /// they overlap (the Review's week lies within its 90 days): each one as `load(range:)` makes it.
    public static func load(ranges: [DateRange], source: any InsightSeries.Source) throws -> [InsightReport] {
        let spans = ranges.map(span(of:))
        guard let start = spans.map(\.start).min(), let end = spans.map(\.end).max(),
            DateRange(start: start, end: end).dayCount < spans.reduce(0, { $0 + $1.dayCount })
        else { return try ranges.map { try load(range: $0, source: source) } }
        let readings = try InsightReadings.read(range: DateRange(start: start, end: end), source: source)
        return ranges.map { make(range: $0, from: readings) }
    }

    /// The days a report of `range` reads: the range and the plateau's window ending with it.
    static func span(of range: DateRange) -> DateRange {
        let window = DateRange(ending: range.end, days: WeightPlateau.windowDays)
        return DateRange(start: min(range.start, window.start), end: range.end)
    }

    /// The report of `range` from `readings` of days covering `span(of: range)`.
    static func make(range: DateRange, from readings: InsightReadings) -> InsightReport {
        let (series, days) = InsightSeries.make(range: range, from: readings.within(range))
        let window = DateRange(ending: range.end, days: WeightPlateau.windowDays)
        let windowDays =
            range.start <= window.start
            ? days : InsightSeries.foodDays(range: window, logs: readings.logs, history: readings.targets, protein: readings.protein).0
        let weights = readings.weights.filter { window.contains($0.date) }
        return InsightReport(
            result: InsightFinder.find(series), plateau: WeightPlateau.assess(weights: weights, days: windowDays, asOf: range.end))
    }
}

extension InsightReadings {
    /// What `read(range:)` gives for `range`, taken from readings of days that contain it (and the
    /// trend window before it): the same records, so the same figures. The targets stay those read
    /// for the wider days, which tell every day of `range` the same.
    func within(_ range: DateRange) -> InsightReadings {
        var part = InsightReadings(targets: targets)
        part.nights = nights.filter { range.contains($0.date) }
        part.exercise = exercise.filter { range.contains($0.date) }
        part.checkIns = checkIns.filter { range.contains($0.date) }
        part.activity = activity.filter { range.contains($0.date) }
        part.logs = logs.filter { range.contains($0.date) }
        part.protein = protein.filter { range.contains($0.date) }
        // The trend starts where `read` starts it: its first days depend on the first weigh-in.
        let weightDays = DateRange(start: WeightTrend.window(endingOn: range.start).start, end: range.end)
        part.weights = weights.filter { weightDays.contains($0.date) }
        part.purchases = purchases.filter { range.contains($0.date) }
        part.budgetCurrency = budgetCurrency
        part.intakes = intakes.filter { range.contains($0.key) }
        part.fasts = fasts.filter { range.contains($0.date) }
        return part
    }
}
