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

    /// A tag: a day with a moment so tagged high, one with moments but not this tag low.
    static func readTag(_ tag: String, _ range: DateRange, _ source: any Source) throws -> [DotDay] {
        let days = Dictionary(MomentDay.days(try source.moments(in: range)).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        return range.days.map { date in
            guard let day = days[date] else { return DotDay(date: date, level: .none) }
            let tagged = day.moments.filter { $0.tags.contains(tag) }
            return DotDay(date: date, level: tagged.isEmpty ? .low : .high, value: Double(tagged.count), facts: .moments(day.moments))
        }
    }

    /// The series the grid offers: every history's, then the tags used on the most days of
    /// `range` (at most `limit`, on two days or more).
    public static func offered(range: DateRange, source: any MomentRepository, limit: Int = 5) throws -> [DotSeries] {
        var days: [String: Set<LocalDate>] = [:]
        for m in try source.moments(in: range) { for tag in m.tags { days[tag, default: []].insert(m.date) } }
        let tags = days.filter { $0.value.count >= 2 }.sorted { ($0.value.count, $1.key) > ($1.value.count, $0.key) }.prefix(limit)
        return allCases + tags.map { .tag($0.key) }
    }
}
