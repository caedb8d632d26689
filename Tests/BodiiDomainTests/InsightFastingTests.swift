import Foundation
import Testing
@testable import BodiiDomain

/// Fasting hours as an Insights series (issue 47): dated by the day a fast ended, 0 on other
/// tracked days, never paired with the food log it shares its edges with; found when it truly goes
/// with something, and not found when nothing depends on it.
@Suite struct InsightFastingTests {
    static let day = GeneratedHistory.end

    @Test func aFastCountsForTheDayItEndedAndZeroOnlyOnOtherTrackedDays() throws {
        var readings = InsightReadings(targets: TargetHistory(goals: [], snapshots: [], logs: [], weights: []))
        let range = DateRange(ending: Self.day, days: 5)
        // Two fasts ending on the last day (their hours add up), one on the first; a night on the
        // third day and nothing on the fourth.
        readings.fasts = [(Self.day, 16), (Self.day, 2.5), (range.start, 14)]
        readings.nights = [SleepRecord(date: range.start.adding(days: 2), bedtime: nil, minutes: 420, status: .good)]
        let fasting = try #require(InsightSeries.make(range: range, from: readings).series.values[.fastingHours])
        #expect(fasting == [Self.day: 18.5, range.start: 14, range.start.adding(days: 2): 0])

        readings.fasts = []
        #expect(InsightSeries.make(range: range, from: readings).series.values[.fastingHours] == nil, "no fast: no series")
    }

    @Test func fastingIsNeverPairedWithTheFoodLogItSharesItsEdgesWith() {
        let food: Set<InsightMetric> = [.kcalEaten, .proteinG, .alcoholG, .caffeineMg, .targetShare]
        let pairs = InsightPairs.tested(among: InsightMetric.allCases)
        #expect(
            !pairs.contains {
                ($0.outcome == .fastingHours && food.contains($0.predictor)) || ($0.predictor == .fastingHours && food.contains($0.outcome))
            })
        // The rest are tested: sleep the night after, the fast as the outcome of the night before.
        #expect(pairs.contains { $0 == (.sleepMinutes, .fastingHours, 1) })
        #expect(pairs.contains { $0 == (.fastingHours, .sleepMinutes, 0) })
        #expect(pairs.contains { $0 == (.mood, .fastingHours, 0) })
        #expect(!pairs.contains { $0 == (.sleepMinutes, .fastingHours, 0) }, "the night comes before the fast's end")
    }

    @Test func theSentenceSaysHoursAndNoFast() {
        let text = InsightSentence.text(
            outcome: .sleepMinutes, predictor: .fastingHours, lag: 1, effect: -52.4, ci: (-70, -35), typical: (16.5, 0),
            days: (120, 180), currency: "EUR")
        #expect(
            text == "You slept 52 min shorter on nights after you fasted longer than usual for the weekday "
                + "(median 16 h 30 vs no fast; 120 vs 180 nights; 95 % CI 35–70 min)")
        let fasted = InsightSentence.text(
            outcome: .fastingHours, predictor: .sleepMinutes, lag: 0, effect: 1.25, ci: (0.5, 2), typical: (480, 420),
            days: (40, 50), currency: "EUR")
        #expect(fasted.hasPrefix("You fasted 1.3 h longer on days after you slept longer than usual"), "\(fasted)")
    }

    /// −4 min of sleep per hour fasted, on the night after the fast ended, over 365 days: found
    /// (shorter sleep) in at least 18 of 20 histories.
    @Test func aPlantedEffectOfFastingIsFound() {
        var found = 0
        var effects: [String] = []
        for seed in UInt64(601)...620 {
            let result = GeneratedHistory(days: 365, seed: seed, sleepPerFastHour: -4).findings()
            guard let f = result.findings.first(where: { $0.outcome == .sleepMinutes && $0.predictor == .fastingHours && $0.lagDays == 1 }),
                f.ciHigh < 0
            else { continue }
            found += 1
            effects.append(String(format: "%.0f (%.0f…%.0f)", f.effect, f.ciLow, f.ciHigh))
        }
        print("Insights power, 365 days, −4 min of sleep per hour fasted: found in \(found) of 20: \(effects.joined(separator: ", "))")
        #expect(found >= 18)
    }

    /// With nothing depending on the fasts, a finding that names them is rare: at most 5 of 100
    /// histories of 365 days (the bound for any finding at all is 10 %).
    @Test func fastsThatNothingDependsOnAreRarelyAFinding() {
        var withFasting = 0
        var named: [String] = []
        for seed in UInt64(701)...800 {
            let history = GeneratedHistory(days: 365, seed: seed)
            let result = history.findings()
            let hits = result.findings.filter { $0.outcome == .fastingHours || $0.predictor == .fastingHours }
            if !hits.isEmpty { withFasting += 1 }
            named += hits.map { "\($0.outcome.rawValue) ← \($0.predictor.rawValue) (lag \($0.lagDays))" }
        }
        print("Insights, null fasting: \(withFasting) of 100 histories name the fasts: \(named.joined(separator: ", "))")
        #expect(withFasting <= 5)
    }
}
