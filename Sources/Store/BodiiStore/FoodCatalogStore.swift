import BodiiDomain
import Foundation
import GRDB
import GRDBSQLite

/// For a read-only handle on a file the catalog was never seeded into (an imported database):
/// the shipped catalog in memory, made on the first lookup that needs it, so a read finds the
/// foods a write would have seeded without writing them.
final class ShippedCatalogStandIn: @unchecked Sendable {
    private let lock = NSLock()
    private var made = false
    private var repositories: SQLiteRepositories?

    func get(_ make: () throws -> SQLiteRepositories?) throws -> SQLiteRepositories? {
        lock.lock()
        defer { lock.unlock() }
        if !made {
            repositories = try make()
            made = true
        }
        return repositories
    }
}

/// Runs the seed check at most once per process and repositories value.
final class CatalogOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var done = false

    func run(_ body: () throws -> Void) throws {
        lock.lock()
        defer { lock.unlock() }
        guard !done else { return }
        try body()
        done = true
    }
}

/// The food catalog: shipped foods, custom foods and their search.
public struct FoodCatalogStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension FoodCatalogStore: FoodCatalogRepository {
    /// Seeds the shipped catalog if this database does not hold its release yet (see
    /// `CatalogSeeder`). Every catalog call does this first; call it earlier (off the main actor)
    /// to take the one-time cost before a user opens food search.
    /// A read-only handle never seeds: its catalog calls see the file as it is (custom foods, and
    /// the catalog when an earlier write seeded it).
    public func prepareFoodCatalog() throws {
        guard let catalog, !readsOnly else { return }
        try catalogOnce.run {
            if try read({ db in try CatalogSeeder.holds(catalog, db) }) { return }
            try writeWithoutTransaction { db in
                // Another connection may be seeding this file: it takes seconds (more on a slow
                // machine), longer than the usual wait for a lock, and leaves nothing to do here.
                sqlite3_busy_timeout(db.sqliteConnection, Self.seedWaitMilliseconds)
                defer { sqlite3_busy_timeout(db.sqliteConnection, Int32(BodiiDatabase.lockWait * 1000)) }
                try StoreConnection.transaction(db, .immediate) {
                    if try !CatalogSeeder.holds(catalog, db) {
                        try CatalogSeeder.seed(catalog, db, now: Date(), timeZone: timeZone)
                    }
                    return .commit
                }
            }
        }
    }

    /// How long a seed waits for another connection's seed of the same file to end.
    static let seedWaitMilliseconds: Int32 = 120_000

    /// Whether this database holds the shipped catalog's release (searching it then writes nothing).
    public func holdsShippedCatalog() throws -> Bool {
        guard let catalog else { return true }
        return try read { db in try CatalogSeeder.holds(catalog, db) }
    }

    /// Bodii's ranked search over the FTS5 index (see FoodSearchStore.swift).
    public func searchFoods(_ query: String, limit: Int) throws -> [Food] {
        try connection.rankedSearch(query, limit: limit).foods
    }

    /// The same foods in the same order for a list that shows energy, protein, carbs and fat only
    /// (`bodii search`): their other nutrients are not read (`per100g.values` is empty). Preparing
    /// and reading the 45 columns of a whole food, for a process that prints ten, was 1.7 M
    /// instructions.
    public func searchFoodsForListing(_ query: String, limit: Int) throws -> [Food] {
        try connection.rankedSearch(query, limit: limit, nutrients: false).foods
    }

    public func searchCatalog(_ query: String, limit: Int) throws -> FoodSearchResult {
        try connection.rankedSearch(query, limit: limit)
    }

    /// `searchCatalog` reading energy and macronutrients only (`listingColumns`).
    public func searchCatalogListing(_ query: String, limit: Int) throws -> FoodSearchResult {
        try connection.rankedSearch(query, limit: limit, nutrients: false)
    }

    /// The foods of `ids` with their servings, two statements for all of them (a line's foods:
    /// one read instead of two per food).
    public func foods(ids: [FoodID]) throws -> [FoodID: Food] {
        try prepareFoodCatalog()
        let wanted = Array(Set(ids.map(\.rawValue)))
        guard !wanted.isEmpty else { return [:] }
        let marks = wanted.map { _ in "?" }.joined(separator: ",")
        var out = try read { db -> [FoodID: Food] in
            var found: [FoodID: Food] = [:]
            let foods = try FoodRow.fetchCursor(
                db, sql: "SELECT \(FoodRow.columnList) FROM food WHERE id IN (\(marks))", arguments: StatementArguments(wanted))
            while let row = try foods.next() { found[row.food.id] = row.food }
            let servings = try FoodServingRow.fetchCursor(
                db, sql: "SELECT \(FoodServingRow.columnList) FROM food_serving WHERE food_id IN (\(marks)) ORDER BY food_id, position",
                arguments: StatementArguments(wanted))
            while let row = try servings.next() { found[FoodID(row.foodId)]?.servings.append(row.serving) }
            return found
        }
        // A read-only handle on a file without the catalog: the stand-in's foods, one by one.
        for id in ids where out[id] == nil {
            if let food = try food(id: id) { out[id] = food }
        }
        return out
    }

