import Foundation

extension DotSeries {
    /// Calories on target: each logged day's `DayIntake` — the adherence the Review's summary
    /// counts and the check-in card marks: within 10 % high, 10–20 % mid, more low; a day not
    /// logged, without a target, or today before it can be judged, none (with its kcal).
    static func readKcal(_ range: DateRange, _ query: DotQuery, _ source: any Source) throws -> [DotDay] {
        let targets = try TargetHistory.load(range: range, source: source)
        let intakes = Dictionary(
            try source.dailyLogs(in: range).compactMap { log in
                DayIntake.of(log, targets: targets, today: query.today).map { (log.date, $0) }
            },
            uniquingKeysWith: { _, b in b })
        return range.days.map { date in
            guard let intake = intakes[date] else { return DotDay(date: date, level: .none) }
            let level: DotLevel =
                switch intake.adherence {
                case .onTarget?: .high
                case .near?: .mid
                case .off?: .low
                case nil: .none
                }
            return DotDay(date: date, level: level, value: intake.eatenKcal, facts: .intake(intake))
        }
    }
}
