import BodiiDomain
import BodiiSearch
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
}

enum FoodSearchIndex {
    /// The food rowid inside a `food_fts` key.
    static let rowidMask: Int64 = (1 << 44) - 1
    /// Matches read per candidate pool (all words anywhere; a word in the head). The relevance set
    /// scores the same with 128 as with 256; fewer rows keep a one-letter keystroke well under 1 ms.
    static let poolSize = 128

    /// Before many inserts or deletes of foods in one transaction: the triggers stand aside.
    /// FTS5 writes rows in rowid order; fed keys out of order one by one (a seed in id order), it
    /// flushes at every step and a seed takes seconds instead of a tenth of one.
    static func beginBulkChange(_ db: Database) throws {
        try db.execute(sql: "UPDATE food_search_state SET bulk = 1 WHERE id = 1")
    }

    /// After the bulk change, in the same transaction: the index rebuilt from `food` in key order.
    static func endBulkChange(_ db: Database) throws {
        try rebuild(db)
        try db.execute(sql: "UPDATE food_search_state SET bulk = 0, terms = terms + 1, foods = foods + 1 WHERE id = 1")
    }

    // `rebuild`: FoodSearchIndex+Rebuild.swift.

    /// The terms as one text, a line each, in key order (byte order). Kept in
    /// `food_search_state.term_list` at each rebuild: made afresh by every search process, this
    /// text cost ~3.9 M instructions (3,000 rows of `food_search_term`); read whole, a few thousand.
    static let termListSQL = "SELECT group_concat(term, char(10)) FROM food_search_term"

    /// The vocabulary: the terms listed at the last rebuild and the words of foods added or
    /// renamed since (a deleted food's words may stay: they only find nothing).
    static func vocabulary(_ db: Database) throws -> SearchVocabulary {
        // One text of all the terms, a line each (a term holds no white space), made at the last
        // rebuild (NULL before the first: then made here); the table is read in key order, which
        // is byte order, so they come sorted (the vocabulary sorts them otherwise).
        let joined =
            try String.fetchOne(db, sql: "SELECT COALESCE(term_list, (\(termListSQL))) FROM food_search_state WHERE id = 1") ?? ""
        var words = SearchText.lines(joined)
        // Pending rows first, one lookup each (a plain join may scan a million foods instead).
        let names = try String?.fetchCursor(
            db,
            sql: """
                SELECT (SELECT name FROM food WHERE rowid = p.food_rowid) FROM food_search_pending AS p
                """)
        while let name = try names.next() {
            if let name { words += SearchText.words(name) }
        }
        return SearchVocabulary(words: words)
    }
}

/// What food search keeps in memory per database handle: the index's vocabulary (reloaded from
/// `food_search_term` and `food_search_pending` when `food_search_state.terms` moves) and the parsed names and serving counts of foods (dropped when
/// `foods` moves; all of them for a catalog of USDA size, the ones met so far, at most
/// `maximumProfiles`, for a larger one).
final class FoodSearchCache: @unchecked Sendable {
    /// A food as the ranking needs it (a class: handed around without copying its profile).
    final class Entry: Sendable {
        let id: String
        let nameLength: Int
        let profile: FoodNameProfile
        let servings: Int

        init(id: String, nameLength: Int, profile: FoodNameProfile, servings: Int) {
            self.id = id
            self.nameLength = nameLength
            self.profile = profile
            self.servings = servings
        }
    }

    private let lock = NSLock()
    private var termsVersion: Int64 = -1
    private var foodsVersion: Int64 = -1
    private var logVersion: Int64 = -1
    private var historyPoints: [Int64: Double] = [:]
    /// Loaded by the first search. Not made up front: even an empty vocabulary builds the
    /// ranking's word tables, and every command's repositories hold a cache.
    private var loadedVocabulary: SearchVocabulary?
    private var vocabulary: SearchVocabulary { loadedVocabulary ?? Self.noTerms }
    private static let noTerms = SearchVocabulary(words: [])
    private var entries: [Int64: Entry] = [:]

    /// False for a process that runs one search and exits (`bodii search`): reading and parsing
    /// every name up front costs more than the search; only the candidates are read.
    private var preloads = true

    func readOnlyWhatIsAsked() {
        lock.lock()
        defer { lock.unlock() }
        preloads = false
    }

