import BodiiDomain
import Foundation
import GRDB
import GRDBSQLite
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

        var nutrients: [String] = []
        var required: [Int] = []
        var insertFood: BulkInsert?
        var leftOut = Set<String>()
        var inserted = 0
        try TSV.forEachRow(of: catalog.foods) { line, f in
            guard let insert = insertFood else {
                // The header: id, name, then nutrient columns of `food`.
                let names = f.map(\.text)
                guard names.count > 2, names[0] == "id", names[1] == "name" else {
                    throw StoreError.invalidCatalog("the food table starts with \(names.prefix(2)), not id and name")
                }
                nutrients = Array(names.dropFirst(2))
                if let unknown = nutrients.first(where: { !nutrientColumns.contains($0) }) {
                    throw StoreError.invalidCatalog("unknown food column \(unknown)")
                }
                required = nutrients.indices.filter { requiredColumns.contains(nutrients[$0]) }
                guard required.count == requiredColumns.count else {
                    throw StoreError.invalidCatalog("a required nutrient column is missing")
                }
                insertFood = try BulkInsert(db, sql: """
                    INSERT INTO food (id, name, source, release, \(nutrients.joined(separator: ", ")))
                    VALUES (?, ?, ?, ?\(String(repeating: ", ?", count: nutrients.count)))
                    """)
                return
            }
            guard f.count == nutrients.count + 2 else {
                throw StoreError.invalidCatalog("food line \(line) has \(f.count) fields, not \(nutrients.count + 2)")
            }
            if required.contains(where: { f[$0 + 2].isEmpty }) {
                leftOut.insert(f[0].text)
                return
            }
            try insert.row { b in
                b.text(1, f[0])
                b.text(2, f[1])
                b.text(3, catalog.source)
                b.text(4, catalog.release)
                for (i, field) in f.dropFirst(2).enumerated() {
                    if field.isEmpty { b.null(Int32(i + 5)); continue }
                    guard let number = Double(field.text), number.isFinite, number >= 0 else {
                        throw StoreError.invalidCatalog("food line \(line): \(nutrients[i]) \"\(field.text)\" is not a number")
                    }
                    b.double(Int32(i + 5), number)
                }
            }
            inserted += 1
        }
        guard insertFood != nil else { throw StoreError.invalidCatalog("the food table is empty") }

        let insertServing = try BulkInsert(db, sql: "INSERT INTO food_serving (food_id, position, label, grams) VALUES (?, ?, ?, ?)")
        var current = ""
        var position = 0
        var sawHeader = false
        try TSV.forEachRow(of: catalog.servings) { line, f in
            guard sawHeader else {
                guard f.map(\.text) == ["food_id", "label", "grams"] else {
                    throw StoreError.invalidCatalog("the serving table does not start with food_id, label, grams")
                }
                sawHeader = true
                return
            }
            guard f.count == 3, let grams = Double(f[2].text), grams.isFinite, grams > 0 else {
                throw StoreError.invalidCatalog("serving line \(line) is not food_id, label, grams")
            }
            let food = f[0].text
            guard !leftOut.contains(food) else { return }
            position = food == current ? position + 1 : 1
            current = food
            try insertServing.row { b in
                b.text(1, f[0])
                b.int(2, position)
                b.text(3, f[1])
                b.double(4, grams)
            }
        }

        try db.execute(sql: """
            INSERT OR REPLACE INTO food_catalog (source, release, food_count, seeded_at) VALUES (?, ?, ?, ?)
            """, arguments: [catalog.source, catalog.release, inserted, SQLText.timestamp(now, timeZone: timeZone)])
        try FoodSearchIndex.endBulkChange(db)   // the search index, rebuilt in one pass
        return inserted
    }
}

/// Tab-separated text read as UTF-8 bytes, fields handed out as slices of the text (the shipped
/// catalog is ~1.5 MB: no Character processing, no copies until a value is bound).
enum TSV {
    typealias Field = UnsafeBufferPointer<UInt8>

    /// Calls `body` with the line number (from 1) and the fields of every non-empty line.
    static func forEachRow(of text: String, _ body: (_ line: Int, _ fields: [Field]) throws -> Void) throws {
        var text = text
        try text.withUTF8 { bytes in
            var fields: [Field] = []
            var start = 0
            var line = 0
            for i in 0...bytes.count {
                let byte = i < bytes.count ? bytes[i] : UInt8(ascii: "\n")
                guard byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") else { continue }
                fields.append(Field(rebasing: bytes[start..<i]))
                start = i + 1
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    if fields.count > 1 || fields.first?.isEmpty == false { try body(line, fields) }
                    fields.removeAll(keepingCapacity: true)
                }
            }
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    var text: String { String(decoding: self, as: UTF8.self) }
}

/// One INSERT run for many rows straight through SQLite's C API. Through GRDB's `execute`, each
/// of the ~24,000 catalog rows cost ~10 µs of bookkeeping: most of a seed. GRDB still owns the
/// statement and the transaction.
struct BulkInsert {
    private let statement: Statement
    private let db: Database

    init(_ db: Database, sql: String) throws {
        self.db = db
        statement = try db.makeStatement(sql: sql)
    }

