import Foundation

/// The targets a person sets (PRODUCT.md §6, wave 4; issue 43): where the calorie target comes from
/// and how it splits into macros. Kept with the goal, so a choice holds from the day it is made
/// until it is changed, and past days keep the targets they had.
public struct TargetChoice: Equatable, Sendable {
    public var calories: CalorieSource
    public var split: MacroSplit
    /// Carbs are counted net (carbs − fiber) against the carbs target, whatever the split; keto
    /// always counts them net. The grams are the same: the split's Atwater 4 kcal/g is for
    /// available carbohydrate, which fiber mostly is not (as for keto).
    public var netCarbs: Bool
    /// Whether Katch-McArdle may use the Navy estimate on days with no logged body fat (issue 47).
    public var bodyFat: BodyFatSource

    public init(
        calories: CalorieSource = .adaptive, split: MacroSplit = .preset(.balanced), netCarbs: Bool = false,
        bodyFat: BodyFatSource = .logged
    ) {
        self.calories = calories
        self.split = split
        self.netCarbs = netCarbs
        self.bodyFat = bodyFat
    }

    /// True when the carbs target counts net carbs: chosen, or keto.
    public var countsNetCarbs: Bool { netCarbs || split == .preset(.keto) }

    /// What a goal set without a choice uses: today's rule (adaptive expenditure, balanced split).
    public static let standard = TargetChoice()
}

/// Where the calorie target comes from.
public enum CalorieSource: Equatable, Sendable {
    /// The expenditure as it is known today (formula, blended into the adaptive estimate) − the rate.
    case adaptive
    /// The formula TDEE alone (Mifflin-St Jeor or Katch-McArdle × activity) − the rate.
    case formula
    /// A number the person was given (a dietitian's 1,800 kcal), kept until changed.
    case fixed(kcal: Double)

    public var key: String {
        switch self {
        case .adaptive: return "adaptive"
        case .formula: return "formula"
        case .fixed: return "fixed"
        }
    }

    /// A fixed target's allowed range: below 800 kcal is a very-low-calorie diet, which needs a
    /// clinic, not an app (NICE CG189, 2014: VLCDs ≤ 800 kcal/day only with clinical supervision).
    public static let fixedRange: ClosedRange<Double> = 800...6000
}

/// The named splits. Each keeps protein per kg of trend weight (the goal's g/kg unless it says
/// otherwise) and lets one macro take the rest, so 4·P + 4·C + 9·F equals the calorie target.
public enum MacroPreset: String, CaseIterable, Sendable {
    /// Today's rule (PRODUCT.md §6): protein at the goal's g/kg, fat 30 % (≥ 0.6 g/kg), carbs the rest.
    case balanced
    /// Protein 2.2 g/kg, the top of the range where lean-mass gains plateau (Morton RW, et al. Br J
    /// Sports Med 2018;52:376–384: 1.6 g/kg, 95 % CI up to 2.2), fat 25 % (≥ 0.6 g/kg), carbs the rest.
    case highProtein = "high_protein"
    /// Carbs 20 % of kcal, inside the low-carbohydrate band (< 26 % of energy or < 130 g/day:
    /// Feinman RD, et al. Nutrition 2015;31(1):1–13); protein at the goal's g/kg, fat the rest.
    case lowCarb = "low_carb"
    /// Net carbs 25 g (ketogenic: 20–50 g/day, Feinman 2015), protein at the goal's g/kg, fat the rest.
    case keto

    public var label: String {
        switch self {
        case .balanced: return "Balanced"
        case .highProtein: return "High protein"
        case .lowCarb: return "Low carb"
        case .keto: return "Keto"
        }
    }

    /// As typed on the command line: "high-protein" or "high_protein".
    public static func named(_ text: String) -> MacroPreset? {
        MacroPreset(rawValue: text.lowercased().replacingOccurrences(of: "-", with: "_"))
    }

    static let highProteinPerKg = 2.2
    static let highProteinFatShare = 0.25
    static let lowCarbShare = 0.20
    public static let ketoNetCarbsG = 25.0
}

/// A split: a preset, or the person's own.
public enum MacroSplit: Equatable, Sendable {
    case preset(MacroPreset)
    case custom(CustomSplit)

