import BodiiDomain
import BodiiStore
import Foundation

/// What a value arriving by sync may be, column by column: the ranges a local write and the Bodii
/// document's check keep (`Validation`, `StoredRanges`), so another machine's file can never put
/// into this database what Bodii refuses everywhere else (issue 48: kcal = 1e300 came in through
/// sync alone). A number column takes a finite number in its range; a text column at most
/// `textLimit` characters; a date column a date from 1900 to a year ahead.
public enum SyncedValueRules {
    /// The longest text any column keeps (a check-in template's 4,000 characters).
    static let textLimit = 4000

    /// Why `value` may not stand in `table`.`column`; nil when it may.
    public static func problem(table: String, column: String, value: SyncValue, today: LocalDate) -> String? {
        switch value {
        case .null: return nil
        case .blob: return "\(table).\(column): a blob, which no synced column holds"
        case .text(let text):
            if let range = range(table: table, column: column) {
                return "\(table).\(column) \(ValidationError.quoted(String(text.prefix(40)))) is not a number: allowed \(shown(range))"
            }
            if isDate(column) {
                // A lot's best-before may be as far off as the longest shelf life.
                let latest = Validation.latestDate(today: today).adding(days: column == "best_before" ? GroceryItem.shelfLifeRange.upperBound : 0)
                guard let date = LocalDate(iso: text), date >= Validation.earliestDate, date <= latest else {
                    return "\(table).\(column) \(ValidationError.quoted(String(text.prefix(40)))) is not a date from \(Validation.earliestDate.iso) to \(latest.iso)"
                }
                return nil
            }
            return text.count > textLimit ? "\(table).\(column) has \(text.count) characters: allowed at most \(textLimit)" : nil
        case .integer(let int): return number(Double(int), table: table, column: column)
        case .real(let double): return number(double, table: table, column: column)
        }
    }

    private static func number(_ value: Double, table: String, column: String) -> String? {
        guard let range = range(table: table, column: column) else { return nil }
        guard value.isFinite, range.contains(value) else {
            return "\(table).\(column) \(text(value)) is out of range: allowed \(shown(range))"
        }
        return nil
    }

    private static func text(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String(x) }

    private static func shown(_ range: ClosedRange<Double>) -> String { text(range.lowerBound) + "–" + text(range.upperBound) }

    private static func isDate(_ column: String) -> Bool {
        column == "date" || column == "best_before" || column == "birth_date" || column.hasSuffix("_on") || column.hasSuffix("_date")
    }

    /// The range of a number column; nil for columns that hold no measured amount (ids, flags,
    /// positions: their own constraints keep them).
    static func range(table: String, column: String) -> ClosedRange<Double>? {
        let rating = Double(Validation.ratingRange.lowerBound)...Double(Validation.ratingRange.upperBound)
        let pantryAmount = PantryUnits.amountRange
        switch (table, column) {
        case ("body_record", "weight_kg"): return Validation.weightRangeKg
        case ("body_record", "body_fat_percent"): return Validation.bodyFatRangePercent
        case ("body_record", "muscle_mass_kg"): return 0...Validation.weightRangeKg.upperBound
        case ("metabolism_snapshot", "bmr"): return StoredRanges.bmrRange
        case ("metabolism_snapshot", "tdee"): return StoredRanges.tdeeRange
        case ("food_record", "grams"), ("saved_meal_item", "grams"): return StoredRanges.entryGrams
        case ("food_record", "kcal"), ("saved_meal_item", "kcal"): return StoredRanges.entryKcal
        case ("food_record", let name), ("saved_meal_item", let name):
            // No entry holds more of a nutrient than it weighs.
            return NutrientKey(rawValue: name).map { 0...(StoredRanges.entryGrams.upperBound * $0.unitsPerGram) }
        case ("food", "kcal"): return 0...CustomFoods.maxKcalPer100g
        case ("food", let name): return NutrientKey(rawValue: name).map { 0...(100 * $0.unitsPerGram) }
        case ("food_serving", "grams"): return FoodLogging.gramsRange
        case ("recipe_ingredient", "grams"): return Recipe.ingredientGrams
        case ("exercise_record", "minutes"):
            return Double(Validation.minutesRange.lowerBound)...Double(Validation.minutesRange.upperBound)
        case ("exercise_record", "met"): return StoredRanges.metRange
        case ("exercise_record", "kcal"): return StoredRanges.exerciseKcal(minutes: Validation.minutesRange.upperBound)
        case ("sleep_record", "minutes"): return 0...Double(Validation.minutesRange.upperBound)
        case ("sleep_record", "bedtime_minutes"), ("sleep_record", "wake_minutes"): return 0...1439
        case ("sleep_record", "quality"), ("check_in", "mood"), ("check_in", "energy"): return rating
        case ("profile", "height_cm"): return Validation.heightRangeCm
        case ("goal", "target_weight_kg"): return Validation.weightRangeKg
        case ("goal", "target_body_fat_percent"): return Validation.bodyFatRangePercent
        case ("goal", "weekly_rate_kg"): return StoredRanges.weeklyRateKg
        case ("goal", "daily_calorie_target"): return StoredRanges.calorieTarget
        case ("goal", "protein_g"), ("goal", "carbs_g"), ("goal", "fat_g"): return StoredRanges.macroTarget
        case ("goal", "protein_per_kg"): return StoredRanges.proteinPerKg
        case ("activity_snapshot", "steps"): return Double(StoredRanges.stepsRange.lowerBound)...Double(StoredRanges.stepsRange.upperBound)
        case ("activity_snapshot", "active_kcal"): return StoredRanges.activeKcalRange
        case ("recipe", "servings"): return Recipe.servingsRange
        case ("grocery_item", "shelf_life_days"):
            return Double(GroceryItem.shelfLifeRange.lowerBound)...Double(GroceryItem.shelfLifeRange.upperBound)
        case ("grocery_item", "minimum_quantity"), ("purchase", "quantity"), ("stock_lot", "quantity"), ("stock_use", "amount"),
            ("shopping_list_item", "quantity"):
            return pantryAmount
        case ("stock_lot", "quantity_left"): return 0...pantryAmount.upperBound
        case ("purchase", "grams"): return 0.01...100_000_000
        case (_, "price_minor"), (_, "value_minor"), ("budget", "amount_minor"): return StoredRanges.moneyMinor
        default: return nil
        }
    }
}
