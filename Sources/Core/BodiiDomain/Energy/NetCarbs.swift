import Foundation

/// Net carbs = carbs − fiber (PRODUCT.md §6; issue 43). SR24 counts fiber inside carbohydrate "by
/// difference", so the subtraction is all it takes; the catalog has no sugar-alcohol values (SR24
/// lists none), so none are subtracted. Where fiber is unknown for some food, its carbs count in
/// full: the figure can read high, never low, which is the safe side of a keto limit.
public enum NetCarbs {
    public static func grams(carbsG: Double, fiberG: Double?) -> Double {
        max(0, carbsG - max(0, fiberG ?? 0))
    }
}

extension MacroTargets {
    /// The carbs a screen compares with the carbs target: net carbs when the target counts them (keto).
    public func carbsCounted(carbsG: Double, fiberG: Double?) -> Double {
        carbsAreNet ? NetCarbs.grams(carbsG: carbsG, fiberG: fiberG) : carbsG
    }

    /// The label of the carbs bar: "Net C" when the target counts net carbs.
    public var carbsLabel: String { carbsAreNet ? "Net C" : "Carbs" }

    /// The net carbs target: keto's limit as it is; otherwise the carbs target less the day's fiber
    /// target (nil without one).
    public func netCarbsG(fiberTargetG: Double?) -> Double? {
        carbsAreNet ? carbsG : fiberTargetG.map { NetCarbs.grams(carbsG: carbsG, fiberG: $0) }
    }
}

extension DaySummary {
    /// The day's net carbs; nil when carbs were eaten and no food's fiber is known.
    public var netCarbsG: Double? {
        fiberG == nil && carbsG > 0 ? nil : NetCarbs.grams(carbsG: carbsG, fiberG: fiberG)
    }

    /// The carbs the day's carbs target is compared with (net for a keto target).
    public var carbsCountedG: Double {
        targets?.macros?.carbsCounted(carbsG: carbsG, fiberG: fiberG) ?? carbsG
    }
}
