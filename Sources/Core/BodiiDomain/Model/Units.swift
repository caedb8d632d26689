import Foundation

/// Exact conversion factors. Everything is stored metric; these only serve display and input.
public enum Units {
    /// International yard and pound agreement (1959): 1 lb = 0.45359237 kg exactly.
    public static let kgPerPound = 0.45359237
    /// Same agreement: 1 in = 2.54 cm exactly; 1 ft = 12 in.
    /// The avoirdupois ounce: 1/16 lb.
    public static let gramsPerOunce = kgPerPound * 1000 / 16
    public static let cmPerInch = 2.54
    public static let inchesPerFoot = 12.0
    /// Thermochemical calorie: 1 kcal = 4.184 kJ exactly.
    public static let kJPerKcal = 4.184

    public static func kgToPounds(_ kg: Double) -> Double { kg / kgPerPound }
    public static func poundsToKg(_ lb: Double) -> Double { lb * kgPerPound }

    public static func cmToInches(_ cm: Double) -> Double { cm / cmPerInch }
    public static func inchesToCm(_ inches: Double) -> Double { inches * cmPerInch }

    /// Whole feet and the remaining inches (not rounded): 178 cm → (5, 10.08).
    public static func cmToFeetInches(_ cm: Double) -> (feet: Int, inches: Double) {
        let total = cmToInches(cm)
        guard total.isFinite else { return (0, total) }
        let feet = (total / inchesPerFoot).rounded(.down)
        return (Int(feet), total - feet * inchesPerFoot)
    }

    public static func feetInchesToCm(feet: Double, inches: Double) -> Double {
        inchesToCm(feet * inchesPerFoot + inches)
    }

    public static func kcalToKJ(_ kcal: Double) -> Double { kcal * kJPerKcal }
    public static func kJToKcal(_ kJ: Double) -> Double { kJ / kJPerKcal }
}
