import Testing
@testable import BodiiDomain

@Suite struct MetabolismTests {
    @Test func mifflinStJeorWorkedExamples() {
        // 10·80 + 6.25·180 − 5·30 + 5 = 800 + 1125 − 150 + 5
        #expect(Metabolism.mifflinStJeorBMR(weightKg: 80, heightCm: 180, age: 30, sex: .male) == 1780)
        // 10·60 + 6.25·165 − 5·25 − 161 = 600 + 1031.25 − 125 − 161
        #expect(Metabolism.mifflinStJeorBMR(weightKg: 60, heightCm: 165, age: 25, sex: .female) == 1345.25)
    }

    @Test func katchMcArdleWorkedExample() {
        // LBM = 80·0.8 = 64; 370 + 21.6·64 = 1752.4
        #expect(isClose(Metabolism.katchMcArdleBMR(weightKg: 80, bodyFatPercent: 20), 1752.4))
        // LBM = 100·0.7 = 70; 370 + 1512 = 1882
        #expect(isClose(Metabolism.katchMcArdleBMR(weightKg: 100, bodyFatPercent: 30), 1882))
    }

    @Test func bmrPicksFormulaAndAgeOnTheDay() throws {
        let profile = Profile(name: "A", sex: .male, birthDate: try date("1996-03-15"), heightCm: 180, activityLevel: .moderate)
        let onBirthday = Metabolism.bmr(profile: profile, weightKg: 80, bodyFatPercent: nil, on: try date("2026-03-15"))
        #expect(onBirthday.formula == .mifflinStJeor)
        #expect(onBirthday.value == 1780)  // age 30
        let dayBefore = Metabolism.bmr(profile: profile, weightKg: 80, bodyFatPercent: nil, on: try date("2026-03-14"))
        #expect(dayBefore.value == 1785)  // age 29: 5 kcal more
        let withFat = Metabolism.bmr(profile: profile, weightKg: 80, bodyFatPercent: 20, on: try date("2026-03-15"))
        #expect(withFat.formula == .katchMcArdle)
        #expect(isClose(withFat.value, 1752.4))
        // An unusable percentage falls back to Mifflin-St Jeor rather than producing nonsense.
        for bad in [0.0, 100, -3, .nan] {
            #expect(
                Metabolism.bmr(profile: profile, weightKg: 80, bodyFatPercent: bad, on: try date("2026-03-15")).formula == .mifflinStJeor)
        }
    }

    @Test func tdeeUsesActivityFactors() {
        #expect(isClose(Metabolism.tdee(bmr: 1780, activity: .sedentary), 2136))
        #expect(isClose(Metabolism.tdee(bmr: 1780, activity: .light), 2447.5))
        #expect(isClose(Metabolism.tdee(bmr: 1780, activity: .moderate), 2759))
        #expect(isClose(Metabolism.tdee(bmr: 1780, activity: .active), 3070.5))
        #expect(isClose(Metabolism.tdee(bmr: 1780, activity: .veryActive), 3382))
    }

    @Test func snapshotForBodyRecord() throws {
        let profile = Profile(name: "B", sex: .female, birthDate: try date("2001-01-01"), heightCm: 165, activityLevel: .light)
        let record = BodyRecord(id: 7, date: try date("2026-01-01"), weightKg: 60)
        let snap = try #require(Metabolism.snapshot(for: record, profile: profile))
        #expect(snap.bodyRecordId == 7)
        #expect(snap.date == record.date)
        #expect(snap.formula == .mifflinStJeor)
        #expect(snap.bmr == 1345.25)  // age 25 on 2026-01-01
        #expect(isClose(snap.tdee, 1345.25 * 1.375))
        #expect(snap.activityLevel == .light)

        let lean = BodyRecord(id: 8, date: try date("2026-01-01"), weightKg: 80, bodyFatPercent: 20)
        let s2 = try #require(Metabolism.snapshot(for: lean, profile: profile))
        #expect(s2.formula == .katchMcArdle)
        #expect(isClose(s2.tdee, 1752.4 * 1.375))
    }

    /// Issue 23 #23: a body-fat-only reading (imported) has no weight of its own. Its BMR uses its
    /// body fat with the last known weight; before any weigh-in it has no snapshot at all.
    @Test func aBodyFatOnlyReadingUsesTheLastKnownWeight() throws {
        let profile = Profile(name: "B", sex: .female, birthDate: try date("2001-01-01"), heightCm: 165, activityLevel: .light)
        let fatOnly = BodyRecord(date: try date("2026-03-01"), weightKg: nil, bodyFatPercent: 20)
        #expect(Metabolism.snapshot(for: fatOnly, profile: profile) == nil)
        // The last weigh-in is 60 days old (older than body fat's 30 days): still the weight to use.
        let weighIn = BodyRecord(date: try date("2025-12-31"), weightKg: 80)
        let later = BodyRecord(date: try date("2026-03-02"), weightKg: 81)
        let snaps = BodyLogging.snapshots(for: [fatOnly, later], profile: profile, earlier: [weighIn])
        let fat = try #require(snaps[0])
        #expect(fat.formula == .katchMcArdle)
        #expect(isClose(fat.bmr, Metabolism.katchMcArdleBMR(weightKg: 80, bodyFatPercent: 20)))
        // The next day's weigh-in takes the reading's body fat, with its own weight.
        #expect(isClose(try #require(snaps[1]).bmr, Metabolism.katchMcArdleBMR(weightKg: 81, bodyFatPercent: 20)))
        // Nothing to compute with: no snapshot, in place.
        let alone = BodyLogging.withSnapshots([fatOnly, later], profile: profile)
        #expect(alone.bare == [fatOnly])
        #expect(alone.measured.map(\.0) == [later])
    }
}

