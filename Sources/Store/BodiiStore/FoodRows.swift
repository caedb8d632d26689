import BodiiDomain
import Foundation
import GRDB

/// A row of `food`: a shipped, custom or recipe food, its values per 100 g. Read by index, in the
/// order of `columnNames` (food search reads its results so at every keystroke; the Review, a
/// line or an export read foods by the dozen), and written in that order (`insertSQL`) or by
/// name through GRDB. Its servings are `FoodServingRow`s. The shipped catalog is not written
/// through it: the seeder binds the catalog text's fields as they are (`CatalogSeeder`).
struct FoodRow: NamedColumnsRow {
    static let databaseTableName = "food"

    /// The columns a listing reads (names, energy and macronutrients), in order; one column per
    /// `NutrientKey` (its raw value; NULL when unknown) follows.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, name, source, release, kcal
        case proteinG = "protein_g"
        case carbsG = "carbs_g"
        case fatG = "fat_g"
    }

    static let columnNames = Columns.allCases.map(\.rawValue) + NutrientKey.allCases.map(\.rawValue)
    /// The columns of a food's values per 100 g, energy first.
    static let nutrientColumnNames = Array(columnNames.dropFirst(4))
    /// The values a food cannot be logged without (NOT NULL).
    static let requiredColumns = Set([Columns.kcal, .proteinG, .carbsG, .fatG].map(\.rawValue))
    static let columnList = columnList(prefix: "")
    /// `Columns` only: for a list that shows energy and macronutrients.
    static let listingColumnList = Columns.allCases.map(\.rawValue).joined(separator: ", ")
    static let listingColumnCount = Columns.allCases.count
    static let insertSQL = "INSERT INTO food (\(columnList)) VALUES (?\(String(repeating: ", ?", count: columnNames.count - 1)))"
    /// Each nutrient's column, made once: a key's raw value is a call into BodiiDomain per use.
    private static let nutrientColumns = NutrientKey.allCases.map { ($0, Column($0.rawValue)) }

    /// `columnList` with each column prefixed ("f." in a join).
    static func columnList(prefix: String) -> String { columnNames.map { prefix + $0 }.joined(separator: ", ") }

    /// The food, without its servings.
    var food: Food

    init(_ food: Food) { self.food = food }

    init(row: Row) throws { food = try Self.food(row: row) }

    /// The food of a row that starts with `columnNames` (more columns may follow, a join's);
    /// `nutrients` false: with `Columns` only (`listingColumnList`), `per100g.values` left empty.
    static func food(row: Row, nutrients: Bool = true) throws -> Food {
        var reader = ColumnReader(row, databaseTableName, columnNames)
        let id: String = try reader.next(Columns.id)
        let name: String = try reader.next(Columns.name)
        let source: String = try reader.next(Columns.source)
        let release: String? = try reader.next(Columns.release)
        var per100g = Nutrients(
            kcal: try reader.next(Columns.kcal), proteinG: try reader.next(Columns.proteinG), carbsG: try reader.next(Columns.carbsG),
            fatG: try reader.next(Columns.fatG))
        if nutrients {
            per100g.values.reserveCapacity(nutrientColumns.count)  // grown step by step, it was rehashed six times a food
            for (key, column) in nutrientColumns {
                if let value: Double = try reader.next(column) { per100g.values[key] = value }
            }
        }
        return Food(id: FoodID(id), name: name, source: source, release: release, per100g: per100g)
    }

    func write(to values: inout ColumnWriter) {
        values.put(food.id.rawValue, Columns.id)
        values.put(food.name, Columns.name)
        values.put(food.source, Columns.source)
        values.put(food.release, Columns.release)
        values.put(food.per100g.kcal, Columns.kcal)
        values.put(food.per100g.proteinG, Columns.proteinG)
        values.put(food.per100g.carbsG, Columns.carbsG)
        values.put(food.per100g.fatG, Columns.fatG)
        for (key, column) in Self.nutrientColumns { values.put(food.per100g.values[key], column) }
    }

    /// The values of `columnNames`, in order.
    var values: [(any DatabaseValueConvertible)?] {
        var writer = ColumnWriter(Self.columnNames, timeZone: .gmt)  // (no timestamps)
        write(to: &writer)
        return writer.values
    }

    func encode(to container: inout PersistenceContainer) {
        for (column, value) in zip(Self.columnNames, values) { container[column] = value }
    }

    /// Inserts the food and its servings.
    static func insert(_ food: Food, _ db: Database) throws {
        try db.cachedStatement(sql: insertSQL).execute(arguments: StatementArguments(FoodRow(food).values))
        try FoodServingRow.insert(servingsOf: food, db)
    }

    /// Sets the name and values of the food of `food.id` and `source`, and replaces its servings;
    /// false when there is no such food.
    static func update(_ food: Food, source: String, _ db: Database) throws -> Bool {
        let assignments = (["name"] + nutrientColumnNames).map { "\($0) = ?" }.joined(separator: ", ")
        let values: [(any DatabaseValueConvertible)?] = [food.name] + FoodRow(food).values.dropFirst(4) + [food.id.rawValue, source]
        try db.cachedStatement(sql: "UPDATE food SET \(assignments) WHERE id = ? AND source = ?")
            .execute(arguments: StatementArguments(values))
        guard db.changesCount == 1 else { return false }
        try db.execute(sql: "DELETE FROM food_serving WHERE food_id = ?", arguments: [food.id.rawValue])
        try FoodServingRow.insert(servingsOf: food, db)
        return true
    }
}

/// A row of `food_serving`: one of a food's servings, at its position (from 1, the source's order).
struct FoodServingRow: IndexedStoredRow {
    static let databaseTableName = "food_serving"

    var foodId: String
    var position: Int
    var label: String
    var grams: Double

    enum CodingKeys: String, CodingKey, CaseIterable {
        case foodId = "food_id"
        case position, label, grams
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(foodId: String, position: Int, label: String, grams: Double) {
        self.foodId = foodId
        self.position = position
        self.label = label
        self.grams = grams
    }

    init(reading row: inout ColumnReader) throws {
        foodId = try row.next(CodingKeys.foodId)
        position = try row.next(CodingKeys.position)
        label = try row.next(CodingKeys.label)
        grams = try row.next(CodingKeys.grams)
    }

    var serving: FoodServing { FoodServing(label: label, grams: grams) }

    /// The servings of the food of `id`, in order.
    static func servings(of id: FoodID, _ db: Database) throws -> [FoodServing] {
        try fetchAll(
            db.cachedStatement(sql: "SELECT \(columnList) FROM food_serving WHERE food_id = ? ORDER BY position"), arguments: [id.rawValue]
        ).map(\.serving)
    }

    static func insert(servingsOf food: Food, _ db: Database) throws {
        for (i, serving) in food.servings.enumerated() {
            try FoodServingRow(foodId: food.id.rawValue, position: i + 1, label: serving.label, grams: serving.grams).insert(db)
        }
    }
}

/// A row of `food_catalog`: the release of a shipped catalog (or the supplement's version) the
/// food table holds, written in the transaction that seeds it.
struct FoodCatalogRow: StoredRow {
    static let databaseTableName = "food_catalog"

    var source: String
    var release: String
    var foodCount: Int
    var seededAt: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case source, release
        case foodCount = "food_count"
        case seededAt = "seeded_at"
    }
}
