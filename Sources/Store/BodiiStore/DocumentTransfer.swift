import BodiiDomain
import Foundation
import GRDB

/// What `bodii export` carries of the meal library (PRODUCT.md §9: "recipes with their
/// ingredients, saved meals, favourites"), with the timestamps and provenance the tables keep, so
/// `import bodii` of an export into an empty database gives the same rows back.
public struct LibraryRecipe: Sendable, Equatable {
    /// The recipe's food row ("recipe:N"): name, nutrients per 100 g and servings, as stored.
    public var food: Food
    public var servings: Double
    /// Ingredient food ids and grams, in order.
    public var ingredients: [RecipeIngredientRow]
    public var createdAt: Date
    public var provenance: Provenance

    public init(food: Food, servings: Double, ingredients: [RecipeIngredientRow], createdAt: Date, provenance: Provenance) {
        self.food = food
        self.servings = servings
        self.ingredients = ingredients
        self.createdAt = createdAt
        self.provenance = provenance
    }
}

public struct RecipeIngredientRow: Sendable, Equatable {
    public var foodID: FoodID
    public var grams: Double
    public init(foodID: FoodID, grams: Double) {
        self.foodID = foodID
        self.grams = grams
    }
}

public struct LibrarySavedMeal: Sendable, Equatable {
    public var name: String
    /// The meal it was saved from (v12); nil for meals saved before, which go to the meal of the hour.
    public var meal: Meal?
    /// The items as they were logged (date, meal and logged_at are not kept).
    public var items: [FoodRecord]
    public var createdAt: Date
    public var provenance: Provenance

    public init(name: String, meal: Meal? = nil, items: [FoodRecord], createdAt: Date, provenance: Provenance) {
        self.name = name
        self.meal = meal
        self.items = items
        self.createdAt = createdAt
        self.provenance = provenance
    }
}

public struct LibraryFavourite: Sendable, Equatable {
    public var foodID: FoodID
    public var addedAt: Date
    public init(foodID: FoodID, addedAt: Date) {
        self.foodID = foodID
        self.addedAt = addedAt
    }
}

// MARK: - One transaction for many calls

extension StoreConnection {
    /// The open `inOneTransaction` connection of this thread, if any.
    var openTransaction: Database? { pins.current(.transaction) }

    /// `body` in a transaction of its own, or a savepoint when one is open already.
    static func transaction(
        _ db: Database, _ kind: Database.TransactionKind? = nil,
        _ body: () throws -> Database.TransactionCompletion
    ) throws {
        if db.isInsideTransaction {
            try db.inSavepoint(body)
        } else {
            try db.inTransaction(kind, body)
        }
    }
}

// MARK: - The meal library and custom foods, out and back

extension SQLiteRepositories {
    /// Recipes in the order they were made, with their food rows.
    public func libraryRecipes() throws -> [LibraryRecipe] {
        try read { db in
            try RecipeRow.fetchAll(db, sql: "SELECT * FROM recipe ORDER BY id").compactMap { row in
                guard let id = row.id,
                    var food = try FoodRow.fetchOne(
                        db, sql: "SELECT \(FoodRow.columnList) FROM food WHERE id = ?", arguments: [row.foodId])?.food
                else { return nil }
                food.servings = try FoodServingRow.servings(of: food.id, db)
                let ingredients = try IngredientRow.fetchAll(
                    db, sql: "SELECT * FROM recipe_ingredient WHERE recipe_id = ? ORDER BY position", arguments: [id]
                ).map { RecipeIngredientRow(foodID: FoodID($0.foodId), grams: $0.grams) }
                return LibraryRecipe(
                    food: food, servings: row.servings, ingredients: ingredients,
                    createdAt: try SQLText.instant(row.createdAt, column: "recipe.created_at"),
                    provenance: Provenance(source: row.source, externalId: row.externalId ?? "recipe/\(id)"))
            }
        }
    }

    /// Saved meals in the order they were saved.
    public func librarySavedMeals() throws -> [LibrarySavedMeal] {
        try read { db in
            try SavedMealRow.fetchAll(db, sql: "SELECT * FROM saved_meal ORDER BY id").map { row in
                let items = try SavedMealItemRow.fetchAll(
                    db, sql: "SELECT * FROM saved_meal_item WHERE saved_meal_id = ? ORDER BY position", arguments: [row.id]
                ).map { $0.record(meal: nil) }
                return LibrarySavedMeal(
                    name: row.name, meal: row.meal.flatMap(Meal.init(rawValue:)), items: items,
                    createdAt: try SQLText.instant(row.createdAt, column: "saved_meal.created_at"),
                    provenance: Provenance(source: row.source, externalId: row.externalId ?? "saved_meal/\(row.id ?? 0)"))
            }
        }
    }

    /// Favourites in the order they were marked.
    public func libraryFavourites() throws -> [LibraryFavourite] {
        try read { db in
            try FavouriteFoodRow.fetchAll(db, sql: "SELECT * FROM favourite_food ORDER BY rowid").map { row in
                LibraryFavourite(
                    foodID: FoodID(row.foodId), addedAt: try SQLText.instant(row.addedAt, column: "favourite_food.added_at"))
            }
        }
    }

