import BodiiDomain
import Foundation
import GRDB

/// A row of `fast` as GRDB maps it, by column name (its coding keys).
struct FastRow: StoredRow, ValueRow {
    static let databaseTableName = "fast"

    var id: Int64?
    var date: String
    var startedAt: String
    var endedAt: String?
    var goalHours: Double
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
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

    static func provenance(of fast: Fast) -> Provenance { fast.provenance }

    static func stored(_ fast: Fast, id: Int64) -> Fast {
        var saved = fast
        saved.id = id
        saved.startedAt = SQLText.normalized(fast.startedAt)
        saved.endedAt = fast.endedAt.map(SQLText.normalized)
        return saved
    }

    func domainValue() throws -> Fast? { try fast() }

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
    public func deleteFast(id: Int64) throws -> Fast? { try write { db in try FastRow.delete(id: id, db) } }

    public func fasts(in range: DateRange) throws -> [Fast] {
        try read { db in
            try FastRow.fetchAll(
                db, sql: "SELECT * FROM fast WHERE date BETWEEN ? AND ? ORDER BY julianday(started_at), id",
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            ).map { try $0.fast() }
        }
    }

    public func finishedFasts(endingIn range: DateRange) throws -> [(ended: LocalDate, fast: Fast)] {
        // The end's text starts with its local date where it was written; a day's margin covers a
        // fast written in another time zone, and the exact day is the store's time zone's.
        let fasts = try read { db in
            try FastRow.fetchAll(
                db,
                sql: "SELECT * FROM fast WHERE ended_at IS NOT NULL AND date <= ? AND substr(ended_at, 1, 10) >= ? "
                    + "ORDER BY julianday(ended_at), id",
                arguments: [SQLText.date(range.end), SQLText.date(range.start.adding(days: -1))]
            ).map { try $0.fast() }
        }
        return fasts.compactMap { fast in
            guard let end = fast.endedAt else { return nil }
            let day = LocalDate(end, timeZone: timeZone)
            return range.contains(day) ? (day, fast) : nil
        }
    }

    public func currentFast() throws -> Fast? {
        try read { db in
            try FastRow.fetchOne(
                db, sql: "SELECT * FROM fast WHERE ended_at IS NULL ORDER BY julianday(started_at) DESC, id DESC LIMIT 1"
            )?.fast()
        }
    }

    static func insert(_ fast: Fast, _ db: Database, timeZone: TimeZone) throws -> Fast {
        try FastRow.insert(fast, proposedID: fast.id, db, timeZone: timeZone)
    }

    /// Inserts the fast unless its source holds its external id already. One there that was on
    /// when it was imported takes the end a later export of it gives — that alone: a fast ended
    /// here is never reopened, nor its start or goal changed, by another export.
    static func merge(_ fast: Fast, _ db: Database, timeZone: TimeZone) throws -> ActivityStore.ActivityMerge {
        guard let external = fast.provenance.externalId,
            var row = try FastRow.filter(Column("source") == fast.provenance.source && Column("external_id") == external).fetchOne(db)
        else {
            _ = try insert(fast, db, timeZone: timeZone)
            return .added
        }
        guard row.endedAt == nil, let end = fast.endedAt, end >= (try row.fast().startedAt) else { return .same }
        row.endedAt = SQLText.timestamp(end, timeZone: timeZone)
        try row.update(db)
        return .updated
    }
}
