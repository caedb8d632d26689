import Foundation

// The entities of PRODUCT.md §5. Everything is stored metric (kg, cm, kcal, grams); the user's
// unit system only changes how values are shown and typed.

public enum Sex: String, Codable, CaseIterable, Sendable {
    case male, female
    public var label: String { rawValue.capitalized }
}

/// Activity factors for TDEE (PRODUCT.md §6).
public enum ActivityLevel: String, Codable, CaseIterable, Sendable {
    case sedentary, light, moderate, active
    case veryActive = "very_active"

    public var factor: Double {
        switch self {
        case .sedentary: return 1.2
        case .light: return 1.375
        case .moderate: return 1.55
        case .active: return 1.725
        case .veryActive: return 1.9
        }
    }

    public var label: String {
        switch self {
        case .sedentary: return "Sedentary (little or no exercise)"
        case .light: return "Light (1–3 days a week)"
        case .moderate: return "Moderate (3–5 days a week)"
        case .active: return "Active (6–7 days a week)"
        case .veryActive: return "Very active (physical job or twice a day)"
        }
    }

    public var shortLabel: String {
        switch self {
        case .sedentary: return "Sedentary"
        case .light: return "Light"
        case .moderate: return "Moderate"
        case .active: return "Active"
        case .veryActive: return "Very active"
        }
    }
}

public enum UnitSystem: String, Codable, CaseIterable, Sendable {
    case metric, imperial
    public var label: String { rawValue.capitalized }
}

public struct Profile: Equatable, Sendable {
    public var name: String
    public var sex: Sex
    public var birthDate: LocalDate
    public var heightCm: Double
    public var activityLevel: ActivityLevel
    public var unitSystem: UnitSystem
    public var themeName: String
    /// The check-in sentence, e.g. "Today I feel [mood] because [note]".
    public var checkInTemplate: String

    public static let defaultTheme = "default-dark"
    public static let defaultCheckInTemplate = "Today I feel [mood] because [note]"

    public init(
        name: String, sex: Sex, birthDate: LocalDate, heightCm: Double, activityLevel: ActivityLevel,
        unitSystem: UnitSystem = .metric, themeName: String = Profile.defaultTheme,
        checkInTemplate: String = Profile.defaultCheckInTemplate
    ) {
        self.name = name
        self.sex = sex
        self.birthDate = birthDate
        self.heightCm = heightCm
        self.activityLevel = activityLevel
        self.unitSystem = unitSystem
        self.themeName = themeName
        self.checkInTemplate = checkInTemplate
    }

    public func age(on date: LocalDate) -> Int { birthDate.years(until: date) }
}

public struct BodyRecord: Equatable, Sendable, Identifiable {
    /// Where the record came from (PRODUCT.md §5): re-imports and merges rely on it.
    public var provenance: Provenance
    public var id: Int64?
    public var date: LocalDate
    /// Nil for a reading without a weigh-in (an imported scale's body fat alone, issue 23 #23):
    /// such a record holds body fat and/or muscle mass. Typed input always has a weight.
    public var weightKg: Double?
    public var bodyFatPercent: Double?
    public var muscleMassKg: Double?
    public var recordedAt: Date

    public init(
        id: Int64? = nil, date: LocalDate, weightKg: Double?, bodyFatPercent: Double? = nil,
        muscleMassKg: Double? = nil, recordedAt: Date = Date(), provenance: Provenance = .bodii
    ) {
        self.id = id
        self.date = date
        self.weightKg = weightKg
        self.bodyFatPercent = bodyFatPercent
        self.muscleMassKg = muscleMassKg
        self.recordedAt = recordedAt
        self.provenance = provenance
    }

    /// Body-fat mass, derived so it can never disagree with weight and percentage.
    public var bodyFatMassKg: Double? {
        guard let weightKg, let bodyFatPercent else { return nil }
        return weightKg * bodyFatPercent / 100
    }
}

public enum BMRFormula: String, Codable, CaseIterable, Sendable {
    case mifflinStJeor = "mifflin_st_jeor"
    case katchMcArdle = "katch_mcardle"

