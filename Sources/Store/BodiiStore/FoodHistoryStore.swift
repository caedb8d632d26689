import BodiiDomain
import Foundation
import GRDB

/// The log read back by food name (`EatingHistory` decides which names a query means).
/// What was eaten how often (search ranking, recents).
public struct FoodHistoryStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension FoodHistoryStore: FoodHistoryRepository {
    public func loggedFoodNames() throws -> [String] {
        try read { db in try String.fetchAll(db, sql: "SELECT DISTINCT food_name FROM food_record") }
    }

    public func foodRecords(named names: [String], limit: Int) throws -> [FoodRecord] {
        guard !names.isEmpty, limit > 0 else { return [] }
        let sql =
            FoodRecordRow.sql.selectAll + """
                 WHERE food_name IN (SELECT value FROM json_each(?)) ORDER BY date DESC, logged_at DESC, id DESC LIMIT ?
                """
        let list = String(decoding: try JSONEncoder().encode(names), as: UTF8.self)
        return try read { db in
            try FoodRecordRow.fetchAll(db, sql: sql, arguments: [list, limit]).map { $0.record }
        }
    }
}
