import Foundation

/// Quick add (issue 15): energy, and optionally protein, carbs and fat, logged without a food —
/// a restaurant meal, a label read elsewhere. The record has the food id `quick` and no grams
/// (nil; NULL in the store since schema v10): one portion, whose values are what was typed. Every
/// screen and document shows "quick add" (JSON `"grams": null`) instead of a weight.
public enum QuickAdd {
    public static let foodID = FoodID("quick")
    public static let defaultName = "Quick add"
    /// Energy of one quick add: what one meal can be.
    public static let kcalRange: ClosedRange<Double> = 1...10_000
    /// Grams of protein, carbs or fat of one quick add.
    public static let macroRange: ClosedRange<Double> = 0...1_000
    public static let nameLength: ClosedRange<Int> = 1...80

    /// What was typed; empty macros and name are left out.
    public struct Input: Equatable, Sendable {
        public var kcal: String
        public var protein: String
        public var carbs: String
        public var fat: String
        public var name: String

        public init(kcal: String, protein: String = "", carbs: String = "", fat: String = "", name: String = "") {
            self.kcal = kcal
            self.protein = protein
            self.carbs = carbs
            self.fat = fat
            self.name = name
        }
    }

    /// The fields of `Input`, as errors name them (`fieldName` makes "--kcal" of "kcal" for the CLI).
    public enum Field: String, CaseIterable, Sendable { case kcal, protein, carbs, fat, name }

    /// The record, or the errors of the fields that are not valid (every one, so a form can show
    /// them all at once).
    public static func record(
        _ input: Input, meal: Meal, date: LocalDate, loggedAt: Date,
        fieldName: (Field) -> String = \.rawValue
    ) -> Result<FoodRecord, FieldErrors<Field>> {
        var errors = FieldErrors<Field>()
        let kcal = errors.capture(.kcal) { () throws(ValidationError) in
            try Validation.number(input.kcal, field: fieldName(.kcal), range: kcalRange, unit: "kcal")
        }
        func macro(_ field: Field, _ text: String) -> Double? {
            guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return 0 }
            return errors.capture(field) { () throws(ValidationError) in
                try Validation.number(text, field: fieldName(field), range: macroRange, unit: "g")
            }
        }
        let protein = macro(.protein, input.protein), carbs = macro(.carbs, input.carbs), fat = macro(.fat, input.fat)
        var name: String? = defaultName
        if !input.name.trimmingCharacters(in: .whitespaces).isEmpty {
            name = errors.capture(.name) { () throws(ValidationError) in
                try Validation.name(input.name, field: fieldName(.name), length: nameLength)
            }
        }
        guard errors.isEmpty, let kcal, let protein, let carbs, let fat, let name else { return .failure(errors) }
        return .success(
            FoodRecord(
                date: date, meal: meal, foodId: foodID, foodName: name, grams: nil, kcal: kcal,
                proteinG: protein, carbsG: carbs, fatG: fat, loggedAt: loggedAt))
    }
}

extension FoodRecord {
    /// True for a quick add: energy and macros without a food (`QuickAdd`).
    public var isQuickAdd: Bool { foodId == QuickAdd.foodID }

    /// "quick add", or the grams ("150 g", whole grams by the one rule) — how every list shows the amount.
    public var amountLabel: String {
        guard let grams else { return QuickAdd.amountLabel }
        return WholeNumber.text(grams, unknown: "–") + " g"
    }
}

extension QuickAdd {
    /// What stands where a quick add's grams would be.
    public static let amountLabel = "quick add"
}
