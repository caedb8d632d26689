import BodiiDomain
import Foundation
import GRDB

/// A `food_record` row: the columns `Columns` names, then one column per `NutrientKey` (its raw
/// value; NULL when the entry does not give it).
struct FoodRecordRow: DatedTableRow {
    static let databaseTableName = "food_record"
    static let columns = Columns.allCases.map(\.rawValue) + NutrientKey.allCases.map(\.rawValue)
    static let sql = DatedTableSQL(Self.self)
    static var feedsDailyLog: Bool { true }
    /// Each nutrient's column, made once: a key's raw value is a call into BodiiDomain per use.
    static let nutrientColumns = NutrientKey.allCases.map { ($0, Column($0.rawValue)) }

    enum Columns: String, ColumnExpression, CaseIterable {
        case id, date, meal
        case foodId = "food_id"
        case foodName = "food_name"
        case grams, kcal
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case fatG = "fat_g"
        case loggedAt = "logged_at"
        case source
        case externalId = "external_id"
    }

    var record: FoodRecord

    static func record(reading row: inout ColumnReader) throws -> Stored {
        let id: Int64? = try row.next(Columns.id)
        let date = try row.date(Columns.date)
        let meal: Meal = try row.enumValue(Columns.meal)
        let foodId = FoodID(try row.next(Columns.foodId))
        let foodName: String = try row.next(Columns.foodName)
        let grams: Double? = try row.next(Columns.grams)
        let kcal: Double = try row.next(Columns.kcal)
        let proteinG: Double = try row.next(Columns.proteinG)
        let carbsG: Double = try row.next(Columns.carbsG)
        let fatG: Double = try row.next(Columns.fatG)
        let loggedAt = try row.instant(Columns.loggedAt)
        let provenance = try row.provenance()
        var nutrients: [NutrientKey: Double] = [:]
        for (key, column) in nutrientColumns {
            if let value: Double = try row.next(column) { nutrients[key] = value }
        }
        return FoodRecord(
            id: id, date: date, meal: meal, foodId: foodId, foodName: foodName, grams: grams, kcal: kcal, proteinG: proteinG,
            carbsG: carbsG, fatG: fatG, nutrients: nutrients, loggedAt: loggedAt, provenance: provenance)
    }

    func write(to values: inout ColumnWriter) {
        values.put(record.id, Columns.id)
        values.put(record.date, Columns.date)
        values.put(record.meal.rawValue, Columns.meal)
        values.put(record.foodId.rawValue, Columns.foodId)
        values.put(record.foodName, Columns.foodName)
        values.put(record.grams, Columns.grams)
        values.put(record.kcal, Columns.kcal)
        values.put(record.proteinG, Columns.proteinG)
        values.put(record.carbsG, Columns.carbsG)
        values.put(record.fatG, Columns.fatG)
        values.put(timestamp: record.loggedAt, Columns.loggedAt)
        values.put(record.provenance)
        for (key, column) in Self.nutrientColumns { values.put(record.nutrients[key], column) }
    }
}

extension FoodRecord: StoredRecord {
    typealias TableRow = FoodRecordRow

    func normalized() -> FoodRecord {
        var copy = self
        copy.loggedAt = SQLText.normalized(loggedAt)
        return copy
    }
}
