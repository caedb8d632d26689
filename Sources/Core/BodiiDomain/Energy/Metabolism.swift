import Foundation

/// Basal metabolic rate and total daily energy expenditure (PRODUCT.md §6).
public enum Metabolism {
    /// Mifflin MD, St Jeor ST, et al. "A new predictive equation for resting energy expenditure in
    /// healthy individuals." Am J Clin Nutr 1990;51(2):241–247.
    /// BMR = 10·kg + 6.25·cm − 5·age + 5 (male) / − 161 (female), kcal/day.
    public static func mifflinStJeorBMR(weightKg: Double, heightCm: Double, age: Int, sex: Sex) -> Double {
        let base = 10 * weightKg + 6.25 * heightCm - 5 * Double(age)
        switch sex {
        case .male: return base + 5
        case .female: return base - 161
        }
    }

    /// Katch-McArdle (McArdle, Katch & Katch, "Exercise Physiology: Energy, Nutrition, and Human
    /// Performance"): BMR = 370 + 21.6·LBM, with lean body mass LBM = kg·(1 − bf/100), kcal/day.
    public static func katchMcArdleBMR(weightKg: Double, bodyFatPercent: Double) -> Double {
        let leanMass = weightKg * (1 - bodyFatPercent / 100)
        return 370 + 21.6 * leanMass
    }

    /// The BMR to use on `date`: Katch-McArdle when a usable body-fat percentage is known (finite,
    /// strictly between 0 and 100), otherwise Mifflin-St Jeor with the profile's sex, height and
    /// age on that date.
    public static func bmr(
        profile: Profile, weightKg: Double, bodyFatPercent: Double?,
        on date: LocalDate
    ) -> (value: Double, formula: BMRFormula) {
        if let bf = bodyFatPercent, bf.isFinite, bf > 0, bf < 100 {
            return (katchMcArdleBMR(weightKg: weightKg, bodyFatPercent: bf), .katchMcArdle)
        }
        let value = mifflinStJeorBMR(
            weightKg: weightKg, heightCm: profile.heightCm,
            age: profile.age(on: date), sex: profile.sex)
        return (value, .mifflinStJeor)
    }

    /// TDEE = BMR × activity factor (1.2, 1.375, 1.55, 1.725, 1.9; PRODUCT.md §6, the factors
    /// commonly attributed to Harris-Benedict / McArdle).
    public static func tdee(bmr: Double, activity: ActivityLevel) -> Double {
        bmr * activity.factor
    }

    /// The snapshot written with a body record: BMR (formula chosen as in `bmr`), TDEE at the
    /// profile's activity level, dated and linked to the record. Nil without a weight: a
    /// body-fat-only reading gets one only once the caller gives it the last known weight.
    public static func snapshot(for record: BodyRecord, profile: Profile) -> MetabolismSnapshot? {
        record.weightKg.map { snapshot(for: record, weightKg: $0, profile: profile) }
    }

    /// The same with the weight given (the record's own, or the last known one).
    public static func snapshot(for record: BodyRecord, weightKg: Double, profile: Profile) -> MetabolismSnapshot {
        let b = bmr(profile: profile, weightKg: weightKg, bodyFatPercent: record.bodyFatPercent, on: record.date)
        return MetabolismSnapshot(
            bodyRecordId: record.id, date: record.date, bmr: b.value,
            tdee: tdee(bmr: b.value, activity: profile.activityLevel),
            formula: b.formula, activityLevel: profile.activityLevel)
    }
}

extension Metabolism {
    /// `snapshot` worked out again by Katch-McArdle with `bodyFatPercent` (the Navy estimate, when
    /// the person lets it stand in for a logged body fat) at the same weight and activity level.
    public static func snapshot(_ snapshot: MetabolismSnapshot, weightKg: Double, bodyFatPercent: Double) -> MetabolismSnapshot {
        var worked = snapshot
        worked.bmr = katchMcArdleBMR(weightKg: weightKg, bodyFatPercent: bodyFatPercent)
        worked.tdee = tdee(bmr: worked.bmr, activity: snapshot.activityLevel)
        worked.formula = .katchMcArdle
        return worked
    }
}
