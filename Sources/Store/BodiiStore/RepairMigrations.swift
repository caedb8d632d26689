import GRDB

/// Issue 23's migrations: stored numbers made finite (v10), a body record without a weight (v11).
enum RepairMigrations: MigrationSQL {
    /// v10 (issue 23 #6, #22). A quick add has no grams: `food_record.grams` and
    /// `saved_meal_item.grams` become NULL exactly for food id 'quick' (existing quick adds, stored
    /// as 1 g, are converted). SQLite cannot drop a NOT NULL, so both tables are rebuilt (their
    /// other columns, CHECKs and indexes as before; food_record keeps its AUTOINCREMENT counter).
    /// Then no number is ever infinite: existing ones are repaired and every numeric column gets
    /// a guard (see `FiniteGuards`). Runs last, because a rebuild drops a table's triggers.
    static func finiteNumbersV10(_ db: Database) throws {
        let quick = "'quick'"  // QuickAdd.foodID, as it was when v10 shipped
        let nutrients = """
            kcal REAL NOT NULL CHECK (kcal >= 0),
            protein_g REAL NOT NULL CHECK (protein_g >= 0),
            carbs_g REAL NOT NULL CHECK (carbs_g >= 0),
            fat_g REAL NOT NULL CHECK (fat_g >= 0),
            fiber_g REAL CHECK (fiber_g >= 0),
            """
        let counter = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'food_record'")
        let recordColumns = """
            id, date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at,
            sugars_g, saturated_fat_g, sodium_mg, source, external_id
            """
        let itemColumns =
            "saved_meal_id, position, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, sugars_g, saturated_fat_g, sodium_mg"
        try db.execute(
            sql: """
                CREATE TABLE food_record_v10 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    meal TEXT NOT NULL CHECK (\(oneOf("meal", ["breakfast", "lunch", "dinner", "snacks"]))),
                    food_id TEXT NOT NULL,
                    food_name TEXT NOT NULL,
                    grams REAL CHECK (grams > 0),          -- NULL exactly for a quick add
                    \(nutrients)
                    logged_at TEXT NOT NULL,
                    sugars_g REAL CHECK (sugars_g >= 0),
                    saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                    sodium_mg REAL CHECK (sodium_mg >= 0),
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256),
                    CHECK ((grams IS NULL) = (food_id = \(quick)))
                );
                INSERT INTO food_record_v10 (\(recordColumns))
                SELECT \(recordColumns.replacingOccurrences(of: "grams,", with: "CASE WHEN food_id = \(quick) THEN NULL ELSE grams END,"))
                FROM food_record;
                DROP TABLE food_record;
                ALTER TABLE food_record_v10 RENAME TO food_record;
                CREATE INDEX food_record_date ON food_record(date);
                CREATE INDEX food_record_food ON food_record(food_id, date);
                CREATE UNIQUE INDEX food_record_external ON food_record(source, external_id) WHERE external_id IS NOT NULL;
                -- v3's triggers that tell the search cache the log changed (dropped with the old table).
                CREATE TRIGGER food_search_log_insert AFTER INSERT ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;
                CREATE TRIGGER food_search_log_update AFTER UPDATE ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;
                CREATE TRIGGER food_search_log_delete AFTER DELETE ON food_record BEGIN UPDATE food_search_state SET log = log + 1 WHERE id = 1; END;

                CREATE TABLE saved_meal_item_v10 (
                    saved_meal_id INTEGER NOT NULL REFERENCES saved_meal(id) ON DELETE CASCADE,
                    position INTEGER NOT NULL CHECK (position >= 0),
                    food_id TEXT NOT NULL,
                    food_name TEXT NOT NULL,
                    grams REAL CHECK (grams > 0),          -- NULL exactly for a quick add
                    \(nutrients)
                    sugars_g REAL CHECK (sugars_g >= 0),
                    saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                    sodium_mg REAL CHECK (sodium_mg >= 0),
                    PRIMARY KEY (saved_meal_id, position),
                    CHECK ((grams IS NULL) = (food_id = \(quick)))
                );
                INSERT INTO saved_meal_item_v10 (\(itemColumns))
                SELECT \(itemColumns.replacingOccurrences(of: "grams,", with: "CASE WHEN food_id = \(quick) THEN NULL ELSE grams END,"))
                FROM saved_meal_item;
                DROP TABLE saved_meal_item;
                ALTER TABLE saved_meal_item_v10 RENAME TO saved_meal_item;
                """)
        if let counter {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'food_record'", arguments: [counter])
        }
        try FiniteGuards.repair(db, migration: "v10")
        try FiniteGuards.installLegacyTriggers(db)
    }

    /// v11 (issue 23 #23). A body record may be a reading of body fat and/or muscle mass without a
    /// weigh-in (an imported smart scale's): `body_record.weight_kg` becomes nullable, with a CHECK
    /// that the record holds at least one measurement. SQLite cannot drop a NOT NULL, so the table
    /// is rebuilt: ids, the AUTOINCREMENT counter, CHECKs and indexes as before; the snapshots'
    /// foreign key names the table, so it holds on the new one (migrations run with foreign keys
    /// off, so dropping the old table cascades nothing). The rebuild drops the finite guards: reinstalled.
    static func bodyFatWithoutWeightV11(_ db: Database) throws {
        let counter = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'body_record'")
        let columns = "id, date, weight_kg, body_fat_percent, muscle_mass_kg, recorded_at, source, external_id"
        try db.execute(
            sql: """
                CREATE TABLE body_record_v11 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    weight_kg REAL CHECK (weight_kg > 0 AND weight_kg < 1000),   -- NULL: a body-fat or muscle reading alone
                    body_fat_percent REAL CHECK (body_fat_percent >= 0 AND body_fat_percent <= 100),
                    muscle_mass_kg REAL CHECK (muscle_mass_kg > 0 AND muscle_mass_kg < 1000),
                    recorded_at TEXT NOT NULL,
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256),
                    CHECK (weight_kg IS NOT NULL OR body_fat_percent IS NOT NULL OR muscle_mass_kg IS NOT NULL)
                );
                INSERT INTO body_record_v11 (\(columns)) SELECT \(columns) FROM body_record;
                DROP TABLE body_record;
                ALTER TABLE body_record_v11 RENAME TO body_record;
                CREATE INDEX body_record_date ON body_record(date);
                CREATE UNIQUE INDEX body_record_external ON body_record(source, external_id) WHERE external_id IS NOT NULL;
                """)
        if let counter {
            try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'body_record'", arguments: [counter])
        }
        try FiniteGuards.installLegacyTriggers(db)
    }
}
