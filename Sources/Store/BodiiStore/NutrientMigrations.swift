import GRDB

/// Issue 27's migration: every nutrient of PRODUCT.md §11 in the catalog and in the log.
enum NutrientMigrations: MigrationSQL {
    /// The nutrient columns v13 adds to `food` (it had energy, the macros and ten others), frozen
    /// as they were when v13 shipped: a later `NutrientKey` must not change what v13 did.
    static let foodColumnsV13 = [
        "water_g", "starch_g", "monounsaturated_fat_g", "polyunsaturated_fat_g", "omega_3_g", "omega_6_g",
        "magnesium_mg", "phosphorus_mg", "zinc_mg", "copper_mg", "manganese_mg", "selenium_ug", "vitamin_a_ug",
        "vitamin_e_mg", "vitamin_k_ug", "thiamin_mg", "riboflavin_mg", "niacin_mg", "pantothenic_acid_mg",
        "vitamin_b6_mg", "vitamin_b12_ug", "folate_ug", "choline_mg", "caffeine_mg", "alcohol_g",
    ]
    /// The columns v13 adds to `food_record` and `saved_meal_item` (they had fiber, sugars,
    /// saturated fat and sodium): the food's new ones and six the food already had.
    static let recordColumnsV13 =
        ["cholesterol_mg", "potassium_mg", "calcium_mg", "iron_mg", "vitamin_c_mg", "vitamin_d_ug"] + foodColumnsV13

    /// v13 (issue 27). `food` gets a column per nutrient, `food_record` and `saved_meal_item` keep
    /// each entry's amounts as computed when it was logged (NULL = unknown, never 0).
    ///
    /// Entries logged before v13 get theirs from their food, once: here from what the `food` table
    /// knows now (custom foods, and six nutrients the catalog already had), and for the shipped
    /// catalog's foods, whose new columns are still empty, after the catalog is seeded again with
    /// every nutrient: v13 forgets which release the database holds, so the next catalog use
    /// re-seeds it, and `CatalogSeeder.fillPendingEntries` then fills the entries listed in
    /// `food_record_nutrient_fill` where they are still unknown. An entry whose food is gone (or a
    /// quick add) keeps NULL. A filled value is what logging would have computed: per 100 g × grams / 100.
    static func nutrientsV13(_ db: Database) throws {
        var sql = ""
        for column in foodColumnsV13 {
            sql += "ALTER TABLE food ADD COLUMN \(column) REAL CHECK (\(column) >= 0);\n"
        }
        for table in ["food_record", "saved_meal_item"] {
            for column in recordColumnsV13 {
                sql += "ALTER TABLE \(table) ADD COLUMN \(column) REAL CHECK (\(column) >= 0);\n"
            }
        }
        try db.execute(sql: sql)
        try db.execute(
            sql: """
                CREATE TABLE food_record_nutrient_fill (id INTEGER PRIMARY KEY);
                INSERT INTO food_record_nutrient_fill (id)
                    SELECT food_record.id FROM food_record JOIN food ON food.id = food_record.food_id
                    WHERE food_record.grams IS NOT NULL;
                \(fillSQLV13(onlyPending: false))
                DELETE FROM food_catalog;
                """)
        try FiniteGuards.installLegacyTriggers(db)
    }

    /// Fills the v13 columns of entries from their food where still unknown (frozen with v13).
    static func fillSQLV13(onlyPending: Bool) -> String {
        let assignments = recordColumnsV13.map { "\($0) = coalesce(food_record.\($0), food.\($0) * food_record.grams / 100)" }
        return """
            UPDATE food_record SET \(assignments.joined(separator: ", "))
            FROM food WHERE food.id = food_record.food_id AND food_record.grams IS NOT NULL
            \(onlyPending ? "AND food_record.id IN (SELECT id FROM food_record_nutrient_fill)" : "");
            """
    }
}
