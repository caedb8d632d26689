import Foundation
import Testing
@testable import BodiiDomain

@Suite struct StatusLineTests {
    static func summary(eaten: Double, burned: Double = 0, target: Double?, exerciseBack: Bool = false, sleep: Int? = nil) throws
        -> DaySummary
    {
        let day = try date("2026-11-22")
        let targets = target.map {
            DayTargets(
                kcal: $0, weightKg: 80, macros: MacroTargets.split(kcal: $0, weightKg: 80, proteinPerKg: 1.8),
                expenditure: ExpenditureBasis(kcalPerDay: $0 + 500, source: .formula, adaptiveDays: 3), addsExerciseBack: exerciseBack)
        }
        return DaySummary(
            date: day, eatenKcal: eaten, burnedKcal: burned, targets: targets, bmr: nil, tdee: nil, proteinG: 0, carbsG: 0,
            fatG: 0, fiberG: nil, weightKg: nil, trendWeightKg: nil, bodyFatPercent: nil, sleepMinutes: sleep,
            sleepQuality: nil, exerciseMinutes: 0, foods: [], formula: nil, goal: nil)
    }

    static func glance(losingPerWeek change: Double?) throws -> WeightGlance {
        let day = try date("2026-11-22")
        let weights = (0...10).map { (day.adding(days: -10 + $0), 80.0 + (change ?? 0) / 7 * Double($0)) }
        var glance = WeightGlance.compute(day: day, weights: change == nil ? [] : weights) { nil }
        if change == nil { glance.latest = nil }
        return glance
    }

    /// The widest everyday line (four-digit kcal, a three-digit weight in pounds, a long night) fits too.
    @Test func theDefaultLineFitsFortyColumns() throws {
        let line = try StatusLine(template: StatusLine.defaultTemplate)
        let values = StatusLine.Values(
            summary: try Self.summary(eaten: 1234.4, target: 1800, sleep: 450),
            weight: try Self.glance(losingPerWeek: -0.7), units: .metric, currentStreak: 12, checkedIn: true)
        let text = line.render(values)
        #expect(text == "1234/1800 kcal · 79.0 kg ↓ · 7h30 · ✓")
        #expect(text.count <= 40)
        let imperial = line.render(
            StatusLine.Values(
                summary: try Self.summary(eaten: 2345, target: 2800, sleep: 725),
                weight: try Self.glance(losingPerWeek: 0.7), units: .imperial, currentStreak: 0,
                checkedIn: false))
        #expect(imperial.count <= 40, "\(imperial)")
        #expect(imperial.hasSuffix("lb ↑ · 12h05 · ○"), "\(imperial)")
    }

    /// Unknown values show "–", never 0; "left" follows the add-exercise-back rule of `DayTargets`.
    @Test func placeholdersShowTheDaysNumbersOrADash() throws {
        let line = try StatusLine(template: "{eaten} {target} {left} {weight} {trend} {sleep} {streak} {checkin}")
        let empty = StatusLine.Values(
            summary: try Self.summary(eaten: 0, target: nil), weight: try Self.glance(losingPerWeek: nil),
            units: .metric, currentStreak: 0, checkedIn: false)
        #expect(line.render(empty) == "0 – – – – – 0 ○")
        let extras = try StatusLine(template: "{steps} steps, {actions_due} due")
        #expect(extras.render(empty) == "– steps, 0 due")
        #expect(
            extras.render(
                StatusLine.Values(
                    summary: try Self.summary(eaten: 0, target: nil), weight: try Self.glance(losingPerWeek: nil),
                    units: .metric, currentStreak: 0, checkedIn: false, steps: 12345, actionsDue: 2))
                == "12,345 steps, 2 due")
        let over = try StatusLine(template: "{left}")
        #expect(
            over.render(
                StatusLine.Values(
                    summary: try Self.summary(eaten: 2000, target: 1800), weight: try Self.glance(losingPerWeek: 0),
                    units: .metric, currentStreak: 3, checkedIn: true)) == "−200")
        #expect(
            over.render(
                StatusLine.Values(
                    summary: try Self.summary(eaten: 2000, burned: 300, target: 1800, exerciseBack: true),
                    weight: try Self.glance(losingPerWeek: 0), units: .metric, currentStreak: 3, checkedIn: true)) == "100")
        #expect(
            try StatusLine(template: "{trend}").render(
                StatusLine.Values(
                    summary: try Self.summary(eaten: 0, target: nil),
                    weight: try Self.glance(losingPerWeek: 0.02), units: .metric,
                    currentStreak: 0, checkedIn: false)) == "→")
    }

    @Test func aWordInBracesThatIsNoPlaceholderIsRefused() throws {
        #expect(throws: ValidationError.self) { try StatusLine(template: "{eatn} kcal") }
        do {
            _ = try StatusLine(template: "x {Weight}")
            Issue.record("a misspelt placeholder must be refused")
        } catch {
            #expect(error.message.contains("\"{Weight}\" is unknown"))
            #expect(error.message.contains("{checkin}"))
        }
    }

    /// Braces that hold no word stay text; escape sequences in the template never reach the terminal.
    @Test func otherBracesAreTextAndTheLineIsSanitised() throws {
        let values = StatusLine.Values(
            summary: try Self.summary(eaten: 5, target: nil), weight: try Self.glance(losingPerWeek: nil),
            units: .metric, currentStreak: 0, checkedIn: false)
        #expect(try StatusLine(template: "{} { x } {{eaten}} {eaten").render(values) == "{} { x } {5} {eaten")
        #expect(!(try StatusLine(template: "\u{1B}[31m{eaten}").render(values)).contains("\u{1B}"))
    }
}
