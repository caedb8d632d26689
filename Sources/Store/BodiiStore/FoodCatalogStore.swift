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
                try StoreConnection.transaction(db, .immediate) {
                    if try !CatalogSeeder.holds(catalog, db) {
                        try CatalogSeeder.seed(catalog, db, now: Date(), timeZone: timeZone)
                    }
                    return .commit
                }
            }
        }
    }

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
            let foods = try Row.fetchCursor(
                db, sql: "SELECT \(Self.foodColumns) FROM food WHERE id IN (\(marks))", arguments: StatementArguments(wanted))
            while let row = try foods.next() {
                let food = try Self.food(row: row)
                found[food.id] = food
            }
            let servings = try Row.fetchCursor(
                db, sql: "SELECT food_id, label, grams FROM food_serving WHERE food_id IN (\(marks)) ORDER BY food_id, position",
                arguments: StatementArguments(wanted))
            while let row = try servings.next() {
                let id = FoodID(try row.decode(String.self, atIndex: 0))
                found[id]?.servings.append(FoodServing(label: try row.decode(atIndex: 1), grams: try row.decode(atIndex: 2)))
            }
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
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ?"),
                    arguments: [id.rawValue])
            else { return nil }
            var food = try Self.food(row: row)
            food.servings = try Self.servings(of: id, db)
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
            let byID = try db.cachedStatement(sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ?")
            var foods: [Food] = []
            for standing in try Self.frecency(db).ranked where foods.count < limit {
                if let row = try Row.fetchOne(byID, arguments: [standing.foodID]) { foods.append(try Self.food(row: row)) }
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
            try db.cachedStatement(
                sql: """
                    INSERT INTO food (\(Self.foodColumns)) VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: CatalogSeeder.nutrientColumns.count)))
                    """
            ).execute(
                arguments: StatementArguments(
                    [saved.id.rawValue, saved.name, saved.source, saved.release]
                        + Self.nutrientValues(saved.per100g)))
            try Self.insertServings(of: saved, db)
            return saved
        }
    }

    /// Throws `StoreError.customFoodNotFound` for an id that is not a stored custom food.
    public func updateCustomFood(_ food: Food) throws {
        try write { db in
            let assignments = (["name"] + CatalogSeeder.nutrientColumns).map { "\($0) = ?" }.joined(separator: ", ")
            try db.cachedStatement(sql: "UPDATE food SET \(assignments) WHERE id = ? AND source = ?")
                .execute(
                    arguments: StatementArguments(
                        [food.name] + Self.nutrientValues(food.per100g)
                            + [food.id.rawValue, Self.customSource]))
            guard db.changesCount == 1 else { throw StoreError.customFoodNotFound(food.id.rawValue) }
            try db.execute(sql: "DELETE FROM food_serving WHERE food_id = ?", arguments: [food.id.rawValue])
            try Self.insertServings(of: food, db)
        }
    }

    @discardableResult
    public func deleteCustomFood(id: FoodID) throws -> Food? {
        try write { db in
            guard
                let row = try Row.fetchOne(
                    db, sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ? AND source = ?",
                    arguments: [id.rawValue, Self.customSource])
            else { return nil }
            var food = try Self.food(row: row)
            food.servings = try Self.servings(of: food.id, db)
            // Servings go with it (ON DELETE CASCADE); the log's entries stay (food_id is not a key).
            try db.execute(sql: "DELETE FROM food WHERE id = ? AND source = ?", arguments: [id.rawValue, Self.customSource])
            return food
        }
    }

    public func customFoods() throws -> [Food] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT \(Self.foodColumns) FROM food WHERE source = ? ORDER BY name COLLATE NOCASE, id",
                arguments: [Self.customSource]
            ).map { row in
                var food = try Self.food(row: row)
                food.servings = try Self.servings(of: food.id, db)
                return food
            }
        }
    }

    // MARK: Rows

    static let customSource = "custom"

    static let foodColumns = foodColumns(prefix: "")

    static func foodColumns(prefix: String) -> String {
        (["id", "name", "source", "release"] + CatalogSeeder.nutrientColumns).map { prefix + $0 }.joined(separator: ", ")
    }

    /// Reads the columns of `foodColumns`, in order.
    static func food(row: Row) throws -> Food { try food(row: row, readsNutrients: true) }

    /// `readsNutrients` false: the row holds the `listingColumns` only.
    static func food(row: Row, readsNutrients: Bool) throws -> Food {
        var n = Nutrients(
            kcal: try row.decode(atIndex: 4), proteinG: try row.decode(atIndex: 5),
            carbsG: try row.decode(atIndex: 6), fatG: try row.decode(atIndex: 7))
        if readsNutrients { try readNutrients(row, into: &n) }
        return Food(
            id: FoodID(try row.decode(atIndex: 0)), name: try row.decode(atIndex: 1),
            source: try row.decode(atIndex: 2), release: try row.decode(atIndex: 3), per100g: n)
    }

    /// The first columns of `foodColumns`: a food's names and its energy and macronutrients.
    static let listingColumnCount = 8
    static let listingColumns = foodColumns(prefix: "").split(separator: ",").prefix(listingColumnCount).joined(separator: ",")

    private static func readNutrients(_ row: Row, into n: inout Nutrients) throws {
        n.values.reserveCapacity(NutrientKey.allCases.count)  // grown step by step, it was rehashed six times a food
        for (offset, key) in NutrientKey.allCases.enumerated() {
            if let value: Double = try row.decode(atIndex: listingColumnCount + offset) { n.values[key] = value }
        }
    }

    /// In the order of `CatalogSeeder.nutrientColumns`.
    static func nutrientValues(_ n: Nutrients) -> [(any DatabaseValueConvertible)?] {
        [n.kcal, n.proteinG, n.carbsG, n.fatG] + NutrientKey.allCases.map { n.values[$0] }
    }

    static func servings(of id: FoodID, _ db: Database) throws -> [FoodServing] {
        try Row.fetchAll(
            db.cachedStatement(sql: "SELECT label, grams FROM food_serving WHERE food_id = ? ORDER BY position"),
            arguments: [id.rawValue]
        )
        .map { FoodServing(label: try $0.decode(atIndex: 0), grams: try $0.decode(atIndex: 1)) }
    }

    static func insertServings(of food: Food, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO food_serving (food_id, position, label, grams) VALUES (?, ?, ?, ?)")
        for (i, serving) in food.servings.enumerated() {
            try statement.execute(arguments: [food.id.rawValue, i + 1, serving.label, serving.grams])
        }
    }
}