    public var label: String {
        switch self {
        case .mifflinStJeor: return "Mifflin-St Jeor"
        case .katchMcArdle: return "Katch-McArdle"
        }
    }
}

/// BMR and TDEE as computed when a body record was written (kept so history never shifts).
public struct MetabolismSnapshot: Equatable, Sendable {
    public var id: Int64?
    public var bodyRecordId: Int64?
    public var date: LocalDate
    public var bmr: Double
    public var tdee: Double
    public var formula: BMRFormula
    public var activityLevel: ActivityLevel

    public init(
        id: Int64? = nil, bodyRecordId: Int64? = nil, date: LocalDate, bmr: Double, tdee: Double,
        formula: BMRFormula, activityLevel: ActivityLevel
    ) {
        self.id = id
        self.bodyRecordId = bodyRecordId
        self.date = date
        self.bmr = bmr
        self.tdee = tdee
        self.formula = formula
        self.activityLevel = activityLevel
    }
}

/// Nutrients per 100 g. Optional where the source does not know the value (never a made-up 0).
public struct Nutrients: Equatable, Sendable {
    public var kcal: Double
    public var proteinG: Double
    public var carbsG: Double
    public var fatG: Double
    /// Every other nutrient (PRODUCT.md §11) the source knows, in the key's unit; absent = unknown.
    public var values: [NutrientKey: Double]

    public init(
        kcal: Double, proteinG: Double, carbsG: Double, fatG: Double, fiberG: Double? = nil,
        sugarsG: Double? = nil, saturatedFatG: Double? = nil, sodiumMg: Double? = nil,
        cholesterolMg: Double? = nil, potassiumMg: Double? = nil, calciumMg: Double? = nil,
        ironMg: Double? = nil, vitaminCMg: Double? = nil, vitaminDUg: Double? = nil,
        values: [NutrientKey: Double] = [:]
    ) {
        self.kcal = kcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatG = fatG
        self.values = values
        let named: [(NutrientKey, Double?)] = [
            (.fiberG, fiberG), (.sugarsG, sugarsG), (.saturatedFatG, saturatedFatG), (.sodiumMg, sodiumMg),
            (.cholesterolMg, cholesterolMg), (.potassiumMg, potassiumMg), (.calciumMg, calciumMg), (.ironMg, ironMg),
            (.vitaminCMg, vitaminCMg), (.vitaminDUg, vitaminDUg),
        ]
        for case (let key, let value?) in named { self.values[key] = value }
    }

    /// The value of one nutrient, nil when unknown.
    public subscript(key: NutrientKey) -> Double? {
        get { values[key] }
        set { values[key] = newValue }
    }

    public var fiberG: Double? {
        get { values[.fiberG] }
        set { values[.fiberG] = newValue }
    }
    public var sugarsG: Double? {
        get { values[.sugarsG] }
        set { values[.sugarsG] = newValue }
    }
    public var saturatedFatG: Double? {
        get { values[.saturatedFatG] }
        set { values[.saturatedFatG] = newValue }
    }
    public var sodiumMg: Double? {
        get { values[.sodiumMg] }
        set { values[.sodiumMg] = newValue }
    }
    public var cholesterolMg: Double? {
        get { values[.cholesterolMg] }
        set { values[.cholesterolMg] = newValue }
    }
    public var potassiumMg: Double? {
        get { values[.potassiumMg] }
        set { values[.potassiumMg] = newValue }
    }
    public var calciumMg: Double? {
        get { values[.calciumMg] }
        set { values[.calciumMg] = newValue }
    }
    public var ironMg: Double? {
        get { values[.ironMg] }
        set { values[.ironMg] = newValue }
    }
    public var vitaminCMg: Double? {
        get { values[.vitaminCMg] }
        set { values[.vitaminCMg] = newValue }
    }
    public var vitaminDUg: Double? {
        get { values[.vitaminDUg] }
        set { values[.vitaminDUg] = newValue }
    }
}

