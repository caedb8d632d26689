import BodiiDomain
import Foundation
import GRDB

// Food search (PRODUCT.md §3): an FTS5 index of food names, kept in sync with `food` by triggers,
// finds the candidates; `FoodRanking` (BodiiDomain) orders them.
//
// The index's rowid is not the food's rowid but a key that sorts plain foods first and short names
// before long ones: key = tier << 56 | min(length(name), 4095) << 44 | food.rowid. FTS5 returns
// matches in rowid order and stops at the LIMIT, so "the first 256 matches" are the 256 plainest,
// shortest names, whatever the size of the catalog: a one-letter query over a million foods reads
// 256 rows, not a million. The tier is a rough SQL version of the ranking's kinds (2: baby food,
// infant formula, fast food, restaurant; 1: a name with capitals, i.e. a brand; 0: the rest); it
// only decides which matches are read when there are too many. Food rowids must stay below 2^44.

extension Schema {
    /// The key of a food row in `food_fts` (see above); `row` is "new" or "old" in a trigger, or a
    /// table name.
    static func searchKey(_ row: String) -> String {
        """
        (((CASE WHEN \(row).name LIKE 'Babyfood%' OR \(row).name LIKE 'Infant formula%' OR \(row).name LIKE 'Child formula%'
                     OR \(row).name LIKE 'Fast food%' OR \(row).name LIKE 'Restaurant,%' THEN 2
                WHEN \(row).name GLOB '*[A-Z][A-Z]*' THEN 1 ELSE 0 END) << 56)
         | (min(length(\(row).name), 4095) << 44) | (\(row).rowid & \(FoodSearchIndex.rowidMask)))
        """
    }

    /// The head of a food name: its first comma part ("Bananas" of "Bananas, raw").
    static func searchHead(_ row: String) -> String {
        "(CASE WHEN instr(\(row).name, ',') > 0 THEN substr(\(row).name, 1, instr(\(row).name, ',') - 1) ELSE \(row).name END)"
    }

    /// v3: the full-text index of food names. Contentless (the names stay in `food` only), with
    /// prefix indexes for 1–3 letters (so a query of one or two letters reads matches lazily), the
    /// `unicode61` tokenizer folding case and accents. Triggers keep it in sync with `food`, so a
    /// custom food is found the moment it is saved, and bump `food_search_state.version`, which tells
    /// each process's in-memory vocabulary (`FoodSearchCache`) to reload.
    static func foodSearchV3(_ db: Database) throws {
        let insertNew = "INSERT INTO food_fts(rowid, head, name) VALUES (\(searchKey("new")), \(searchHead("new")), new.name);"
        let deleteOld = """
            INSERT INTO food_fts(food_fts, rowid, head, name) VALUES ('delete', \(searchKey("old")), \(searchHead("old")), old.name);
            """
        let bump = "UPDATE food_search_state SET version = version + 1;"
        try db.execute(sql: """
            CREATE VIRTUAL TABLE food_fts USING fts5(
                head, name, content = '', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3');
            -- The index's terms with the number of foods that have them (the in-memory vocabulary).
            CREATE VIRTUAL TABLE food_fts_vocab USING fts5vocab(food_fts, row);
            -- Changes with every insert, rename and delete of a food.
            CREATE TABLE food_search_state (
                id INTEGER PRIMARY KEY CHECK (id = 1),
                version INTEGER NOT NULL
            );
            INSERT INTO food_search_state (id, version) VALUES (1, 0);

            CREATE TRIGGER food_search_insert AFTER INSERT ON food BEGIN
                \(insertNew)
                \(bump)
            END;
            CREATE TRIGGER food_search_delete AFTER DELETE ON food BEGIN
                \(deleteOld)
                \(bump)
            END;
            CREATE TRIGGER food_search_rename AFTER UPDATE ON food
            WHEN old.name IS NOT new.name OR old.rowid IS NOT new.rowid BEGIN
                \(deleteOld)
                \(insertNew)
                \(bump)
            END;

            -- Foods already there (a database seeded before v3).
            INSERT INTO food_fts(rowid, head, name) SELECT \(searchKey("food")), \(searchHead("food")), name FROM food;
            """)
    }
}

enum FoodSearchIndex {
    /// The food rowid inside a `food_fts` key.
    static let rowidMask: Int64 = (1 << 44) - 1
    /// Matches read per candidate pool (all words anywhere; a word in the head).
    static let poolSize = 256
    /// The user's log lifts foods eaten in this many days before the latest logged day.
    static let historyDays = 180
}