    /// "balanced", "high_protein", "low_carb", "keto" or "custom" (stored, and in JSON).
    public var key: String {
        switch self {
        case .preset(let p): return p.rawValue
        case .custom: return "custom"
        }
    }

    /// Whether the grams need a body weight: every preset (protein by g/kg, or the fat floor) and
    /// a custom split with protein by g/kg; a custom split by shares of the kcal does not.
    public var needsWeight: Bool {
        switch self {
        case .preset: return true
        case .custom(let custom):
            if case .share = custom.protein { return false }
            return true
        }
    }
}

/// The person's own split: protein by weight or share, fat by share or grams, carbs the rest or fixed
/// grams (fat then takes the rest), so the grams always add up to the target.
public struct CustomSplit: Equatable, Sendable {
    public enum Protein: Equatable, Sendable {
        /// g per kg of trend weight.
        case perKg(Double)
        /// g per kg of lean mass when body fat is known (else of trend weight).
        case perKgLean(Double)
        /// Share of kcal, 0…1.
        case share(Double)
    }
    public enum Fat: Equatable, Sendable {
        case share(Double)
        case grams(Double)
    }

    public var protein: Protein
    /// The fat rule; nil when carbs are fixed and fat takes the rest.
    public var fat: Fat?
    /// Fixed carbs in grams; nil: carbs take the rest.
    public var carbsG: Double?

    public init(protein: Protein, fat: Fat?, carbsG: Double? = nil) {
        self.protein = protein
        self.fat = fat
        self.carbsG = carbsG
    }

    /// Allowed values, shown in refusals.
    public static let proteinPerKgRange: ClosedRange<Double> = 0.8...3.0
    public static let proteinShareRange: ClosedRange<Double> = 0.10...0.40
    public static let fatShareRange: ClosedRange<Double> = 0.15...0.80
    public static let fatGramsRange: ClosedRange<Double> = 20...400
    public static let carbsGramsRange: ClosedRange<Double> = 0...800
}

extension TargetChoice {
    /// The choice as flat fields, as the database row and the export keep it (snake_case keys).
    public struct Fields: Equatable, Sendable {
        public var calorieSource: String
        public var fixedKcal: Double?
        public var macroSplit: String
        /// "per_kg", "per_kg_lean" or "share" (custom splits only), with its value.
        public var proteinRule: String?
        public var proteinValue: Double?
        public var fatShare: Double?
        public var fatGrams: Double?
        public var carbsGrams: Double?
        /// Carbs counted net with any split (`TargetChoice.netCarbs`).
        public var netCarbs: Bool
        /// "logged" or "estimated" (`TargetChoice.bodyFat`).
        public var bodyFatSource: String

        public init(
            calorieSource: String?, fixedKcal: Double?, macroSplit: String?, proteinRule: String?, proteinValue: Double?,
            fatShare: Double?, fatGrams: Double?, carbsGrams: Double?, netCarbs: Bool? = nil, bodyFatSource: String? = nil
        ) {
            self.netCarbs = netCarbs ?? false
            self.bodyFatSource = bodyFatSource ?? BodyFatSource.logged.rawValue
            self.calorieSource = calorieSource ?? "adaptive"
            self.fixedKcal = fixedKcal
            self.macroSplit = macroSplit ?? "balanced"
            self.proteinRule = proteinRule
            self.proteinValue = proteinValue
            self.fatShare = fatShare
            self.fatGrams = fatGrams
            self.carbsGrams = carbsGrams
        }
    }

    public var fields: Fields {
        var fixed: Double?
        if case .fixed(let kcal) = calories { fixed = kcal }
        var rule: String?, protein: Double?, fatShare: Double?, fatGrams: Double?, carbs: Double?
        if case .custom(let custom) = split {
            switch custom.protein {
            case .perKg(let g): (rule, protein) = ("per_kg", g)
            case .perKgLean(let g): (rule, protein) = ("per_kg_lean", g)
            case .share(let s): (rule, protein) = ("share", s)
            }
            switch custom.fat {
            case .share(let s)?: fatShare = s
            case .grams(let g)?: fatGrams = g
            case nil: break
            }
            carbs = custom.carbsG
        }
        return Fields(
            calorieSource: calories.key, fixedKcal: fixed, macroSplit: split.key, proteinRule: rule, proteinValue: protein,
            fatShare: fatShare, fatGrams: fatGrams, carbsGrams: carbs, netCarbs: netCarbs,
            bodyFatSource: bodyFat.rawValue)
    }

