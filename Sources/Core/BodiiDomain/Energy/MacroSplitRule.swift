import Foundation

/// Where a day's calorie target came from, as `today --json` `calories.target_basis` names it.
public enum TargetBasis: String, Sendable {
    case adaptive, formula, fixed, blended
}

extension DayTargets {
    /// Where the kcal came from in a few words: "fixed", "formula", or the burn's own label
    /// ("71% from your logs, 24 days").
    public var basisLabel: String {
        switch basis {
        case .fixed: return "fixed"
        case .formula: return "formula"
        case .adaptive, .blended: return expenditure?.label ?? basis.rawValue
        }
    }

    /// Where the target comes from, longest first, for a line that takes the first that fits: the
    /// burn's words (`burnPhrasings`), or for a fixed target before any expenditure what waits on
    /// a weigh-in.
    public var originPhrasings: [String] {
        if let expenditure { return expenditure.burnPhrasings }
        return macros == nil
            ? [
                "Fixed target; macros need a weigh-in", "Fixed; macros need a weight", "Fixed · macros: weigh in",
                "Fixed; no weight yet", "Fixed target",
            ]
            : ["Fixed target; no burn until a weigh-in", "Fixed target"]
    }
}

extension MacroTargets {
    /// The grams of `split` for `kcal` (PRODUCT.md §6 and issue 43). Protein first (by weight or
    /// share), then the macro the split fixes, then the one that takes the rest, so
    /// 4·P + 4·C + 9·F equals `kcal` within rounding unless protein and the fixed macro alone exceed it
    /// (the rest is never negative). Whole grams; energy per gram 4/4/9 (Atwater factors).
    /// `proteinPerKg`: the goal's g/kg, which the presets other than high protein use.
    /// `leanKg`: lean mass when body fat is known, for a custom split by lean mass.
    public static func split(
        kcal: Double, weightKg: Double, leanKg: Double?, proteinPerKg: Double, split: MacroSplit
    ) -> MacroTargets {
        let perKg = proteinPerKg.isFinite && proteinPerKg > 0 ? proteinPerKg : CalorieTarget.defaultProteinPerKg
        switch split {
        case .preset(.balanced):
            return Self.split(kcal: kcal, weightKg: weightKg, proteinPerKg: perKg)
        case .preset(.highProtein):
            let protein = (MacroPreset.highProteinPerKg * weightKg).rounded()
            let fat = max(kcal * MacroPreset.highProteinFatShare / 9, minimumFatPerKg * weightKg).rounded()
            return carbsTakeTheRest(kcal: kcal, proteinG: protein, fatG: fat)
        case .preset(.lowCarb):
            return fatTakesTheRest(
                kcal: kcal, proteinG: (perKg * weightKg).rounded(), carbsG: (kcal * MacroPreset.lowCarbShare / 4).rounded())
        case .preset(.keto):
            // The 25 g are net carbs; fiber's energy is left out of the sum, as fiber is mostly
            // not absorbed (the Atwater 4 kcal/g applies to available carbohydrate).
            var targets = fatTakesTheRest(kcal: kcal, proteinG: (perKg * weightKg).rounded(), carbsG: MacroPreset.ketoNetCarbsG)
            targets.carbsAreNet = true
            return targets
        case .custom(let custom):
            let protein: Double
            switch custom.protein {
            case .perKg(let g): protein = g * weightKg
            case .perKgLean(let g): protein = g * (leanKg ?? weightKg)
            case .share(let s): protein = kcal * s / 4
            }
            if let carbs = custom.carbsG { return fatTakesTheRest(kcal: kcal, proteinG: protein.rounded(), carbsG: carbs.rounded()) }
            let fat: Double
            switch custom.fat {
            case .share(let s)?: fat = kcal * s / 9
            case .grams(let g)?: fat = g
            case nil: fat = kcal * fatShare / 9
            }
            return carbsTakeTheRest(kcal: kcal, proteinG: protein.rounded(), fatG: fat.rounded())
        }
    }

    /// The grams of `split` when the weight may be unknown: nil when the split needs one (protein
    /// by g/kg, a preset's fat floor); a custom split by shares of the kcal needs none.
    public static func split(
        kcal: Double, knownWeightKg weightKg: Double?, leanKg: Double?, proteinPerKg: Double, split: MacroSplit
    ) -> MacroTargets? {
        if let weightKg { return Self.split(kcal: kcal, weightKg: weightKg, leanKg: leanKg, proteinPerKg: proteinPerKg, split: split) }
        guard !split.needsWeight else { return nil }
        // The weight is read by no branch a split that needs none takes.
        return Self.split(kcal: kcal, weightKg: 0, leanKg: leanKg, proteinPerKg: proteinPerKg, split: split)
    }

    static func carbsTakeTheRest(kcal: Double, proteinG: Double, fatG: Double) -> MacroTargets {
        MacroTargets(kcal: kcal, proteinG: proteinG, carbsG: max(0, ((kcal - 4 * proteinG - 9 * fatG) / 4).rounded()), fatG: fatG)
    }

    static func fatTakesTheRest(kcal: Double, proteinG: Double, carbsG: Double) -> MacroTargets {
        MacroTargets(kcal: kcal, proteinG: proteinG, carbsG: carbsG, fatG: max(0, ((kcal - 4 * proteinG - 4 * carbsG) / 9).rounded()))
    }

    /// Lean mass from a Katch-McArdle snapshot (BMR = 370 + 21.6·LBM, so LBM = (BMR − 370) / 21.6):
    /// the body fat of the weigh-in it was written with. nil for a Mifflin-St Jeor snapshot.
    public static func leanMassKg(from snapshot: MetabolismSnapshot?) -> Double? {
        guard let snapshot, snapshot.formula == .katchMcArdle else { return nil }
        let lean = (snapshot.bmr - 370) / 21.6
        return lean.isFinite && lean > 0 ? lean : nil
    }
}