    /// A custom food or recipe food id the document names, kept when it is free here: the log's
    /// entries and ingredients name foods by id. Otherwise the next number. Once the database
    /// syncs, only a number from a device's range is kept (`RowIdAllocator.keeps`). Returns the id used.
    static func claimFoodID(_ wanted: FoodID, prefix: String, _ db: Database) throws -> FoodID {
        let text = wanted.rawValue
        if text.hasPrefix(prefix + ":"), let n = Int64(text.dropFirst(prefix.count + 1)), n > 0,
            try RowIdAllocator.keeps(n, db),
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM food WHERE id = ?)", arguments: [text]) == false,
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM custom_food_number WHERE n = ?)", arguments: [n]) == false
        {
            // AUTOINCREMENT goes on after the largest number ever used, this one included.
            try db.execute(sql: "INSERT INTO custom_food_number (n) VALUES (?)", arguments: [n])
            return wanted
        }
        return FoodID("\(prefix):\(try RowIdAllocator.foodNumber(db))")
    }

    /// A custom food of a document, under its own id when that is free; nil when a custom food of
    /// that name is here already (it is not added twice). Returns the id it is stored under.
    public func importCustomFood(_ food: Food) throws -> FoodID? {
        // A database with foods of its own holds the catalog too (see `addCustomFood`).
        try prepareFoodCatalog()
        return try write { db in
            if try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM food WHERE source = ? AND name = ?)",
                arguments: [FoodCatalogStore.customSource, food.name]) == true
            {
                return nil
            }
            var saved = food
            saved.id = try Self.claimFoodID(food.id, prefix: "custom", db)
            saved.source = FoodCatalogStore.customSource
            saved.release = nil
            try FoodRow.insert(saved, db)
            return saved.id
        }
    }

    /// A recipe of a document with its food row as stored there; skipped (nil) when its source
    /// and external id are here already. Ingredient ids are taken as given (the caller maps the
    /// document's custom foods to their ids here).
    public func importRecipe(_ recipe: LibraryRecipe) throws -> FoodID? {
        try prepareFoodCatalog()
        return try write { db in
            // There already: by provenance, or this database's own recipe N exported as "recipe/N".
            if let id = recipe.provenance.externalId,
                try Bool.fetchOne(
                    db,
                    sql: """
                        SELECT EXISTS (SELECT 1 FROM recipe AS r JOIN food AS f ON f.id = r.food_id
                                       WHERE (r.source = ? AND r.external_id = ?)
                                          OR (r.source = 'bodii' AND ? = 'bodii' AND r.external_id IS NULL AND 'recipe/' || r.id = ? AND f.name = ?))
                        """, arguments: [recipe.provenance.source, id, recipe.provenance.source, id, recipe.food.name]) == true
            {
                return nil
            }
            var food = recipe.food
            food.id = try Self.claimFoodID(recipe.food.id, prefix: "recipe", db)
            food.source = Recipe.source
            food.release = nil
            try FoodRow.insert(food, db)
            var row = RecipeRow(
                foodId: food.id.rawValue, servings: recipe.servings, createdAt: SQLText.timestamp(recipe.createdAt, timeZone: timeZone),
                source: recipe.provenance.source, externalId: recipe.provenance.externalId)
            let id = try row.insert(allotting: nil, db)
            for (i, ingredient) in recipe.ingredients.enumerated() {
                try IngredientRow(recipeId: id, position: i, foodId: ingredient.foodID.rawValue, grams: ingredient.grams).insert(db)
            }
            return food.id
        }
    }

    /// A saved meal of a document; skipped (false) when its provenance or its name is here already.
    public func importSavedMeal(_ meal: LibrarySavedMeal) throws -> Bool {
        try write { db in
            if try Bool.fetchOne(
                db, sql: "SELECT EXISTS (SELECT 1 FROM saved_meal WHERE name = ? OR (source = ? AND external_id = ?))",
                arguments: [meal.name, meal.provenance.source, meal.provenance.externalId]) == true
            {
                return false
            }
            var row = SavedMealRow(
                name: meal.name, createdAt: SQLText.timestamp(meal.createdAt, timeZone: timeZone), source: meal.provenance.source,
                externalId: meal.provenance.externalId, meal: meal.meal?.rawValue)
            let id = try row.insert(allotting: nil, db)
            for (i, r) in meal.items.enumerated() { try SavedMealItemRow(r, savedMealId: id, position: i).insert(db) }
            return true
        }
    }

    /// A favourite of a document, with the time it was marked; one marked here already stays as it is.
    public func importFavourite(_ favourite: LibraryFavourite) throws -> Bool {
        try write { db in
            try FavouriteFoodRow(foodId: favourite.foodID.rawValue, addedAt: SQLText.timestamp(favourite.addedAt, timeZone: timeZone))
                .insert(db, onConflict: .ignore)
            return db.changesCount == 1
        }
    }

    /// Goals of a document, as a history (the active one last), when this database has none.
    public func importGoals(_ goals: [Goal]) throws -> Int {
        try write { db in
            guard try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM goal") == 0 else { return 0 }
            for goal in goals.filter({ !$0.isActive }) + goals.filter(\.isActive) { _ = try GoalStore.activateGoal(goal, db) }
            return goals.count
        }
    }

    /// Every table of the schema (what `export` must cover or declare derived).
    public func tableNames() throws -> [String] {
        try read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
        }
    }
}
