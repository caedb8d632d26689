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
            try FoodRow.fetchAll(
                db,
                sql: """
                    SELECT \(FoodRow.columnList(prefix: "f.")) FROM favourite_food AS v JOIN food AS f ON f.id = v.food_id
                    ORDER BY v.added_at DESC, v.rowid DESC
                    """
            ).map(\.food)
        }
    }

    public func isFavourite(_ id: FoodID) throws -> Bool {
        try read { db in
            try FavouriteFoodRow.exists(db, key: id.rawValue)
        }
    }

    public func setFavourite(_ id: FoodID, _ favourite: Bool) throws {
        try write { db in
            if favourite {
                try FavouriteFoodRow(foodId: id.rawValue, addedAt: SQLText.timestamp(Date(), timeZone: timeZone))
                    .insert(db, onConflict: .replace)
            } else {
                try FavouriteFoodRow.deleteOne(db, key: id.rawValue)
            }
        }
    }

    public func savedMeals() throws -> [SavedMeal] {
        // Items saved before v13 get their food's nutrients first (v17).
        try NutrientIntakeStore(connection: connection).completeNutrientFill()
        return try read { db in
            var meals: [SavedMeal] = []
            for row in try SavedMealRow.fetchAll(db, sql: "SELECT * FROM saved_meal ORDER BY name COLLATE NOCASE, id") {
                let meal = try row.savedFrom()
                let items = try SavedMealItemRow.fetchAll(
                    db, sql: "SELECT * FROM saved_meal_item WHERE saved_meal_id = ? ORDER BY position", arguments: [row.id]
                ).map { $0.record(meal: meal) }
                meals.append(SavedMeal(id: row.id, name: row.name, meal: meal, items: items))
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
            var row = SavedMealRow(name: meal.name, createdAt: SQLText.timestamp(Date(), timeZone: timeZone), meal: meal.meal?.rawValue)
            var saved = meal
            let id = try row.insert(allotting: nil, db)
            saved.id = id
            for (i, r) in meal.items.enumerated() { try SavedMealItemRow(r, savedMealId: id, position: i).insert(db) }
            return saved
        }
    }

    public func deleteSavedMeal(id: Int64) throws {
        try write { db in _ = try SavedMealRow.deleteOne(db, key: id) }
    }

    public func renameSavedMeal(id: Int64, to name: String) throws {
        try write { db in
            guard
                try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved_meal WHERE name = ? AND id <> ?)", arguments: [name, id])
                    == false
            else {
                throw MealLibraryError.nameTaken(name)
            }
            try SavedMealRow.filter(key: id).updateAll(db, SavedMealRow.Columns.name.set(to: name))
        }
    }

    @discardableResult
    public func saveRecipe(_ recipe: Recipe) throws -> Recipe {
        guard !recipe.ingredients.isEmpty else { throw MealLibraryError.recipeWithoutIngredients }
        return try write { db in
            var saved = recipe
            if let id = recipe.id, let foodID = recipe.foodID {
                // The food row changes (search and new entries see it); logged entries keep their copies.
                guard try FoodRow.update(recipe.asFood(id: foodID), source: Recipe.source, db) else {
                    throw StoreError.customFoodNotFound(foodID.rawValue)
                }
                try RecipeRow.filter(key: id).updateAll(db, RecipeRow.Columns.servings.set(to: recipe.servings))
                try IngredientRow.filter(IngredientRow.Columns.recipeId == id).deleteAll(db)
            } else {
                let foodID = FoodID("recipe:\(try RowIdAllocator.foodNumber(db))")
                try FoodRow.insert(recipe.asFood(id: foodID), db)  // source Recipe.source, no release
                var row = RecipeRow(
                    foodId: foodID.rawValue, servings: recipe.servings, createdAt: SQLText.timestamp(Date(), timeZone: timeZone))
                saved.id = try row.insert(allotting: nil, db)
                saved.foodID = foodID
            }
            guard let recipeId = saved.id else { throw StoreError.recordNotFound(kind: "recipe", id: nil) }
            for (i, ingredient) in recipe.ingredients.enumerated() {
                try IngredientRow(recipeId: recipeId, position: i, foodId: ingredient.food.id.rawValue, grams: ingredient.grams).insert(db)
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
                        SELECT r.*, f.name AS food_name FROM recipe AS r JOIN food AS f ON f.id = r.food_id WHERE r.food_id = ?
                        """, arguments: [foodID.rawValue])
            else { return nil }
            let recipe = try RecipeRow(row: row)
            guard let id = recipe.id else { return nil }
            var ingredients: [Recipe.Ingredient] = []
            for r in try Row.fetchAll(
                db,
                sql: """
                    SELECT \(FoodRow.columnList(prefix: "f.")), i.grams AS ingredient_grams
                    FROM recipe_ingredient AS i JOIN food AS f ON f.id = i.food_id
                    WHERE i.recipe_id = ? ORDER BY i.position
                    """, arguments: [id])
            {
                ingredients.append(
                    Recipe.Ingredient(food: try FoodRow.food(row: r), grams: try r.decode(forColumn: "ingredient_grams")))
            }
            return Recipe(
                id: id, foodID: foodID, name: try row.decode(forColumn: "food_name"), servings: recipe.servings, ingredients: ingredients)
        }
    }

    public func recipeFoods() throws -> [Food] {
        try read { db in
            try FoodRow.fetchAll(
                db, sql: "SELECT \(FoodRow.columnList) FROM food WHERE source = ? ORDER BY name COLLATE NOCASE, id",
                arguments: [Recipe.source]
            ).map { row in
                var food = row.food
                food.servings = try FoodServingRow.servings(of: food.id, db)
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
