import Foundation
import Testing
@testable import BodiiDomain

/// Issue 47 item 1: Katch-McArdle with the Navy estimate where the goal chooses it, worked out in
/// the one place a day's BMR and targets come from (`TargetHistory`).
@Suite struct EstimatedBodyFatTargetsTests {
    let today = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)
    /// A woman of 165 cm: Navy, women, with waist 75, hips 100, neck 33 cm:
    /// 495 / (1.29579 − 0.35004·log10(142) + 0.22100·log10(165)) − 450 = 29.434 %.
    let profile = Profile(
        name: "Ana", sex: .female, birthDate: LocalDate(year: 1990, month: 1, day: 1) ?? LocalDate(daysSinceEpoch: 0),
        heightCm: 165, activityLevel: .light)
    /// Katch-McArdle at 65 kg: 370 + 21.6 · 65 · (1 − 0.29434) = 1360.74 kcal; TDEE × 1.375 = 1871.02.
    static let katch = 1360.743
    static let mifflinBMR = 1300.0

    func goal(_ bodyFat: BodyFatSource) -> Goal {
        Goal(
            type: .maintain, weeklyRateKg: 0, dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil,
            createdOn: today.adding(days: -30), choice: TargetChoice(calories: .formula, bodyFat: bodyFat))
    }

    func tape(on day: LocalDate, hips: Double? = 100) -> [BodyMeasurement] {
        [BodyMeasurement(date: day, kind: .waist, value: 75), BodyMeasurement(date: day, kind: .neck, value: 33)]
            + (hips.map { [BodyMeasurement(date: day, kind: .hips, value: $0)] } ?? [])
    }

    func history(
        _ bodyFat: BodyFatSource, formula: BMRFormula = .mifflinStJeor, measurements: [BodyMeasurement]
    ) -> TargetHistory {
        let snapshot = MetabolismSnapshot(
            date: today.adding(days: -3), bmr: Self.mifflinBMR, tdee: Self.mifflinBMR * 1.375, formula: formula, activityLevel: .light)
        return TargetHistory(
            goals: [goal(bodyFat)], snapshots: [snapshot], logs: [],
            weights: (1...10).map { (today.adding(days: -$0), 65.0) },
            bodyFatEstimates: BodyFatEstimate.history(profile: profile, latest: [:], measurements: measurements))
    }

    @Test func theChoiceOffKeepsMifflinStJeor() throws {
        let h = history(.logged, measurements: tape(on: today.adding(days: -5)))
        #expect(h.metabolism(onOrBefore: today)?.snapshot.bmr == Self.mifflinBMR)
        #expect(h.metabolism(onOrBefore: today)?.bodyFatSource == nil)
        #expect(h.targets(on: today)?.kcal == (Self.mifflinBMR * 1.375).rounded())
    }

    @Test func theChoiceOnUsesTheNavyEstimateInBMRAndTarget() throws {
        let h = history(.estimated, measurements: tape(on: today.adding(days: -5)))
        let m = try #require(h.metabolism(onOrBefore: today))
        #expect(m.bodyFatSource == .estimated && m.snapshot.formula == .katchMcArdle)
        #expect(abs(m.snapshot.bmr - Self.katch) < 0.01, "\(m.snapshot.bmr)")
        #expect(abs((m.estimate?.percent ?? 0) - 29.434) < 0.001)
        #expect(m.estimate?.date == today.adding(days: -5))
        #expect(h.targets(on: today)?.kcal == 1871, "round(1360.74 × 1.375)")
        #expect(m.label(today: today) == "Katch-McArdle, estimated body fat 29.4 % from 17 Nov")
    }

    @Test func withoutHipsAWomanHasNoEstimateAndALoggedBodyFatWins() throws {
        let noHips = history(.estimated, measurements: tape(on: today.adding(days: -5), hips: nil))
        #expect(noHips.metabolism(onOrBefore: today)?.snapshot.bmr == Self.mifflinBMR)
        let logged = history(.estimated, formula: .katchMcArdle, measurements: tape(on: today.adding(days: -5)))
        #expect(logged.metabolism(onOrBefore: today)?.snapshot.bmr == Self.mifflinBMR, "the logged snapshot, as stored")
        #expect(logged.metabolism(onOrBefore: today)?.bodyFatSource == .logged)
    }

    @Test func aTapeMeasuredOnTheDayDoesNotMoveItsTarget() throws {
        let h = history(.estimated, measurements: tape(on: today))
        #expect(h.targets(on: today)?.kcal == (Self.mifflinBMR * 1.375).rounded(), "D's target reads up to D − 1")
        #expect(h.metabolism(onOrBefore: today)?.bodyFatSource == .estimated, "the day's own BMR shows it")
        #expect(h.targets(on: today.adding(days: 1))?.kcal == 1871)
    }
}
