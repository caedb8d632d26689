import GRDB

/// v1–v7 but v3, frozen: the first tables (records, catalog, goals, provenance, the review board, activity).
enum FirstMigrations: MigrationSQL {
    static func createV1(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE profile (
                    id INTEGER PRIMARY KEY CHECK (id = 1),  -- a single row
                    name TEXT NOT NULL,
                    sex TEXT NOT NULL CHECK (\(oneOf("sex", ["male", "female"]))),
                    birth_date TEXT NOT NULL CHECK (\(isDay("birth_date"))),
                    height_cm REAL NOT NULL CHECK (height_cm > 0 AND height_cm < 300),
                    activity_level TEXT NOT NULL CHECK (\(oneOf("activity_level", activityLevels))),
                    unit_system TEXT NOT NULL CHECK (\(oneOf("unit_system", ["metric", "imperial"]))),
                    theme_name TEXT NOT NULL,
                    check_in_template TEXT NOT NULL
                );

                CREATE TABLE body_record (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    weight_kg REAL NOT NULL CHECK (weight_kg > 0 AND weight_kg < 1000),
                    body_fat_percent REAL CHECK (body_fat_percent >= 0 AND body_fat_percent <= 100),
                    muscle_mass_kg REAL CHECK (muscle_mass_kg > 0 AND muscle_mass_kg < 1000),
                    recorded_at TEXT NOT NULL
                );
                CREATE INDEX body_record_date ON body_record(date);

                -- BMR and TDEE as computed when the body record was written; one per body record,
                -- on the record's date.
                CREATE TABLE metabolism_snapshot (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    body_record_id INTEGER NOT NULL UNIQUE REFERENCES body_record(id) ON DELETE CASCADE,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    bmr REAL NOT NULL CHECK (bmr > 0),
                    tdee REAL NOT NULL CHECK (tdee > 0),
                    formula TEXT NOT NULL CHECK (\(oneOf("formula", ["mifflin_st_jeor", "katch_mcardle"]))),
                    activity_level TEXT NOT NULL CHECK (\(oneOf("activity_level", activityLevels)))
                );
                CREATE INDEX metabolism_snapshot_date ON metabolism_snapshot(date);

                -- The food catalog (filled by a later issue). Nutrients per 100 g; NULL = unknown, never 0.
                CREATE TABLE food (
                    id TEXT PRIMARY KEY NOT NULL,          -- "usda:09040", "custom:17"
                    name TEXT NOT NULL,
                    source TEXT NOT NULL,                  -- "USDA SR", "custom"
                    release TEXT,                          -- "24"
                    kcal REAL NOT NULL CHECK (kcal >= 0),
                    protein_g REAL NOT NULL CHECK (protein_g >= 0),
                    carbs_g REAL NOT NULL CHECK (carbs_g >= 0),
                    fat_g REAL NOT NULL CHECK (fat_g >= 0),
                    fiber_g REAL CHECK (fiber_g >= 0),
                    sugars_g REAL CHECK (sugars_g >= 0),
                    saturated_fat_g REAL CHECK (saturated_fat_g >= 0),
                    sodium_mg REAL CHECK (sodium_mg >= 0),
                    cholesterol_mg REAL CHECK (cholesterol_mg >= 0),
                    potassium_mg REAL CHECK (potassium_mg >= 0),
                    calcium_mg REAL CHECK (calcium_mg >= 0),
                    iron_mg REAL CHECK (iron_mg >= 0),
                    vitamin_c_mg REAL CHECK (vitamin_c_mg >= 0),
                    vitamin_d_ug REAL CHECK (vitamin_d_ug >= 0)
                );

                CREATE TABLE food_serving (
                    id INTEGER PRIMARY KEY,
                    food_id TEXT NOT NULL REFERENCES food(id) ON DELETE CASCADE ON UPDATE CASCADE,
                    position INTEGER NOT NULL,             -- the source's order of servings
                    label TEXT NOT NULL,                   -- "1 medium"
                    grams REAL NOT NULL CHECK (grams > 0),
                    UNIQUE (food_id, position)
                );

                -- A food eaten. food_id is deliberately not a foreign key: the name, energy and macros
                -- are copied at logging time, so the log survives catalog updates and removals.
                CREATE TABLE food_record (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    meal TEXT NOT NULL CHECK (\(oneOf("meal", ["breakfast", "lunch", "dinner", "snacks"]))),
                    food_id TEXT NOT NULL,
                    food_name TEXT NOT NULL,
                    grams REAL NOT NULL CHECK (grams > 0),
                    kcal REAL NOT NULL CHECK (kcal >= 0),
                    protein_g REAL NOT NULL CHECK (protein_g >= 0),
                    carbs_g REAL NOT NULL CHECK (carbs_g >= 0),
                    fat_g REAL NOT NULL CHECK (fat_g >= 0),
                    fiber_g REAL CHECK (fiber_g >= 0),
                    logged_at TEXT NOT NULL
                );
                CREATE INDEX food_record_date ON food_record(date);

                CREATE TABLE exercise_record (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    activity TEXT NOT NULL CHECK (length(activity) > 0),
                    minutes INTEGER NOT NULL CHECK (minutes > 0 AND minutes <= 1440),
                    intensity TEXT NOT NULL CHECK (\(oneOf("intensity", ["low", "moderate", "high"]))),
                    met REAL NOT NULL CHECK (met > 0),
                    kcal REAL NOT NULL CHECK (kcal >= 0),
                    logged_at TEXT NOT NULL
                );
                CREATE INDEX exercise_record_date ON exercise_record(date);

                -- A night, filed under the date the sleeper woke up. Clock times are minutes after
                -- local midnight (0…1439), NULL when unknown.
                CREATE TABLE sleep_record (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    bedtime_minutes INTEGER CHECK (bedtime_minutes BETWEEN 0 AND 1439),
                    wake_minutes INTEGER CHECK (wake_minutes BETWEEN 0 AND 1439),
                    minutes INTEGER NOT NULL CHECK (minutes BETWEEN 0 AND 1440),
                    quality INTEGER CHECK (quality BETWEEN 1 AND 5),
                    status TEXT NOT NULL CHECK (\(oneOf("status", ["bad", "poor", "fair", "good", "long"])))
                );
                CREATE INDEX sleep_record_date ON sleep_record(date);

                -- Derived, one row per date that has a food, exercise or body record; rewritten by the
                -- same transaction that changes those records (see DailyLogMaintenance.swift).
                CREATE TABLE daily_log (
                    date TEXT PRIMARY KEY NOT NULL CHECK (\(isDay("date"))),
                    calories_in REAL NOT NULL DEFAULT 0,   -- sum of food_record.kcal
                    calories_out REAL NOT NULL DEFAULT 0,  -- sum of exercise_record.kcal
                    bmr REAL,                              -- latest metabolism_snapshot on or before date
                    tdee REAL
                );

                CREATE TABLE goal (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    type TEXT NOT NULL CHECK (\(oneOf("type", ["lose", "maintain", "gain"]))),
                    target_weight_kg REAL CHECK (target_weight_kg > 0),
                    target_body_fat_percent REAL CHECK (target_body_fat_percent >= 0 AND target_body_fat_percent <= 100),
                    weekly_rate_kg REAL NOT NULL,          -- positive = losing
                    daily_calorie_target REAL NOT NULL CHECK (daily_calorie_target > 0),
                    protein_g REAL NOT NULL CHECK (protein_g >= 0),
                    carbs_g REAL NOT NULL CHECK (carbs_g >= 0),
                    fat_g REAL NOT NULL CHECK (fat_g >= 0),
                    is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
                    created_on TEXT NOT NULL CHECK (\(isDay("created_on")))
                );
                CREATE UNIQUE INDEX goal_single_active ON goal(is_active) WHERE is_active = 1;

                CREATE TABLE check_in (
                    date TEXT PRIMARY KEY NOT NULL CHECK (\(isDay("date"))),
                    mood INTEGER CHECK (mood BETWEEN 1 AND 5),
                    energy INTEGER CHECK (energy BETWEEN 1 AND 5),
                    note TEXT
                );
                """)
    }

    /// The food catalog (see FoodCatalogStore.swift): the food log keeps the nutrients the Diet tab
    /// totals, the catalog remembers which shipped release it holds, and custom foods get numbers
    /// that are never handed out twice.
    static func foodCatalogV2(_ db: Database) throws {
        try db.execute(
            sql: """
                -- Copied at logging time like kcal and macros; NULL = unknown.
                ALTER TABLE food_record ADD COLUMN sugars_g REAL CHECK (sugars_g >= 0);
                ALTER TABLE food_record ADD COLUMN saturated_fat_g REAL CHECK (saturated_fat_g >= 0);
                ALTER TABLE food_record ADD COLUMN sodium_mg REAL CHECK (sodium_mg >= 0);
                -- Recent and frequent foods: a food's log entries by date.
                CREATE INDEX food_record_food ON food_record(food_id, date);

                -- Which release of each shipped catalog the food table holds: one row per source
                -- ("USDA SR", "24"), written in the transaction that seeds the catalog.
                CREATE TABLE food_catalog (
                    source TEXT PRIMARY KEY NOT NULL,
                    release TEXT NOT NULL,
                    food_count INTEGER NOT NULL CHECK (food_count >= 0),
                    seeded_at TEXT NOT NULL
                );
                -- Custom foods by source and name (a seed replaces one source's rows; custom foods list by name).
                CREATE INDEX food_source_name ON food(source, name);

                -- Hands out N of custom food ids "custom:N": AUTOINCREMENT never gives a number twice,
                -- even after the food with the highest one is gone.
                CREATE TABLE custom_food_number (n INTEGER PRIMARY KEY AUTOINCREMENT);
                """)
    }

    /// A goal keeps what each day's targets are derived from (PRODUCT.md §6): protein per kg of
    /// trend weight and the "add exercise back" switch. What it worked out to when it was set is
    /// unknown (NULL) for a goal set before any weigh-in. A goal set before this keeps the protein
    /// per kg it was set with: its protein grams over the weight of its day (1.8 when unknown).
    /// SQLite cannot drop a NOT NULL, so the table is rebuilt (its CHECKs otherwise as in v1).
    static func goalRulesV4(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE goal_v4 (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    type TEXT NOT NULL CHECK (\(oneOf("type", ["lose", "maintain", "gain"]))),
                    target_weight_kg REAL CHECK (target_weight_kg > 0),
                    target_body_fat_percent REAL CHECK (target_body_fat_percent >= 0 AND target_body_fat_percent <= 100),
                    weekly_rate_kg REAL NOT NULL,          -- positive = losing
                    daily_calorie_target REAL CHECK (daily_calorie_target > 0),   -- as set; NULL = no weight yet
                    protein_g REAL CHECK (protein_g >= 0),
                    carbs_g REAL CHECK (carbs_g >= 0),
                    fat_g REAL CHECK (fat_g >= 0),
                    is_active INTEGER NOT NULL CHECK (is_active IN (0, 1)),
                    created_on TEXT NOT NULL CHECK (\(isDay("created_on"))),
                    protein_per_kg REAL NOT NULL DEFAULT 1.8 CHECK (protein_per_kg > 0 AND protein_per_kg <= 5),
                    add_exercise_back INTEGER NOT NULL DEFAULT 0 CHECK (add_exercise_back IN (0, 1))
                );
                INSERT INTO goal_v4 (id, type, target_weight_kg, target_body_fat_percent, weekly_rate_kg, daily_calorie_target,
                                     protein_g, carbs_g, fat_g, is_active, created_on, protein_per_kg)
                SELECT id, type, target_weight_kg, target_body_fat_percent, weekly_rate_kg, daily_calorie_target,
                       protein_g, carbs_g, fat_g, is_active, created_on,
                       COALESCE((SELECT CASE WHEN goal.protein_g / b.weight_kg BETWEEN 0.5 AND 5
                                             THEN round(goal.protein_g / b.weight_kg, 2) END
                                 FROM body_record AS b WHERE b.date <= goal.created_on
                                 ORDER BY b.date DESC, b.id DESC LIMIT 1), 1.8)
                FROM goal;
                DROP TABLE goal;
                ALTER TABLE goal_v4 RENAME TO goal;
                CREATE UNIQUE INDEX goal_single_active ON goal(is_active) WHERE is_active = 1;
                """)
    }

