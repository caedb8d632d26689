import Foundation

/// What a user typed to create or edit a custom food (form). Values are per 100 g or per one
/// serving (`basis`); the stored food is always per 100 g. Optional fields may stay empty.
public struct CustomFoodInput: Equatable, Sendable {
    public enum Basis: String, Equatable, Sendable, CaseIterable {
        case per100g, perServing
        public var label: String { self == .per100g ? "100 g" : "serving" }
    }

    public var name: String
    public var basis: Basis
    public var kcal: String
    public var protein: String
    public var carbs: String
    public var fat: String
    public var fiber: String
    public var sugars: String
    public var saturatedFat: String
    public var sodium: String
    public var servingName: String
    public var servingGrams: String

    public init(name: String = "", basis: Basis = .per100g, kcal: String = "", protein: String = "", carbs: String = "",
                fat: String = "", fiber: String = "", sugars: String = "", saturatedFat: String = "", sodium: String = "",
                servingName: String = "", servingGrams: String = "") {
        self.name = name
        self.basis = basis
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.fiber = fiber
        self.sugars = sugars
        self.saturatedFat = saturatedFat
        self.sodium = sodium
        self.servingName = servingName
        self.servingGrams = servingGrams
    }

    /// The form for editing `food`: per serving when it has one (as people read labels), else per 100 g.
    public init(editing food: Food) {
        let serving = food.servings.first
        let grams = serving?.grams ?? 100
        let n = food.per100g.scaled(toGrams: grams)
        let text: (Double?) -> String = { $0.map { DecimalText.format($0, decimals: 2) } ?? "" }
        self.init(name: food.name, basis: serving == nil ? .per100g : .perServing, kcal: text(n.kcal), protein: text(n.proteinG),
                  carbs: text(n.carbsG), fat: text(n.fatG), fiber: text(n.fiberG), sugars: text(n.sugarsG),
                  saturatedFat: text(n.saturatedFatG), sodium: text(n.sodiumMg), servingName: serving?.label ?? "",
                  servingGrams: serving.map { DecimalText.format($0.grams, decimals: 2) } ?? "")
    }
}

/// Field names for inline errors, matching the custom food form's fields.
public enum CustomFoodField: String, Sendable, CaseIterable {
    case name, basis, kcal, protein, carbs, fat, fiber, sugars, saturatedFat, sodium, servingName, servingGrams
}

/// Validates custom foods (use case "create / edit a custom food"): name 1–80 characters, at most
/// 900 kcal per 100 g (pure fat is ~900), no negative nutrients, protein + carbs + fat no heavier
/// than the amount they are in, sugars within carbs, saturated fat within fat, servings 0.1–5000 g.
public enum CustomFoods {
    public static let nameLength: ClosedRange<Int> = 1...80
    public static let kcalPer100g: ClosedRange<Double> = 0...900
    public static let servingGrams: ClosedRange<Double> = FoodLogging.gramsRange
    /// Sodium per 100 g: table salt is ~38,800 mg.
    public static let sodiumPer100gMg: ClosedRange<Double> = 0...40_000
    public static let servingNameLength = 40
    public static let defaultServingName = "1 serving"

