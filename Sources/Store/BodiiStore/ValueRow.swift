import BodiiDomain
import Foundation
import GRDB

/// A `Codable` GRDB record that holds one domain value with an id and a provenance (a measurement,
/// a fast): inserting with the id sync allots, merging by source and external id, and deleting
/// with the value returned for undo are the same for each, here once.
protocol ValueRow: FetchableRecord, PersistableRecord {
    associatedtype Value
    var id: Int64? { get set }
    init(_ value: Value, timeZone: TimeZone)
    /// The value, nil when this build cannot read it (a newer Bodii's kind, synced here).
    func domainValue() throws -> Value?
    static func provenance(of value: Value) -> Provenance
    /// `value` as it reads back once stored under `id` (timestamps to the millisecond).
    static func stored(_ value: Value, id: Int64) -> Value
}

extension ValueRow {
    /// Inserts with the id sync allots (or the one given, for an undo); returns it as stored.
    static func insert(_ value: Value, proposedID: Int64?, _ db: Database, timeZone: TimeZone) throws -> Value {
        var row = Self(value, timeZone: timeZone)
        row.id = try RowIdAllocator.id(for: databaseTableName, proposed: proposedID, db)
        try row.insert(db)
        return stored(value, id: row.id ?? db.lastInsertedRowID)
    }

    /// Inserts unless its source already has a row with its external id (imports and documents
    /// merge by it); true when it was added.
    static func insertOrSkip(_ value: Value, proposedID: Int64?, _ db: Database, timeZone: TimeZone) throws -> Bool {
        let provenance = provenance(of: value)
        if let external = provenance.externalId,
            try filter(Column("source") == provenance.source && Column("external_id") == external).fetchCount(db) > 0
        {
            return false
        }
        _ = try insert(value, proposedID: proposedID, db, timeZone: timeZone)
        return true
    }

    /// Deletes the row with `id`; returns its value (for undo), nil when there was none.
    static func delete(id: Int64, _ db: Database) throws -> Value? {
        guard let row = try fetchOne(db, key: id) else { return nil }
        try row.delete(db)
        return try row.domainValue()
    }
}

/// A table of `ValueRow`s, named by the domain value it keeps, which an import merges into
/// (`SQLiteRepositories.merge(_:into:)`): a kind's store names its table once (`ValueTable.moments`).
public struct ValueTable<Value>: Sendable {
    let insertOrSkip: @Sendable (Value, Database, TimeZone) throws -> Bool

    init<Row: ValueRow>(_ row: Row.Type) where Row.Value == Value {
        insertOrSkip = { value, db, timeZone in try Row.insertOrSkip(value, proposedID: nil, db, timeZone: timeZone) }
    }
}

extension SQLiteRepositories {
    /// Adds each value whose source does not hold its external id yet, in one transaction (an
    /// import's, when one is open); counts what was added and what was there already.
    public func merge<Value>(_ values: [Value], into table: ValueTable<Value>) throws -> (added: Int, alreadyThere: Int) {
        guard !values.isEmpty else { return (0, 0) }
        let timeZone = connection.timeZone
        return try connection.write { db in
            var added = 0
            for value in values where try table.insertOrSkip(value, db, timeZone) { added += 1 }
            return (added, values.count - added)
        }
    }
}
