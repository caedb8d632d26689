import Foundation

/// A drink of water (issue 43): `w` on the Dashboard and in Diet, and `bodii log water [AMOUNT]`.
/// It is logged as an entry of the catalog's tap water (USDA SR24 14411, 99.9 g water per 100 g),
/// 1 g per ml, so it is a food entry like any other: it counts in the day's water with the water
/// inside foods (PRODUCT.md §11, §15: "water logged counts in `nutrients.water_g`"), is exported,
/// imported, synced, edited, deleted and undone as entries are, and needs no table of its own.
public enum WaterLogging {
    /// SR24 "Water, tap, drinking".
    public static let foodID = FoodID("usda:14411")
    /// One glass: 250 ml (the default; a UK/EU glass).
    public static let glassMl = 250.0
    /// One drink: a sip (10 ml) to a large bottle (3 l).
    public static let mlRange: ClosedRange<Double> = 10...3000
    /// US customary fluid ounce, in ml (29.5735 ml: NIST Handbook 44, Appendix C).
    static let flOzMl = 29.5735

    /// Words that mean one drink, and their ml.
    static let units: [(words: [String], ml: Double)] = [
        (["ml", "millilitre", "millilitres", "milliliter", "milliliters"], 1),
        (["cl"], 10),
        (["dl"], 100),
        (["l", "litre", "litres", "liter", "liters"], 1000),
        (["fl oz", "floz", "fl. oz", "fl.oz", "oz"], flOzMl),
        (["glass", "glasses"], glassMl),
        (["cup", "cups"], 236.588),  // US cup, 8 fl oz (NIST Handbook 44)
    ]

    public static var allowed: String {
        "\(WholeNumber.text(mlRange.lowerBound))–\(WholeNumber.text(mlRange.upperBound)) ml, e.g. 250 ml, 1 glass (250 ml), 0.5 l, 8 fl oz"
    }

    /// Millilitres of "250 ml", "250ml", "250" (ml), "1 glass", "2 glasses", "0.5 l", "8 fl oz",
    /// "1/2 l"; empty: one glass.
    public static func millilitres(_ text: String, field: String = "water") throws(ValidationError) -> Double {
        guard text.count <= 40 else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .tooLong) }
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed.isEmpty { return glassMl }
        var number = trimmed, perUnit = 1.0
        for (words, ml) in units {
            // The longest word that ends the text names the unit ("fl oz" before "oz", "ml" before "l").
            if let word = words.sorted(by: { $0.count > $1.count }).first(where: { trimmed.hasSuffix($0) }) {
                let rest = String(trimmed.dropLast(word.count))
                // "l" must not match the end of "ml", "cl" or "dl", nor "oz" that of "fl oz".
                if let last = rest.last, last.isLetter || last == "." { continue }
                number = rest.trimmingCharacters(in: .whitespaces)
                perUnit = ml
                break
            }
        }
        if number.isEmpty, perUnit != 1 { number = "1" }  // "glass", "l": one of it
        guard let value = AmountText.parse(number), value.isFinite else {
            let problem: ValidationError.Problem =
                number.contains(where: \.isLetter) && !DecimalText.isScientific(number)
                ? .unknownUnit
                : DecimalText.isScientific(number) ? .invalidFormat : .notANumber
            throw ValidationError(field: field, value: text, allowed: allowed, problem: problem)
        }
        let ml = value * perUnit
        guard mlRange.contains(ml) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return ml
    }

    /// The entry for `ml` of water on `date`, at the meal the time of day suggests.
    public static func record(ml: Double, water: Food, date: LocalDate, meal: Meal, loggedAt: Date) -> FoodRecord {
        FoodLogging.record(food: water, grams: ml, meal: meal, date: date, loggedAt: loggedAt)
    }

    /// True for an entry of drinking water (what `today --json` counts as `water.logged_ml`).
    public static func isWater(_ record: FoodRecord) -> Bool { record.foodId == foodID }

    /// The ml of drinking water logged among `records`.
    public static func loggedMl(_ records: [FoodRecord]) -> Double { loggedMl(records, id: \.foodId, grams: \.grams) }

    /// The ml of drinking water among entries of any shape (a day summary's food lines too).
    public static func loggedMl<S: Sequence>(_ entries: S, id: (S.Element) -> FoodID, grams: (S.Element) -> Double?) -> Double {
        entries.reduce(0) { sum, entry in id(entry) == foodID ? sum + (grams(entry) ?? 0) : sum }
    }

    /// "250 ml", "1.5 l".
    public static func text(ml: Double) -> String {
        ml >= 1000 ? DecimalText.format(ml / 1000, decimals: 2) + " l" : WholeNumber.text(ml) + " ml"
    }
}
