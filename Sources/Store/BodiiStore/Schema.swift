import GRDB

/// The versioned schema. Migrations are append-only: never edit a shipped one, add "v2", "v3"…
///
/// Conventions: dates are local calendar days as "YYYY-MM-DD" TEXT (sorts in calendar order);
/// timestamps are ISO 8601 TEXT with the UTC offset of that instant ("2026-11-22T08:15:00+01:00");
/// energies in kcal, masses in kg or g, all metric. Ids use AUTOINCREMENT so a deleted id is never
/// handed to a new record (an undo may re-insert the old id).
///
/// Schema registers the migrations; their frozen texts live in namespaces by area
/// (`FirstMigrations`, `PantryMigrations`, `SyncMigrations`, …), written with `MigrationSQL`'s helpers.
enum Schema {
    /// Every migration of this build, in order.
    static let migrations: [(id: String, migrate: @Sendable (Database) throws -> Void)] = [
        ("v1", FirstMigrations.createV1),
        ("v2", FirstMigrations.foodCatalogV2),
        ("v3", FoodSearchMigrations.foodSearchV3),
        ("v4", FirstMigrations.goalRulesV4),
        ("v5", FirstMigrations.provenanceV5),
        ("v6", FirstMigrations.reviewV6),
        ("v7", FirstMigrations.activityV7),
        ("v8", MealLibraryMigrations.mealLibraryV8),
        ("v9", PantryMigrations.pantryV9),
        ("v10", RepairMigrations.finiteNumbersV10),
        ("v11", RepairMigrations.bodyFatWithoutWeightV11),
        ("v12", MealLibraryMigrations.savedMealMealV12),
        ("v13", NutrientMigrations.nutrientsV13),
        ("v14", NutrientMigrations.nutrientPreferencesV14),
        ("v15", SyncMigrations.syncIdentityV15),
        ("v16", SyncMigrations.syncV16),
        ("v17", NutrientMigrations.savedMealNutrientsV17),
        ("v18", RepairMigrations.startupV18),
        ("v19", TargetMigrations.targetsV19),
        ("v20", TargetMigrations.netCarbsV20),
        ("v21", MeasurementMigrations.measurementsV21),
        ("v22", FastingMigrations.fastingV22),
        ("v23", PantryMigrations.pantryLotIndexV23),
        ("v24", MomentMigrations.momentsV24),
        ("v25", TargetMigrations.bodyFatSourceV25),
        ("v26", MeasurementMigrations.measurementKindIndexV26),
    ]

    /// Migrations that only add or drop indexes: the rows, and so the sync files, stay as they
    /// were, and the schema a sync file carries (`syncSchema`) does not move for them. From v26
    /// on: v23, an index too, raised it before this rule, and files that carry it are out there.
    static let indexOnly: Set<String> = ["v26"]

    /// The schema a sync file carries: the migrations up to the last one that changed what rows
    /// hold. A peer one build behind then goes on applying the files of a build that only added an
    /// index, instead of keeping them until it is upgraded.
    static var syncSchema: Int { (migrations.lastIndex { !indexOnly.contains($0.id) } ?? -1) + 1 }

    static var migrator: DatabaseMigrator { migrator(through: nil) }

    /// Brings `writer` to `migrator`'s schema: a new, empty database in one script
    /// (`NewDatabaseSchema`), any other through the migrations it has not had yet.
    static func migrate(_ writer: some DatabaseWriter, with migrator: DatabaseMigrator = Schema.migrator) throws {
        _ = try writer.write { db in try NewDatabaseSchema.createIfEmpty(db, migrator: migrator) }
        try migrator.migrate(writer)
    }

    /// The migrations up to and including `last` (all with nil): tests build older databases with it.
    static func migrator(through last: String?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for (id, migrate) in migrations {
            migrator.registerMigration(id, migrate: migrate)
            if id == last { break }
        }
        return migrator
    }

    /// This build's migrator plus extra SQL migrations: lets tests play a newer schema.
    static func migrator(adding extra: [(id: String, sql: String)]) -> DatabaseMigrator {
        var migrator = self.migrator
        for (id, sql) in extra {
            migrator.registerMigration(id) { db in try db.execute(sql: sql) }
        }
        return migrator
    }
}

/// The helpers the migrations' SQL is written with (their output is part of each frozen text).
protocol MigrationSQL {}

extension MigrationSQL {
    /// A CHECK that a TEXT column looks like YYYY-MM-DD.
    static func isDay(_ column: String) -> String {
        "\(column) GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'"
    }

    static func oneOf(_ column: String, _ values: [String]) -> String {
        "\(column) IN (" + values.map { "'\($0)'" }.joined(separator: ", ") + ")"
    }

    static var activityLevels: [String] { ["sedentary", "light", "moderate", "active", "very_active"] }
}
