import BodiiDomain
import Foundation
import GRDB

/// Favourite foods, saved meals and recipes (migration v8, issue 15).
/// Favourites, recipes and saved meals.
public struct MealLibraryStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension MealLibraryStore: MealLibraryRepository {
    public func favouriteFoods() throws -> [Food] {
        try FoodCatalogStore(connection: connection).prepareFoodCatalog()
        return try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(FoodCatalogStore.foodColumns(prefix: "f.")) FROM favourite_food AS v JOIN food AS f ON f.id = v.food_id
                    ORDER BY v.added_at DESC, v.rowid DESC
                    """
            ).map(FoodCatalogStore.food(row:))
        }
    }

    public func isFavourite(_ id: FoodID) throws -> Bool {
        try read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM favourite_food WHERE food_id = ?)", arguments: [id.rawValue]) ?? false
        }
    }

    public func setFavourite(_ id: FoodID, _ favourite: Bool) throws {
        try write { db in
            if favourite {
                try db.execute(
                    sql: "INSERT OR REPLACE INTO favourite_food (food_id, added_at) VALUES (?, ?)",
                    arguments: [id.rawValue, SQLText.timestamp(Date(), timeZone: timeZone)])
            } else {
                try db.execute(sql: "DELETE FROM favourite_food WHERE food_id = ?", arguments: [id.rawValue])
            }
        }
    }

    static let savedItemColumns =
        (["food_id", "food_name", "grams", "kcal", "protein_g", "carbs_g", "fat_g"] + NutrientKey.allCases.map(\.rawValue))
        .joined(separator: ", ")
    /// `INSERT INTO saved_meal_item (saved_meal_id, position, savedItemColumns)`.
    static let insertSavedItem =
        "INSERT INTO saved_meal_item (saved_meal_id, position, \(savedItemColumns)) VALUES (?, ?\(String(repeating: ", ?", count: 7 + NutrientKey.allCases.count)))"

    /// A saved meal's item as `savedItemColumns` reads it: a food record without a day of its own,
    /// at the meal it was saved from (snacks for a meal saved before v12 kept that).
    static func savedItem(_ r: Row, meal: Meal?) throws -> FoodRecord {
        var nutrients: [NutrientKey: Double] = [:]
        for (offset, key) in NutrientKey.allCases.enumerated() {
            if let value: Double = try r.decode(atIndex: 7 + offset) { nutrients[key] = value }
        }
        return FoodRecord(
            date: LocalDate(daysSinceEpoch: 0), meal: meal ?? .snacks, foodId: FoodID(try r.decode(atIndex: 0)),
            foodName: try r.decode(atIndex: 1), grams: try r.decode(atIndex: 2), kcal: try r.decode(atIndex: 3),
            proteinG: try r.decode(atIndex: 4), carbsG: try r.decode(atIndex: 5), fatG: try r.decode(atIndex: 6),
            nutrients: nutrients, loggedAt: Date(timeIntervalSince1970: 0))
    }

    /// The values of `savedItemColumns` for one item, after its meal id and position.
    static func savedItemValues(_ r: FoodRecord) -> [(any DatabaseValueConvertible)?] {
        [r.foodId.rawValue, r.foodName, r.grams, r.kcal, r.proteinG, r.carbsG, r.fatG] + NutrientKey.allCases.map { r.nutrients[$0] }
    }

    public func savedMeals() throws -> [SavedMeal] {
        try NutrientIntakeStore(connection: connection).completeNutrientFill()  // items saved before v13 get their food's nutrients first (v17)
        return try read { db in
            var meals: [SavedMeal] = []
            for row in try Row.fetchAll(db, sql: "SELECT id, name, meal FROM saved_meal ORDER BY name COLLATE NOCASE, id") {
                let id: Int64 = try row.decode(atIndex: 0)
                let mealName: String? = try row.decode(atIndex: 2)
                let meal = try mealName.map { raw in
                    guard let meal = Meal(rawValue: raw) else { throw StoreError.invalidStoredValue(column: "saved_meal.meal", value: raw) }
                    return meal
                }
                let items = try Row.fetchAll(
                    db,
                    sql: """
                        SELECT \(Self.savedItemColumns) FROM saved_meal_item WHERE saved_meal_id = ? ORDER BY position
                        """, arguments: [id]
                ).map { try Self.savedItem($0, meal: meal) }
                meals.append(SavedMeal(id: id, name: try row.decode(atIndex: 1), meal: meal, items: items))
            }
            return meals
        }
    }

    @discardableResult
    public func saveMeal(_ meal: SavedMeal) throws -> SavedMeal {
        try write { db in
            guard try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved_meal WHERE name = ?)", arguments: [meal.name]) == false
            else {
                throw MealLibraryError.nameTaken(meal.name)
            }
            try db.execute(
                sql: "INSERT INTO saved_meal (id, name, meal, created_at) VALUES (?, ?, ?, ?)",
                arguments: [
                    try RowIdAllocator.id(for: "saved_meal", proposed: nil, db), meal.name, meal.meal?.rawValue,
                    SQLText.timestamp(Date(), timeZone: timeZone),
                ])
            var saved = meal
            saved.id = db.lastInsertedRowID
            let statement = try db.cachedStatement(sql: Self.insertSavedItem)
            for (i, r) in meal.items.enumerated() {
                try statement.execute(arguments: StatementArguments([saved.id, i] + Self.savedItemValues(r)))
            }
            return saved
        }
    }

    public func deleteSavedMeal(id: Int64) throws {
        try write { db in try db.execute(sql: "DELETE FROM saved_meal WHERE id = ?", arguments: [id]) }
    }

    public func renameSavedMeal(id: Int64, to name: String) throws {
        try write { db in
            guard
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved_meal WHERE name = ? AND id <> ?)", arguments: [name, id])
                    == false
            else {
                throw MealLibraryError.nameTaken(name)
            }
            try db.execute(sql: "UPDATE saved_meal SET name = ? WHERE id = ?", arguments: [name, id])
        }
    }

    @discardableResult
    public func saveRecipe(_ recipe: Recipe) throws -> Recipe {
        guard !recipe.ingredients.isEmpty else { throw MealLibraryError.recipeWithoutIngredients }
        return try write { db in
            var saved = recipe
            if let id = recipe.id, let foodID = recipe.foodID {
                // The food row changes (search and new entries see it); logged entries keep their copies.
                let food = recipe.asFood(id: foodID)
                let assignments = (["name"] + CatalogSeeder.nutrientColumns).map { "\($0) = ?" }.joined(separator: ", ")
                try db.execute(
                    sql: "UPDATE food SET \(assignments) WHERE id = ? AND source = ?",
                    arguments: StatementArguments([food.name] + FoodCatalogStore.nutrientValues(food.per100g) + [foodID.rawValue, Recipe.source]))
                guard db.changesCount == 1 else { throw StoreError.customFoodNotFound(foodID.rawValue) }
                try db.execute(sql: "DELETE FROM food_serving WHERE food_id = ?", arguments: [foodID.rawValue])
                try FoodCatalogStore.insertServings(of: food, db)
                try db.execute(sql: "UPDATE recipe SET servings = ? WHERE id = ?", arguments: [recipe.servings, id])
                try db.execute(sql: "DELETE FROM recipe_ingredient WHERE recipe_id = ?", arguments: [id])
            } else {
                let foodID = FoodID("recipe:\(try RowIdAllocator.foodNumber(db))")
                let food = recipe.asFood(id: foodID)
                try db.execute(
                    sql: """
                        INSERT INTO food (\(FoodCatalogStore.foodColumns)) VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: CatalogSeeder.nutrientColumns.count)))
                        """,
                    arguments: StatementArguments(
                        [foodID.rawValue, food.name, Recipe.source, nil as String?]
                            + FoodCatalogStore.nutrientValues(food.per100g)))
                try FoodCatalogStore.insertServings(of: food, db)
                try db.execute(
                    sql: "INSERT INTO recipe (id, food_id, servings, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [
                        try RowIdAllocator.id(for: "recipe", proposed: nil, db), foodID.rawValue, recipe.servings,
                        SQLText.timestamp(Date(), timeZone: timeZone),
                    ])
                saved.id = db.lastInsertedRowID
                saved.foodID = foodID
            }
            let statement = try db.cachedStatement(
                sql: "INSERT INTO recipe_ingredient (recipe_id, position, food_id, grams) VALUES (?, ?, ?, ?)")
            for (i, ingredient) in recipe.ingredients.enumerated() {
                try statement.execute(arguments: [saved.id, i, ingredient.food.id.rawValue, ingredient.grams])
            }
            return saved
        }
    }

    public func recipe(foodID: FoodID) throws -> Recipe? {
        try read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT r.id, r.servings, f.name FROM recipe AS r JOIN food AS f ON f.id = r.food_id WHERE r.food_id = ?
                        """, arguments: [foodID.rawValue])
            else { return nil }
            let id: Int64 = try row.decode(atIndex: 0)
            var ingredients: [Recipe.Ingredient] = []
            for r in try Row.fetchAll(
                db,
                sql: """
                    SELECT \(FoodCatalogStore.foodColumns(prefix: "f.")), i.grams FROM recipe_ingredient AS i JOIN food AS f ON f.id = i.food_id
                    WHERE i.recipe_id = ? ORDER BY i.position
                    """, arguments: [id])
            {
                ingredients.append(
                    Recipe.Ingredient(food: try FoodCatalogStore.food(row: r), grams: try r.decode(atIndex: CatalogSeeder.nutrientColumns.count + 4)))
            }
            return Recipe(
                id: id, foodID: foodID, name: try row.decode(atIndex: 2), servings: try row.decode(atIndex: 1), ingredients: ingredients)
        }
    }

    public func recipeFoods() throws -> [Food] {
        try read { db in
            let foods = try Row.fetchAll(
                db, sql: "SELECT \(FoodCatalogStore.foodColumns) FROM food WHERE source = ? ORDER BY name COLLATE NOCASE, id",
                arguments: [Recipe.source]
            ).map(FoodCatalogStore.food(row:))
            return try foods.map { f in
                var food = f
                food.servings = try FoodCatalogStore.servings(of: f.id, db)
                return food
            }
        }
    }

    public func deleteRecipe(foodID: FoodID) throws {
        // The recipe, its ingredients and servings go with the food (ON DELETE CASCADE); the log keeps its copies.
        try write { db in
            try db.execute(sql: "DELETE FROM food WHERE id = ? AND source = ?", arguments: [foodID.rawValue, Recipe.source])
        }
    }
}
