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
    /// Foods seeded with these in the same transaction, whose rows name their own source.
    public var supplement: ShippedSupplement?

    public init(source: String, release: String, foods: String, servings: String, supplement: ShippedSupplement? = nil) {
        self.source = source
        self.release = release
        self.foods = foods
        self.servings = servings
        self.supplement = supplement
    }

    /// USDA SR24, 8,858 foods (module USDACatalogData, made by `scripts/convert-usda`), with the
    /// supplement of foods it lacks (`CatalogSupplement`).
    public static let usdaSR24 = ShippedCatalog(
        source: USDASR24.source, release: USDASR24.release,
        foods: USDASR24.foods, servings: USDASR24.servings,
        supplement: .bodii)

    /// The food tables, the main one first: its rows take the catalog's source and release, a
    /// supplement's name theirs.
    var tables: [(foods: String, servings: String)] {
        [(foods, servings)] + (supplement.map { [($0.foods, $0.servings)] } ?? [])
    }
}

/// Foods a shipped catalog lacks (issue 24), in the catalog's text form with three more columns:
/// `source` and `release` (each row's database and record: what the food's detail shows) and
/// `source_name` (the food's name there; documentation, not stored).
public struct ShippedSupplement: Sendable {
    /// `food_catalog` holds the supplement's version under this name.
    static let catalogKey = "supplement"
    public var version: String
    /// Every source the supplement's rows have ever named: a re-seed deletes their foods, so a
    /// food a newer version drops leaves nothing behind. A row naming another source is refused.
    public var sources: Set<String>
    public var foods: String
    public var servings: String
    /// Values its foods lack, estimated from SR24 foods, filled in after them.
    var estimates: CatalogEstimateTable?

    public init(version: String, sources: Set<String>, foods: String, servings: String) {
        self.version = version
        self.sources = sources
        self.foods = foods
        self.servings = servings
    }

    /// The foods of `CatalogSupplement` (module USDACatalogData), sources named row by row, with
    /// `CatalogEstimates`; the version names both, so a change of either re-seeds.
    public static let bodii: ShippedSupplement = {
        var supplement = ShippedSupplement(
            version: "\(CatalogSupplement.version)+\(CatalogEstimates.version)",
            sources: ["USDA SR", "USDA FoodData Central", "ANSES CIQUAL", "Matvaretabellen"],
            foods: CatalogSupplement.foods, servings: CatalogSupplement.servings)
        supplement.estimates = .shipped
        return supplement
    }()
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
/// (or the supplement's version) differs from the shipped one, deletes that source's foods (their
/// servings go with them) and inserts the shipped ones. IMMEDIATE takes the write lock before the
/// check, so a second process opening the same fresh database waits (busy timeout) and then finds
/// the catalog seeded: no double seed, no failure. Custom foods (another source) and the food log (which copies what it
/// needs and has no foreign key to `food`) are never touched by a re-seed.
enum CatalogSeeder {
    static func seededRelease(source: String, _ db: Database) throws -> String? {
        try String.fetchOne(db, sql: "SELECT release FROM food_catalog WHERE source = ?", arguments: [source])
    }

    /// Whether the database holds this catalog's release and its supplement's version.
    static func holds(_ catalog: ShippedCatalog, _ db: Database) throws -> Bool {
        guard try seededRelease(source: catalog.source, db) == catalog.release else { return false }
        guard let supplement = catalog.supplement else { return true }
        return try seededRelease(source: ShippedSupplement.catalogKey, db) == supplement.version
    }

