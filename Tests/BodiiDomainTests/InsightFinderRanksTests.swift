import Foundation
import Testing
@testable import BodiiDomain

/// Each pair's ρ comes from ranks read off each series' one sort (`InsightFinder.ranks`); it must
/// be Spearman's ρ of the pair's values bit for bit, with ties, gaps and a day of lag.
struct InsightFinderRanksTests {
    let start = LocalDate(year: 2026, month: 1, day: 5) ?? LocalDate(daysSinceEpoch: 0)

    /// Coarse values (many ties) with about one day in five missing.
    func series(seed: UInt64, days: Int) -> [LocalDate: Double] {
        var rng = SeededNumbers(seed: seed)
        var values: [LocalDate: Double] = [:]
        for k in 0..<days where rng.uniform() > 0.2 {
            values[start.adding(days: k)] = (3 * rng.normal()).rounded()
        }
        return values
    }

    /// The pairs as `test` collects them, ranked the textbook way.
    func spearman(_ o: InsightFinder.Dense, _ p: InsightFinder.Dense, lag: Int) -> Double? {
        var x: [Double] = [], y: [Double] = []
        for i in lag..<o.adjusted.count where !o.adjusted[i].isNaN && !p.adjusted[i - lag].isNaN {
            x.append(p.adjusted[i - lag])
            y.append(o.adjusted[i])
        }
        return InsightStatistics.spearman(x, y)
    }

    @Test func eachPairsRhoIsSpearmansOfItsDaysExactly() throws {
        let days = 400
        let range = DateRange(start: start, end: start.adding(days: days - 1))
        for seed in UInt64(1)...20 {
            let o = InsightFinder.layOut(series(seed: seed, days: days), range: range)
            let p = InsightFinder.layOut(series(seed: seed + 100, days: days), range: range)
            for lag in [0, 1] {
                let candidate = try #require(InsightFinder.test(.mood, o, .sleepMinutes, p, lag: lag))
                let expected = try #require(spearman(o, p, lag: lag))
                #expect(candidate.rho.bitPattern == expected.bitPattern, "seed \(seed), lag \(lag): \(candidate.rho) vs \(expected)")
            }
        }
    }
}
