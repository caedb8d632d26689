import BodiiDomain
import Foundation
import GRDB
import Testing
@testable import BodiiStore

/// The seed's fast paths (issue 27's seed budget): the search index built from keys made in Swift,
/// and the inserts run with the triggers set aside. Each must change the cost only.
@Suite struct CatalogBulkSeedTests {
    /// Names whose key or head takes care: ASCII case in the low-tier prefixes, capitals side by
    /// side, no comma, a leading comma, non-ASCII letters (SQLite's own key then), a name longer
    /// than the key's 4,095 characters, punctuation.
    static let awkwardNames = [
        "babyfood, pears, strained", "BABYFOOD", "Infant Formula, soy", "child formula", "FAST FOOD, burger",
        "Fast foods, fries", "Restaurant,Chinese", "Restaurant Italian, pasta", "Crème BRÛLÉE, vanilla", "ÉCLAIR",
        "Jalapeño, raw", "Ab, aB", "AB", ",leading comma", "no comma at all", "Tea (iced), \"ready-to-drink\"; 2% sugar",
        String(repeating: "x", count: 5_000) + ", long",
    ]

    /// Every (term, food key, column, offset) the index holds.
    func indexContents(_ db: Database) throws -> [String] {
        try db.execute(sql: "CREATE VIRTUAL TABLE IF NOT EXISTS temp.food_fts_instance USING fts5vocab(main, food_fts, instance)")
        return try String.fetchAll(
            db, sql: "SELECT term || ' ' || doc || ' ' || col || ' ' || offset FROM temp.food_fts_instance ORDER BY 1")
    }

    @Test func theRebuiltIndexIsTheOneSQLKeysMake() throws {
        try withDatabase { _, repos in
            try repos.prepareFoodCatalog()
            try repos.write { db in
                for (i, name) in Self.awkwardNames.enumerated() {
                    try db.execute(
                        sql: "INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES (?, ?, 'custom', 1, 1, 1, 1)",
                        arguments: ["custom:\(i + 1)", name])
                }
                try FoodSearchIndex.rebuild(db)
                let rebuilt = try indexContents(db)
                // The index as `INSERT … SELECT` with `Schema.searchKey` and `searchHead` makes it.
                try db.execute(
                    sql: """
                        INSERT INTO food_fts(food_fts) VALUES ('delete-all');
                        INSERT INTO food_fts(rowid, head, name)
                            SELECT \(Schema.searchKey("food")) AS k, \(Schema.searchHead("food")), name FROM food ORDER BY k;
                        """)
                let bySQL = try indexContents(db)
                #expect(rebuilt.count > 50_000)
                #expect(rebuilt == bySQL)
                let terms = try String.fetchAll(db, sql: "SELECT term FROM food_search_term")
                #expect(terms == (try String.fetchAll(db, sql: "SELECT term FROM food_fts_vocab")))
            }
        }
    }

    @Test func theKeyOfAnASCIINameIsTheSQLOne() throws {
        try withDatabase { _, repos in
            try repos.read { db in
                for name in Self.awkwardNames {
                    let sql = try Int64.fetchOne(
                        db, sql: "SELECT \(Schema.searchKey("f")) FROM (SELECT ? AS name, 7 AS rowid) AS f", arguments: [name])
                    let swift = Array(name.utf8).withUnsafeBufferPointer { FoodSearchIndex.key(asciiName: $0, rowid: 7) }
                    if name.utf8.allSatisfy({ $0 < 0x80 }) {
                        #expect(swift == sql, "\(name.prefix(40))")
                    } else {
                        #expect(swift == nil, "a name that is not ASCII gets SQLite's key")
                    }
                }
            }
        }
    }

    /// Whether a food inserted now is indexed at once, by the triggers.
    func triggersIndex(_ repos: SQLiteRepositories, id: String) throws -> Bool {
        try repos.write { db in
            try db.execute(
                sql: "INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES (?, 'Zyzzyva jam', 'custom', 1, 1, 1, 1)",
                arguments: [id])
            let found = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM food_fts WHERE food_fts MATCH 'zyzzyva'") ?? 0
            let pending = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM food_search_pending") ?? 0
            return found == 1 && pending == 1
        }
    }

    @Test func theTriggersAreBackAfterASeed() throws {
        try withDatabase { _, repos in
            try repos.prepareFoodCatalog()
            #expect(try triggersIndex(repos, id: "custom:1"))
        }
    }

    @Test func theTriggersAreBackAfterASeedThatFailed() throws {
        var broken = tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52"), ("usda:2", "Pear", "57")])
        broken.foods += "\nusda:3\tPlum\tforty-six\t1\t2\t3\t"
        try withTemporaryFolder { folder in
            let db = try BodiiDatabase(url: folder.appendingPathComponent("b.sqlite"), catalog: broken)
            defer { try? db.close() }
            #expect(throws: StoreError.self) { try db.repositories.prepareFoodCatalog() }
            #expect(try triggersIndex(db.repositories, id: "custom:1"))
        }
    }

    /// The seed sets aside every trigger of `food` and `food_serving`: right only while each does
    /// nothing during a bulk change. A new trigger on them must stand aside too, or the seed must
    /// run it itself.
    @Test func everyTriggerOfTheCatalogTablesStandsAsideDuringABulkChange() throws {
        try withDatabase { _, repos in
            let triggers = try repos.read { db in
                try Row.fetchAll(
                    db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN ('food', 'food_serving')")
            }
            #expect(triggers.count == 7)
            for trigger in triggers {
                let sql: String = trigger["sql"]
                let name: String = trigger["name"]
                #expect(sql.contains("WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0"), "\(name)")
            }
        }
    }
}