    /// Replaces the foods of `catalog.source` (and of every source its supplement names) with the
    /// shipped ones; call inside a transaction. A database seeded before the supplement existed
    /// gets it this way, with the SR24 foods re-seeded beside it.
    /// A food whose energy or a macronutrient is unknown is left out: the log needs all four
    /// (three SR24 entries: 14014 martini, fat unknown; 23999, a Cronometer calculator placeholder
    /// with no nutrients; 46168 polydextrose, protein and fat unknown). Returns the foods inserted.
    @discardableResult
    static func seed(_ catalog: ShippedCatalog, _ db: Database, now: Date, timeZone: TimeZone) throws -> Int {
        try FoodSearchIndex.beginBulkChange(db)
        let sources = [catalog.source] + (catalog.supplement.map { $0.sources.sorted() } ?? [])
        for source in sources { try db.execute(sql: "DELETE FROM food WHERE source = ?", arguments: [source]) }

        var counts: [Int] = []
        // The seeder refuses every value the tables' CHECKs would (a nutrient not finite or below
        // 0, a serving not over 0 g) before binding it, so SQLite need not test the ~80 CHECKs of
        // each of ~9,000 foods again (NOT NULL, keys and foreign keys still hold). Statements
        // prepared while the flag is on skip them; the flag is off again before anything else runs.
        try db.execute(sql: "PRAGMA ignore_check_constraints = 1")
        do {
            try withTriggersAside(db) {
                for table in catalog.tables {
                    let isMain = counts.isEmpty
                    let rows = TableRows(
                        source: catalog.source, release: catalog.release,
                        allowedSources: isMain ? nil : catalog.supplement?.sources)
                    let (inserted, leftOut) = try insertFoods(table.foods, rows, db)
                    try insertServings(table.servings, leavingOut: leftOut, db)
                    counts.append(inserted)
                }
                try catalog.supplement?.estimates?.fill(db)
            }
        } catch {
            try? db.execute(sql: "PRAGMA ignore_check_constraints = 0")
            throw error
        }
        try db.execute(sql: "PRAGMA ignore_check_constraints = 0")
        let stamp = SQLText.timestamp(now, timeZone: timeZone)
        try FoodCatalogRow(source: catalog.source, release: catalog.release, foodCount: counts[0], seededAt: stamp)
            .insert(db, onConflict: .replace)
        if let supplement = catalog.supplement {
            try FoodCatalogRow(source: ShippedSupplement.catalogKey, release: supplement.version, foodCount: counts[1], seededAt: stamp)
                .insert(db, onConflict: .replace)
        }
        try FoodSearchIndex.endBulkChange(db)  // the search index, rebuilt in one pass
        try fillPendingEntries(db)
        return counts.reduce(0, +)
    }

