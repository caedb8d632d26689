import GRDB

/// Issue 27, for saved meals: v13 gave `saved_meal_item` every nutrient column but filled only the
/// log's entries, so a meal saved before v13 kept its items' new nutrients unknown — and logged
/// them unknown again each time it was used.
extension NutrientMigrations {
    /// v17. Saved meal items get, once, what their food knows where still unknown, as v13 did for
    /// `food_record`: per 100 g × grams / 100, never over a value the item already has. Custom foods
    /// and recipes are known now; catalog foods only after the catalog is seeded with every nutrient.
    /// When this database has not been seeded since v13 (its `food_catalog` is empty), the items
    /// wait in `saved_meal_item_nutrient_fill` and `CatalogSeeder.fillPendingEntries` fills them
    /// after the seed. An item whose food is gone keeps NULL.
    static func savedMealNutrientsV17(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE saved_meal_item_nutrient_fill (
                    saved_meal_id INTEGER NOT NULL, position INTEGER NOT NULL, PRIMARY KEY (saved_meal_id, position)
                );
                \(savedItemFillSQLV17(onlyPending: false))
                INSERT INTO saved_meal_item_nutrient_fill (saved_meal_id, position)
                    SELECT saved_meal_item.saved_meal_id, saved_meal_item.position
                    FROM saved_meal_item JOIN food ON food.id = saved_meal_item.food_id
                    WHERE NOT EXISTS (SELECT 1 FROM food_catalog);
                """)
        try FiniteGuards.installLegacyTriggers(db)  // the new table's numbers are guarded like every other's
    }

    /// Fills the v13 columns of saved meal items from their food where still unknown (frozen with v17).
    static func savedItemFillSQLV17(onlyPending: Bool) -> String {
        let assignments = recordColumnsV13.map { "\($0) = coalesce(saved_meal_item.\($0), food.\($0) * saved_meal_item.grams / 100)" }
        let pending = """
            AND EXISTS (SELECT 1 FROM saved_meal_item_nutrient_fill AS p
                        WHERE p.saved_meal_id = saved_meal_item.saved_meal_id AND p.position = saved_meal_item.position)
            """
        return """
            UPDATE saved_meal_item SET \(assignments.joined(separator: ", "))
            FROM food WHERE food.id = saved_meal_item.food_id \(onlyPending ? pending : "");
            """
    }
}
