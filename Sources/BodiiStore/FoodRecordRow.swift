import BodiiDomain
import Foundation
import GRDB

/// A `food_record` row: the columns `CodingKeys` names, then one column per `NutrientKey`
/// (its raw value; NULL when the entry does not give it).
struct FoodRecordRow: DatedTableRow {
    static let databaseTableName = "food_record"
    static var feedsDailyLog: Bool { true }

    var id: Int64?
    var date: String
    var meal: String
    var foodId: String
    var foodName: String
    var grams: Double?
    var kcal: Double
    var proteinG: Double
    var carbsG: Double
    var fatG: Double
    var loggedAt: String
    var nutrients: [NutrientKey: Double]
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, ColumnExpression {
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

    /// By hand rather than Encodable: the nutrients are a dictionary spread over 85 columns.
    func encode(to container: inout PersistenceContainer) {
        container[CodingKeys.id] = id
        container[CodingKeys.date] = date
        container[CodingKeys.meal] = meal
        container[CodingKeys.foodId] = foodId
        container[CodingKeys.foodName] = foodName
        container[CodingKeys.grams] = grams
        container[CodingKeys.kcal] = kcal
        container[CodingKeys.proteinG] = proteinG
        container[CodingKeys.carbsG] = carbsG
        container[CodingKeys.fatG] = fatG
        container[CodingKeys.loggedAt] = loggedAt
        for key in NutrientKey.allCases { container[key.rawValue] = nutrients[key] }
        container[CodingKeys.source] = source
        container[CodingKeys.externalId] = externalId
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: CodingKeys.id)
        date = try row.decode(forColumn: CodingKeys.date)
        meal = try row.decode(forColumn: CodingKeys.meal)
        foodId = try row.decode(forColumn: CodingKeys.foodId)
        foodName = try row.decode(forColumn: CodingKeys.foodName)
        grams = try row.decode(forColumn: CodingKeys.grams)
        kcal = try row.decode(forColumn: CodingKeys.kcal)
        proteinG = try row.decode(forColumn: CodingKeys.proteinG)
        carbsG = try row.decode(forColumn: CodingKeys.carbsG)
        fatG = try row.decode(forColumn: CodingKeys.fatG)
        loggedAt = try row.decode(forColumn: CodingKeys.loggedAt)
        nutrients = [:]
        for key in NutrientKey.allCases {
            if let value: Double = try row.decode(forColumn: key.rawValue) { nutrients[key] = value }
        }
        source = try row.decode(forColumn: CodingKeys.source)
        externalId = try row.decode(forColumn: CodingKeys.externalId)
    }

    init(_ record: FoodRecord, timeZone: TimeZone) {
        id = record.id
        date = SQLText.date(record.date)
        meal = record.meal.rawValue
        foodId = record.foodId.rawValue
        foodName = record.foodName
        grams = record.grams
        kcal = record.kcal
        proteinG = record.proteinG
        carbsG = record.carbsG
        fatG = record.fatG
        loggedAt = SQLText.timestamp(record.loggedAt, timeZone: timeZone)
        nutrients = record.nutrients
        source = record.provenance.source
        externalId = record.provenance.externalId
    }

    func stored() throws -> FoodRecord {
        FoodRecord(
            id: id, date: try Self.localDate(date, CodingKeys.date), meal: try Self.enumValue(meal, CodingKeys.meal),
            foodId: FoodID(foodId), foodName: foodName, grams: grams, kcal: kcal, proteinG: proteinG, carbsG: carbsG, fatG: fatG,
            nutrients: nutrients, loggedAt: try Self.instant(loggedAt, CodingKeys.loggedAt),
            provenance: Provenance(source: source, externalId: externalId))
    }
}

extension FoodRecord: StoredRecord {
    typealias TableRow = FoodRecordRow
}