    /// Entries logged before v13 get the nutrients their food now has, where still unknown, once
    /// (see `NutrientMigrations.nutrientsV13`).
    /// Saved meal items wait the same way since v17 (`NutrientMigrations.savedMealNutrientsV17`).
    static func fillPendingEntries(_ db: Database) throws {
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM food_record_nutrient_fill)") == true {
            try db.execute(sql: NutrientMigrations.fillSQLV13(onlyPending: true) + "\nDELETE FROM food_record_nutrient_fill;")
        }
        if try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM saved_meal_item_nutrient_fill)") == true {
            try db.execute(sql: NutrientMigrations.savedItemFillSQLV17(onlyPending: true) + "\nDELETE FROM saved_meal_item_nutrient_fill;")
        }
    }

    /// Where a table's rows take their source and release from.
    struct TableRows {
        /// For a table without source and release columns (the main one).
        let source: String
        let release: String
        /// For a supplement: the sources its rows may name.
        let allowedSources: Set<String>?
    }

    /// Inserts the foods of one table; returns how many, and the ids left out.
    private static func insertFoods(_ text: String, _ rows: TableRows, _ db: Database) throws -> (Int, Set<String>) {
        var header: FoodTableHeader?
        var insertFood: BulkInsert?
        var leftOut = Set<String>()
        var inserted = 0
        try TSV.forEachRow(
            of: text,
            { line, f in
                guard let h = header, insertFood != nil else {
                    let h = try FoodTableHeader(f.map(\.text))
                    guard (h.sourceField != nil) == (rows.allowedSources != nil), (h.releaseField != nil) == (h.sourceField != nil) else {
                        throw StoreError.invalidCatalog("only a supplement's food table names each row's source and release")
                    }
                    header = h
                    insertFood = BulkInsert(
                        db, table: "food", columns: ["id", "name", "source", "release"] + h.nutrients.map(\.column),
                        constants: [rows.source, rows.release])
                    return
                }
                guard f.count == h.fieldCount else {
                    throw StoreError.invalidCatalog("food line \(line) has \(f.count) fields, not \(h.fieldCount)")
                }
                if h.required.contains(where: { f[$0].isEmpty }) {
                    leftOut.insert(f[0].text)
                    return
                }
                let source = h.sourceField.map { f[$0] }
                if let allowed = rows.allowedSources, let source, !allowed.contains(source.text) {
                    throw StoreError.invalidCatalog("food line \(line): source \"\(source.text)\" is not one the supplement lists")
                }
                let release = h.releaseField.map { f[$0] }
                try insertFood?.row { b in
                    b.text(1, f[0])
                    b.text(2, f[1])
                    if let source { b.text(3, source) } else { b.constant(3, 0) }
                    if let release {
                        if !release.isEmpty { b.text(4, release) }
                    } else if !rows.release.isEmpty {
                        b.constant(4, 1)
                    }
                    // By field number only: each (column, field) pair read would retain its String.
                    for (i, fieldNumber) in h.nutrientFields.enumerated() {
                        let field = f[fieldNumber]
                        if field.isEmpty { continue }  // NULL
                        guard let number = field.number, number.isFinite, number >= 0 else {
                            throw StoreError.invalidCatalog("food line \(line): \(h.nutrients[i].column) \"\(field.text)\" is not a number")
                        }
                        b.double(Int32(i + 5), number)
                    }
                }
                inserted += 1
            },
            end: { try insertFood?.finish() })
        guard insertFood != nil else { throw StoreError.invalidCatalog("the food table is empty") }
        return (inserted, leftOut)
    }

    private static func insertServings(_ text: String, leavingOut leftOut: Set<String>, _ db: Database) throws {
        var insertServing = BulkInsert(db, table: "food_serving", columns: ["food_id", "position", "label", "grams"])
        var current: TSV.Field?
        var position = 0
        var sawHeader = false
        try TSV.forEachRow(
            of: text,
            { line, f in
                guard sawHeader else {
                    guard f.map(\.text) == ["food_id", "label", "grams"] else {
                        throw StoreError.invalidCatalog("the serving table does not start with food_id, label, grams")
                    }
                    sawHeader = true
                    return
                }
                guard f.count == 3, let grams = f[2].number, grams.isFinite, grams > 0 else {
                    throw StoreError.invalidCatalog("serving line \(line) is not food_id, label, grams")
                }
                let food = f[0]
                // Compared as bytes: a String for each of 15,000 ids cost more than the insert.
                let sameFood = current.map { $0.elementsEqual(food) } ?? false
                if !sameFood, !leftOut.isEmpty, leftOut.contains(food.text) { return }
                position = sameFood ? position + 1 : 1
                current = food
                try insertServing.row { b in
                    b.text(1, food)
                    b.int(2, position)
                    b.text(3, f[1])
                    b.double(4, grams)
                }
            },
            end: { try insertServing.finish() })
    }
}

/// The header line of a shipped food table: `id`, `name`, then nutrient columns of `food` and, in a
/// supplement, the text columns `source`, `release` and `source_name` (the last not stored).
struct FoodTableHeader {
    /// The nutrient columns with the field each is in.
    var nutrients: [(column: String, field: Int)] = []
    /// The fields of `nutrients`, in their order.
    var nutrientFields: [Int] = []
    var sourceField: Int?
    var releaseField: Int?
    /// The fields of the four nutrients a food cannot be logged without.
    var required: [Int] = []
    let fieldCount: Int

    init(_ names: [String]) throws {
        guard names.count > 2, names[0] == "id", names[1] == "name" else {
            throw StoreError.invalidCatalog("the food table starts with \(names.prefix(2)), not id and name")
        }
        fieldCount = names.count
        for (i, name) in names.enumerated().dropFirst(2) {
            switch name {
            case "source": sourceField = i
            case "release": releaseField = i
            case "source_name": continue
            default:
                guard FoodRow.nutrientColumnNames.contains(name) else {
                    throw StoreError.invalidCatalog("unknown food column \(name)")
                }
                nutrients.append((name, i))
            }
        }
        nutrientFields = nutrients.map(\.field)
        required = nutrients.filter { FoodRow.requiredColumns.contains($0.column) }.map(\.field)
        guard required.count == FoodRow.requiredColumns.count else {
            throw StoreError.invalidCatalog("a required nutrient column is missing")
        }
    }
}
