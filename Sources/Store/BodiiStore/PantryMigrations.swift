import GRDB

enum PantryMigrations: MigrationSQL {
    /// v9 (issue 14): the pantry of PRODUCT.md §10 (see PantryStore.swift). Grocery items (a
    /// catalog food or a free name); purchases, which are also the price history per item and
    /// store; a stock lot per purchase with what is left of it; what was used or wasted from a
    /// lot (with the share of its price, so waste in money is exact); one shopping list with its
    /// entries; the budget. Money is INTEGER minor units with the currency's code, never REAL.
    /// Amounts are in the row's unit: 'g', 'ml', 'piece' or 'measure:' + a food serving's label.
    /// Records carry `source`/`external_id` like v5's.
    static func pantryV9(_ db: Database) throws {
        let provenance = """
            source TEXT NOT NULL DEFAULT 'bodii' CHECK (length(source) BETWEEN 1 AND 64),
            external_id TEXT CHECK (external_id IS NULL OR length(external_id) BETWEEN 1 AND 256)
            """
        func isUnit(_ column: String) -> String {
            "(\(column) IN ('g', 'ml', 'piece') OR (\(column) GLOB 'measure:?*' AND length(\(column)) <= 200))"
        }
        let money = "BETWEEN 0 AND 100000000000"
        try db.execute(
            sql: """
                -- Children are made before their parents: a table is dropped (by hand, or by tools
                -- that drop in creation order) before the tables it refers to, which SQLite needs when
                -- a parent's ON DELETE CASCADE reaches a child with another parent already gone.

                -- Taken from a lot: eaten or thrown away, with the share of the lot's price it was worth.
                CREATE TABLE stock_use (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    lot_id INTEGER NOT NULL REFERENCES stock_lot(id) ON DELETE CASCADE,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    amount REAL NOT NULL CHECK (amount > 0 AND amount <= 100000),
                    kind TEXT NOT NULL CHECK (\(oneOf("kind", ["use", "waste"]))),
                    value_minor INTEGER CHECK (value_minor IS NULL OR value_minor \(money)),
                    currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 8),
                    food_record_id INTEGER,   -- the log entry that took it; not a key: the log may be edited
                    \(provenance)
                );
                CREATE INDEX stock_use_date ON stock_use(date);
                CREATE INDEX stock_use_lot ON stock_use(lot_id);
                CREATE UNIQUE INDEX stock_use_external ON stock_use(source, external_id) WHERE external_id IS NOT NULL;

                -- An entry of a shopping list; bought once bought_on is set, with the purchase it made.
                CREATE TABLE shopping_list_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    list_id INTEGER NOT NULL DEFAULT 1 REFERENCES shopping_list(id) ON DELETE CASCADE,
                    item_id INTEGER NOT NULL REFERENCES grocery_item(id) ON DELETE CASCADE,
                    quantity REAL CHECK (quantity IS NULL OR (quantity > 0 AND quantity <= 100000)),
                    unit TEXT CHECK (unit IS NULL OR \(isUnit("unit"))),
                    store TEXT CHECK (store IS NULL OR length(store) BETWEEN 1 AND 80),
                    added_on TEXT NOT NULL CHECK (\(isDay("added_on"))),
                    bought_on TEXT CHECK (bought_on IS NULL OR \(isDay("bought_on"))),
                    purchase_id INTEGER REFERENCES purchase(id) ON DELETE SET NULL,
                    \(provenance),
                    CHECK ((quantity IS NULL) = (unit IS NULL)),
                    CHECK (purchase_id IS NULL OR bought_on IS NOT NULL)
                );
                CREATE INDEX shopping_list_item_open ON shopping_list_item(list_id, bought_on);
                CREATE UNIQUE INDEX shopping_list_item_external ON shopping_list_item(source, external_id) WHERE external_id IS NOT NULL;

                -- What a purchase put in stock; `quantity_left` in the purchase's unit.
                CREATE TABLE stock_lot (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    item_id INTEGER NOT NULL REFERENCES grocery_item(id) ON DELETE CASCADE,
                    purchase_id INTEGER UNIQUE REFERENCES purchase(id) ON DELETE SET NULL,
                    quantity REAL NOT NULL CHECK (quantity > 0 AND quantity <= 100000),
                    unit TEXT NOT NULL CHECK (\(isUnit("unit"))),
                    quantity_left REAL NOT NULL CHECK (quantity_left >= 0 AND quantity_left <= quantity),
                    purchased_on TEXT NOT NULL CHECK (\(isDay("purchased_on"))),
                    best_before TEXT CHECK (best_before IS NULL OR \(isDay("best_before"))),
                    opened INTEGER NOT NULL DEFAULT 0 CHECK (opened IN (0, 1)),
                    price_minor INTEGER CHECK (price_minor IS NULL OR price_minor \(money)),
                    currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 8),
                    store TEXT CHECK (store IS NULL OR length(store) BETWEEN 1 AND 80),
                    \(provenance)
                );
                CREATE INDEX stock_lot_item ON stock_lot(item_id);
                CREATE INDEX stock_lot_in_stock ON stock_lot(quantity_left) WHERE quantity_left > 0;
                CREATE UNIQUE INDEX stock_lot_external ON stock_lot(source, external_id) WHERE external_id IS NOT NULL;

                -- A purchase and its price: the price history per item and store.
                CREATE TABLE purchase (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    item_id INTEGER NOT NULL REFERENCES grocery_item(id) ON DELETE CASCADE,
                    date TEXT NOT NULL CHECK (\(isDay("date"))),
                    quantity REAL NOT NULL CHECK (quantity > 0 AND quantity <= 100000),
                    unit TEXT NOT NULL CHECK (\(isUnit("unit"))),
                    grams REAL CHECK (grams IS NULL OR (grams > 0 AND grams <= 100000000)),   -- the quantity weighed, when it can be
                    price_minor INTEGER CHECK (price_minor IS NULL OR price_minor \(money)),  -- paid for the quantity
                    currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 8),
                    store TEXT CHECK (store IS NULL OR length(store) BETWEEN 1 AND 80),
                    \(provenance)
                );
                CREATE INDEX purchase_item ON purchase(item_id, date);
                CREATE INDEX purchase_date ON purchase(date);
                CREATE UNIQUE INDEX purchase_external ON purchase(source, external_id) WHERE external_id IS NOT NULL;

                -- One list for now ("Shopping", id 1, made with its first entry: a new database holds
                -- no rows); the table lets more lists come without a rebuild.
                CREATE TABLE shopping_list (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL UNIQUE CHECK (length(name) BETWEEN 1 AND 80),
                    \(provenance)
                );

                -- food_id is deliberately not a foreign key (like food_record): a pantry outlives
                -- catalog updates; the name is kept for display.
                CREATE TABLE grocery_item (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    name TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 80),
                    food_id TEXT CHECK (food_id IS NULL OR length(food_id) BETWEEN 1 AND 64),
                    shelf_life_days INTEGER CHECK (shelf_life_days IS NULL OR shelf_life_days BETWEEN 1 AND 3650),
                    take_when_logging INTEGER NOT NULL DEFAULT 0 CHECK (take_when_logging IN (0, 1)),
                    minimum_quantity REAL CHECK (minimum_quantity IS NULL OR (minimum_quantity > 0 AND minimum_quantity <= 100000)),
                    minimum_unit TEXT CHECK (minimum_unit IS NULL OR \(isUnit("minimum_unit"))),
                    \(provenance),
                    CHECK ((minimum_quantity IS NULL) = (minimum_unit IS NULL))
                );
                CREATE UNIQUE INDEX grocery_item_food ON grocery_item(food_id) WHERE food_id IS NOT NULL;
                CREATE UNIQUE INDEX grocery_item_free_name ON grocery_item(lower(name)) WHERE food_id IS NULL;
                CREATE UNIQUE INDEX grocery_item_external ON grocery_item(source, external_id) WHERE external_id IS NOT NULL;

                -- The grocery budget: a single row, per week or per calendar month.
                CREATE TABLE budget (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    period_kind TEXT NOT NULL CHECK (\(oneOf("period_kind", ["week", "month"]))),
                    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0 AND amount_minor <= 100000000000),
                    currency TEXT NOT NULL CHECK (length(currency) BETWEEN 1 AND 8),
                    set_on TEXT NOT NULL CHECK (\(isDay("set_on")))
                );
                """)
    }
}
