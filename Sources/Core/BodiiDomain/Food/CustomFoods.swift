import Foundation

/// What a user typed for a custom food, the way a nutrition label prints it: a name, one serving
/// (its label and weight) and what that serving holds. Empty optional fields mean "not on the
/// label" (unknown), never 0.
public struct CustomFoodInput: Equatable, Sendable {
    public var name: String
    /// "1 bar"; empty means "1 serving".
    public var servingLabel: String
    public var servingGrams: String
    public var kcal: String
    public var protein: String
    public var carbs: String
    public var fat: String
    public var fiber: String
    public var sugars: String
    public var saturatedFat: String
    /// Milligrams.
    public var sodium: String
    /// The nutrients the form has no field of its own for, as a label lists them
    /// (`NutrientAmountsText`: "Vitamin C 12 mg, Iron 2.1 mg"); an edited food's come back here,
    /// so an imported food's vitamins survive its form.
    public var other: String = ""

    public init(
        name: String, servingLabel: String = "", servingGrams: String, kcal: String, protein: String,
        carbs: String, fat: String, fiber: String = "", sugars: String = "", saturatedFat: String = "",
        sodium: String = "", other: String = ""
    ) {
        self.name = name
        self.servingLabel = servingLabel
        self.servingGrams = servingGrams
        self.kcal = kcal
        self.protein = protein
        self.carbs = carbs
        self.fat = fat
        self.fiber = fiber
        self.sugars = sugars
        self.saturatedFat = saturatedFat
        self.sodium = sodium
        self.other = other
    }

    /// A stored custom food as the form shows it for editing: its first serving (100 g when it
    /// has none) and the nutrients of that serving.
    public init(food: Food) {
        let serving = food.servings.first ?? FoodServing(label: "100 g", grams: 100)
        let n = food.per100g.scaled(toGrams: serving.grams)
        func text(_ v: Double?) -> String { v.map { DecimalText.format($0, decimals: 2) } ?? "" }
        self.init(
            name: food.name, servingLabel: serving.label, servingGrams: text(serving.grams), kcal: text(n.kcal),
            protein: text(n.proteinG), carbs: text(n.carbsG), fat: text(n.fatG), fiber: text(n.fiberG),
            sugars: text(n.sugarsG), saturatedFat: text(n.saturatedFatG), sodium: text(n.sodiumMg))
        other = NutrientAmountsText.format(n.values.filter { !Self.formKeys.contains($0.key) })
    }

    /// The nutrients the form has fields for.
    public static let formKeys: Set<NutrientKey> = [.fiberG, .sugarsG, .saturatedFatG, .sodiumMg]
}

public enum CustomFoodField: String, Sendable, CaseIterable {
    case name, servingLabel, servingGrams, kcal, protein, carbs, fat, fiber, sugars, saturatedFat, sodium, other
}

/// Validates and saves the user's own foods (use case "custom food"), for the Diet tab's form.
public struct CustomFoods {
    public static let nameLength: ClosedRange<Int> = 1...80
    public static let servingLabelLength: ClosedRange<Int> = 1...40
    /// Pure fat: nothing has more energy per 100 g.
    public static let maxKcalPer100g: Double = 900
    /// The id `validate` gives a food that is not stored yet; `save` adds it and returns its real id.
    public static let newID = FoodID("custom:new")

    private let store: any FoodCatalogRepository

    public init(store: any FoodCatalogRepository) { self.store = store }