/// What food search keeps in memory per database handle: the index's vocabulary (reloaded when
/// `food_search_state.version` moves, i.e. after any change of the catalog) and the parsed names of
/// foods it has ranked (at most `maximumProfiles`, dropped with the vocabulary).
final class FoodSearchCache: @unchecked Sendable {
    private let lock = NSLock()
    private var version: Int64 = -1
    private var vocabulary = SearchVocabulary(terms: [String]())
    private var profiles: [Int64: (name: String, profile: FoodNameProfile)] = [:]

    static let maximumProfiles = 50_000

    /// The vocabulary for the database as `db` sees it.
    func vocabulary(_ db: Database) throws -> SearchVocabulary {
        let current = try Int64.fetchOne(db, sql: "SELECT version FROM food_search_state WHERE id = 1") ?? 0
        lock.lock()
        defer { lock.unlock() }
        if current != version {
            let terms = try String.fetchAll(db, sql: "SELECT term FROM food_fts_vocab")
            vocabulary = SearchVocabulary(terms: terms)
            profiles.removeAll(keepingCapacity: true)
            version = current
        }
        return vocabulary
    }

    /// The parsed name of the food at `rowid`, from memory when its name has not changed.
    func profile(rowid: Int64, id: String, name: String) -> FoodNameProfile {
        lock.lock()
        defer { lock.unlock() }
        if let cached = profiles[rowid], cached.name == name { return cached.profile }
        let profile = FoodNameProfile(id: id, name: name)
        if profiles.count >= Self.maximumProfiles { profiles.removeAll(keepingCapacity: true) }
        profiles[rowid] = (name, profile)
        return profile
    }
}

extension SQLiteRepositories {
    /// Bodii's food search: candidates from the FTS5 index (every word, as typed, as singular or
    /// plural, as a prefix, or one typo away), plus the foods of the user's recent log; ordered by
    /// `FoodRanking`. An empty query gives the recent and frequent foods.
    func rankedSearch(_ text: String, limit: Int) throws -> [Food] {
        let limit = max(0, limit)
        let query = FoodSearchQuery(text)
        guard !query.isEmpty else { return try recentFoods(limit: limit) }
        guard limit > 0 else { return [] }
        try prepareFoodCatalog()
        return try writer.read { db in
            let vocabulary = try searchCache.vocabulary(db)
            var plans = vocabulary.plan(query)
            let history = try Self.historyPoints(db)
            var ranked = try rank(query, plans: plans, history: history, db)
            if ranked.isEmpty, plans.contains(where: { !$0.allowsTypos && $0.word.count >= SearchVocabulary.minimumTypoLength }) {
                // Every word is a real word but together they match nothing ("rise pudding"):
                // try each as a possible typo too.
                plans = plans.map { vocabulary.plan($0.word, isPrefix: $0.isPrefix, forcingTypos: true) }
                ranked = try rank(query, plans: plans, history: history, db)
            }
            let top = ranked.prefix(limit).map(\.rowid)
            guard !top.isEmpty else { return [] }
            let rows = try Row.fetchAll(db, sql: """
                SELECT \(Self.foodColumns), rowid FROM food WHERE rowid IN (\(top.map { _ in "?" }.joined(separator: ",")))
                """, arguments: StatementArguments(top))
            var byRowid: [Int64: Food] = [:]
            let rowidIndex = CatalogSeeder.nutrientColumns.count + 4
            for row in rows { byRowid[try row.decode(atIndex: rowidIndex)] = try Self.food(row: row) }
            return top.compactMap { byRowid[$0] }
        }
    }

    private struct Ranked {
        var rowid: Int64
        var score: Double
        var nameLength: Int
        var id: String
    }

