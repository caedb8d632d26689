import Foundation

/// Turning "this food, this much, at this meal" into a FoodRecord (use case "log food"), shared by
/// the Diet tab and `bodii log food`. Energy and nutrients are copied into the record when logged
/// (PRODUCT.md §5), so editing or removing a food never rewrites history.
public enum FoodLogging {
    /// Grams of one entry: more than 0, at most 5 kg.
    public static let gramsRange: ClosedRange<Double> = 0.1...5000
    /// How many servings of one entry.
    public static let quantityRange: ClosedRange<Double> = 0.01...100

    public static func grams(_ text: String, field: String = "grams") throws(ValidationError) -> Double {
        try Validation.number(text, field: field, range: gramsRange, unit: "g")
    }

    public static func quantity(_ text: String, field: String = "quantity") throws(ValidationError) -> Double {
        try Validation.number(text, field: field, range: quantityRange, unit: nil)
    }

    /// The food's serving whose label matches `name` (case-insensitive; "medium" matches
    /// "1 medium (118 g)" when it is the only serving containing it). Throws naming the servings
    /// the food has.
    public static func serving(named name: String, of food: Food, field: String = "serving") throws(ValidationError) -> FoodServing {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        let allowed = food.servings.isEmpty ? "grams only (this food has no servings)"
            : food.servings.map(\.label).joined(separator: "; ")
        guard !wanted.isEmpty else { throw ValidationError(field: field, value: name, allowed: allowed, problem: .empty) }
        if let exact = food.servings.first(where: { $0.label.lowercased() == wanted }) { return exact }
        let partial = food.servings.filter { $0.label.lowercased().contains(wanted) }
        guard partial.count == 1, let only = partial.first else {
            throw ValidationError(field: field, value: name, allowed: allowed, problem: .outOfRange)
        }
        return only
    }

    /// The record for `grams` of `food`, with energy and nutrients computed now.
    public static func record(food: Food, grams: Double, meal: Meal, date: LocalDate, loggedAt: Date = Date()) -> FoodRecord {
        let n = food.per100g.scaled(toGrams: grams)
        return FoodRecord(date: date, meal: meal, foodId: food.id, foodName: food.name, grams: grams,
                          kcal: n.kcal, proteinG: n.proteinG, carbsG: n.carbsG, fatG: n.fatG, fiberG: n.fiberG,
                          sugarsG: n.sugarsG, saturatedFatG: n.saturatedFatG, sodiumMg: n.sodiumMg, loggedAt: loggedAt)
    }
}
