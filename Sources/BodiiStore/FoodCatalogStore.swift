import BodiiDomain
import Foundation
import GRDB
import USDACatalogData

/// A food catalog that ships inside the binary, as the tab-separated text `CatalogText` (in
/// BodiiImport) writes: foods with a header naming `food` columns, servings as `food_id label grams`.
public struct ShippedCatalog: Sendable {
    public var source: String
    public var release: String
    public var foods: String
    public var servings: String

    public init(source: String, release: String, foods: String, servings: String) {
        self.source = source
        self.release = release
        self.foods = foods
        self.servings = servings
    }

    /// USDA SR24, 8,858 foods (module USDACatalogData, made by `scripts/convert-usda`).
    public static let usdaSR24 = ShippedCatalog(source: USDASR24.source, release: USDASR24.release,
                                                foods: USDASR24.foods, servings: USDASR24.servings)
}

/// Puts a shipped catalog into the `food` and `food_serving` tables.
///
/// When: lazily, on the first catalog call of a process (`SQLiteRepositories.prepareFoodCatalog`),
/// not when the database opens. Most opens never touch the catalog (`bodii today`, `log weight`,
/// every test of another feature), and they should not pay ~0.1 s and ~3 MB of database for it.
/// After the first call a process only checks an in-memory flag; the first call of a process on an
/// already seeded database costs one indexed read of `food_catalog`.
///
/// How: one IMMEDIATE transaction that re-reads `food_catalog`, and only if that source's release
/// differs from the shipped one, deletes that source's foods (their servings go with them) and
/// inserts the shipped ones. IMMEDIATE takes the write lock before the check, so a second process
/// opening the same fresh database waits (busy timeout) and then finds the catalog seeded: no
/// double seed, no failure. Custom foods (another source) and the food log (which copies what it
/// needs and has no foreign key to `food`) are never touched by a re-seed.
enum CatalogSeeder {
    /// The nutrient columns of `food`, per 100 g; the first four are NOT NULL.
    static let nutrientColumns = ["kcal", "protein_g", "carbs_g", "fat_g", "fiber_g", "sugars_g", "saturated_fat_g",
                                  "sodium_mg", "cholesterol_mg", "potassium_mg", "calcium_mg", "iron_mg",
                                  "vitamin_c_mg", "vitamin_d_ug"]
    static let requiredColumns: Set<String> = ["kcal", "protein_g", "carbs_g", "fat_g"]

    static func seededRelease(source: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT release FROM food_catalog WHERE source = ?", arguments: [source])
    }

    /// Replaces the foods of `catalog.source` with the shipped ones; call inside a transaction.
    /// A food whose energy or a macronutrient is unknown is left out: the log needs all four
    /// (three SR24 entries: 14014 martini, fat unknown; 23999, a Cronometer calculator placeholder
    /// with no nutrients; 46168 polydextrose, protein and fat unknown). Returns the foods inserted.
    @discardableResult
    static func seed(_ catalog: ShippedCatalog, _ db: Database, now: Date, timeZone: TimeZone) throws -> Int {
        try FoodSearchIndex.beginBulkChange(db)
        try db.execute(sql: "DELETE FROM food WHERE source = ?", arguments: [catalog.source])

        var foodLines = Lines(catalog.foods)
        guard let header = foodLines.next().map(fields) else { throw StoreError.invalidCatalog("the food table is empty") }
        guard header.count > 2, header[0] == "id", header[1] == "name" else {
            throw StoreError.invalidCatalog("the food table starts with \(header.prefix(2)), not id and name")
        }
        let nutrients = Array(header.dropFirst(2))
        if let unknown = nutrients.first(where: { !nutrientColumns.contains($0) }) {
            throw StoreError.invalidCatalog("unknown food column \(unknown)")
        }
        let required = nutrients.indices.filter { requiredColumns.contains(nutrients[$0]) }
        guard required.count == requiredColumns.count else { throw StoreError.invalidCatalog("a required nutrient column is missing") }
        let insertFood = try db.makeStatement(sql: """
            INSERT INTO food (id, name, source, release, \(nutrients.joined(separator: ", ")))
            VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: nutrients.count)))
            """)
        var inserted = Set<String>()
        var lineNumber = 1
        while let line = foodLines.next() {
            lineNumber += 1
            let f = fields(line)
            guard f.count == header.count else {
                throw StoreError.invalidCatalog("food line \(lineNumber) has \(f.count) fields, not \(header.count)")
            }
            var values: [(any DatabaseValueConvertible)?] = [f[0], f[1], catalog.source, catalog.release]
            for (i, text) in f.dropFirst(2).enumerated() {
                if text.isEmpty { values.append(nil); continue }
                guard let number = Double(text), number.isFinite, number >= 0 else {
                    throw StoreError.invalidCatalog("food line \(lineNumber): \(nutrients[i]) \"\(text)\" is not a number")
                }
                values.append(number)
            }
            if required.contains(where: { values[4 + $0] == nil }) { continue }
            try insertFood.execute(arguments: StatementArguments(values))
            inserted.insert(f[0])
        }

        var servingLines = Lines(catalog.servings)
        guard servingLines.next().map(fields) == ["food_id", "label", "grams"] else {
            throw StoreError.invalidCatalog("the serving table does not start with food_id, label, grams")
        }
        let insertServing = try db.makeStatement(sql: "INSERT INTO food_serving (food_id, position, label, grams) VALUES (?, ?, ?, ?)")
        var current = ""
        var position = 0
        lineNumber = 1
        while let line = servingLines.next() {
            lineNumber += 1
            let f = fields(line)
            guard f.count == 3, let grams = Double(f[2]), grams > 0 else {
                throw StoreError.invalidCatalog("serving line \(lineNumber) is not food_id, label, grams")
            }
            guard inserted.contains(f[0]) else { continue }
            position = f[0] == current ? position + 1 : 1
            current = f[0]
            try insertServing.execute(arguments: [f[0], position, f[1], grams])
        }

        try db.execute(sql: """
            INSERT OR REPLACE INTO food_catalog (source, release, food_count, seeded_at) VALUES (?, ?, ?, ?)
            """, arguments: [catalog.source, catalog.release, inserted.count, SQLText.timestamp(now, timeZone: timeZone)])
        try FoodSearchIndex.endBulkChange(db)   // the search index, rebuilt in one pass
        return inserted.count
    }

