import Foundation

/// Energy of an exercise session from its MET value (PRODUCT.md §6).
///
/// Source: Ainsworth BE, et al. "2011 Compendium of Physical Activities: a second update of codes
/// and MET values." Med Sci Sports Exerc 2011;43(8):1575–1581. 1 MET ≈ 1 kcal·kg⁻¹·h⁻¹, so
/// kcal = MET × kg × hours. A TDEE already contains resting energy (1 MET), so only (MET − 1) is
/// added on top of it.
public enum ExerciseEnergy {
    /// Gross energy: MET × kg × hours. Never negative; 0 for non-finite input.
    public static func grossKcal(met: Double, weightKg: Double, minutes: Double) -> Double {
        clean(met * weightKg * minutes / 60)
    }

    /// Energy added on top of TDEE: (MET − 1) × kg × hours, never negative (a MET below 1 adds 0).
    public static func addedKcal(met: Double, weightKg: Double, minutes: Double) -> Double {
        clean((met - 1) * weightKg * minutes / 60)
    }

    public static func grossKcal(met: Double, weightKg: Double, minutes: Int) -> Double {
        grossKcal(met: met, weightKg: weightKg, minutes: Double(minutes))
    }

    public static func addedKcal(met: Double, weightKg: Double, minutes: Int) -> Double {
        addedKcal(met: met, weightKg: weightKg, minutes: Double(minutes))
    }

    static func clean(_ kcal: Double) -> Double { kcal.isFinite ? max(0, kcal) : 0 }
}