/// "usda:09040" or "custom:17".
public struct FoodID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// Whether `text` is written as an id, as `bodii search` prints them: a catalog's prefix (a
    /// letter, then letters or digits: usda, sr28, custom), a colon and a code of letters and
    /// digits, with dots between them (Matvaretabellen's "mvt:01.307"), no space.
    public static func isWritten(_ text: some StringProtocol) -> Bool {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[1].isEmpty, !text.contains(" "), parts[0].first?.isLetter == true else { return false }
        let code = parts[1]
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }
            && code.first != "." && code.last != "." && !code.contains("..")
    }
}

public struct FoodServing: Equatable, Sendable {
    public var label: String  // "1 medium", "1 cup, sliced"
    public var grams: Double
    public init(label: String, grams: Double) {
        self.label = label
        self.grams = grams
    }
}

public struct Food: Equatable, Sendable, Identifiable {
    public var id: FoodID
    public var name: String
    public var source: String  // "USDA SR" or "custom"
    public var release: String?  // "24"
    public var per100g: Nutrients
    public var servings: [FoodServing]

    public init(
        id: FoodID, name: String, source: String, release: String? = nil, per100g: Nutrients,
        servings: [FoodServing] = []
    ) {
        self.id = id
        self.name = name
        self.source = source
        self.release = release
        self.per100g = per100g
        self.servings = servings
    }
}

public enum Meal: String, Codable, CaseIterable, Sendable {
    case breakfast, lunch, dinner, snacks
    public var label: String { rawValue.capitalized }
}

/// A food eaten on a day. Energy and nutrients are computed when logged and never rewritten.
public struct FoodRecord: Equatable, Sendable, Identifiable {
    /// Where the record came from (PRODUCT.md §5): re-imports and merges rely on it.
    public var provenance: Provenance
    public var id: Int64?
    public var date: LocalDate
    public var meal: Meal
    public var foodId: FoodID
    public var foodName: String
    /// What was eaten, in grams; nil for a quick add, which has no weight (issue 23 #22).
    public var grams: Double?
    public var kcal: Double
    public var proteinG: Double
    public var carbsG: Double
    public var fatG: Double
    /// The entry's amount of every other nutrient it knows (PRODUCT.md §11); absent = unknown.
    public var nutrients: [NutrientKey: Double]
    public var loggedAt: Date

    /// A quick add (`QuickAdd.foodID`) never has grams, whatever an importer passed.
    public init(
        id: Int64? = nil, date: LocalDate, meal: Meal, foodId: FoodID, foodName: String, grams: Double?,
        kcal: Double, proteinG: Double, carbsG: Double, fatG: Double, fiberG: Double? = nil,
        sugarsG: Double? = nil, saturatedFatG: Double? = nil, sodiumMg: Double? = nil,
        nutrients: [NutrientKey: Double] = [:], loggedAt: Date = Date(), provenance: Provenance = .bodii
    ) {
        self.provenance = provenance
        self.id = id
        self.date = date
        self.meal = meal
        self.foodId = foodId
        self.foodName = foodName
        self.grams = foodId == QuickAdd.foodID ? nil : grams
        self.kcal = kcal
        self.proteinG = proteinG
        self.carbsG = carbsG
        self.fatG = fatG
        self.nutrients = nutrients
        for case (let key, let value?) in [
            (NutrientKey.fiberG, fiberG), (.sugarsG, sugarsG), (.saturatedFatG, saturatedFatG), (.sodiumMg, sodiumMg),
        ] {
            self.nutrients[key] = value
        }
        self.loggedAt = loggedAt
    }

    public var fiberG: Double? {
        get { nutrients[.fiberG] }
        set { nutrients[.fiberG] = newValue }
    }
    public var sugarsG: Double? {
        get { nutrients[.sugarsG] }
        set { nutrients[.sugarsG] = newValue }
    }
    public var saturatedFatG: Double? {
        get { nutrients[.saturatedFatG] }
        set { nutrients[.saturatedFatG] = newValue }
    }
    public var sodiumMg: Double? {
        get { nutrients[.sodiumMg] }
        set { nutrients[.sodiumMg] = newValue }
    }
}
