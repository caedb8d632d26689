import BodiiDomain
import Foundation
import GRDB

/// A row of `moment` as GRDB maps it, by column name (its coding keys).
struct MomentRow: Codable, ValueRow {
    static let databaseTableName = "moment"

    var id: Int64?
    var date: String
    var at: String
    var text: String
    /// Space-separated, as typed in order.
    var tags: String
    var feeling: Int?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey {
        case id, date, at, text, tags, feeling, source
        case externalId = "external_id"
    }

    init(_ m: Moment, timeZone: TimeZone) {
        id = m.id
        date = SQLText.date(m.date)
        at = SQLText.timestamp(m.at, timeZone: timeZone)
        text = m.text
        tags = m.tags.joined(separator: " ")
        feeling = m.feeling
        source = m.provenance.source
        externalId = m.provenance.externalId
    }

    static func provenance(of m: Moment) -> Provenance { m.provenance }

    static func stored(_ m: Moment, id: Int64) -> Moment {
        var saved = m
        saved.id = id
        saved.at = SQLText.normalized(m.at)
        return saved
    }

    func domainValue() throws -> Moment? { try moment() }

    func moment() throws -> Moment {
        Moment(
            id: id, date: try SQLText.localDate(date, column: "moment.date"), at: try SQLText.instant(at, column: "moment.at"),
            text: text, tags: tags.split(separator: " ").map(String.init), feeling: feeling,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// Moments on SQLite.
public struct MomentStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension MomentStore: MomentRepository {
    @discardableResult
    public func addMoment(_ moment: Moment) throws -> Moment {
        try write { db in try Self.insert(moment, db, timeZone: timeZone) }
    }

    public func updateMoment(_ moment: Moment) throws {
        try write { db in try MomentRow(moment, timeZone: timeZone).update(db) }
    }

    @discardableResult
    public func deleteMoment(id: Int64) throws -> Moment? { try write { db in try MomentRow.delete(id: id, db) } }

    public func moments(in range: DateRange) throws -> [Moment] {
        try read { db in
            try MomentRow.fetchAll(
                db, sql: "SELECT * FROM moment WHERE date BETWEEN ? AND ? ORDER BY julianday(at), id",
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            ).map { try $0.moment() }
        }
    }

    static func insert(_ moment: Moment, _ db: Database, timeZone: TimeZone) throws -> Moment {
        try MomentRow.insert(moment, proposedID: moment.id, db, timeZone: timeZone)
    }

    static func insertOrSkip(_ moment: Moment, _ db: Database, timeZone: TimeZone) throws -> Bool {
        try MomentRow.insertOrSkip(moment, proposedID: moment.id, db, timeZone: timeZone)
    }
}

extension ValueTable where Value == Moment {
    /// `moment`, for imports.
    public static var moments: ValueTable<Moment> { ValueTable(MomentRow.self) }
}
