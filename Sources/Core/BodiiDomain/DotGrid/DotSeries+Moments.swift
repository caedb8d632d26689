import Foundation

extension DotSeries {
    /// Moments (issue 47 item 3): a day with moments is a dot; how it felt sets its level — a mean
    /// feeling of 4 or more high, 3 to 4 mid, under 3 low — and a day whose moments say no feeling
    /// is mid. The value is how many were noted.
    static func readMoments(_ range: DateRange, _ source: any Source) throws -> [DotDay] {
        let days = Dictionary(MomentDay.days(try source.moments(in: range)).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        return range.days.map { date in
            guard let day = days[date] else { return DotDay(date: date, level: .none) }
            let level: DotLevel = day.meanFeeling.map { $0 >= 4 ? .high : ($0 >= 3 ? .mid : .low) } ?? .mid
            return DotDay(date: date, level: level, value: Double(day.count), facts: .moments(day.moments))
        }
    }
}
