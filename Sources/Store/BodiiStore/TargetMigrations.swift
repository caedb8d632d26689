import BodiiDomain
import GRDB

enum TargetMigrations: MigrationSQL {
    /// v19 (issue 43): the targets a person sets live on the goal, so a choice holds from the day
    /// the goal is set until the next one, and past days keep theirs. Columns are added at the end
    /// (sync applies a file from an older Bodii, with fewer columns, to the ones it has; the
    /// defaults are today's rule). A custom split keeps its rule in `protein_rule` and
    /// `protein_value` (g/kg, or a share of kcal), `fat_share` or `fat_grams`, and `carbs_grams`
    /// (NULL: carbs take the rest).
    static func targetsV19(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE goal ADD COLUMN calorie_source TEXT NOT NULL DEFAULT 'adaptive'
                    CHECK (\(oneOf("calorie_source", ["adaptive", "formula", "fixed"])));
                ALTER TABLE goal ADD COLUMN fixed_kcal REAL CHECK (fixed_kcal > 0);
                ALTER TABLE goal ADD COLUMN macro_split TEXT NOT NULL DEFAULT 'balanced'
                    CHECK (\(oneOf("macro_split", ["balanced", "high_protein", "low_carb", "keto", "custom"])));
                ALTER TABLE goal ADD COLUMN protein_rule TEXT CHECK (\(oneOf("protein_rule", ["per_kg", "per_kg_lean", "share"])));
                ALTER TABLE goal ADD COLUMN protein_value REAL CHECK (protein_value > 0);
                ALTER TABLE goal ADD COLUMN fat_share REAL CHECK (fat_share > 0 AND fat_share < 1);
                ALTER TABLE goal ADD COLUMN fat_grams REAL CHECK (fat_grams > 0);
                ALTER TABLE goal ADD COLUMN carbs_grams REAL CHECK (carbs_grams >= 0);
                """)
        try FiniteGuards.install(db, migration: "v19")  // the new REAL columns are guarded like every other
    }
}

extension TargetMigrations {
    /// v20 (issue 43): carbs counted net (carbs − fiber) with any split, not only keto: one column
    /// at the end of the goal (older files sync without it and read as total carbs). Self-contained,
    /// so it can be renumbered if another branch takes v20 first.
    static func netCarbsV20(_ db: Database) throws {
        try db.execute(
            sql: "ALTER TABLE goal ADD COLUMN net_carbs INTEGER NOT NULL DEFAULT 0 CHECK (net_carbs IN (0, 1));")
        try FiniteGuards.install(db, migration: "v20")  // the new column is guarded like every other
    }
}

extension TargetMigrations {
    /// v25 (issue 47): whether Katch-McArdle may use the Navy body-fat estimate when none is logged,
    /// one column at the end of the goal (older files sync without it and read as logged only).
    static func bodyFatSourceV25(_ db: Database) throws {
        try db.execute(
            sql: """
                ALTER TABLE goal ADD COLUMN body_fat_source TEXT NOT NULL DEFAULT 'logged'
                    CHECK (\(oneOf("body_fat_source", ["logged", "estimated"])));
                """)
    }
}
