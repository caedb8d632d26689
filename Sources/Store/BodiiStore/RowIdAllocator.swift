import BodiiDomain
import GRDB

/// Hands out the id of every new row of a table with an INTEGER id (and the numbers of custom
/// food and recipe ids), so that two machines that sync never give two rows the same id
/// (issue 30, PRODUCT.md §14).
///
/// Before the database joins sync it has no device number, and every id is SQLite's own
/// (AUTOINCREMENT: small numbers, never handed out twice), exactly as before. Once it has adopted
/// device `D` (1…0xFFFFF, see `DeviceNumber`), a new row's id is `D << 32 | n`: `n` counts this
/// device's rows of that table from 1. Ids stay below 2^52, so JSON numbers keep them exact, and
/// the ids from 2^52 up are left for ids made from a row's own facts (a review's period: the same
/// period is the same row on every machine, see `reviewID`).
///
/// Every insert of the store takes its id from here (`id(for:proposed:)`), in SQL with the id
/// passed explicitly; `DeviceRekeyTests` prove that no insert path is missed.
enum RowIdAllocator {
    /// Ids below this are a database's own from before it joined sync (they are rekeyed then).
    static let localLimit: Int64 = 1 << 32
    /// Where ids made from a row's facts begin: above every device's range.
    static let naturalBase: Int64 = 1 << 52

    /// This database's device number, nil before it joins sync (or on a schema older than v15).
    static func device(_ db: Database) throws -> DeviceNumber? {
        do {
            let number = try Int64.fetchOne(db.cachedStatement(sql: "SELECT number FROM sync_device WHERE id = 1"))
            return number.flatMap { UInt32(exactly: $0) }.flatMap(DeviceNumber.init)
        } catch let error as DatabaseError where error.message?.hasPrefix("no such table") == true {
            return nil  // a test's older schema: no sync then
        }
    }

    /// The ids of `device`: `D << 32 | 1` through `D << 32 | 0xFFFFFFFF`.
    static func range(of device: DeviceNumber) -> ClosedRange<Int64> {
        let base = Int64(device.value) << 32
        return (base + 1)...(base + localLimit - 1)
    }

    /// The id to insert a new row of `table` with. Without a device: `proposed` as it is (nil
    /// lets SQLite pick, as before sync). With one: `proposed` when it is a synced id already (an
    /// undo putting a deleted row back keeps its id), otherwise the next id of this device.
    static func id(for table: String, column: String = "id", proposed: Int64?, _ db: Database) throws -> Int64? {
        guard let device = try device(db) else { return proposed }
        if let proposed, proposed >= localLimit { return proposed }
        return try next(for: table, column: column, device: device, db)
    }

    /// Whether `id(for:proposed:)` keeps `proposed` (a document's food number, say).
    static func keeps(_ proposed: Int64, _ db: Database) throws -> Bool {
        try proposed >= localLimit || device(db) == nil
    }

    /// One more than the greatest id this device ever gave a row of `table`: the counter
    /// remembers ids whose rows were deleted since (AUTOINCREMENT's promise: an undo may put a
    /// deleted row back under its id), the table's own greatest id in the range covers rows the
    /// counter never saw (a rekey).
    static func next(for table: String, column: String = "id", device: DeviceNumber, _ db: Database) throws -> Int64 {
        let range = range(of: device)
        let counted = try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT last_id FROM sync_id_counter WHERE table_name = ?"), arguments: [table])
        let stored = try Int64.fetchOne(
            db.cachedStatement(
                sql: "SELECT \(column) FROM \(table) WHERE \(column) BETWEEN ? AND ? ORDER BY \(column) DESC LIMIT 1"),
            arguments: [range.lowerBound, range.upperBound])
        let last = max(counted ?? 0, stored ?? 0, range.lowerBound - 1)
        guard last < range.upperBound else { throw DeviceIdentityError.rangeExhausted(table: table) }
        try db.cachedStatement(
            sql: """
                INSERT INTO sync_id_counter (table_name, last_id) VALUES (?, ?)
                ON CONFLICT (table_name) DO UPDATE SET last_id = excluded.last_id
                """
        ).execute(arguments: [table, last + 1])
        return last + 1
    }

    /// A new number for a custom food or recipe id ("custom:N", "recipe:N"), kept in
    /// `custom_food_number` so it is never handed out twice.
    static func foodNumber(_ db: Database) throws -> Int64 {
        let n = try id(for: "custom_food_number", column: "n", proposed: nil, db)
        try db.cachedStatement(sql: "INSERT INTO custom_food_number (n) VALUES (?)").execute(arguments: [n])
        return db.lastInsertedRowID
    }

    /// The id of the review of a period once the database syncs: made from the period, so the
    /// review two machines make for the same week is one row (its notes and actions point at it).
    /// Before sync: nil (SQLite's own, as before).
    static func reviewID(kind: ReviewPeriodKind, start: LocalDate, _ db: Database) throws -> Int64? {
        try device(db) == nil ? nil : naturalReviewID(kind: kind.rawValue == "week" ? 0 : 1, days: Int64(start.daysSinceEpoch))
    }

    /// 2^52 + kind (week 0, month 1) × 2^32 + the period's first day as days since 1970 + 2^31.
    static func naturalReviewID(kind: Int64, days: Int64) -> Int64 {
        naturalBase + (kind << 32) + days + (1 << 31)
    }

    /// The same in SQL, over a review row's columns (the rekey's).
    static let naturalReviewIDSQL = """
        (\(naturalBase) + (CASE period_kind WHEN 'week' THEN 0 ELSE 1 END << 32)
         + CAST(julianday(start_date) - 2440587.5 AS INTEGER) + \(Int64(1) << 31))
        """
}
