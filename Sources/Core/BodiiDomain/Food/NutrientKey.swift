/// The nutrients Bodii tracks beyond energy and the three macros (PRODUCT.md §11). The raw value is
/// the JSON key and the column name: snake_case with the unit last.
public enum NutrientKey: String, CaseIterable, Sendable, Codable, Comparable {
    case waterG = "water_g"
    case fiberG = "fiber_g"
    case sugarsG = "sugars_g"
    case starchG = "starch_g"
    case saturatedFatG = "saturated_fat_g"
    case monounsaturatedFatG = "monounsaturated_fat_g"
    case polyunsaturatedFatG = "polyunsaturated_fat_g"
    case omega3G = "omega_3_g"
    case omega6G = "omega_6_g"
    case cholesterolMg = "cholesterol_mg"
    case sodiumMg = "sodium_mg"
    case potassiumMg = "potassium_mg"
    case calciumMg = "calcium_mg"
    case ironMg = "iron_mg"
    case magnesiumMg = "magnesium_mg"
    case phosphorusMg = "phosphorus_mg"
    case zincMg = "zinc_mg"
    case copperMg = "copper_mg"
    case manganeseMg = "manganese_mg"
    case seleniumUg = "selenium_ug"
    case vitaminAUg = "vitamin_a_ug"
    case vitaminCMg = "vitamin_c_mg"
    case vitaminDUg = "vitamin_d_ug"
    case vitaminEMg = "vitamin_e_mg"
    case vitaminKUg = "vitamin_k_ug"
    case thiaminMg = "thiamin_mg"
    case riboflavinMg = "riboflavin_mg"
    case niacinMg = "niacin_mg"
    case pantothenicAcidMg = "pantothenic_acid_mg"
    case vitaminB6Mg = "vitamin_b6_mg"
    case vitaminB12Ug = "vitamin_b12_ug"
    case folateUg = "folate_ug"
    case cholineMg = "choline_mg"
    case caffeineMg = "caffeine_mg"
    case alcoholG = "alcohol_g"

    public enum Unit: String, Sendable {
        case grams = "g"
        case milligrams = "mg"
        case micrograms = "µg"

        /// The ASCII spelling, for `LANG=C` screens and keys.
        public var ascii: String { self == .micrograms ? "ug" : rawValue }
    }

    /// How many of the key's unit make a gram (1, 1,000, 1,000,000): no food holds more of a
    /// nutrient than it weighs, the physical limit imports check values against.
    public var unitsPerGram: Double {
        switch unit {
        case .grams: 1
        case .milligrams: 1_000
        case .micrograms: 1_000_000
        }
    }

    public enum Group: String, Sendable, CaseIterable {
        case carbohydrates, fats, minerals, vitamins, other
    }

    public var unit: Unit {
        switch rawValue.split(separator: "_").last {
        case "mg": .milligrams
        case "ug": .micrograms
        default: .grams
        }
    }

    /// The unit a screen shows the amount in: water in ml, as it is drunk and logged (`w`,
    /// `bodii log water 500ml`); 1 g of water is 1 ml, so the figure is the same. Keys and JSON keep `unit`.
    public var shownUnit: String { self == .waterG ? "ml" : unit.rawValue }

    /// The name on screen ("Vitamin C", "Omega-3").
    public var label: String {
        switch self {
        case .waterG: "Water"
        case .fiberG: "Fiber"
        case .sugarsG: "Sugars"
        case .starchG: "Starch"
        case .saturatedFatG: "Saturated fat"
        case .monounsaturatedFatG: "Monounsaturated fat"
        case .polyunsaturatedFatG: "Polyunsaturated fat"
        case .omega3G: "Omega-3"
        case .omega6G: "Omega-6"
        case .cholesterolMg: "Cholesterol"
        case .sodiumMg: "Sodium"
        case .potassiumMg: "Potassium"
        case .calciumMg: "Calcium"
        case .ironMg: "Iron"
        case .magnesiumMg: "Magnesium"
        case .phosphorusMg: "Phosphorus"
        case .zincMg: "Zinc"
        case .copperMg: "Copper"
        case .manganeseMg: "Manganese"
        case .seleniumUg: "Selenium"
        case .vitaminAUg: "Vitamin A"
        case .vitaminCMg: "Vitamin C"
        case .vitaminDUg: "Vitamin D"
        case .vitaminEMg: "Vitamin E"
        case .vitaminKUg: "Vitamin K"
        case .thiaminMg: "B1 Thiamin"
        case .riboflavinMg: "B2 Riboflavin"
        case .niacinMg: "B3 Niacin"
        case .pantothenicAcidMg: "B5 Pantothenic acid"
        case .vitaminB6Mg: "B6"
        case .vitaminB12Ug: "B12"
        case .folateUg: "Total folate"
        case .cholineMg: "Choline"
        case .caffeineMg: "Caffeine"
        case .alcoholG: "Alcohol"
        }
    }

    public var group: Group {
        switch self {
        case .fiberG, .sugarsG, .starchG: .carbohydrates
        case .saturatedFatG, .monounsaturatedFatG, .polyunsaturatedFatG, .omega3G, .omega6G, .cholesterolMg: .fats
        case .sodiumMg, .potassiumMg, .calciumMg, .ironMg, .magnesiumMg, .phosphorusMg, .zincMg, .copperMg,
            .manganeseMg, .seleniumUg:
            .minerals
        case .vitaminAUg, .vitaminCMg, .vitaminDUg, .vitaminEMg, .vitaminKUg, .thiaminMg, .riboflavinMg, .niacinMg,
            .pantothenicAcidMg, .vitaminB6Mg, .vitaminB12Ug, .folateUg, .cholineMg:
            .vitamins
        case .waterG, .caffeineMg, .alcoholG: .other
        }
    }

    public static func < (lhs: NutrientKey, rhs: NutrientKey) -> Bool {
        let order = allCases
        return (order.firstIndex(of: lhs) ?? 0) < (order.firstIndex(of: rhs) ?? 0)
    }
}

extension NutrientKey {
    /// What a reader must know to read the figure against its target, in one line; nil for most.
    /// Folate: SR24 gives total folate (µg) for every food but dietary folate equivalents only
    /// for some, so Bodii sums total folate; the RDA is in µg DFE, where the folic acid of enriched
    /// grains counts 1.7 times (IOM 1998), so a day rich in enriched grains reads low.
    public var caveat: String? {
        switch self {
        case .folateUg: "Folate is total, not µg DFE: enriched grains' folic acid counts 1.7× (low)."
        // The AI is for total water (IOM 2005), drinks included: logged drinks count, food water too.
        case .waterG: "Water is food water + drinks logged (w, log water) vs the total-water AI."
        default: nil
        }
    }
}