    /// The candidates of both pools and the history, scored and sorted (best first).
    private func rank(_ query: FoodSearchQuery, plans: [WordPlan], history: [String: Double], _ db: Database) throws -> [Ranked] {
        let all = plans.map(Self.matchGroup).joined(separator: " AND ")
        let anyInHead = "({head} : (" + plans.map(Self.matchGroup).joined(separator: " OR ") + "))"
        var seen = Set<Int64>()
        var out: [Ranked] = []
        func consider(_ row: Row) throws {
            let rowid: Int64 = try row.decode(atIndex: 0)
            guard seen.insert(rowid).inserted else { return }
            let id: String = try row.decode(atIndex: 1)
            let name: String = try row.decode(atIndex: 2)
            let servings: Int = try row.decode(atIndex: 3)
            let profile = searchCache.profile(rowid: rowid, id: id, name: name)
            guard let score = FoodRanking.score(query, plans: plans, profile: profile, servingCount: servings,
                                                history: history[id].map(FoodHistory.init(points:))) else { return }
            out.append(Ranked(rowid: rowid, score: score, nameLength: name.utf8.count, id: id))
        }
        let pool = try db.cachedStatement(sql: """
            SELECT f.rowid, f.id, f.name, (SELECT COUNT(*) FROM food_serving AS s WHERE s.food_id = f.id)
            FROM (SELECT rowid AS k FROM food_fts WHERE food_fts MATCH ? ORDER BY rowid LIMIT ?) AS m
            JOIN food AS f ON f.rowid = (m.k & \(FoodSearchIndex.rowidMask))
            """)
        for expression in [all, anyInHead + " AND " + all] {
            let rows = try Row.fetchCursor(pool, arguments: [expression, FoodSearchIndex.poolSize])
            while let row = try rows.next() { try consider(row) }
        }
        if !history.isEmpty {
            let ids = Array(history.keys)
            let rows = try Row.fetchCursor(db, sql: """
                SELECT f.rowid, f.id, f.name, (SELECT COUNT(*) FROM food_serving AS s WHERE s.food_id = f.id)
                FROM food AS f WHERE f.id IN (\(ids.map { _ in "?" }.joined(separator: ",")))
                """, arguments: StatementArguments(ids))
            while let row = try rows.next() { try consider(row) }
        }
        out.sort { a, b in
            if a.score != b.score { return a.score > b.score }
            if a.nameLength != b.nameLength { return a.nameLength < b.nameLength }
            return a.id < b.id
        }
        return out
    }

    /// One word's alternatives as an FTS5 expression: `("banana" OR "bananas")`, `("bana"*)`.
    static func matchGroup(_ plan: WordPlan) -> String {
        var seen = Set<String>()
        var alternatives: [String] = []
        for term in plan.exact + plan.prefixTerms + plan.typos where seen.insert(term).inserted {
            alternatives.append(quoted(term))
        }
        if plan.indexPrefix { alternatives.append(quoted(plan.wordString) + "*") }
        return "(" + alternatives.joined(separator: " OR ") + ")"
    }

    /// An FTS5 string: terms are letters and digits, but a stray quote must never break the query.
    private static func quoted(_ term: String) -> String {
        "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// "Frecency" points of the foods in the log of the last `historyDays` before its latest day,
    /// as `recentFoods` counts them; at most the 200 highest.
    static func historyPoints(_ db: Database) throws -> [String: Double] {
        var out: [String: Double] = [:]
        let rows = try Row.fetchCursor(db.cachedStatement(sql: """
            WITH latest AS (SELECT MAX(date) AS day FROM food_record)
            SELECT r.food_id,
                   SUM(CASE
                       WHEN julianday(latest.day) - julianday(r.date) < 4 THEN 100
                       WHEN julianday(latest.day) - julianday(r.date) < 15 THEN 70
                       WHEN julianday(latest.day) - julianday(r.date) < 31 THEN 50
                       WHEN julianday(latest.day) - julianday(r.date) < 91 THEN 30
                       ELSE 10 END) AS points
            FROM food_record AS r, latest
            WHERE r.date >= date(latest.day, '-\(FoodSearchIndex.historyDays) days')
            GROUP BY r.food_id ORDER BY points DESC LIMIT 200
            """))
        while let row = try rows.next() { out[try row.decode(atIndex: 0)] = try row.decode(atIndex: 1) }
        return out
    }
}

extension SQLiteRepositories {
    /// The baseline food search is measured against: FTS5's own bm25 order over the same index,
    /// every word required as typed (the last one as a prefix), no plurals, typos or ranking of our
    /// own. For the relevance test and the benchmark only.
    public func plainBM25Search(_ text: String, limit: Int) throws -> [FoodID] {
        let query = FoodSearchQuery(text)
        guard !query.isEmpty, limit > 0 else { return [] }
        try prepareFoodCatalog()
        let expression = query.words.indices.map { i in
            "\"" + String(decoding: query.words[i], as: UTF8.self) + "\"" + (query.isPrefix(i) ? "*" : "")
        }.joined(separator: " AND ")
        return try writer.read { db in
            try String.fetchAll(db, sql: """
                SELECT f.id FROM (SELECT rowid AS k, bm25(food_fts) AS rank FROM food_fts WHERE food_fts MATCH ?
                                  ORDER BY rank LIMIT ?) AS m
                JOIN food AS f ON f.rowid = (m.k & \(FoodSearchIndex.rowidMask)) ORDER BY m.rank
                """, arguments: [expression, limit]).map(FoodID.init)
        }
    }
}