    static let maximumProfiles = 50_000
    /// Catalogs up to this many rows are read into memory whole when the cache is (re)filled.
    static let preloadUpTo: Int64 = 60_000

    /// Brings the cache up to date with the database as `db` sees it; returns the vocabulary and
    /// the history points of the foods in the user's recent log, by food rowid.
    func prepare(_ db: Database) throws -> (vocabulary: SearchVocabulary, history: [Int64: Double]) {
        guard let state = try Row.fetchOne(db.cachedStatement(sql: "SELECT terms, foods, log FROM food_search_state WHERE id = 1")) else {
            return (vocabulary, [:])
        }
        let terms: Int64 = try state.decode(atIndex: 0)
        let foods: Int64 = try state.decode(atIndex: 1)
        let log: Int64 = try state.decode(atIndex: 2)
        lock.lock()
        defer { lock.unlock() }
        if log != logVersion || foods != foodsVersion {
            historyPoints = try StoreConnection.historyPoints(db)
            logVersion = log
        }
        guard terms != termsVersion || foods != foodsVersion else { return (vocabulary, historyPoints) }
        if terms != termsVersion {
            loadedVocabulary = try FoodSearchIndex.vocabulary(db)
        }
        entries.removeAll(keepingCapacity: true)
        if preloads, (try Int64.fetchOne(db, sql: "SELECT MAX(rowid) FROM food") ?? 0) <= Self.preloadUpTo {
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT f.rowid, f.id, f.name, COALESCE(s.n, 0) FROM food AS f
                    LEFT JOIN (SELECT food_id, COUNT(*) AS n FROM food_serving GROUP BY food_id) AS s ON s.food_id = f.id
                    """)
            while let row = try rows.next() { try add(row) }
        }
        termsVersion = terms
        foodsVersion = foods
        return (vocabulary, historyPoints)
    }

    /// The entries of `rowids`, read with `vocabulary` (the one `prepare` returned); missing ones
    /// are read from `food`. Should another thread have reloaded the vocabulary meanwhile, they are
    /// all read afresh and not kept.
    func entries(_ rowids: [Int64], vocabulary: SearchVocabulary, _ db: Database) throws -> [(rowid: Int64, entry: Entry)] {
        lock.lock()
        defer { lock.unlock() }
        guard vocabulary === self.vocabulary else {
            var fresh: [Int64: Entry] = [:]
            try read(rowids, vocabulary: vocabulary, db) { rowid, entry in fresh[rowid] = entry }
            return rowids.compactMap { rowid in fresh[rowid].map { (rowid, $0) } }
        }
        let missing = rowids.filter { entries[$0] == nil }
        if entries.count + missing.count > Self.maximumProfiles { entries.removeAll(keepingCapacity: true) }
        try read(missing, vocabulary: vocabulary, db) { rowid, entry in entries[rowid] = entry }
        return rowids.compactMap { rowid in entries[rowid].map { (rowid, $0) } }
    }

    /// Reads the foods at `rowids` (name and serving count), 500 at a time.
    private func read(_ rowids: [Int64], vocabulary: SearchVocabulary, _ db: Database, into body: (Int64, Entry) -> Void) throws {
        var start = 0
        while start < rowids.count {
            let chunk = rowids[start..<min(start + 500, rowids.count)]
            start += chunk.count
            let rows = try Row.fetchCursor(
                db,
                sql: """
                    SELECT f.rowid, f.id, f.name, (SELECT COUNT(*) FROM food_serving AS s WHERE s.food_id = f.id)
                    FROM food AS f WHERE f.rowid IN (\(chunk.map { _ in "?" }.joined(separator: ",")))
                    """, arguments: StatementArguments(Array(chunk)))
            while let row = try rows.next() { try add(row, vocabulary: vocabulary, into: body) }
        }
    }

    private func add(_ row: Row) throws {
        try add(row, vocabulary: vocabulary) { rowid, entry in entries[rowid] = entry }
    }

    private func add(_ row: Row, vocabulary: SearchVocabulary, into body: (Int64, Entry) -> Void) throws {
        let rowid: Int64 = try row.decode(atIndex: 0)
        let id: String = try row.decode(atIndex: 1)
        let name: String = try row.decode(atIndex: 2)
        body(
            rowid,
            Entry(
                id: id, nameLength: name.utf8.count,
                profile: FoodNameProfile(id: id, name: name, vocabulary: vocabulary),
                servings: try row.decode(atIndex: 3)))
    }
}

extension StoreConnection {
    /// Seeds the catalog if needed and loads food search's vocabulary and parsed names, so the
    /// first keystroke of a search costs what the others do. Call it off the main actor when the
    /// Diet tab or the search opens; searching without it does the same on the first search.
    public func prepareFoodSearch() throws {
        try FoodCatalogStore(connection: self).prepareFoodCatalog()
        _ = try read { db in try searchCache.prepare(db) }
    }

    /// For a process that searches once and exits (`bodii search`, `bodii log food`): food search
    /// reads only the names of each search's candidates instead of all of them up front.
    public func searchOnce() {
        searchCache.readOnlyWhatIsAsked()
    }

    /// Bodii's food search: candidates from the FTS5 index (every word, as typed, as singular or
    /// plural, as a prefix, or one typo away), plus the foods of the user's recent log; ordered by
    /// `FoodRanking`. An empty query gives the recent and frequent foods.
    /// `answersQuery` is false when no candidate has every word that names a food (the list is
    /// then the closest foods).
    /// `nutrients` false reads each food's energy and macronutrients only (`FoodRow.listingColumnList`).
    func rankedSearch(_ text: String, limit: Int, nutrients: Bool = true) throws -> FoodSearchResult {
        let limit = max(0, limit)
        let query = FoodSearchQuery(text)
        guard !query.isEmpty else {
            return FoodSearchResult(foods: try FoodCatalogStore(connection: self).recentFoods(limit: limit), answersQuery: true)
        }
        guard limit > 0 else { return FoodSearchResult(foods: [], answersQuery: true) }
        try FoodCatalogStore(connection: self).prepareFoodCatalog()
        return try read { db in
            let (vocabulary, history) = try searchCache.prepare(db)
            let plans = vocabulary.plan(query)
            var (ranked, complete) = try rank(plans, vocabulary: vocabulary, history: history, db)
            if complete == 0, let forced = FoodMatcher.withTypos(plans, vocabulary) {
                // Every word is a real word but together they match nothing ("rise pudding"):
                // try each as a possible typo too, before foods that answer part of the query.
                let retried = try rank(forced, vocabulary: vocabulary, history: history, db)
                if retried.complete > 0 { (ranked, complete) = retried }
            }
            if ranked.isEmpty, let whole = query.withLastWordWhole {
                (ranked, complete) = try rank(vocabulary.plan(whole), vocabulary: vocabulary, history: history, db)
            }
            if ranked.isEmpty,
                let fewer = try query.withFewerWords(
                    { try rank(vocabulary.plan($0), vocabulary: vocabulary, history: history, db) }, count: { $0.rowids.count })
            {
                (ranked, complete) = (fewer.rowids, 0)
            }
            // One cached statement for any number of rows (a list of N placeholders would be
            // prepared again for every search), read straight from its cursor.
            let top = Array(ranked.prefix(limit))
            let statement = try db.cachedStatement(
                sql: """
                    SELECT \(nutrients ? FoodRow.columnList : FoodRow.listingColumnList), rowid FROM food
                    WHERE rowid IN (SELECT value FROM json_each(?))
                    """)
            let rowidIndex = nutrients ? FoodRow.columnNames.count : FoodRow.listingColumnCount
            var byRowid: [Int64: Food] = [:]
            let rows = try Row.fetchCursor(statement, arguments: ["[" + top.map(String.init).joined(separator: ",") + "]"])
            while let row = try rows.next() {
                byRowid[try row.decode(atIndex: rowidIndex)] = try FoodRow.food(row: row, nutrients: nutrients)
            }
            return FoodSearchResult(foods: top.compactMap { byRowid[$0] }, answersQuery: complete > 0)
        }
    }

    /// The rowids of the candidates of the pools and the history, best first, and how many of
    /// them have every word that names a food.
    private func rank(
        _ plans: [WordPlan], vocabulary: SearchVocabulary, history: [Int64: Double],
        _ db: Database
    ) throws -> (rowids: [Int64], complete: Int) {
        let selective = FoodMatcher.selective(plans)
        guard !selective.isEmpty else { return ([], 0) }
        let groups = selective.map(Self.matchGroup)
        let all = groups.joined(separator: " AND ")
        let anyInHead = "({head} : (" + groups.joined(separator: " OR ") + ")) AND " + all
        var rowids: [Int64] = []
        var seen = Set<Int64>()
        let pool = try db.cachedStatement(sql: "SELECT rowid FROM food_fts WHERE food_fts MATCH ? ORDER BY rowid LIMIT ?")
        // Usually every match first, then matches with a word in the head if there were more than a
        // pool holds. One or two letters typed so far ("b", "ch"): foods whose head starts so are
        // what the user is after, and enough; the rest only when there are few of them.
        let justStarted = plans.count == 1 && plans[0].isPrefix && plans[0].word.count <= 2
        for expression in justStarted ? [anyInHead, all] : [all, anyInHead] {
            let keys = try Int64.fetchCursor(pool, arguments: [expression, FoodSearchIndex.poolSize])
            var read = 0
            while let key = try keys.next() {
                read += 1
                let rowid = key & FoodSearchIndex.rowidMask
                if seen.insert(rowid).inserted { rowids.append(rowid) }
            }
            // Fewer matches than a pool holds: the first pool has them all (or, after one or two
            // letters, the heads were few), so read the other; a full pool is enough.
            if justStarted ? read >= FoodSearchIndex.poolSize : read < FoodSearchIndex.poolSize { break }
        }
        // Fewer foods have every word than a pool holds: foods with one of them in the head
        // answer part of the query ("red apple": "Apples, raw"), ranked after those with all.
        if groups.count > 1, rowids.count < FoodSearchIndex.poolSize {
            for group in groups {
                let keys = try Int64.fetchCursor(pool, arguments: ["{head} : " + group, FoodSearchIndex.poolSize])
                while let key = try keys.next() {
                    let rowid = key & FoodSearchIndex.rowidMask
                    if seen.insert(rowid).inserted { rowids.append(rowid) }
                }
            }
        }
        for rowid in history.keys where seen.insert(rowid).inserted { rowids.append(rowid) }

        let matcher = FoodMatcher(plans)
        var scored: [(rowid: Int64, score: Double, length: Int)] = []
        var complete = 0
        for (rowid, entry) in try searchCache.entries(rowids, vocabulary: vocabulary, db) {
            guard
                let result = matcher.evaluate(
                    entry.profile, servingCount: entry.servings,
                    history: history[rowid].map(FoodHistory.init(points:)))
            else { continue }
            if result.complete { complete += 1 }
            scored.append((rowid, result.score, entry.nameLength))
        }
        scored.sort { a, b in  // best score, then the shorter name, then the older food
            if a.score != b.score { return a.score > b.score }
            if a.length != b.length { return a.length < b.length }
            return a.rowid < b.rowid
        }
        return (scored.map(\.rowid), complete)
    }

    /// One word's alternatives as an FTS5 expression: `("banana" OR "bananas")`, `("bana"*)`.
    static func matchGroup(_ plan: WordPlan) -> String {
        var seen = Set<String>()
        var alternatives: [String] = []
        // (A term of two words, from `apartTerms`, is an FTS5 phrase: the words side by side.)
        for term in plan.exact + plan.prefixTerms + plan.typos + plan.alsoTerms + plan.apartTerms where seen.insert(term).inserted {
            alternatives.append(quoted(term))
        }
        if plan.indexPrefix { alternatives.append(quoted(plan.wordString) + "*") }
        return "(" + alternatives.joined(separator: " OR ") + ")"
    }

    /// An FTS5 string: terms are letters and digits, but a stray quote must never break the query.
    private static func quoted(_ term: String) -> String {
        guard term.utf8.contains(UInt8(ascii: "\"")) else { return "\"" + term + "\"" }
        return "\"" + term.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The `FoodFrecency` points of the 200 best foods of the recent log, by food rowid.
    static func historyPoints(_ db: Database) throws -> [Int64: Double] {
        let rowid = try db.cachedStatement(sql: "SELECT rowid FROM food WHERE id = ?")
        var out: [Int64: Double] = [:]
        for standing in try FoodCatalogStore.frecency(db).ranked where out.count < 200 {
            if let key = try Int64.fetchOne(rowid, arguments: [standing.foodID]) { out[key] = standing.points }
        }
        return out
    }
}
