import Foundation

/// Daily calorie target from a weekly rate, and the safe-rate rule (macros: `MacroTargets.split`).
public enum CalorieTarget {
    /// Energy in 1 kg of body-weight change: the usual 7700 kcal/kg (≈ 3500 kcal/lb; Wishnofsky M,
    /// Am J Clin Nutr 1958;6(5):542–546). PRODUCT.md §6.
    public static let kcalPerKg = 7700.0

    /// Largest safe loss per week as a fraction of body weight: 1 % (Helms ER, et al. J Int Soc
    /// Sports Nutr 2014;11:20 recommends 0.5–1 % of body weight per week).
    public static let maxWeeklyLossFraction = 0.01

    /// Daily target = TDEE − weeklyRateKg × 7700 / 7 (PRODUCT.md §6). Positive rate = loss,
    /// negative = gain, 0 = maintain.
    public static func dailyTarget(tdee: Double, weeklyRateKg: Double) -> Double {
        tdee - weeklyRateKg * kcalPerKg / 7
    }

    /// The largest safe weekly loss for this body weight (kg/week).
    public static func maxSafeWeeklyLossKg(weightKg: Double) -> Double {
        weightKg * maxWeeklyLossFraction
    }

    /// nil when the rate is safe; otherwise the error to show. Losses (positive rates) above 1 % of
    /// body weight per week are rejected; gains are not limited here. Non-finite rates are rejected.
    /// The message is in the user's unit: `weekly rate "1.5" is faster than is safe: allowed up to
    /// 0.8 kg/week (1 % of 80.0 kg)`.
    public static func safeRateError(
        weeklyRateKg: Double, weightKg: Double,
        unitSystem: UnitSystem = .metric
    ) -> ValidationError? {
        let fmt = UnitFormatter(unitSystem)
        let limit = maxSafeWeeklyLossKg(weightKg: weightKg)
        // Rounded down to 0.01 so the limit shown is itself accepted.
        let shownLimit = (fmt.massValue(limit) * 100).rounded(.down) / 100
        let allowed = "up to \(DecimalText.format(shownLimit, decimals: 2)) \(fmt.massUnit)/week (1 % of \(fmt.mass(weightKg)))"
        let typed = DecimalText.format(fmt.massValue(weeklyRateKg), decimals: 2)
        guard weeklyRateKg.isFinite else {
            return ValidationError(field: "weekly rate", value: "\(weeklyRateKg)", allowed: allowed, problem: .notANumber)
        }
        guard weeklyRateKg <= limit + 1e-9 else {
            return ValidationError(field: "weekly rate", value: typed, allowed: allowed, problem: .tooFast)
        }
        return nil
    }

    /// Protein per kg of trend weight when the goal names none (Morton RW, et al. Br J Sports Med
    /// 2018;52:376–384: gains plateau around 1.6 g/kg; 1.8 leaves a margin).
    public static let defaultProteinPerKg = 1.8
}

/// Daily macro targets in grams, with the energy they were derived from.
public struct MacroTargets: Equatable, Sendable {
    public var kcal: Double
    public var proteinG: Double
    public var carbsG: Double
    public var fatG: Double
    /// The carbs target counts net carbs (carbs − fiber): the keto split's limit (issue 43).
    public var carbsAreNet: Bool

    public init(kcal: Double, proteinG: Double, carbsG: Double, fatG: Double, carbsAreNet: Bool = false) {
        self.kcal = kcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatG = fatG
        self.carbsAreNet = carbsAreNet
    }
}
