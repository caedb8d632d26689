/// How a chart splits a range of days into bars when one bar a day does not fit (PRODUCT.md §1:
/// "when days do not fit, bars group them"): consecutive groups of `daysPerBar` days ending on the
/// range's last day, so the most recent bar is always whole. The days left over at the start make
/// a bar of their own when they are at least half a group, else they join the first group — so no
/// bar stands for a day or two. Every day of the range is in exactly one group.
public struct ChartGrouping: Equatable, Sendable {
    /// One bar a day, a week, two weeks, four weeks (about a month), eight weeks, thirteen weeks.
    public static let ladder = [1, 7, 14, 28, 56, 91]

    public let range: DateRange
    public let daysPerBar: Int
    /// The days of each bar, oldest first.
    public let groups: [DateRange]

    public init(range: DateRange, daysPerBar: Int) {
        self.range = range
        self.daysPerBar = max(1, daysPerBar)
        var groups: [DateRange] = []
        var end = range.end
        while end >= range.start {
            let start = max(range.start, end.adding(days: -(self.daysPerBar - 1)))
            groups.append(DateRange(start: start, end: end))
            end = start.adding(days: -1)
        }
        groups.reverse()
        if groups.count >= 2, groups[0].dayCount * 2 < self.daysPerBar {
            groups[1] = DateRange(start: groups[0].start, end: groups[1].end)
            groups.removeFirst()
        }
        self.groups = groups
    }

    /// Bars needed for `range` in groups of `daysPerBar`.
    static func barCount(_ range: DateRange, daysPerBar: Int) -> Int {
        let whole = range.dayCount / daysPerBar, rest = range.dayCount % daysPerBar
        return max(1, whole + (rest * 2 >= daysPerBar ? 1 : 0))
    }

    /// The finest grouping whose bars fit in `columns` (one column a bar at least); the coarsest
    /// step of the ladder when even that doesn't fit.
    public static func fitting(_ range: DateRange, columns: Int) -> ChartGrouping {
        let size = ladder.first { barCount(range, daysPerBar: $0) <= max(1, columns) } ?? ladder[ladder.count - 1]
        return ChartGrouping(range: range, daysPerBar: size)
    }

    public var isDaily: Bool { daysPerBar == 1 }

    /// How many days each group holds, oldest first (what a line chart needs to place its days).
    public var dayCounts: [Int] { groups.map(\.dayCount) }

    /// What one bar stands for, for chart titles: "weekly", "2-weekly", "4-weekly"…
    public var barLabel: String {
        switch daysPerBar {
        case 1: return "daily"
        case 7: return "weekly"
        default: return daysPerBar % 7 == 0 ? "\(daysPerBar / 7)-weekly" : "\(daysPerBar)-daily"
        }
    }

    /// Daily values (one per day of the range, oldest first) folded into one value per group by
    /// `fold`, which gets the group's known values and its length in days; nil when none is known.
    public func fold(_ daily: [Double?], _ fold: (_ known: [Double], _ days: Int) -> Double) -> [Double?] {
        var index = 0
        return groups.map { group in
            let n = group.dayCount
            let known = daily[min(index, daily.count)..<min(index + n, daily.count)].compactMap { $0 }
            index += n
            return known.isEmpty ? nil : fold(known, n)
        }
    }

    /// The mean of the days that have a value.
    public func means(_ daily: [Double?]) -> [Double?] {
        fold(daily) { known, _ in known.reduce(0, +) / Double(known.count) }
    }

    /// The total per 7 days of each group (a short first group is scaled up), so every bar reads
    /// against the same weekly guideline.
    public func weeklyRates(_ daily: [Double?]) -> [Double?] {
        fold(daily) { known, days in WeeklyRate.of(total: known.reduce(0, +), days: days) }
    }
}

/// A total over some days as a rate per 7 days (exercise minutes against the weekly guideline):
/// the charts' bars and the period summaries use this one formula.
public enum WeeklyRate {
    public static func of(total: Double, days: Int) -> Double {
        total * 7 / Double(max(1, days))
    }
}
