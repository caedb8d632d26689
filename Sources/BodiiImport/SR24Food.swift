import BodiiDomain
import Foundation

/// One food of the USDA National Nutrient Database for Standard Reference, release 24, as the
/// Cronometer project packages it (Debian package `cronometer`, `usda_sr24.jar`): one XML file per
/// food, `<food uid="09040" name="Bananas, raw">` with `<measure amount="1.0" name="cup, sliced"
/// grams="150.0"/>` household measures and `<nutrient amount="89.0" name="Energy"/>` values per
/// 100 g. A nutrient the file does not list is unknown: it is absent from `nutrients`, never 0.
public struct SR24Food: Equatable, Sendable {
    /// The USDA NDB number, five digits ("09040").
    public var uid: String
    public var name: String
    /// The household measures, in the file's order.
    public var measures: [SR24Measure]
    /// Amount per 100 g by the file's nutrient name ("Energy", "Protein", "Vitamin D", …), in the
    /// units of Cronometer's `nutrients.xml` (see `SR24Nutrient`).
    public var nutrients: [String: Double]

    public init(uid: String, name: String, measures: [SR24Measure], nutrients: [String: Double]) {
        self.uid = uid
        self.name = name
        self.measures = measures
        self.nutrients = nutrients
    }

    /// "usda:09040".
    public var id: FoodID { FoodID("usda:" + uid) }

    /// The measures as Bodii servings: "1 medium (7\" to 7-7/8\" long)", "0.5 cup".
    public var servings: [FoodServing] { measures.map(\.serving) }

    /// The value of one kept nutrient in Bodii's unit (vitamin D converted from IU to µg), nil when unknown.
    public func value(of nutrient: SR24Nutrient) -> Double? {
        nutrients[nutrient.sourceName].map { $0 / nutrient.divisor }
    }
}

public struct SR24Measure: Equatable, Sendable {
    /// The amount exactly as the file writes it ("1.0", "0.333").
    public var amount: String
    /// "medium (7\" to 7-7/8\" long)", "cup, sliced".
    public var name: String
    public var grams: Double

    public init(amount: String, name: String, grams: Double) {
        self.amount = amount
        self.name = name
        self.grams = grams
    }

    /// Amount and name: "1 cup, sliced", "0.5 cup". The file writes whole amounts as "1.0"; the
    /// trailing ".0" is dropped, anything else is kept as written.
    public var label: String {
        let shown = amount.hasSuffix(".0") ? String(amount.dropLast(2)) : amount
        return shown + " " + name
    }

    public var serving: FoodServing { FoodServing(label: label, grams: grams) }
}

/// The nutrients Bodii keeps from SR24, per 100 g, with their column in Bodii's `food` table.
///
/// Units: the per-food XML files carry no units; Cronometer's `nutrients.xml` (inside
/// `cronometer.jar` of the same package) defines them once for every food: Energy kcal; Protein,
/// Carbs, Fat, Fiber, Sugars, Saturated g; Sodium, Cholesterol, Potassium, Calcium, Iron, Vitamin C mg;
/// and Vitamin D in **IU** (USDA nutrient 324, "Vitamin D (IU)"), in every food. Bodii stores
/// vitamin D in µg: 1 µg = 40 IU, so the value is divided by 40 (milk, 51 IU → 1.275 µg; cod liver
/// oil, 10,000 IU → 250 µg, matching USDA's own µg figures).
public enum SR24Nutrient: String, CaseIterable, Sendable {
    case kcal, proteinG, carbsG, fatG, fiberG, sugarsG, saturatedFatG, sodiumMg, cholesterolMg,
        potassiumMg, calciumMg, ironMg, vitaminCMg, vitaminDUg

    /// The name in the XML files.
    public var sourceName: String {
        switch self {
        case .kcal: return "Energy"
        case .proteinG: return "Protein"
        case .carbsG: return "Carbs"
        case .fatG: return "Fat"
        case .fiberG: return "Fiber"
        case .sugarsG: return "Sugars"
        case .saturatedFatG: return "Saturated"
        case .sodiumMg: return "Sodium"
        case .cholesterolMg: return "Cholesterol"
        case .potassiumMg: return "Potassium"
        case .calciumMg: return "Calcium"
        case .ironMg: return "Iron"
        case .vitaminCMg: return "Vitamin C"
        case .vitaminDUg: return "Vitamin D"
        }
    }

    /// Divides the file's value into Bodii's unit (40 IU of vitamin D per µg).
    public var divisor: Double { self == .vitaminDUg ? 40 : 1 }

    /// The column of Bodii's `food` table (snake_case, with its unit).
    public var column: String {
        switch self {
        case .kcal: return "kcal"
        case .proteinG: return "protein_g"
        case .carbsG: return "carbs_g"
        case .fatG: return "fat_g"
        case .fiberG: return "fiber_g"
        case .sugarsG: return "sugars_g"
        case .saturatedFatG: return "saturated_fat_g"
        case .sodiumMg: return "sodium_mg"
        case .cholesterolMg: return "cholesterol_mg"
        case .potassiumMg: return "potassium_mg"
        case .calciumMg: return "calcium_mg"
        case .ironMg: return "iron_mg"
        case .vitaminCMg: return "vitamin_c_mg"
        case .vitaminDUg: return "vitamin_d_ug"
        }
    }
}