    struct Binder {
        let handle: SQLiteStatement
        /// SQLITE_TRANSIENT: SQLite copies the bytes.
        private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

        func text(_ index: Int32, _ bytes: TSV.Field) {
            bytes.withMemoryRebound(to: CChar.self) { chars in
                _ = sqlite3_bind_text(handle, index, chars.baseAddress, Int32(chars.count), Self.transient)
            }
        }
        func text(_ index: Int32, _ string: String) { _ = sqlite3_bind_text(handle, index, string, -1, Self.transient) }
        func double(_ index: Int32, _ value: Double) { _ = sqlite3_bind_double(handle, index, value) }
        func int(_ index: Int32, _ value: Int) { _ = sqlite3_bind_int64(handle, index, Int64(value)) }
        func null(_ index: Int32) { _ = sqlite3_bind_null(handle, index) }
    }

    /// Binds one row's values (1-based indexes) and runs the statement.
    func row(_ bind: (Binder) throws -> Void) throws {
        let handle = statement.sqliteStatement
        sqlite3_reset(handle)
        try bind(Binder(handle: handle))
        let code = sqlite3_step(handle)
        guard code == SQLITE_DONE else {
            let message = String(cString: sqlite3_errmsg(db.sqliteConnection))
            sqlite3_reset(handle)
            throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statement.sql)
        }
    }
}

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

extension SQLiteRepositories: FoodCatalogRepository {
    /// Seeds the shipped catalog if this database does not hold its release yet (see
    /// `CatalogSeeder`). Every catalog call does this first; call it earlier (off the main actor)
    /// to take the one-time cost before a user opens food search.
    /// A read-only handle never seeds: its catalog calls see the file as it is (custom foods, and
    /// the catalog when an earlier write seeded it).
    public func prepareFoodCatalog() throws {
        guard let catalog, !readsOnly else { return }
        try catalogOnce.run {
            if try read({ db in try CatalogSeeder.seededRelease(source: catalog.source, db) }) == catalog.release { return }
            try writeWithoutTransaction { db in
                try Self.transaction(db, .immediate) {
                    if try CatalogSeeder.seededRelease(source: catalog.source, db) != catalog.release {
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
        return try read { db in try CatalogSeeder.seededRelease(source: catalog.source, db) } == catalog.release
    }

    /// Bodii's ranked search over the FTS5 index (see FoodSearchStore.swift).
    public func searchFoods(_ query: String, limit: Int) throws -> [Food] {
        try rankedSearch(query, limit: limit)
    }

    public func food(id: FoodID) throws -> Food? {
        try prepareFoodCatalog()
        let stored = try read { db -> Food? in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ?",
                                             arguments: [id.rawValue]) else { return nil }
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
    /// b-tree and a date computation per row) cost a `bodii search` process 3 ms.
    static func frecency(_ db: Database) throws -> FoodFrecency {
        guard let text = try String.fetchOne(db.cachedStatement(sql: "SELECT MAX(date) FROM food_record")),
              let latest = LocalDate(iso: text) else {
            return FoodFrecency(latest: LocalDate(daysSinceEpoch: 0))   // nothing logged: nothing counted
        }
        var frecency = FoodFrecency(latest: latest)
        let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT food_id, date, id FROM food_record WHERE date >= ?"),
                                       arguments: [frecency.firstDay])
        while let row = try rows.next() {
            frecency.add(foodID: try row.decode(atIndex: 0), day: try row.decode(atIndex: 1), entry: try row.decode(atIndex: 2))
        }
        return frecency
    }

    /// Stored with source "custom", no release, and the next number of `custom_food_number`.
    @discardableResult
    public func addCustomFood(_ food: Food) throws -> Food {
        try write { db in
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
        try write { db in
            let assignments = (["name"] + CatalogSeeder.nutrientColumns).map { "\($0) = ?" }.joined(separator: ", ")
            try db.cachedStatement(sql: "UPDATE food SET \(assignments) WHERE id = ? AND source = ?")
                .execute(arguments: StatementArguments([food.name] + Self.nutrientValues(food.per100g)
                    + [food.id.rawValue, Self.customSource]))
            guard db.changesCount == 1 else { throw StoreError.customFoodNotFound(food.id.rawValue) }
            try db.execute(sql: "DELETE FROM food_serving WHERE food_id = ?", arguments: [food.id.rawValue])
            try Self.insertServings(of: food, db)
        }
    }

    @discardableResult
    public func deleteCustomFood(id: FoodID) throws -> Food? {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT \(Self.foodColumns) FROM food WHERE id = ? AND source = ?",
                                             arguments: [id.rawValue, Self.customSource]) else { return nil }
            var food = try Self.food(row: row)
            food.servings = try Self.servings(of: food.id, db)
            // Servings go with it (ON DELETE CASCADE); the log's entries stay (food_id is not a key).
            try db.execute(sql: "DELETE FROM food WHERE id = ? AND source = ?", arguments: [id.rawValue, Self.customSource])
            return food
        }
    }

    public func customFoods() throws -> [Food] {
        try read { db in
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
