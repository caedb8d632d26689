import Foundation

/// The Diet tab's custom food form takes values as a label prints them — per serving — or per
/// 100 g, as many labels also do. Per 100 g, the serving is optional (without one the food is
/// logged in grams); the rules are `validate(_:id:)`'s, for 100 g.
extension CustomFoods {
    public enum Basis: String, Equatable, Sendable, CaseIterable {
        case serving, per100g
    }

    public func validate(_ input: CustomFoodInput, per basis: Basis, id: FoodID? = nil) -> Result<Food, FieldErrors<CustomFoodField>> {
        guard basis == .per100g else { return validate(input, id: id) }
        var hundred = input
        hundred.servingLabel = ""
        hundred.servingGrams = "100"
        var errors = FieldErrors<CustomFoodField>()
        var food: Food?
        switch validate(hundred, id: id) {
        case .success(let f): food = f
        case .failure(let e): errors = e
        }
        var servings: [FoodServing] = []
        let blank = { (text: String) in text.trimmingCharacters(in: .whitespaces).isEmpty }
        if !blank(input.servingLabel) || !blank(input.servingGrams) {
            let label =
                errors.capture(.servingLabel, ifPresent: input.servingLabel) { () throws(ValidationError) in
                    try Validation.name(input.servingLabel, field: "serving", length: Self.servingLabelLength)
                } ?? "1 serving"
            let grams = errors.capture(.servingGrams) { () throws(ValidationError) in
                try FoodLogging.grams(input.servingGrams, field: "serving weight")
            }
            if let grams { servings = [FoodServing(label: label, grams: grams)] }
        }
        guard errors.isEmpty, var food else { return .failure(errors) }
        food.servings = servings
        return .success(food)
    }
}

extension CustomFoodInput {
    /// How the Diet tab's form opens `food` for editing: per serving when it has one, else per
    /// 100 g with no serving.
    public static func editing(_ food: Food) -> (input: CustomFoodInput, basis: CustomFoods.Basis) {
        var input = CustomFoodInput(food: food)
        guard food.servings.isEmpty else { return (input, .serving) }
        input.servingLabel = ""
        input.servingGrams = ""
        return (input, .per100g)
    }
}

extension CustomFoods {
    /// Energy from macros by the Atwater factors: 4 kcal per g of protein and of carbs, 9 per g of fat.
    public static func macroKcal(proteinG: Double, carbsG: Double, fatG: Double) -> Double { 4 * proteinG + 4 * carbsG + 9 * fatG }

    /// A label whose macros hold more energy than it states (10 kcal with 20 g P, 25 g C, 5 g F)
    /// was most likely mistyped, but labels round and fibre counts less than 4 kcal, so this is a
    /// warning, not a refusal: the macros' energy above the label's by more than 10 kcal and 15 %.
    /// Nil when the label adds up. The figures are those of the form: per serving or per 100 g.
    public static func energyWarning(for food: Food, per basis: Basis) -> String? {
        let grams = basis == .serving ? (food.servings.first?.grams ?? 100) : 100
        let n = food.per100g.scaled(toGrams: grams)
        let fromMacros = macroKcal(proteinG: n.proteinG, carbsG: n.carbsG, fatG: n.fatG)
        guard fromMacros > n.kcal + 10, fromMacros > n.kcal * 1.15 else { return nil }
        let f = { (v: Double) in DecimalText.format(v, decimals: 1) }
        return "4·P + 4·C + 9·F = \(f(fromMacros)) kcal > \(f(n.kcal)) kcal"
    }
}
