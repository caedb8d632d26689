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
            let label = errors.capture(.servingLabel, ifPresent: input.servingLabel) { () throws(ValidationError) in
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