    private static func fields(_ line: Substring) -> [String] {
        line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }

    /// The non-empty lines of a text, without allocating them all at once.
    private struct Lines {
        private var rest: Substring
        init(_ text: String) { rest = text[...] }
        mutating func next() -> Substring? {
            while !rest.isEmpty {
                let end = rest.firstIndex(of: "\n") ?? rest.endIndex
                let line = rest[..<end]
                rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
                if !line.isEmpty { return line }
            }
            return nil
        }
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

extension SQLiteRepositories: FoodCatalogRepository {
    /// Seeds the shipped catalog if this database does not hold its release yet (see
    /// `CatalogSeeder`). Every catalog call does this first; call it earlier (off the main actor)
    /// to take the one-time cost before a user opens food search.
    public func prepareFoodCatalog() throws {
        guard let catalog else { return }
        try catalogOnce.run {
            if try writer.read({ db in try CatalogSeeder.seededRelease(source: catalog.source, db) }) == catalog.release { return }
            try writer.writeWithoutTransaction { db in
                try db.inTransaction(.immediate) {
                    if try CatalogSeeder.seededRelease(source: catalog.source, db) != catalog.release {
                        try CatalogSeeder.seed(catalog, db, now: Date(), timeZone: timeZone)
                    }
                    return .commit
                }
            }
        }
    }

    /// Bodii's ranked search over the FTS5 index (see FoodSearchStore.swift).
    public func searchFoods(_ query: String, limit: Int) throws -> [Food] {
        try rankedSearch(query, limit: limit)
    }

    public func food(id: FoodID) throws -> Food? {
        try prepareFoodCatalog()
        return try writer.read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ?",
                                             arguments: [id.rawValue]) else { return nil }
            var food = try Self.food(row: row)
            food.servings = try Self.servings(of: id, db)
            return food
        }
    }

    /// Foods from the log of the last 180 days (counted back from the latest logged date, so a
    /// pause in logging does not empty the list), ordered by "frecency": each time a food was
    /// logged adds points by how long ago that was — 100 within 3 days, 70 within 2 weeks, 50
    /// within a month, 30 within 3 months, 10 before — then the most recently logged first. So a
    /// food eaten every day of the last week (610) ranks above one eaten once yesterday (100),
    /// and a weekly habit of two months (8 × 30–100 ≈ 400) above a one-off from today. Foods no
    /// longer in the catalog are left out (they could not be logged again).
    public func recentFoods(limit: Int) throws -> [Food] {
        try prepareFoodCatalog()
        return try writer.read { db in
            try Row.fetchAll(db, sql: """
                WITH latest AS (SELECT MAX(date) AS day FROM food_record),
                scored AS (
                    SELECT r.food_id,
                           SUM(CASE
                               WHEN julianday(latest.day) - julianday(r.date) < 4 THEN 100
                               WHEN julianday(latest.day) - julianday(r.date) < 15 THEN 70
                               WHEN julianday(latest.day) - julianday(r.date) < 31 THEN 50
                               WHEN julianday(latest.day) - julianday(r.date) < 91 THEN 30
                               ELSE 10 END) AS score,
                           MAX(r.date) AS last_day, MAX(r.id) AS last_id
                    FROM food_record AS r, latest
                    WHERE r.date >= date(latest.day, '-180 days')
                    GROUP BY r.food_id)
                SELECT \(Self.foodColumns(prefix: "f.")) FROM scored JOIN food AS f ON f.id = scored.food_id
                ORDER BY scored.score DESC, scored.last_day DESC, scored.last_id DESC
                LIMIT ?
                """, arguments: [max(0, limit)]).map(Self.food(row:))
        }
    }

