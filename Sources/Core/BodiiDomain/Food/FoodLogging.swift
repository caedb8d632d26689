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
        try Validation.amount(text, field: field, range: gramsRange, unit: "g")
    }

    public static func quantity(_ text: String, field: String = "quantity") throws(ValidationError) -> Double {
        try Validation.amount(text, field: field, range: quantityRange, unit: nil)
    }

    /// The food's serving whose label matches `name`, case-insensitively, trying in turn: the
    /// whole label ("1 large"); the unit word for one of it ("cup" is "1 cup", not "0.75 cup");
    /// the label without its amount ("large" is "1 large", not "1 extra large"); the first words
    /// of that ("medium" is "1 medium (7\" to 7-7/8\" long)"); any part of the label ("sliced" is
    /// "1 cup, sliced"). The first rule that fits exactly one serving wins; one that fits several
    /// makes the name ambiguous (two equally good). Throws naming the servings the food has.
    public static func serving(named name: String, of food: Food, field: String = "serving") throws(ValidationError) -> FoodServing {
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        let allowed =
            food.servings.isEmpty
            ? "grams only (this food has no servings)"
            : food.servings.map(\.label).joined(separator: "; ")
        guard !wanted.isEmpty else { throw ValidationError(field: field, value: name, allowed: allowed, problem: .empty) }
        func withoutAmount(_ label: String) -> Substring {
            let words = label.lowercased().split(separator: " ", maxSplits: 1)
            guard words.count == 2, AmountText.parse(words[0]) != nil else { return Substring(label.lowercased()) }
            return words[1]
        }
        let rules: [(FoodServing) -> Bool] = [
            { $0.label.lowercased() == wanted },
            { $0.label.lowercased() == "1 " + wanted },
            { withoutAmount($0.label) == wanted },
            { withoutAmount($0.label).hasPrefix(wanted + " ") || withoutAmount($0.label).hasPrefix(wanted + ",") },
            { $0.label.lowercased().contains(wanted) },
        ]
        for rule in rules {
            let fitting = food.servings.filter(rule)
            if fitting.count == 1, let only = fitting.first { return only }
            if fitting.count > 1 { break }
        }
        throw ValidationError(field: field, value: name, allowed: allowed, problem: .outOfRange)
    }

    /// How many of `serving`: a number in `quantityRange` that also keeps the entry in
    /// `gramsRange` ("quantity "100" is out of range: allowed 0.01–5.12 (1 quart is 976 g; one
    /// entry 0.1–5000 g)").
    public static func quantity(_ text: String, of serving: FoodServing, field: String = "quantity") throws(ValidationError) -> Double {
        let low = max(quantityRange.lowerBound, (gramsRange.lowerBound / serving.grams * 100).rounded(.up) / 100)
        let high = min(quantityRange.upperBound, (gramsRange.upperBound / serving.grams * 100).rounded(.down) / 100)
        let allowed =
            "\(DecimalText.format(low, decimals: 2))–\(DecimalText.format(high, decimals: 2)) (\(serving.label) is "
            + "\(gramsLabel(serving.grams)); one entry \(DecimalText.format(gramsRange.lowerBound, decimals: 2))–"
            + "\(DecimalText.format(gramsRange.upperBound, decimals: 2)) g)"
        return try Validation.number(text, original: text, field: field, range: low...max(low, high), allowed: allowed, fractions: true)
    }

    /// A meal by name: breakfast, lunch, dinner or snacks (any case; "snack" too).
    public static func meal(_ text: String, field: String = "meal") throws(ValidationError) -> Meal {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let meal = Meal(rawValue: word) ?? (word == "snack" ? .snacks : nil) { return meal }
        throw ValidationError(
            field: field, value: text, allowed: "breakfast, lunch, dinner or snacks",
            problem: word.isEmpty ? .empty : .invalidFormat)
    }

    /// The grams of `quantity` of `serving`: the Diet tab's amount and `bodii log food --serving`
    /// both weigh a portion with this.
    public static func grams(_ quantity: Double, of serving: FoodServing) -> Double { quantity * serving.grams }

    /// "2", "0.5", "1.25": a quantity of servings.
    public static func quantityLabel(_ quantity: Double) -> String { DecimalText.format(quantity, decimals: 2) }

    /// "118 g", "82.5 g", "0.25 g".
    public static func gramsLabel(_ grams: Double) -> String { DecimalText.format(grams, decimals: 2) + " g" }

    /// The record for `grams` of `food`, with energy and nutrients computed now.
    public static func record(food: Food, grams: Double, meal: Meal, date: LocalDate, loggedAt: Date = Date()) -> FoodRecord {
        let n = food.per100g.scaled(toGrams: grams)
        return FoodRecord(
            date: date, meal: meal, foodId: food.id, foodName: food.name, grams: grams,
            kcal: n.kcal, proteinG: n.proteinG, carbsG: n.carbsG, fatG: n.fatG, nutrients: n.values,
            loggedAt: loggedAt)
    }
}
