import Foundation

/// Body fat estimated from a tape (issue 47): the US Navy circumference method, Hodgdon & Beckett
/// (1984), "Prediction of percent body fat for U.S. Navy men/women from body circumferences and
/// height", Naval Health Research Center reports 84-11 and 84-29 — in centimetres:
/// - men:   %BF = 495 / (1.0324 − 0.19077·log10(waist − neck) + 0.15456·log10(height)) − 450
/// - women: %BF = 495 / (1.29579 − 0.35004·log10(waist + hips − neck) + 0.22100·log10(height)) − 450
/// It is an estimate (± 3–4 % against hydrostatic weighing in the study), shown as one.
public enum NavyBodyFat {
    /// The estimate in %, or nil when a needed measurement is missing or the result is not a body
    /// fat a person has (`Validation.bodyFatRangePercent`): a neck wider than the waist, a typo.
    public static func percent(sex: Sex, heightCm: Double, waistCm: Double?, neckCm: Double?, hipsCm: Double?) -> Double? {
        guard let waistCm, let neckCm, heightCm > 0 else { return nil }
        let percent: Double
        switch sex {
        case .male:
            guard waistCm - neckCm > 0 else { return nil }
            percent = 495 / (1.0324 - 0.19077 * log10(waistCm - neckCm) + 0.15456 * log10(heightCm)) - 450
        case .female:
            guard let hipsCm, waistCm + hipsCm - neckCm > 0 else { return nil }
            percent = 495 / (1.29579 - 0.35004 * log10(waistCm + hipsCm - neckCm) + 0.22100 * log10(heightCm)) - 450
        }
        return Validation.bodyFatRangePercent.contains(percent) ? percent : nil
    }

    /// The estimate from the latest measurements of each kind.
    public static func percent(profile: Profile, latest: [MeasurementKind: BodyMeasurement]) -> Double? {
        percent(
            sex: profile.sex, heightCm: profile.heightCm, waistCm: latest[.waist]?.value, neckCm: latest[.neck]?.value,
            hipsCm: latest[.hips]?.value)
    }
}
