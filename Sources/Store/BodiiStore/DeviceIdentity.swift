import BodiiDomain
import Foundation
import GRDB

/// The number a database takes when it joins sync (issue 30): every row it makes from then on has
/// an id in this number's range (`RowIdAllocator`). Two databases that sync must never share one,
/// and a copy of a database that goes on as a machine of its own needs a new one.
public struct DeviceNumber: Sendable, Hashable, CustomStringConvertible {
    /// 1…0xFFFFF: 20 bits, so `D << 32 | n` stays below 2^52 and JSON numbers keep ids exact.
    public let value: UInt32
    public static let allowed: ClosedRange<UInt32> = 1...0xFFFFF

    /// Nil outside `allowed`.
    public init?(_ value: UInt32) {
        guard Self.allowed.contains(value) else { return nil }
        self.value = value
    }

    public var description: String { String(value) }
}

/// Why a device number could not be taken or used; one line each.
public enum DeviceIdentityError: Error, Equatable, Sendable, CustomStringConvertible, LocalizedError {
    /// The database joined sync under another number already: its rows carry that number.
    case alreadyAdopted(current: DeviceNumber, requested: DeviceNumber)
    /// After the rekey a reference pointed at no row (`PRAGMA foreign_key_check`); nothing was changed.
    case brokenReferences([String])
    /// The device made 2^32 − 1 rows of one table (a machine would need a new number).
    case rangeExhausted(table: String)

    public var description: String {
        switch self {
        case .alreadyAdopted(let current, let requested):
            return "this database syncs as device \(current) already; it cannot become device \(requested)"
        case .brokenReferences(let problems):
            return "renumbering the records for sync would break references (\(problems.joined(separator: ", "))); nothing was changed"
        case .rangeExhausted(let table):
            return "this device has used every id of \(table); it needs a new device number"
        }
    }

    public var errorDescription: String? { description }
}

extension BodiiDatabase {
    /// The device number this database syncs under; nil when it never joined sync.
    public func deviceNumber() throws -> DeviceNumber? {
        try pool.read { db in try RowIdAllocator.device(db) }
    }

    /// Joins sync as `device`, in one transaction: stores the number and moves every row made
    /// here so far into the device's range, with every reference to it (`DeviceRekey`). The
    /// shipped catalog's foods keep their ids. Adopting the number the database has is a no-op;
    /// another one throws `DeviceIdentityError.alreadyAdopted`.
    public func adoptDevice(_ device: DeviceNumber) throws {
        try DeviceRekey.adopt(device, on: pool)
    }

    /// Recomputes everything derived from the synced facts (`SyncedTables.derived`, and the
    /// derived columns of synced tables): after a sync applied other machines' changes.
    public func recomputeDerivedState() throws {
        try pool.write { db in try DerivedState.recompute(db) }
    }
}

extension SyncMigrations {
    /// v15 (issue 30): what identity across machines needs.
    /// - `sync_device`: the device number, one row once the database joins sync (empty before:
    ///   ids stay SQLite's own, as before).
    /// - `sync_id_counter`: per table, the last id this device handed out (`RowIdAllocator`).
    /// - `food_serving` is keyed by its food and position instead of a row number: a serving is
    ///   its food's (a custom food's servings then have ids that are unique across machines, and
    ///   the shipped catalog's, seeded on every machine, never take a number from a device's
    ///   range). Nothing read the old `id`. Rebuilt, so its search and finite-number triggers are
    ///   made again.
    static func syncIdentityV15(_ db: Database) throws {
        try db.execute(
            sql: """
                CREATE TABLE sync_device (
                    id INTEGER PRIMARY KEY CHECK (id = 1),   -- a single row
                    number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 1048575),
                    adopted_at TEXT NOT NULL
                );
                CREATE TABLE sync_id_counter (
                    table_name TEXT PRIMARY KEY NOT NULL,
                    last_id INTEGER NOT NULL CHECK (last_id > 0)
                ) WITHOUT ROWID;

                CREATE TABLE food_serving_v15 (
                    food_id TEXT NOT NULL REFERENCES food(id) ON DELETE CASCADE ON UPDATE CASCADE,
                    position INTEGER NOT NULL,             -- the source's order of servings
                    label TEXT NOT NULL,                   -- "1 medium"
                    grams REAL NOT NULL CHECK (grams > 0),
                    PRIMARY KEY (food_id, position)
                );
                INSERT INTO food_serving_v15 (food_id, position, label, grams)
                    SELECT food_id, position, label, grams FROM food_serving ORDER BY id;
                DROP TABLE food_serving;
                ALTER TABLE food_serving_v15 RENAME TO food_serving;
                -- v3's triggers that tell food search's caches the servings changed (dropped with the old table).
                CREATE TRIGGER food_search_serving_insert AFTER INSERT ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_serving_update AFTER UPDATE ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                CREATE TRIGGER food_search_serving_delete AFTER DELETE ON food_serving WHEN (SELECT bulk FROM food_search_state WHERE id = 1) = 0 BEGIN
                    UPDATE food_search_state SET foods = foods + 1 WHERE id = 1;
                END;
                """)
        try FiniteGuards.installLegacyTriggers(db)
    }
}
