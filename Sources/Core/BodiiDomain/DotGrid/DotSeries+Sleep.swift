import Foundation

extension DotSeries {
    /// Sleep: the night woken up from on the day — `DaySummary`'s rule, the last record of the
    /// date — in minutes, its level from `SleepMath.status`: good (7–9 h) high, fair or long mid,
    /// poor or bad low.
    static func readSleep(_ range: DateRange, _ source: any Source) throws -> [DotDay] {
        var nights: [LocalDate: SleepRecord] = [:]
        for night in try source.sleepRecords(in: range) { nights[night.date] = night }
        return range.days.map { date in
            guard let night = nights[date] else { return DotDay(date: date, level: .none) }
            let level: DotLevel =
                switch SleepMath.status(minutes: night.minutes) {
                case .good: .high
                case .fair, .long: .mid
                case .poor, .bad: .low
                }
            return DotDay(date: date, level: level, value: Double(night.minutes), facts: .night(night))
        }
    }
}
