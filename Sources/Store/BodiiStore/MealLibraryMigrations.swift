import GRDB

enum MealLibraryMigrations: MigrationSQL {
    /// v8 (issue 15): the user's meal library. Favourite foods; saved meals (a logged meal kept by
    /// name, its items with the values they were logged with, logged again in one step); recipes
    /// (ingredients with amounts and a number of servings, each recipe also a `food` row with
    /// source 'recipe' so search and logging treat it as a food; editing a recipe rewrites that
    /// row, never the log). Saved meals and recipes carry `source`/`external_id` like v5's records.
    static func mealLibraryV8(_ db: Database) throws {
        let provenance = """
            source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
            external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
            """
        try db.execute(
            sql: """
                -- A rowid table: marking a food again (INSERT OR REPLACE) gives it the latest rowid.
                CREATE TABLE favourite_food (
                    food_id TEXT PRIMARY KEY NOT NULL,
                    added_at TEXT NOT NULL
                );

                CREATE TABLE saved_meal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
                    created_at TEXT NOT NULL,
                    \(provenance)
                );
                CREATE UNIQUE INDEX saved_meal_external ON saved_meal(source, external_id) WHERE external_id IS NOT NULL;
                -- An item as it was logged: the food's id and name and the values copied then.
                CREATE TABLE saved_meal_item (
                    saved_meal_id INTEGER NOT NULL REFERENCES saved_meal(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    food_id TEXT NOT NULL,
                    food_name TEXT NOT NULL,
                    grams REAL NOT NULL CHECK (grams > 0),
                    kcal REAL NOT NULL CHECK (kcal >= 0),
                    protein_g REAL NOT NULL CHECK (protein_g >= 0),
                    carbs_g REAL NOT NULL CHECK (carbs_g >= 0),
                    fat_g REAL NOT NULL CHECK (fat_g >= 0),
                    fiber_g REAL CHECK (fiber_g >= 0),
                    sugars_g REAL CHECK (sugars_g >= 0),
                    saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                    sodium_mg REAL CHECK (sodium_mg >= 0),
                    PRIMARY KEY (saved_meal_id, position)
                );

                -- A recipe: its food row (food.id = food_id, source 'recipe') holds the name and the
                -- nutrients per 100 g computed from the ingredients; one serving is a food_serving.
                CREATE TABLE recipe (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    food_id TEXT NOT NULL UNIQUE REFERENCES food(id) ON DELETE CASCADE ON UPDATE CASCADE,
                    servings REAL NOT NULL CHECK (servings > 0 AND servings <= 100),
                    created_at TEXT NOT NULL,
                    \(provenance)
                );
                CREATE UNIQUE INDEX recipe_external ON recipe(source, external_id) WHERE external_id IS NOT NULL;
                CREATE TABLE recipe_ingredient (
                    recipe_id INTEGER NOT NULL REFERENCES recipe(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    food_id TEXT NOT NULL,
                    grams REAL NOT NULL CHECK (grams > 0 AND grams <= 50000),
                    PRIMARY KEY (recipe_id, position)
                );
                """)
    }
}

extension MealLibraryMigrations {
    /// v12 (issue 26): the meal a saved meal was saved from, so `a Enter` logs it there again.
    /// Meals saved before keep NULL and go to the meal of the hour.
    static func savedMealMealV12(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE saved_meal ADD COLUMN meal TEXT
                    CHECK (meal IS NULL OR \(oneOf("meal", ["breakfast", "lunch", "dinner", "snacks"])));
                """)
    }
}