    /// Where each record came from (PRODUCT.md §5): Bodii's own records are source 'bodii' with no
    /// external id; an imported record keeps its id in the source, unique per source, so a
    /// re-import skips it (`INSERT … ON CONFLICT (source, external_id) … DO NOTHING`).
    static func provenanceV5(_ db: Database) throws {
        for table in ["body_record", "food_record", "exercise_record", "sleep_record"] {
            try db.execute(
                sql: """
                    ALTER TABLE \(table) ADD COLUMN source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64);
                    ALTER TABLE \(table) ADD COLUMN external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256);
                    CREATE UNIQUE INDEX \(table)_external ON \(table)(source, external_id) WHERE external_id IS NOT NULL;
                    """)
        }
    }

    /// The review board of PRODUCT.md §8 (see ReviewStore.swift): a review per period that has
    /// something written, its Keep / Problem / Try notes, and actions. Carry-over of open actions
    /// is a query on `status` and `closed_on`, never a copy. Provenance columns as in v5.
    static func reviewV6(_ db: Database) throws {
        let provenance = """
            source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
            external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
            """
        try db.execute(
            sql: """
                CREATE TABLE review (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    period_kind TEXT NOT NULL CHECK (\(oneOf("period_kind", ["week", "month"]))),
                    start_date TEXT NOT NULL CHECK (\(isDay("start_date"))),   -- the Monday, or the 1st of the month
                    \(provenance),
                    UNIQUE (period_kind, start_date)
                );
                CREATE UNIQUE INDEX review_external ON review(source, external_id) WHERE external_id IS NOT NULL;

                CREATE TABLE review_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    review_id INTEGER NOT NULL REFERENCES review(id) ON DELETE CASCADE,
                    kind TEXT NOT NULL CHECK (\(oneOf("kind", ["keep", "problem", "try"]))),
                    text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
                    -- The Problem a Try answers.
                    problem_id INTEGER REFERENCES review_item(id) ON DELETE SET NULL CHECK (problem_id IS NULL OR kind = 'try'),
                    \(provenance)
                );
                CREATE INDEX review_item_review ON review_item(review_id);
                CREATE UNIQUE INDEX review_item_external ON review_item(source, external_id) WHERE external_id IS NOT NULL;

                CREATE TABLE action (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    review_id INTEGER NOT NULL REFERENCES review(id) ON DELETE CASCADE,   -- the review that wrote it
                    text TEXT NOT NULL CHECK (length(text) BETWEEN 1 AND 2000),
                    try_id INTEGER REFERENCES review_item(id) ON DELETE SET NULL,        -- the Try it came from
                    due_date TEXT CHECK (due_date IS NULL OR \(isDay("due_date"))),
                    status TEXT NOT NULL CHECK (\(oneOf("status", ["open", "done", "dropped"]))),
                    drop_note TEXT CHECK (drop_note IS NULL OR length(drop_note) BETWEEN 1 AND 2000),
                    metric TEXT CHECK (metric IS NULL OR \(oneOf("metric", ["sleep", "exercise", "meals", "weigh-ins", "steps"]))),
                    target INTEGER CHECK (target IS NULL OR target > 0),
                    created_on TEXT NOT NULL CHECK (\(isDay("created_on"))),
                    closed_on TEXT CHECK (closed_on IS NULL OR \(isDay("closed_on"))),   -- when it was done or dropped
                    \(provenance),
                    CHECK ((metric IS NULL) = (target IS NULL)),
                    CHECK ((status = 'open') = (closed_on IS NULL))
                );
                CREATE INDEX action_review ON action(review_id);
                CREATE INDEX action_open ON action(status, closed_on);
                CREATE UNIQUE INDEX action_external ON action(source, external_id) WHERE external_id IS NOT NULL;
                """)
    }

    /// Daily activity (steps, active energy) from a phone or watch; one row per day and source.
    /// Apart from DailyLog: active energy is shown, never added to what the day burned.
    static func activityV7(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE activity_snapshot (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    steps INTEGER CHECK (steps BETWEEN 0 AND 1000000),
                    active_kcal REAL CHECK (active_kcal >= 0 AND active_kcal <= 100000),
                    source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
                    external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
                );
                CREATE INDEX activity_snapshot_date ON activity_snapshot(date);
                CREATE UNIQUE INDEX activity_snapshot_external ON activity_snapshot(source, external_id) WHERE external_id IS NOT NULL;
                """)
    }
}
