import Foundation

/// One day of the smoothed weight trend.
public struct TrendPoint: Equatable, Sendable {
    public var date: LocalDate
    /// The weigh-in of that day, or the value interpolated between its neighbours.
    public var weightKg: Double
    public var trendKg: Double
    /// True when there was no weigh-in that day and `weightKg` is interpolated.
    public var isInterpolated: Bool

    public init(date: LocalDate, weightKg: Double, trendKg: Double, isInterpolated: Bool) {
        self.date = date
        self.weightKg = weightKg
        self.trendKg = trendKg
        self.isInterpolated = isInterpolated
    }
}

/// The trend line of John Walker's "The Hacker's Diet" (1991), chapter "Signal and Noise": an
/// exponentially smoothed moving average with 10 % smoothing. PRODUCT.md §6.
public enum WeightTrend {
    public static let smoothing = 0.1
    /// Number of trailing trend values the weekly rate is fitted on.
    public static let rateWindow = 14
    /// How far back a day's trend looks; the trend forgets 90 % of a weigh-in in ~3 weeks.
    public static let windowDays = 120

    /// The days of weigh-ins the trend on `day` is computed from (the day's own trend window).
    /// Every screen, the targets and the CLI read this one window.
    public static func window(endingOn day: LocalDate) -> DateRange {
        DateRange(ending: day, days: windowDays)
    }

    /// The day's weight is its latest weigh-in (as `BodyRepository.dailyWeights` defines it: latest
    /// `recordedAt`, then greatest id), from records already read. Body-fat-only records are no
    /// weigh-ins: they neither add a day nor hide that day's weight.
    public static func dailyWeights(_ records: [BodyRecord]) -> [(date: LocalDate, weightKg: Double)] {
        var latest: [LocalDate: (record: BodyRecord, kg: Double)] = [:]
        for r in records {
            guard let kg = r.weightKg else { continue }
            if let current = latest[r.date]?.record, (current.recordedAt, current.id ?? 0) > (r.recordedAt, r.id ?? 0) { continue }
            latest[r.date] = (r, kg)
        }
        return latest.values.sorted { $0.record.date < $1.record.date }.map { ($0.record.date, $0.kg) }
    }

    /// One point per day from the first to the last weigh-in. Input may be unsorted; when a date
    /// appears twice the later entry in the array wins; non-finite weights are ignored. Days with no
    /// weigh-in get a weight linearly interpolated between the nearest weigh-ins before and after.
    /// T₀ = W₀, Tₙ = Tₙ₋₁ + 0.1·(Wₙ − Tₙ₋₁).
    public static func compute(_ weights: [(date: LocalDate, weightKg: Double)]) -> [TrendPoint] {
        let daily = oneWeightPerDay(weights)
        guard let first = daily.first, let last = daily.last else { return [] }

        var points: [TrendPoint] = []
        points.reserveCapacity(first.date.days(until: last.date) + 1)
        var trend = first.weightKg
        for k in 0..<daily.count {
            let entry = daily[k], w = entry.weightKg
            if k > 0 {
                // Fill the gap (previous weigh-in, this one) by linear interpolation.
                let previous = daily[k - 1], pw = previous.weightKg
                let gap = previous.date.days(until: entry.date)
                for step in 1..<gap {
                    let iw = pw + (w - pw) * Double(step) / Double(gap)
                    trend += smoothing * (iw - trend)
                    points.append(TrendPoint(date: previous.date.adding(days: step), weightKg: iw, trendKg: trend, isInterpolated: true))
                }
                trend += smoothing * (w - trend)
            }
            points.append(TrendPoint(date: entry.date, weightKg: w, trendKg: trend, isInterpolated: false))
        }
        return points
    }

    /// The finite weights in date order, one per day (the later entry of a date wins). Callers
    /// mostly pass weights already in order (the store's daily weights), so that case is one pass
    /// with no hashing: the day's targets compute a trend for each day of a calendar.
    static func oneWeightPerDay(_ weights: [(date: LocalDate, weightKg: Double)]) -> [(date: LocalDate, weightKg: Double)] {
        // A plain index loop: this runs for every day of a calendar, also in debug test builds.
        var inOrder = true
        for k in weights.indices.dropFirst() where weights[k - 1].date > weights[k].date {
            inOrder = false
            break
        }
        // Sorting by (date, position) keeps the later entry of a date last, as the in-order case does.
        let ordered =
            inOrder ? weights : weights.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        var daily: [(date: LocalDate, weightKg: Double)] = []
        daily.reserveCapacity(ordered.count)
        for k in 0..<ordered.count where ordered[k].weightKg.isFinite {
            let w = ordered[k]
            if !daily.isEmpty, daily[daily.count - 1].date.daysSinceEpoch == w.date.daysSinceEpoch {
                daily[daily.count - 1].weightKg = w.weightKg
            } else {
                daily.append(w)
            }
        }
        return daily
    }

    /// Least-squares slope of the values against their index (0, 1, 2, …); nil for fewer than 2.
    public static func slope(_ values: [Double]) -> Double? {
        guard values.count >= 2 else { return nil }
        let xs = values.indices.map(Double.init)
        return slope(xs: xs, ys: values)
    }

    /// Least-squares slope of y on x; nil for fewer than 2 points or when all x are equal.
    public static func slope(xs: [Double], ys: [Double]) -> Double? {
        let n = min(xs.count, ys.count)
        guard n >= 2 else { return nil }
        let mx = xs.prefix(n).reduce(0, +) / Double(n)
        let my = ys.prefix(n).reduce(0, +) / Double(n)
        var sxy = 0.0, sxx = 0.0
        for k in 0..<n {
            sxy += (xs[k] - mx) * (ys[k] - my)
            sxx += (xs[k] - mx) * (xs[k] - mx)
        }
        guard sxx > 0 else { return nil }
        return sxy / sxx
    }

    /// Weekly rate of change in kg/week: least-squares slope of the last 14 trend values × 7.
    /// Signed as a change: negative when losing (the opposite sign of `Goal.weeklyRateKg`, where a
    /// positive rate means losing). nil with fewer than 2 values.
    public static func weeklyRate(trend values: [Double]) -> Double? {
        slope(Array(values.suffix(rateWindow))).map { $0 * 7 }
    }

    /// `weeklyRate(trend:)` of the points' trend values (one point per day, as `compute` returns).
    public static func weeklyRate(_ points: [TrendPoint]) -> Double? {
        weeklyRate(trend: points.map(\.trendKg))
    }
}