    /// Stored with source "custom", no release, and the next number of `custom_food_number`.
    @discardableResult
    public func addCustomFood(_ food: Food) throws -> Food {
        try writer.write { db in
            try db.execute(sql: "INSERT INTO custom_food_number DEFAULT VALUES")
            var saved = food
            saved.id = FoodID("custom:\(db.lastInsertedRowID)")
            saved.source = Self.customSource
            saved.release = nil
            try db.cachedStatement(sql: """
                INSERT INTO food (\(Self.foodColumns)) VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: CatalogSeeder.nutrientColumns.count)))
                """).execute(arguments: StatementArguments([saved.id.rawValue, saved.name, saved.source, saved.release]
                    + Self.nutrientValues(saved.per100g)))
            try Self.insertServings(of: saved, db)
            return saved
        }
    }

    /// Throws `StoreError.customFoodNotFound` for an id that is not a stored custom food.
    public func updateCustomFood(_ food: Food) throws {
        try writer.write { db in
            let assignments = (["name"] + CatalogSeeder.nutrientColumns).map { "\($0) = ?" }.joined(separator: ", ")
            try db.cachedStatement(sql: "UPDATE food SET \(assignments) WHERE id = ? AND source = ?")
                .execute(arguments: StatementArguments([food.name] + Self.nutrientValues(food.per100g)
                    + [food.id.rawValue, Self.customSource]))
            guard db.changesCount == 1 else { throw StoreError.customFoodNotFound(food.id.rawValue) }
            try db.execute(sql: "DELETE FROM food_serving WHERE food_id = ?", arguments: [food.id.rawValue])
            try Self.insertServings(of: food, db)
        }
    }

    public func customFoods() throws -> [Food] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT \(Self.foodColumns) FROM food WHERE source = ? ORDER BY name COLLATE NOCASE, id",
                             arguments: [Self.customSource]).map { row in
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
    static func food(row: Row) throws -> Food {
        let n = Nutrients(kcal: try row.decode(atIndex: 4), proteinG: try row.decode(atIndex: 5),
                          carbsG: try row.decode(atIndex: 6), fatG: try row.decode(atIndex: 7),
                          fiberG: try row.decode(atIndex: 8), sugarsG: try row.decode(atIndex: 9),
                          saturatedFatG: try row.decode(atIndex: 10), sodiumMg: try row.decode(atIndex: 11),
                          cholesterolMg: try row.decode(atIndex: 12), potassiumMg: try row.decode(atIndex: 13),
                          calciumMg: try row.decode(atIndex: 14), ironMg: try row.decode(atIndex: 15),
                          vitaminCMg: try row.decode(atIndex: 16), vitaminDUg: try row.decode(atIndex: 17))
        return Food(id: FoodID(try row.decode(atIndex: 0)), name: try row.decode(atIndex: 1),
                    source: try row.decode(atIndex: 2), release: try row.decode(atIndex: 3), per100g: n)
    }

    /// In the order of `CatalogSeeder.nutrientColumns`.
    static func nutrientValues(_ n: Nutrients) -> [(any DatabaseValueConvertible)?] {
        [n.kcal, n.proteinG, n.carbsG, n.fatG, n.fiberG, n.sugarsG, n.saturatedFatG, n.sodiumMg, n.cholesterolMg,
         n.potassiumMg, n.calciumMg, n.ironMg, n.vitaminCMg, n.vitaminDUg]
    }

    static func servings(of id: FoodID, _ db: Database) throws -> [FoodServing] {
        try Row.fetchAll(db.cachedStatement(sql: "SELECT label, grams FROM food_serving WHERE food_id = ? ORDER BY position"),
                         arguments: [id.rawValue])
            .map { FoodServing(label: try $0.decode(atIndex: 0), grams: try $0.decode(atIndex: 1)) }
    }

    static func insertServings(of food: Food, _ db: Database) throws {
        let statement = try db.cachedStatement(sql: "INSERT INTO food_serving (food_id, position, label, grams) VALUES (?, ?, ?, ?)")
        for (i, serving) in food.servings.enumerated() {
            try statement.execute(arguments: [food.id.rawValue, i + 1, serving.label, serving.grams])
        }
    }
}