    public func food(id: FoodID) throws -> Food? {
        try prepareFoodCatalog()
        let stored = try read { db -> Food? in
            guard
                // Cached: preparing it again paid GRDB's authorizer for each of the food's ~100
                // columns (~0.9 M instructions; the Review's grocery summary asks 6 foods).
                var food = try FoodRow.fetchOne(
                    db.cachedStatement(sql: "SELECT \(FoodRow.columnList) FROM food WHERE id = ?"),
                    arguments: [id.rawValue])?.food
            else { return nil }
            food.servings = try FoodServingRow.servings(of: id, db)
            return food
        }
        if let stored { return stored }
        return try shippedStandIn.get { () throws -> SQLiteRepositories? in
            guard readsOnly, let catalog, try !holdsShippedCatalog() else { return nil }
            return try BodiiDatabase.shippedCatalogInMemory(catalog: catalog)
        }?.food(id: id)
    }

    /// The foods of the recent log by `FoodFrecency`, best first; foods no longer in the catalog
    /// are left out (they could not be logged again).
    public func recentFoods(limit: Int) throws -> [Food] {
        try prepareFoodCatalog()
        return try read { db in
            let byID = try db.cachedStatement(sql: "SELECT \(FoodRow.columnList) FROM food WHERE id = ?")
            var foods: [Food] = []
            for standing in try Self.frecency(db).ranked where foods.count < limit {
                if let row = try FoodRow.fetchOne(byID, arguments: [standing.foodID]) { foods.append(row.food) }
            }
            return foods
        }
    }

    /// The log of the last `FoodFrecency.days` before its latest day, counted. Rows are read in
    /// one pass of the date index and counted here: SQLite's GROUP BY over them (a temporary
    /// b-tree and a date computation per row) cost a `bodii search` process 3 ms, and grouping
    /// by age band instead (text comparisons only) still cost 15 M instructions more in the sqlite3 shell.
    static func frecency(_ db: Database) throws -> FoodFrecency {
        guard let text = try String.fetchOne(db.cachedStatement(sql: "SELECT MAX(date) FROM food_record")),
            let latest = LocalDate(iso: text)
        else {
            return FoodFrecency(latest: LocalDate(daysSinceEpoch: 0))  // nothing logged: nothing counted
        }
        var frecency = FoodFrecency(latest: latest)
        // Stepped through SQLite's own calls: GRDB's row cursor and its typed decoding were half
        // of the 2.8 k instructions each of the ~2,400 rows (six months of a full log) cost.
        let statement = try db.cachedStatement(sql: "SELECT food_id, date, id FROM food_record WHERE date >= ?")
        try statement.setArguments([frecency.firstDay])
        let handle = statement.sqliteStatement
        defer { sqlite3_reset(handle) }
        while true {
            let code = sqlite3_step(handle)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else {
                    throw DatabaseError(
                        resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)),
                        sql: statement.sql)
                }
                return frecency
            }
            frecency.add(foodID: Self.text(handle, 0), day: Self.text(handle, 1), entry: sqlite3_column_int64(handle, 2))
        }
    }

    /// Column `index` of the current row as text (both columns read so are NOT NULL TEXT).
    private static func text(_ handle: SQLiteStatement, _ index: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, index) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(handle, index))), as: UTF8.self)
    }

    /// Stored with source "custom", no release, and the next number of `custom_food_number`.
    @discardableResult
    public func addCustomFood(_ food: Food) throws -> Food {
        // A database with foods of its own holds the catalog too: a read-only search (`bodii
        // search`), which never seeds, then finds both. Without it, a database filled by `import
        // bodii` alone was searched as the bare shipped catalog, missing its custom foods.
        try prepareFoodCatalog()
        return try write { db in
            var saved = food
            saved.id = FoodID("custom:\(try RowIdAllocator.foodNumber(db))")
            saved.source = Self.customSource
            saved.release = nil
            try FoodRow.insert(saved, db)
            return saved
        }
    }

    /// Throws `StoreError.customFoodNotFound` for an id that is not a stored custom food.
    public func updateCustomFood(_ food: Food) throws {
        try write { db in
            guard try FoodRow.update(food, source: Self.customSource, db) else { throw StoreError.customFoodNotFound(food.id.rawValue) }
        }
    }

    @discardableResult
    public func deleteCustomFood(id: FoodID) throws -> Food? {
        try write { db in
            guard
                var food = try FoodRow.fetchOne(
                    db, sql: "SELECT \(FoodRow.columnList) FROM food WHERE id = ? AND source = ?",
                    arguments: [id.rawValue, Self.customSource])?.food
            else { return nil }
            food.servings = try FoodServingRow.servings(of: food.id, db)
            // Servings go with it (ON DELETE CASCADE); the log's entries stay (food_id is not a key).
            try db.execute(sql: "DELETE FROM food WHERE id = ? AND source = ?", arguments: [id.rawValue, Self.customSource])
            return food
        }
    }

    public func customFoods() throws -> [Food] {
        try read { db in
            try FoodRow.fetchAll(
                db, sql: "SELECT \(FoodRow.columnList) FROM food WHERE source = ? ORDER BY name COLLATE NOCASE, id",
                arguments: [Self.customSource]
            ).map { row in
                var food = row.food
                food.servings = try FoodServingRow.servings(of: food.id, db)
                return food
            }
        }
    }

    static let customSource = "custom"
}
