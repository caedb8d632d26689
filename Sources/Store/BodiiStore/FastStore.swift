import BodiiDomain
import Foundation
import GRDB

/// A row of `fast` as GRDB maps it, by column name (its coding keys).
struct FastRow: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "fast"

    var id: Int64?
    var date: String
    var startedAt: String
    var endedAt: String?
    var goalHours: Double
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey {
        case id, date
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case goalHours = "goal_hours"
        case source
        case externalId = "external_id"
    }

    init(_ f: Fast, timeZone: TimeZone) {
        id = f.id
        date = SQLText.date(f.date)
        startedAt = SQLText.timestamp(f.startedAt, timeZone: timeZone)
        endedAt = f.endedAt.map { SQLText.timestamp($0, timeZone: timeZone) }
        goalHours = f.goalHours
        source = f.provenance.source
        externalId = f.provenance.externalId
    }

    func fast() throws -> Fast {
        Fast(
            id: id, date: try SQLText.localDate(date, column: "fast.date"),
            startedAt: try SQLText.instant(startedAt, column: "fast.started_at"),
            endedAt: try endedAt.map { try SQLText.instant($0, column: "fast.ended_at") }, goalHours: goalHours,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// Fasts on SQLite.
public struct FastStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension FastStore: FastRepository {
    @discardableResult
    public func addFast(_ fast: Fast) throws -> Fast {
        try write { db in try Self.insert(fast, db, timeZone: timeZone) }
    }

    public func updateFast(_ fast: Fast) throws {
        try write { db in try FastRow(fast, timeZone: timeZone).update(db) }
    }

    @discardableResult
    public func deleteFast(id: Int64) throws -> Fast? {
        try write { db in
            guard let row = try FastRow.fetchOne(db, key: id) else { return nil }
            try row.delete(db)
            return try row.fast()
        }
    }

    public func fasts(in range: DateRange) throws -> [Fast] {
        try read { db in
            try FastRow.fetchAll(
                db, sql: "SELECT * FROM fast WHERE date BETWEEN ? AND ? ORDER BY julianday(started_at), id",
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            ).map { try $0.fast() }
        }
    }

    public func currentFast() throws -> Fast? {
        try read { db in
            try FastRow.fetchOne(
                db, sql: "SELECT * FROM fast WHERE ended_at IS NULL ORDER BY julianday(started_at) DESC, id DESC LIMIT 1"
            )?.fast()
        }
    }

    /// Inserts with the id sync allots (or the one given, for an undo); returns it as stored.
    static func insert(_ fast: Fast, _ db: Database, timeZone: TimeZone) throws -> Fast {
        var row = FastRow(fast, timeZone: timeZone)
        row.id = try RowIdAllocator.id(for: FastRow.databaseTableName, proposed: fast.id, db)
        try row.insert(db)
        var saved = fast
        saved.id = row.id ?? db.lastInsertedRowID
        saved.startedAt = SQLText.normalized(fast.startedAt)
        saved.endedAt = fast.endedAt.map(SQLText.normalized)
        return saved
    }

    /// Inserts unless its source already has a fast with its external id (imports and documents
    /// merge by it); true when it was added.
    static func insertOrSkip(_ fast: Fast, _ db: Database, timeZone: TimeZone) throws -> Bool {
        if let external = fast.provenance.externalId,
            try FastRow.filter(Column("source") == fast.provenance.source && Column("external_id") == external).fetchCount(db) > 0
        {
            return false
        }
        _ = try insert(fast, db, timeZone: timeZone)
        return true
    }
}
