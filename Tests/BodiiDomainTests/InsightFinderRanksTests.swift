import Foundation
import Testing
@testable import BodiiDomain

/// Each pair's ρ is Pearson's r of the weekday-adjusted ranks (`InsightFinder.layOut`); it must be
/// that of the series ranked and adjusted the textbook way, from dates, with ties, gaps and a day of lag.
struct InsightFinderRanksTests {
    let start = LocalDate(year: 2026, month: 1, day: 7) ?? LocalDate(daysSinceEpoch: 0)

    /// Coarse values (many ties) with about one day in five missing.
    func series(seed: UInt64, days: Int) -> [LocalDate: Double] {
        var rng = SeededNumbers(seed: seed)
        var values: [LocalDate: Double] = [:]
        for k in 0..<days where rng.uniform() > 0.2 {
            values[start.adding(days: k)] = (3 * rng.normal()).rounded()
        }
        return values
    }

    /// Average ranks of the whole series, each weekday's mean rank removed, keyed by date.
    func adjusted(_ values: [LocalDate: Double]) -> [LocalDate: Double] {
        let dates = values.keys.sorted()
        let ranks = InsightStatistics.averageRanks(dates.map { values[$0] ?? 0 })
        var byWeekday: [Int: [Double]] = [:]
        for (d, r) in zip(dates, ranks) { byWeekday[d.weekdayIndex, default: []].append(r) }
        let means = byWeekday.mapValues { $0.reduce(0, +) / Double($0.count) }
        return Dictionary(uniqueKeysWithValues: zip(dates, ranks).map { ($0, $1 - (means[$0.weekdayIndex] ?? 0)) })
    }

    @Test func eachPairsRhoIsPearsonsOfTheAdjustedRanks() throws {
        let days = 400
        let range = DateRange(start: start, end: start.adding(days: days - 1))
        for seed in UInt64(1)...20 {
            let (outcome, predictor) = (series(seed: seed, days: days), series(seed: seed + 100, days: days))
            let o = InsightFinder.layOut(outcome, range: range)
            let p = InsightFinder.layOut(predictor, range: range)
            let (ao, ap) = (adjusted(outcome), adjusted(predictor))
            for lag in [0, 1] {
                let candidate = try #require(InsightFinder.test(.mood, o, .sleepMinutes, p, lag: lag))
                let pairs = ao.keys.sorted().compactMap { d in ap[d.adding(days: -lag)].map { ($0, ao[d] ?? 0) } }
                let expected = try #require(InsightStatistics.pearson(pairs.map(\.0), pairs.map(\.1)))
                #expect(abs(candidate.rho - expected) < 1e-12, "seed \(seed), lag \(lag): \(candidate.rho) vs \(expected)")
                #expect(candidate.outcomes.count == pairs.count)
            }
        }
    }
}
