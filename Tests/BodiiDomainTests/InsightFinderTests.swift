import Foundation
import Testing
@testable import BodiiDomain

/// A small seeded generator (SplitMix64, Steele et al., OOPSLA 2014) so every synthetic history
/// is the same on every run.
struct SeededNumbers {
    private var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 &+ 1 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    mutating func uniform() -> Double { (Double(next() >> 11) + 0.5) / Double(1 << 53) }

    /// Standard normal (Box–Muller).
    mutating func normal() -> Double { (-2 * log(uniform())).squareRoot() * cos(2 * .pi * uniform()) }
}

struct InsightFinderTests {
    let start = LocalDate(year: 2026, month: 1, day: 5) ?? LocalDate(daysSinceEpoch: 0)

    /// `days` days of independent noise in six series.
    func noise(seed: UInt64, days: Int = 120) -> InsightSeries {
        var rng = SeededNumbers(seed: seed)
        var values: [InsightMetric: [LocalDate: Double]] = [:]
        let metrics: [InsightMetric] = [.sleepMinutes, .mood, .energy, .exerciseMinutes, .kcalEaten, .steps]
        for k in 0..<days {
            let day = start.adding(days: k)
            for m in metrics { values[m, default: [:]][day] = (100 * rng.normal()).rounded() }
        }
        return InsightSeries(range: DateRange(start: start, end: start.adding(days: days - 1)), values: values)
    }

    @Test func aPlantedLaggedEffectIsFoundWithItsSizeInsideTheInterval() throws {
        var rng = SeededNumbers(seed: 7)
        var exercise: [LocalDate: Double] = [:], sleep: [LocalDate: Double] = [:], mood: [LocalDate: Double] = [:]
        let days = 180
        for k in 0..<days {
            let day = start.adding(days: k)
            exercise[day] = rng.uniform() < 0.45 ? (45 + 10 * rng.normal()).rounded() : 0
            mood[day] = Double(3 + Int(rng.uniform() * 3))
        }
        for k in 1..<days {
            let day = start.adding(days: k)
            // Planted: 30 min more sleep on nights after a day with exercise.
            let after = (exercise[day.adding(days: -1)] ?? 0) > 0 ? 30.0 : 0
            sleep[day] = (420 + after + 25 * rng.normal()).rounded()
        }
        let series = InsightSeries(
            range: DateRange(start: start, end: start.adding(days: days - 1)),
            values: [.exerciseMinutes: exercise, .sleepMinutes: sleep, .mood: mood])
        let result = InsightFinder.find(series)
        let found = try #require(
            result.findings.first { $0.outcome == .sleepMinutes && $0.predictor == .exerciseMinutes && $0.lagDays == 1 })
        #expect(found.ciLow <= 30 && 30 <= found.ciHigh, "planted 30 min, interval \(found.ciLow)…\(found.ciHigh)")
        #expect(found.q < 0.05 && found.n == days - 1 && found.unit == "min")
        #expect(found.sentence.hasPrefix("You slept "))
        #expect(found.sentence.contains("longer on nights after you exercised"))
        #expect(found.highDays + found.lowDays == found.n)
        // Nothing else was planted.
        #expect(result.findings.allSatisfy { $0.outcome == .sleepMinutes && $0.predictor == .exerciseMinutes })
    }

    @Test func pureNoiseGivesFindingsInAtMostFivePercentOfSeeds() {
        let seedsWithFindings = (1...100).filter { !InsightFinder.find(noise(seed: UInt64($0))).findings.isEmpty }
        #expect(seedsWithFindings.count <= 5, "findings in seeds \(seedsWithFindings)")
    }

    @Test func aSharedWeekendRhythmAloneIsNoFinding() {
        // More sleep and more food on weekends, nothing else: the weekday adjustment removes it.
        var rng = SeededNumbers(seed: 3)
        var sleep: [LocalDate: Double] = [:], kcal: [LocalDate: Double] = [:]
        for k in 0..<140 {
            let day = start.adding(days: k)
            let weekend = day.weekdayIndex >= 5
            sleep[day] = (weekend ? 500 : 410) + (20 * rng.normal()).rounded()
            kcal[day] = (weekend ? 2800 : 2100) + (150 * rng.normal()).rounded()
        }
        let result = InsightFinder.find(
            InsightSeries(range: DateRange(start: start, end: start.adding(days: 139)), values: [.sleepMinutes: sleep, .kcalEaten: kcal]))
        #expect(result.tested == 3)
        #expect(result.findings.isEmpty)
    }

    @Test func fewerThanTwentyEightPairedDaysAreNotTested() {
        let series = noise(seed: 1, days: 27)
        #expect(InsightFinder.find(series).tested == 0)
    }

    @Test func sentencesPlaceNightsAndDaysByTheirDates() {
        #expect(InsightSentence.when(outcome: .sleepMinutes, predictor: .exerciseMinutes, lag: 1) == "on nights after you")
        #expect(InsightSentence.when(outcome: .sleepMinutes, predictor: .exerciseMinutes, lag: 0) == "on nights before days you")
        #expect(InsightSentence.when(outcome: .mood, predictor: .sleepMinutes, lag: 0) == "on days after you")
        #expect(InsightSentence.when(outcome: .mood, predictor: .kcalEaten, lag: 0) == "on days you")
    }
}

struct WeightPlateauTests {
    @Test func flatWeightUnderALoggedDeficitNamesWhatBodiiSees() throws {
        let asOf = try date("2026-11-25")
        var weights: [(date: LocalDate, weightKg: Double)] = []
        var days: [InsightDay] = []
        for k in 0..<28 {
            let day = asOf.adding(days: -k)
            weights.append((day, 80 + (k % 2 == 0 ? 0.2 : -0.2)))
            let weekend = day.weekdayIndex >= 5
            if k % 4 == 3 {
                days.append(InsightDay(date: day, eatenKcal: nil, isPartlyLogged: true, targetKcal: 2000, expenditureKcal: 2500))
            } else {
                days.append(
                    InsightDay(date: day, eatenKcal: weekend ? 2400 : 1900, isPartlyLogged: false, targetKcal: 2000, expenditureKcal: 2500))
            }
        }
        let plateau = try #require(WeightPlateau.assess(weights: weights.reversed(), days: days, asOf: asOf))
        #expect(plateau.ciLow <= 0 && plateau.ciHigh >= 0 && plateau.weighIns == 28)
        #expect(plateau.isFlatDespiteDeficit)
        #expect(plateau.partlyLoggedDays == 7)
        let text = plateau.sentences.joined(separator: " ")
        #expect(text.contains("7 of 28 days not or only partly logged"))
        #expect(text.contains("weekends 400 kcal over target"))
    }

    @Test func aSteadyLossIsNoPlateau() throws {
        let asOf = try date("2026-11-25")
        let weights = (0..<28).reversed().map { k in (date: asOf.adding(days: -k), weightKg: 80 - 0.07 * Double(28 - k)) }
        let days = (0..<28).map {
            InsightDay(date: asOf.adding(days: -$0), eatenKcal: 1900, isPartlyLogged: false, targetKcal: 2000, expenditureKcal: 2500)
        }
        let plateau = try #require(WeightPlateau.assess(weights: weights, days: days, asOf: asOf))
        #expect(isClose(plateau.slopeKgPerWeek, -0.49, tolerance: 1e-9))
        #expect(!plateau.isFlatDespiteDeficit && plateau.sentences.count == 1)
    }
}