@Suite struct ExerciseEnergyTests {
    @Test func metTimesWeightTimesHours() {
        // Compendium 12050, running 6 mph: 9.8 MET. 9.8 × 70 kg × 0.5 h = 343 kcal.
        #expect(isClose(ExerciseEnergy.grossKcal(met: 9.8, weightKg: 70, minutes: 30), 343))
        // Only (9.8 − 1) on top of TDEE: 8.8 × 70 × 0.5 = 308.
        #expect(isClose(ExerciseEnergy.addedKcal(met: 9.8, weightKg: 70, minutes: 30), 308))
        let minutes = 45
        #expect(isClose(ExerciseEnergy.grossKcal(met: 3.5, weightKg: 80, minutes: minutes), 210))
        #expect(isClose(ExerciseEnergy.addedKcal(met: 3.5, weightKg: 80, minutes: minutes), 150))
    }

    @Test func addedEnergyIsNeverNegative() {
        #expect(ExerciseEnergy.addedKcal(met: 0.9, weightKg: 70, minutes: 60) == 0)
        #expect(ExerciseEnergy.addedKcal(met: 1.0, weightKg: 70, minutes: 60) == 0)
        #expect(ExerciseEnergy.grossKcal(met: .nan, weightKg: 70, minutes: 60) == 0)
    }
}

@Suite struct CalorieTargetTests {
    @Test func dailyTargetFromWeeklyRate() {
        // 0.5 kg/week loss: 0.5 × 7700 / 7 = 550 kcal/day below TDEE.
        #expect(isClose(CalorieTarget.dailyTarget(tdee: 2500, weeklyRateKg: 0.5), 1950))
        // Gaining 0.25 kg/week: 275 kcal/day above.
        #expect(isClose(CalorieTarget.dailyTarget(tdee: 2500, weeklyRateKg: -0.25), 2775))
        #expect(CalorieTarget.dailyTarget(tdee: 2500, weeklyRateKg: 0) == 2500)
    }

    @Test func safeRateIsAtMostOnePercentPerWeek() {
        #expect(CalorieTarget.safeRateError(weeklyRateKg: 0.8, weightKg: 80) == nil)
        #expect(CalorieTarget.safeRateError(weeklyRateKg: -1.0, weightKg: 80) == nil)  // gains not limited
        let error = CalorieTarget.safeRateError(weeklyRateKg: 0.81, weightKg: 80)
        #expect(error?.problem == .tooFast)
        #expect(error?.message == "weekly rate \"0.81\" is faster than is safe: allowed up to 0.8 kg/week (1 % of 80.0 kg)")
        // Imperial: 80 kg = 176.4 lb, limit 1.7637 lb shown as 1.76; 0.81 kg = 1.79 lb.
        let imperial = CalorieTarget.safeRateError(weeklyRateKg: 0.81, weightKg: 80, unitSystem: .imperial)
        #expect(imperial?.message == "weekly rate \"1.79\" is faster than is safe: allowed up to 1.76 lb/week (1 % of 176.4 lb)")
        #expect(CalorieTarget.safeRateError(weeklyRateKg: .nan, weightKg: 80)?.problem == .notANumber)
    }

    @Test func macroSplitAddsUpToTheTarget() {
        // PRODUCT.md §6, 80 kg at 2000 kcal: protein 1.8 × 80 = 144 g (576 kcal); fat 30 % of 2000 =
        // 600 kcal = 66.7 → 67 g (603 kcal); carbs (2000 − 576 − 603) / 4 = 205.25 → 205 g.
        let m = MacroTargets.split(kcal: 2000, weightKg: 80, proteinPerKg: 1.8)
        #expect(m.proteinG == 144)
        #expect(m.fatG == 67)
        #expect(m.carbsG == 205)
        #expect(m.gramsKcal == 1999)
        // The protein the user chose is taken as it is: 3.0 g/kg × 80 = 240 g.
        #expect(MacroTargets.split(kcal: 2000, weightKg: 80, proteinPerKg: 3.0).proteinG == 240)
        // Fat never under 0.6 g/kg: 1200 kcal × 30 % = 40 g, but 100 kg × 0.6 = 60 g.
        #expect(MacroTargets.split(kcal: 1200, weightKg: 100, proteinPerKg: 1.8).fatG == 60)
        // Carbs never go negative.
        #expect(MacroTargets.split(kcal: 500, weightKg: 150, proteinPerKg: 1.8).carbsG == 0)
    }

    /// 4·P + 4·C + 9·F equals the target within rounding for every realistic target and weight.
    @Test func macroSplitSumsWithinRoundingEverywhere() {
        for kcal in stride(from: 1200.0, through: 4500, by: 37) {
            for weight in stride(from: 45.0, through: 140, by: 3.7) {
                let m = MacroTargets.split(kcal: kcal, weightKg: weight, proteinPerKg: 1.8)
                guard m.carbsG > 0 else { continue }  // protein and fat alone exceed the target
                #expect(abs(m.gramsKcal - kcal) <= 2, "\(kcal) kcal at \(weight) kg: \(m)")
                #expect([m.proteinG, m.carbsG, m.fatG].allSatisfy { $0 == $0.rounded() })
            }
        }
    }
}
