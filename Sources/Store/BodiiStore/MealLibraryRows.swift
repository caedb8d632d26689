import BodiiDomain
import Foundation
import GRDB

// The meal library's tables as GRDB records, by column name. The food a recipe makes is a row of
// `food`, which the catalog store reads and writes.

/// A row of `favourite_food`.
struct FavouriteFoodRow: StoredRow {
    static let databaseTableName = "favourite_food"

    var foodId: String
    var addedAt: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case foodId = "food_id"
        case addedAt = "added_at"
    }
}

/// A row of `saved_meal`; its items are `saved_meal_item` rows.
struct SavedMealRow: AllottedIdRow {
    static let databaseTableName = "saved_meal"

    var id: Int64?
    var name: String
    var createdAt: String
    var source: String = Provenance.bodii.source
    var externalId: String?
    var meal: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, name
        case createdAt = "created_at"
        case source
        case externalId = "external_id"
        case meal
    }

    enum Columns {
        static let name = Column(CodingKeys.name)
    }

    init(name: String, createdAt: String, source: String = Provenance.bodii.source, externalId: String? = nil, meal: String?) {
        self.name = name
        self.createdAt = createdAt
        self.source = source
        self.externalId = externalId
        self.meal = meal
    }

    /// The meal it was saved from, nil for one saved before v12.
    func savedFrom() throws -> Meal? {
        try meal.map { raw in
            guard let meal = Meal(rawValue: raw) else { throw StoreError.invalidStoredValue(column: "saved_meal.meal", value: raw) }
            return meal
        }
    }
}

/// A row of `saved_meal_item`: a food record without a day, at its position in the meal. Not
/// `Codable`: its nutrients are a column each (`NutrientKey`), read and written by name.
struct SavedMealItemRow: NamedColumnsRow {
    static let databaseTableName = "saved_meal_item"
    static let ownColumns = ["saved_meal_id", "position", "food_id", "food_name", "grams", "kcal", "protein_g", "carbs_g", "fat_g"]
    static var columnNames: [String] { ownColumns + NutrientKey.allCases.map(\.rawValue) }

    var savedMealId: Int64
    var position: Int
    var foodId: String
    var foodName: String
    var grams: Double?
    var kcal: Double
    var proteinG: Double
    var carbsG: Double
    var fatG: Double
    var nutrients: [NutrientKey: Double]

    init(_ r: FoodRecord, savedMealId: Int64, position: Int) {
        self.savedMealId = savedMealId
        self.position = position
        foodId = r.foodId.rawValue
        foodName = r.foodName
        grams = r.grams
        kcal = r.kcal
        proteinG = r.proteinG
        carbsG = r.carbsG
        fatG = r.fatG
        nutrients = r.nutrients
    }

    init(row: Row) throws {
        savedMealId = try row.decode(forColumn: "saved_meal_id")
        position = try row.decode(forColumn: "position")
        foodId = try row.decode(forColumn: "food_id")
        foodName = try row.decode(forColumn: "food_name")
        grams = try row.decode(forColumn: "grams")
        kcal = try row.decode(forColumn: "kcal")
        proteinG = try row.decode(forColumn: "protein_g")
        carbsG = try row.decode(forColumn: "carbs_g")
        fatG = try row.decode(forColumn: "fat_g")
        nutrients = [:]
        for key in NutrientKey.allCases {
            if let value: Double = try row.decode(forColumn: key.rawValue) { nutrients[key] = value }
        }
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["saved_meal_id"] = savedMealId
        container["position"] = position
        container["food_id"] = foodId
        container["food_name"] = foodName
        container["grams"] = grams
        container["kcal"] = kcal
        container["protein_g"] = proteinG
        container["carbs_g"] = carbsG
        container["fat_g"] = fatG
        for key in NutrientKey.allCases { container[key.rawValue] = nutrients[key] }
    }

    /// The item at the meal it was saved from (snacks for a meal saved before v12).
    func record(meal: Meal?) -> FoodRecord {
        FoodRecord(
            date: LocalDate(daysSinceEpoch: 0), meal: meal ?? .snacks, foodId: FoodID(foodId), foodName: foodName, grams: grams,
            kcal: kcal, proteinG: proteinG, carbsG: carbsG, fatG: fatG, nutrients: nutrients, loggedAt: Date(timeIntervalSince1970: 0))
    }
}

/// A row of `recipe`: the food it makes (`food_id`, a row of `food`) and its servings.
struct RecipeRow: AllottedIdRow {
    static let databaseTableName = "recipe"

    var id: Int64?
    var foodId: String
    var servings: Double
    var createdAt: String
    var source: String = Provenance.bodii.source
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case foodId = "food_id"
        case servings
        case createdAt = "created_at"
        case source
        case externalId = "external_id"
    }

    enum Columns {
        static let servings = Column(CodingKeys.servings)
    }
}

/// A row of `recipe_ingredient`.
struct IngredientRow: StoredRow {
    static let databaseTableName = "recipe_ingredient"

    var recipeId: Int64
    var position: Int
    var foodId: String
    var grams: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case recipeId = "recipe_id"
        case position
        case foodId = "food_id"
        case grams
    }

    enum Columns {
        static let recipeId = Column(CodingKeys.recipeId)
    }
}
