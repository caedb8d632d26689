import BodiiDomain
import BodiiSearch
import Foundation
import GRDB

// The plain bm25 baseline the ranking is measured against, and bulk inserts for generated catalogs.

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
        return try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT f.id FROM (SELECT rowid AS k, bm25(food_fts) AS rank FROM food_fts WHERE food_fts MATCH ?
                                      ORDER BY rank LIMIT ?) AS m
                    JOIN food AS f ON f.rowid = (m.k & \(FoodSearchIndex.rowidMask)) ORDER BY m.rank
                    """, arguments: [expression, limit]
            ).map(FoodID.init)
        }
    }
}

extension SQLiteRepositories {
    /// Inserts many foods (with the ids and sources they carry, without servings) in one
    /// transaction; the triggers index them. For generated catalogs (bodii-bench's million foods)
    /// and bulk imports. Returns how many were inserted.
    @discardableResult
    public func insertFoodsInBulk(_ foods: some Sequence<Food>) throws -> Int {
        try write { db in
            let statement = try db.makeStatement(sql: FoodRow.insertSQL)
            try FoodSearchIndex.beginBulkChange(db)
            var count = 0
            for food in foods {
                try statement.execute(arguments: StatementArguments(FoodRow(food).values))
                count += 1
            }
            try FoodSearchIndex.endBulkChange(db)
            return count
        }
    }
}