    /// Every problem at once, or the food (per 100 g) ready to save. `id` is kept for edits.
    public static func validate(_ input: CustomFoodInput, id: FoodID = FoodID("custom:new")) -> Result<Food, FieldErrors<CustomFoodField>> {
        var errors = FieldErrors<CustomFoodField>()
        let name = errors.capture(.name) { () throws(ValidationError) in
            try Validation.name(input.name, length: nameLength)
        }
        // The serving first: per-serving values are checked against its weight.
        let servingNeeded = input.basis == .perServing || !input.servingName.trimmingCharacters(in: .whitespaces).isEmpty
        var servingSize: Double?
        if servingNeeded || !input.servingGrams.trimmingCharacters(in: .whitespaces).isEmpty {
            servingSize = errors.capture(.servingGrams) { () throws(ValidationError) in
                try Validation.number(input.servingGrams, field: "serving size", range: servingGrams, unit: "g")
            }
        }
        let servingName = errors.capture(.servingName, ifPresent: input.servingName) { () throws(ValidationError) in
            try Validation.name(input.servingName, field: "serving name", length: 1...servingNameLength)
        }
        // The grams the values refer to; unknown when a per-serving size is invalid.
        let basisGrams: Double? = input.basis == .per100g ? 100 : servingSize
        let kcalLimit = kcalPer100g.upperBound * (basisGrams ?? servingGrams.upperBound) / 100
        let kcalAllowed = basisGrams == 100 || basisGrams == nil
            ? "0–900 kcal per 100 g"
            : "0–\(DecimalText.format(kcalLimit, decimals: 0)) kcal for \(DecimalText.format(basisGrams ?? 0, decimals: 2)) g (900 per 100 g)"
        let kcal = errors.capture(.kcal) { () throws(ValidationError) in
            try Validation.number(input.kcal, original: input.kcal, field: "energy", range: 0...kcalLimit, allowed: kcalAllowed)
        }
        let massLimit = basisGrams ?? servingGrams.upperBound
        func nutrient(_ text: String, _ field: CustomFoodField, _ label: String, optional: Bool) -> Double? {
            let body = { () throws(ValidationError) -> Double in
                try Validation.number(text, field: label, range: 0...massLimit, unit: "g")
            }
            return optional ? errors.capture(field, ifPresent: text, body) : errors.capture(field, body)
        }
        let protein = nutrient(input.protein, .protein, "protein", optional: false)
        let carbs = nutrient(input.carbs, .carbs, "carbs", optional: false)
        let fat = nutrient(input.fat, .fat, "fat", optional: false)
        let fiber = nutrient(input.fiber, .fiber, "fiber", optional: true)
        let sugars = nutrient(input.sugars, .sugars, "sugars", optional: true)
        let saturated = nutrient(input.saturatedFat, .saturatedFat, "saturated fat", optional: true)
        let sodiumLimit = sodiumPer100gMg.upperBound * massLimit / 100
        let sodium = errors.capture(.sodium, ifPresent: input.sodium) { () throws(ValidationError) in
            try Validation.number(input.sodium, field: "sodium", range: 0...sodiumLimit, unit: "mg")
        }
        if let p = protein, let c = carbs, let f = fat, let limit = basisGrams, p + c + f > limit {
            errors.add(.fat, ValidationError(field: "fat", value: input.fat,
                                             allowed: "protein + carbs + fat at most \(DecimalText.format(limit, decimals: 2)) g (now \(DecimalText.format(p + c + f, decimals: 2)) g)",
                                             problem: .outOfRange))
        }
        if let s = sugars, let c = carbs, s > c {
            errors.add(.sugars, ValidationError(field: "sugars", value: input.sugars,
                                                allowed: "at most the carbs (\(DecimalText.format(c, decimals: 2)) g)", problem: .outOfRange))
        }
        if let s = saturated, let f = fat, s > f {
            errors.add(.saturatedFat, ValidationError(field: "saturated fat", value: input.saturatedFat,
                                                      allowed: "at most the fat (\(DecimalText.format(f, decimals: 2)) g)", problem: .outOfRange))
        }
        guard errors.isEmpty, let name, let kcal, let protein, let carbs, let fat, let base = basisGrams else {
            return .failure(errors)
        }
        let f = 100 / base
        let per100g = Nutrients(kcal: kcal * f, proteinG: protein * f, carbsG: carbs * f, fatG: fat * f, fiberG: fiber.map { $0 * f },
                                sugarsG: sugars.map { $0 * f }, saturatedFatG: saturated.map { $0 * f }, sodiumMg: sodium.map { $0 * f })
        let servings = servingSize.map { [FoodServing(label: servingName ?? defaultServingName, grams: $0)] } ?? []
        return .success(Food(id: id, name: name, source: "custom", per100g: per100g, servings: servings))
    }
}
