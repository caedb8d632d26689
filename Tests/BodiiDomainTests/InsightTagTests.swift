import Foundation
import Testing
@testable import BodiiDomain

/// Issue 47 item 3: a moment's tag is a series Insights tests — "days with +social go together
/// with a mood 0.6 higher" — as a predictor of the day's rating and the night after, never as an outcome.
@Suite struct InsightTagTests {
    /// A generated year (`GeneratedHistory`) with moments on about two thirds of the days checked
    /// in: +social on a random 40 % of them, +reading on another random 40 %; `socialMood` points
    /// of mood planted on +social days.
    static func readings(seed: UInt64, socialMood: Int) -> (range: DateRange, readings: InsightReadings) {
        let history = GeneratedHistory(days: 365, seed: seed)
        var readings = history.readings()
        var rng = SeededNumbers(seed: seed &+ 99)
        for (i, checkIn) in readings.checkIns.enumerated() where rng.uniform() < 0.67 {
            let at = Date(timeIntervalSince1970: Double(checkIn.date.daysSinceEpoch) * 86_400 + 12 * 3600)
            var tags: [String] = []
            if rng.uniform() < 0.4 { tags.append("social") }
            if rng.uniform() < 0.4 { tags.append("reading") }
            readings.moments.append(Moment(date: checkIn.date, at: at, text: "a moment", tags: tags))
            if tags.contains("social"), let mood = checkIn.mood { readings.checkIns[i].mood = min(5, mood + socialMood) }
        }
        return (history.range, readings)
    }

    @Test func aTagThatGoesWithMoodIsFoundAndSaidAsGoingTogether() throws {
        let (range, readings) = Self.readings(seed: 11, socialMood: 1)
        let result = InsightFinder.find(InsightSeries.make(range: range, from: readings).series)
        let finding = try #require(result.findings.first { $0.predictor == .tag("social") && $0.outcome == .mood && $0.lagDays == 0 })
        #expect(finding.effect > 0.4 && finding.effect < 1.3, "\(finding.effect)")
        #expect(finding.sentence.hasPrefix("Your mood was ") && finding.sentence.contains("on days you noted +social, compared within weekdays"), "\(finding.sentence)")
        #expect(!result.findings.contains { $0.predictor == .tag("reading") }, "the tag planted nothing: \(result.findings.map(\.sentence))")
        #expect(!result.findings.contains { $0.outcome.isTag }, "a tag is never an outcome")
    }

    @Test func withoutAPlantedEffectNoTagIsFound() {
        let (range, readings) = Self.readings(seed: 11, socialMood: 0)
        let result = InsightFinder.find(InsightSeries.make(range: range, from: readings).series)
        #expect(!result.findings.contains { $0.predictor.isTag }, "\(result.findings.map(\.sentence))")
    }

    @Test func aTagIsASeriesOnlyWhenUsedAndMissedOnEnoughDays() throws {
        let day = GeneratedHistory.end
        let at = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400)
        var moments: [Moment] = []
        for k in 0..<30 {
            let tags = (k < 9 ? ["rare"] : []) + (k < 20 ? ["often"] : []) + ["always"]
            moments.append(Moment(date: day.adding(days: -k), at: at.addingTimeInterval(Double(-k) * 86_400), text: "", tags: tags))
        }
        moments.append(Moment(date: day.adding(days: -40), at: at, text: "outside the range", tags: ["often"]))
        let series = InsightSeries.tagSeries(range: DateRange(ending: day, days: 30), moments: moments)
        #expect(Set(series.keys) == [.tag("often")], "rare: 9 days; always: never missed")
        let often = try #require(series[.tag("often")])
        #expect(often.count == 30 && often.values.filter { $0 == 1 }.count == 20)
    }

    @Test func tagsPredictOnlyTheDaysRatingAndTheNightAfter() {
        let pairs = InsightPairs.tested(among: [.mood, .energy, .sleepMinutes, .kcalEaten, .tag("social"), .tag("work")])
        let withTags = pairs.filter { $0.predictor.isTag || $0.outcome.isTag }
        #expect(withTags.allSatisfy { !$0.outcome.isTag && InsightPairs.tagOutcomes.contains($0.outcome) })
        // Per tag: mood and energy that day and the next, the night after.
        #expect(withTags.filter { $0.predictor == .tag("social") }.count == 5)
        #expect(!withTags.contains { $0.predictor == .tag("social") && $0.outcome == .sleepMinutes && $0.lag == 0 })
        #expect(InsightMetric.tag("social").rawValue == "tag:social")
    }
}
