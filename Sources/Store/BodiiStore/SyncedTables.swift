/// A table whose rows are user facts that sync carries between machines (issue 30).
public struct SyncedTable: Sendable, Equatable {
    /// How the table's rows are told apart on every machine.
    public enum Identity: Sendable, Equatable {
        /// INTEGER `id` from the device's range (`RowIdAllocator`); rekeyed when the database joins.
        case device
        /// The key is made of the row's own facts (a date, a nutrient, a food id, a parent's id
        /// and a position, a review's period): the same fact is the same row on every machine.
        case natural
        /// A single row, id 1, on every machine.
        case single
        /// Food ids: the user's "custom:N"/"recipe:N" numbered from the device's range; the
        /// shipped catalog's rows are the same everywhere and are not synced (`rows`).
        case foodID
    }

    public let name: String
    /// The primary key's columns (the session extension ignores a table without one).
    public let primaryKey: [String]
    public let identity: Identity
    /// An SQL condition on the table's rows when only some are user facts (nil: all of them).
    public let rows: String?
    /// Columns that are computed from other facts and recomputed after a sync
    /// (`BodiiDatabase.recomputeDerivedState`), never taken from another machine.
    public let derivedColumns: [String]

    init(_ name: String, _ primaryKey: [String] = ["id"], _ identity: Identity = .device, rows: String? = nil, derived: [String] = []) {
        self.name = name
        self.primaryKey = primaryKey
        self.identity = identity
        self.rows = rows
        self.derivedColumns = derived
    }
}

/// Every table of the schema, classified for sync: user facts (synced), what is computed from
/// them (derived: recomputed after applying, never synced as a fact), and what belongs to this
/// file alone (local-only). `SyncedTablesTests` fail when a table is in none of the three, so a
/// new migration cannot forget sync.
public enum SyncedTables {
    public static let synced: [SyncedTable] = [
        SyncedTable("profile", ["id"], .single),  // the user; id 1
        SyncedTable("body_record"),
        SyncedTable("body_measurement"),
        SyncedTable("fast"),
        SyncedTable("moment"),
        // BMR/TDEE as computed when the weigh-in was written (the activity level and formula of
        // that day): history, not recomputed; travels with its body record.
        SyncedTable("metabolism_snapshot"),
        // The user's custom foods and recipes' food rows; the shipped catalog is seeded on every machine.
        SyncedTable("food", ["id"], .foodID, rows: "source IN ('custom', 'recipe')"),
        SyncedTable("food_serving", ["food_id", "position"], .natural, rows: "food_id GLOB 'custom:*' OR food_id GLOB 'recipe:*'"),
        SyncedTable("food_record"),
        SyncedTable("exercise_record"),
        SyncedTable("sleep_record"),
        SyncedTable("goal"),  // the goal history; one active (a unique index)
        SyncedTable("check_in", ["date"], .natural),  // one per day
        // A review per period: its id is made from the period once the database syncs, so the
        // same week's review made on two machines is one row.
        SyncedTable("review", ["id"], .natural),
        SyncedTable("review_item"),
        SyncedTable("action"),
        SyncedTable("activity_snapshot"),  // a phone's steps for a day, imported: a fact
        SyncedTable("favourite_food", ["food_id"], .natural),
        SyncedTable("saved_meal"),
        SyncedTable("saved_meal_item", ["saved_meal_id", "position"], .natural),
        SyncedTable("recipe"),
        SyncedTable("recipe_ingredient", ["recipe_id", "position"], .natural),
        SyncedTable("grocery_item"),
        SyncedTable("purchase"),
        // What is left is the quantity minus the lot's uses (`PantryStore.apply` is its only
        // writer); `opened` is a fact, which a use also sets.
        SyncedTable("stock_lot", derived: ["quantity_left"]),
        SyncedTable("stock_use"),
        SyncedTable("shopping_list", ["id"], .single),  // the one list "Shopping", id 1
        SyncedTable("shopping_list_item"),
        SyncedTable("budget", ["id"], .single),
        SyncedTable("nutrient_preference", ["nutrient"], .natural),
    ]

    /// Computed from the synced facts, and recomputed after applying (`DerivedState`).
    public static let derived: [String] = [
        "daily_log",  // per day: sums of the food and exercise records, the latest snapshot's BMR/TDEE
        // Food search: the FTS5 index of food names (kept by triggers on `food`), its shadow
        // tables and vocabulary, the terms listed at its last rebuild, foods added since, and the
        // counters that tell each process's caches to reload.
        "food_fts", "food_fts_data", "food_fts_idx", "food_fts_docsize", "food_fts_config", "food_fts_vocab",
        "food_search_term", "food_search_pending", "food_search_state",
    ]

    /// This file's own bookkeeping, never synced.
    public static let localOnly: [String] = [
        "grdb_migrations",  // the migrations applied to this file
        "sqlite_sequence",  // SQLite's AUTOINCREMENT counters
        "migration_repair",  // what v10 repaired in this file
        "food_catalog",  // which shipped catalog release this file has seeded
        "food_record_nutrient_fill",  // entries of this file waiting, once, for the re-seeded catalog (v13)
        "saved_meal_item_nutrient_fill",  // saved meal items of this file waiting for it likewise (v17)
        "custom_food_number",  // the food numbers this file handed out (only it numbers in its range)
        "sync_device",  // this file's device number
        "sync_id_counter",  // the last id this device handed out, per table
        // BodiiSync's bookkeeping (v16): this file's clock and file sequence, changes not yet
        // written, per row and cell clocks, and the files applied from each other device.
        "sync_state", "sync_outbox", "sync_row", "sync_cell", "sync_applied",
    ]

    /// The synced table named `name`, if it is one.
    public static func table(named name: String) -> SyncedTable? {
        synced.first { $0.name == name }
    }
}