    /// The choice the fields make. Fields that do not make a whole choice (a fixed source without
    /// its number, a custom split without its protein, as a damaged or hand-edited file might
    /// hold) read as today's rule for that part, never as an error that hides every target.
    public init(_ f: Fields) {
        switch f.calorieSource {
        case "formula": calories = .formula
        case "fixed": calories = f.fixedKcal.map { .fixed(kcal: $0) } ?? .adaptive
        default: calories = .adaptive
        }
        if f.macroSplit == "custom", let custom = Self.custom(f) {
            split = .custom(custom)
        } else {
            split = .preset(MacroPreset(rawValue: f.macroSplit) ?? .balanced)
        }
        netCarbs = f.netCarbs
        bodyFat = BodyFatSource(rawValue: f.bodyFatSource) ?? .logged
    }

    private static func custom(_ f: Fields) -> CustomSplit? {
        guard let value = f.proteinValue else { return nil }
        let protein: CustomSplit.Protein
        switch f.proteinRule {
        case "per_kg": protein = .perKg(value)
        case "per_kg_lean": protein = .perKgLean(value)
        case "share": protein = .share(value)
        default: return nil
        }
        let fat: CustomSplit.Fat? = f.fatShare.map { .share($0) } ?? f.fatGrams.map { .grams($0) }
        return CustomSplit(protein: protein, fat: fat, carbsG: f.carbsGrams)
    }
}

extension TargetChoice {
    /// The calorie source in words, as the Goal card words the burn (issue 26: never "adaptive"):
    /// "your burn − the goal's rate", "formula burn − the goal's rate", "fixed 1800 kcal".
    public var caloriesText: String {
        switch calories {
        case .adaptive: return "your burn (logs and formula) − the goal's rate"
        case .formula: return "formula burn (TDEE) − the goal's rate"
        case .fixed(let kcal): return "fixed \(WholeNumber.text(kcal)) kcal"
        }
    }

    /// The split in words, for `bodii targets` and Settings: "Keto: net carbs 25 g, protein 1.8 g/kg, fat the rest".
    public func splitText(proteinPerKg: Double) -> String {
        let text = presetText(proteinPerKg: proteinPerKg)
        return netCarbs && split != .preset(.keto) ? text + " (counted net: carbs − fiber)" : text
    }

    private func presetText(proteinPerKg: Double) -> String {
        let perKg = DecimalText.format(proteinPerKg, decimals: 2) + " g/kg"
        switch split {
        case .preset(.balanced): return "Balanced: protein \(perKg), fat 30 %, carbs the rest"
        case .preset(.highProtein):
            return "High protein: protein \(DecimalText.format(MacroPreset.highProteinPerKg)) g/kg, fat 25 %, carbs the rest"
        case .preset(.lowCarb): return "Low carb: carbs 20 % of kcal, protein \(perKg), fat the rest"
        case .preset(.keto): return "Keto: net carbs \(WholeNumber.text(MacroPreset.ketoNetCarbsG)) g, protein \(perKg), fat the rest"
        case .custom(let c):
            let protein: String
            switch c.protein {
            case .perKg(let g): protein = DecimalText.format(g, decimals: 2) + " g/kg"
            case .perKgLean(let g): protein = DecimalText.format(g, decimals: 2) + " g/kg of lean mass"
            case .share(let s): protein = WholeNumber.text(s * 100) + " % of kcal"
            }
            let fat: String
            switch c.fat {
            case .share(let s)?: fat = "fat " + WholeNumber.text(s * 100) + " %"
            case .grams(let g)?: fat = "fat " + WholeNumber.text(g) + " g"
            case nil: fat = c.carbsG == nil ? "fat 30 %" : "fat the rest"
            }
            let carbs = c.carbsG.map { "carbs " + WholeNumber.text($0) + " g" } ?? "carbs the rest"
            return "Custom: protein \(protein), \(fat), \(carbs)"
        }
    }
}