    /// Every problem at once (for forms), or the food ready to save: nutrients per 100 g, one
    /// serving. `id` is the custom food being edited (nil for a new one).
    ///
    /// Allowed: name 1–80 characters; serving weight 0.1–5000 g; energy 0 to 900 kcal per 100 g
    /// (so at most 360 kcal for a 40 g serving); protein, carbs, fat, fiber, sugars and saturated
    /// fat 0 up to the serving weight, and protein + carbs + fat together too; sugars at most the
    /// carbs and saturated fat at most the fat; sodium 0 up to the serving weight in mg; other
    /// nutrients as `NutrientAmountsText` reads them, each up to the serving weight.
    public func validate(_ input: CustomFoodInput, id: FoodID? = nil) -> Result<Food, FieldErrors<CustomFoodField>> {
        var errors = FieldErrors<CustomFoodField>()
        let name = errors.capture(.name) { () throws(ValidationError) in
            try Validation.name(input.name, field: "name", length: Self.nameLength)
        }
        let label =
            errors.capture(.servingLabel, ifPresent: input.servingLabel) { () throws(ValidationError) in
                try Validation.name(input.servingLabel, field: "serving", length: Self.servingLabelLength)
            } ?? "1 serving"
        let grams = errors.capture(.servingGrams) { () throws(ValidationError) in
            try FoodLogging.grams(input.servingGrams, field: "serving weight")
        }
        let weight = grams.map { " for \(DecimalText.format($0, decimals: 2)) g" } ?? ""
        let maxGrams = grams ?? FoodLogging.gramsRange.upperBound

        let maxKcal = maxGrams * Self.maxKcalPer100g / 100
        let kcal = errors.capture(.kcal) { () throws(ValidationError) in
            try Validation.number(
                input.kcal, original: input.kcal, field: "energy", range: 0...maxKcal,
                allowed: "0–\(DecimalText.format(maxKcal, decimals: 2)) kcal\(weight) (at most 900 kcal per 100 g)")
        }
        func amount(
            _ field: CustomFoodField, _ text: String, _ label: String, upTo limit: Double, unit: String = "g",
            what: String = "the serving weight"
        ) -> Double? {
            errors.capture(field) { () throws(ValidationError) in
                try Validation.number(
                    text, original: text, field: label, range: 0...limit,
                    allowed: "0–\(DecimalText.format(limit, decimals: 2)) \(unit) (at most \(what))")
            }
        }
        func optional(
            _ field: CustomFoodField, _ text: String, _ label: String, upTo limit: Double, unit: String = "g",
            what: String = "the serving weight"
        ) -> Double? {
            text.trimmingCharacters(in: .whitespaces).isEmpty ? nil : amount(field, text, label, upTo: limit, unit: unit, what: what)
        }
        let protein = amount(.protein, input.protein, "protein", upTo: maxGrams)
        let carbs = amount(.carbs, input.carbs, "carbs", upTo: maxGrams)
        let fat = amount(.fat, input.fat, "fat", upTo: maxGrams)
        let fiber = optional(.fiber, input.fiber, "fiber", upTo: maxGrams)
        let sugars = optional(
            .sugars, input.sugars, "sugars", upTo: min(maxGrams, carbs ?? maxGrams),
            what: carbs == nil ? "the serving weight" : "the carbs")
        let saturated = optional(
            .saturatedFat, input.saturatedFat, "saturated fat", upTo: min(maxGrams, fat ?? maxGrams),
            what: fat == nil ? "the serving weight" : "the fat")
        let sodium = optional(.sodium, input.sodium, "sodium", upTo: maxGrams * 1000, unit: "mg")
        let others =
            errors.capture(.other, ifPresent: input.other) { () throws(ValidationError) in
                try NutrientAmountsText.parse(input.other, upToGrams: maxGrams, reserved: CustomFoodInput.formKeys)
            } ?? [:]
        if let grams, let protein, let carbs, let fat, protein + carbs + fat > grams {
            let sum = protein + carbs + fat
            errors.add(
                .fat,
                ValidationError(
                    field: "protein + carbs + fat", value: "\(DecimalText.format(sum, decimals: 2)) g",
                    allowed: "at most the serving weight (\(DecimalText.format(grams, decimals: 2)) g)",
                    problem: .outOfRange))
        }
        guard errors.isEmpty, let name, let grams, let kcal, let protein, let carbs, let fat else { return .failure(errors) }
        let per100g = Nutrients(
            kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat, fiberG: fiber, sugarsG: sugars,
            saturatedFatG: saturated, sodiumMg: sodium,
            values: others
        ).scaled(toGrams: 100 * 100 / grams)
        return .success(
            Food(
                id: id ?? Self.newID, name: name, source: "custom", per100g: per100g,
                servings: [FoodServing(label: label, grams: grams)]))
    }

    /// Adds a food from `validate(_:)` (it comes back with its `custom:N` id), or replaces the
    /// stored custom food it was validated for.
    @discardableResult
    public func save(_ food: Food) throws -> Food {
        if food.id == Self.newID { return try store.addCustomFood(food) }
        try store.updateCustomFood(food)
        return food
    }
}
