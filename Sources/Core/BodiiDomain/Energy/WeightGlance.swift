import Foundation

/// A weigh-in: when, and how much.
public struct WeighIn: Equatable, Sendable {
    public var date: LocalDate
    public var kg: Double

    public init(date: LocalDate, kg: Double) {
        self.date = date
        self.kg = kg
    }
}

/// A day's weight at a glance: the latest weigh-in, the trend, and the trend's change over the
/// last 7 days. The dashboard's weight card, `bodii report` and `bodii status` all read it, so they
/// cannot disagree.
public struct WeightGlance: Equatable, Sendable {
    public var latest: WeighIn?
    /// The trend over the day's window, one point per day from its first weigh-in.
    public var points: [TrendPoint]
    /// The trend on the day (the last point on or before it).
    public var trendKg: Double?
    /// Trend on the day minus the trend 7 days before (negative = losing).
    public var weekChangeKg: Double?

    /// `weights`: the day's trend window (`DaySummaryQuery.trendWindow(endingOn:)`, in date order);
    /// `olderWeighIn` gives the latest weigh-in when the window holds none.
    public static func compute(
        day: LocalDate, weights: [(date: LocalDate, weightKg: Double)],
        olderWeighIn: () throws -> WeighIn?
    ) rethrows -> WeightGlance {
        let points = WeightTrend.compute(weights)
        let latest = try weights.last(where: { $0.date <= day }).map { WeighIn(date: $0.date, kg: $0.weightKg) } ?? olderWeighIn()
        let trendNow = points.last(where: { $0.date <= day })?.trendKg
        let weekAgo = day.adding(days: -7)
        let trendWeekAgo = points.first(where: { $0.date == weekAgo })?.trendKg
        return WeightGlance(
            latest: latest, points: points, trendKg: trendNow,
            weekChangeKg: trendWeekAgo.flatMap { old in trendNow.map { $0 - old } })
    }

    /// Which way the trend went this week, as the user's units show it: flat when the change
    /// rounds to 0.0 (kg or lb), so an arrow never contradicts a "0.0 kg" beside it.
    public func direction(units: UnitSystem) -> WeightDirection? {
        guard let change = weekChangeKg, change.isFinite else { return nil }
        let shown = (UnitFormatter(units).massValue(change) * 10).rounded() / 10
        return shown < 0 ? .down : shown > 0 ? .up : .flat
    }
}

public enum WeightDirection: Sendable {
    case down, up, flat

    /// "↓", "↑", "→" (the ASCII table turns them into Dn, Up, ->).
    public var arrow: String {
        switch self {
        case .down: return "↓"
        case .up: return "↑"
        case .flat: return "→"
        }
    }
}
