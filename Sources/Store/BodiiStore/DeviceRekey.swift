import Foundation
import GRDB

/// Joining sync: the rows a database made on its own (ids below 2^32, "custom:N" and "recipe:N"
/// foods) move into its device's range, so they can never meet another machine's rows under the
/// same id. Id `n` becomes `D << 32 | n`, food number `N` becomes `D << 32 | N`: the numbers keep
/// their order (lists ordered by id stay as they were), and every counter goes on after them.
/// A review's id becomes the one made from its period (`RowIdAllocator.reviewID`).
///
/// Every reference moves with its row: the foreign keys, and the ids kept without one (a stock
/// use's food record, the v13 fill list, food ids in the log, saved meals, recipes, favourites
/// and the pantry). One transaction with foreign keys off (SQLite would otherwise refuse the
/// parent's new id, or cascade it twice); `PRAGMA foreign_key_check` before commit, and anything
/// it reports rolls all of it back. The shipped catalog's foods ("usda:…") are the same on every
/// machine and keep their ids; the single rows (profile, budget, the shopping list) keep id 1.
enum DeviceRekey {
    /// The tables whose own INTEGER `id` moves into the device's range: every synced table the
    /// allocator numbers (`SyncedTables`).
    static var rekeyedTables: [String] {
        SyncedTables.synced.filter { $0.identity == .device }.map(\.name)
    }

    /// Columns that hold the id of a row of a rekeyed table, with that table: the foreign keys and
    /// the references kept without one. `DeviceRekeyTests` check that every foreign key is here.
    static let idReferences: [(table: String, column: String, target: String)] = [
        ("metabolism_snapshot", "body_record_id", "body_record"),
        ("review_item", "problem_id", "review_item"),
        ("action", "try_id", "review_item"),
        ("saved_meal_item", "saved_meal_id", "saved_meal"),
        ("recipe_ingredient", "recipe_id", "recipe"),
        ("stock_use", "lot_id", "stock_lot"),
        ("stock_use", "food_record_id", "food_record"),  // no foreign key: the log may be edited
        ("shopping_list_item", "item_id", "grocery_item"),
        ("shopping_list_item", "purchase_id", "purchase"),
        ("stock_lot", "item_id", "grocery_item"),
        ("stock_lot", "purchase_id", "purchase"),
        ("purchase", "item_id", "grocery_item"),
        ("food_record_nutrient_fill", "id", "food_record"),  // entries waiting for the v13 fill
        ("saved_meal_item_nutrient_fill", "saved_meal_id", "saved_meal"),  // items waiting for the v17 fill
    ]

    /// Columns that hold a review's id.
    static let reviewReferences: [(table: String, column: String)] = [("review_item", "review_id"), ("action", "review_id")]

    /// Columns that hold a food id ("usda:09040", "custom:17", "recipe:3").
    static let foodIDColumns: [(table: String, column: String)] = [
        ("food", "id"), ("food_serving", "food_id"), ("recipe", "food_id"), ("food_record", "food_id"),
        ("saved_meal_item", "food_id"), ("recipe_ingredient", "food_id"), ("favourite_food", "food_id"),
        ("grocery_item", "food_id"),
    ]

    /// The prefixes of the food ids this database numbers itself (`RowIdAllocator.foodNumber`).
    static let numberedFoodPrefixes = ["custom:", "recipe:"]

    static func adopt(_ device: DeviceNumber, on writer: any DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            // Only outside a transaction does SQLite take this; on again whatever happens.
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
            defer { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
            try db.inTransaction(.immediate) {
                if let current = try RowIdAllocator.device(db) {
                    guard current == device else { throw DeviceIdentityError.alreadyAdopted(current: current, requested: device) }
                    return .commit
                }
                try rekey(db, into: device)
                let problems = try Row.fetchAll(db, sql: "SELECT \"table\", rowid, parent FROM pragma_foreign_key_check")
                guard problems.isEmpty else {
                    throw DeviceIdentityError.brokenReferences(
                        problems.prefix(5).map { row in
                            "\(row[0] as String? ?? "?") row \(row[1] as Int64? ?? 0) → \(row[2] as String? ?? "?")"
                        })
                }
                try db.execute(
                    sql: "INSERT INTO sync_device (id, number, adopted_at) VALUES (1, ?, ?)",
                    arguments: [Int64(device.value), SQLText.timestamp(Date(), timeZone: .current)])
                return .commit
            }
        }
    }

    /// The local ids: 1…2^32 − 1.
    private static let isLocal = "BETWEEN 1 AND \(RowIdAllocator.localLimit - 1)"

    static func rekey(_ db: Database, into device: DeviceNumber) throws {
        let offset = Int64(device.value) << 32
        for table in rekeyedTables {
            try db.execute(sql: "UPDATE \(table) SET id = id + \(offset) WHERE id \(isLocal)")
        }
        for reference in idReferences {
            try db.execute(
                sql:
                    "UPDATE \(reference.table) SET \(reference.column) = \(reference.column) + \(offset) WHERE \(reference.column) \(isLocal)"
            )
        }
        for reference in reviewReferences {
            try db.execute(
                sql: """
                    UPDATE \(reference.table) SET \(reference.column) =
                        (SELECT \(RowIdAllocator.naturalReviewIDSQL) FROM review WHERE review.id = \(reference.table).\(reference.column))
                    WHERE \(reference.column) \(isLocal)
                    """)
        }
        try db.execute(sql: "UPDATE review SET id = \(RowIdAllocator.naturalReviewIDSQL) WHERE id \(isLocal)")
        try db.execute(sql: "UPDATE custom_food_number SET n = n + \(offset) WHERE n \(isLocal)")
        for (table, column) in foodIDColumns {
            for prefix in numberedFoodPrefixes {
                let number = "CAST(substr(\(column), \(prefix.count + 1)) AS INTEGER)"
                try db.execute(
                    sql: """
                        UPDATE \(table) SET \(column) = '\(prefix)' || (\(number) + \(offset))
                        WHERE \(column) GLOB '\(prefix)[1-9]*' AND substr(\(column), \(prefix.count + 1)) NOT GLOB '*[^0-9]*'
                          AND length(\(column)) <= \(prefix.count + 10) AND \(number) \(isLocal)
                        """)
            }
        }
        // The counters go on after the moved rows.
        try db.execute(sql: "DELETE FROM sync_id_counter")
    }
}
