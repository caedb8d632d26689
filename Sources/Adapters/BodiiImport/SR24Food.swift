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

    /// The value of one kept nutrient in Bodii's unit (vitamin D converted from IU to µg, vitamin A
    /// computed as RAE), nil when unknown.
    public func value(of nutrient: SR24Nutrient) -> Double? {
        guard let name = nutrient.sourceName else { return vitaminARAE }
        return nutrients[name].map { $0 / nutrient.divisor }
    }

    /// Vitamin A in µg retinol activity equivalents (USDA nutrient 320), which the jar does not
    /// carry: its "Vitamin A" is IU (318). Computed the way USDA computes 320 from retinol (319),
    /// β-carotene (321), α-carotene (322), β-cryptoxanthin (334) and the IU (`VitaminA.rae`; banana: 3.2,
    /// SR24 lists 3).
    public var vitaminARAE: Double? {
        VitaminA.rae(
            VitaminA.Parts(
                retinol: nutrients["Retinol"], betaCarotene: nutrients["Beta-carotene"], alphaCarotene: nutrients["Alpha-carotene"],
                cryptoxanthin: nutrients["Beta-cryptoxanthin"], iu: nutrients["Vitamin A"]))
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

/// The nutrients Bodii keeps from SR24, per 100 g, with their column in Bodii's `food` table:
/// energy, the three macros and every `NutrientKey`.
///
/// Units: the per-food XML files carry no units; Cronometer's `nutrients.xml` (inside
/// `cronometer.jar` of the same package) defines them once for every food, with the USDA nutrient
/// number each name stands for (`usdaNumber`). They are Bodii's units except two: vitamin D is in
/// **IU** (324): 1 µg = 40 IU, so the value is divided by 40 (milk, 51 IU → 1.275 µg; cod liver
/// oil, 10,000 IU → 250 µg, matching USDA's own µg figures); vitamin A is in IU (318), so Bodii
/// computes RAE (320) from its parts (`SR24Food.vitaminARAE`).
///
/// Two figures are not single USDA nutrients. Omega-3 and omega-6 are sums Cronometer made when it
/// packaged SR24, of the fatty acids its `nutrients.xml` lists: omega-3 = 621 (22:6 n-3, DHA) + 629
/// (20:5 n-3, EPA) + 631 (22:5 n-3, DPA) + 851 (18:3 n-3 c,c,c, ALA) + 852 (20:3 n-3); omega-6 =
/// 672 (20:2 n-6 c,c) + 675 (18:2 n-6 c,c, linoleic) + 685 (18:3 n-6 c,c,c, GLA) + 853 (20:3 n-6) +
/// 855 (20:4 n-6, arachidonic). Folate is total folate (417), the only folate the jar has: it equals
/// folate DFE (435) except in foods fortified with folic acid, whose DFE counts it 1.7 times.
public enum SR24Nutrient: String, CaseIterable, Sendable {
    case kcal, proteinG, carbsG, fatG
    case waterG, fiberG, sugarsG, starchG, saturatedFatG, monounsaturatedFatG, polyunsaturatedFatG, omega3G, omega6G,
        cholesterolMg, sodiumMg, potassiumMg, calciumMg, ironMg, magnesiumMg, phosphorusMg, zincMg, copperMg,
        manganeseMg, seleniumUg, vitaminAUg, vitaminCMg, vitaminDUg, vitaminEMg, vitaminKUg, thiaminMg,
        riboflavinMg, niacinMg, pantothenicAcidMg, vitaminB6Mg, vitaminB12Ug, folateUg, cholineMg, caffeineMg, alcoholG

    /// The Bodii nutrient, nil for energy and the macros.
    public var key: NutrientKey? {
        switch self {
        case .kcal, .proteinG, .carbsG, .fatG: nil
        default: NutrientKey.allCases.first { "\($0)" == rawValue }
        }
    }

    /// The name in the XML files and the USDA nutrient number it stands for (nutrients.xml); nil
    /// name for vitamin A, which is computed.
    public var source: (name: String?, usdaNumber: String) {
        switch self {
        case .kcal: ("Energy", "208")
        case .proteinG: ("Protein", "203")
        case .carbsG: ("Carbs", "205")
        case .fatG: ("Fat", "204")
        case .waterG: ("Water", "255")
        case .fiberG: ("Fiber", "291")
        case .sugarsG: ("Sugars", "269")
        case .starchG: ("Starch", "209")
        case .saturatedFatG: ("Saturated", "606")
        case .monounsaturatedFatG: ("Monounsaturated", "645")
        case .polyunsaturatedFatG: ("Polyunsaturated", "646")
        case .omega3G: ("Omega-3", "621+629+631+851+852")
        case .omega6G: ("Omega-6", "672+675+685+853+855")
        case .cholesterolMg: ("Cholesterol", "601")
        case .sodiumMg: ("Sodium", "307")
        case .potassiumMg: ("Potassium", "306")
        case .calciumMg: ("Calcium", "301")
        case .ironMg: ("Iron", "303")
        case .magnesiumMg: ("Magnesium", "304")
        case .phosphorusMg: ("Phosphorus", "305")
        case .zincMg: ("Zinc", "309")
        case .copperMg: ("Copper", "312")
        case .manganeseMg: ("Manganese", "315")
        case .seleniumUg: ("Selenium", "317")
        case .vitaminAUg: (nil, "320")
        case .vitaminCMg: ("Vitamin C", "401")
        case .vitaminDUg: ("Vitamin D", "324")
        case .vitaminEMg: ("Vitamin E", "323")
        case .vitaminKUg: ("Vitamin K", "430")
        case .thiaminMg: ("B1 (Thiamine)", "404")
        case .riboflavinMg: ("B2 (Riboflavin)", "405")
        case .niacinMg: ("B3 (Niacin)", "406")
        case .pantothenicAcidMg: ("B5 (Pantothenic Acid)", "410")
        case .vitaminB6Mg: ("B6 (Pyridoxine)", "415")
        case .vitaminB12Ug: ("B12 (Cyanocobalamin)", "418")
        case .folateUg: ("Folate", "417")
        case .cholineMg: ("Choline", "421")
        case .caffeineMg: ("Caffeine", "262")
        case .alcoholG: ("Alcohol", "221")
        }
    }

    /// The name in the XML files; nil for vitamin A (computed).
    public var sourceName: String? { source.name }

    /// Divides the file's value into Bodii's unit (40 IU of vitamin D per µg).
    public var divisor: Double { self == .vitaminDUg ? 40 : 1 }

    /// The column of Bodii's `food` table (snake_case, with its unit).
    public var column: String {
        switch self {
        case .kcal: "kcal"
        case .proteinG: "protein_g"
        case .carbsG: "carbs_g"
        case .fatG: "fat_g"
        default: key?.rawValue ?? rawValue
        }
    }
}
