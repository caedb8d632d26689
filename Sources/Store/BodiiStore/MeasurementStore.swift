import BodiiDomain
import Foundation
import GRDB

/// A row of `body_measurement` as GRDB maps it, written by column name (its coding keys) and read
/// by index: the one place that says which column holds what.
struct MeasurementRow: IndexedStoredRow, ValueRow {
    static let databaseTableName = "body_measurement"
    static let columnList = columnNames.joined(separator: ", ")
    /// The columns of `m`, the table's alias in the reads that join it.
    static let columnListOfM = columnNames.map { "m." + $0 }.joined(separator: ", ")

    var id: Int64?
    var date: String
    var kind: String
    var value: Double
    var diastolic: Double?
    var recordedAt: String
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, date, kind, value, diastolic
        case recordedAt = "recorded_at"
        case source
        case externalId = "external_id"
    }

    enum Columns {
        static let date = Column(CodingKeys.date)
        static let kind = Column(CodingKeys.kind)
        static let recordedAt = Column(CodingKeys.recordedAt)
        static let id = Column(CodingKeys.id)
    }

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        date = try row.next(CodingKeys.date)
        kind = try row.next(CodingKeys.kind)
        value = try row.next(CodingKeys.value)
        diastolic = try row.next(CodingKeys.diastolic)
        recordedAt = try row.next(CodingKeys.recordedAt)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    init(_ m: BodyMeasurement, timeZone: TimeZone) {
        id = m.id
        date = SQLText.date(m.date)
        kind = m.kind.rawValue
        value = m.value
        diastolic = m.diastolic
        recordedAt = SQLText.timestamp(m.recordedAt, timeZone: timeZone)
        source = m.provenance.source
        externalId = m.provenance.externalId
    }

    static func provenance(of m: BodyMeasurement) -> Provenance { m.provenance }

    static func stored(_ m: BodyMeasurement, id: Int64) -> BodyMeasurement {
        var saved = m
        saved.id = id
        saved.recordedAt = SQLText.normalized(m.recordedAt)
        return saved
    }

    func domainValue() throws -> BodyMeasurement? { try measurement() }

    /// The measurement, nil for a kind this build does not know (a newer Bodii's, synced here).
    func measurement() throws -> BodyMeasurement? {
        guard let kind = MeasurementKind(rawValue: kind) else { return nil }
        return BodyMeasurement(
            id: id, date: try SQLText.localDate(date, column: "body_measurement.date"), kind: kind, value: value,
            diastolic: diastolic, recordedAt: try SQLText.instant(recordedAt, column: "body_measurement.recorded_at"),
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// Body measurements on SQLite.
public struct MeasurementStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension MeasurementStore: MeasurementRepository {
    @discardableResult
    public func addMeasurement(_ measurement: BodyMeasurement) throws -> BodyMeasurement {
        try write { db in try Self.insert(measurement, db, timeZone: timeZone) }
    }

    public func updateMeasurement(_ measurement: BodyMeasurement) throws {
        try write { db in try MeasurementRow(measurement, timeZone: timeZone).update(db) }
    }

    @discardableResult
    public func deleteMeasurement(id: Int64) throws -> BodyMeasurement? { try write { db in try MeasurementRow.delete(id: id, db) } }

    public func measurements(in range: DateRange) throws -> [BodyMeasurement] {
        try read { db in
            try MeasurementRow
                .filter(MeasurementRow.Columns.date >= SQLText.date(range.start) && MeasurementRow.Columns.date <= SQLText.date(range.end))
                .order(MeasurementRow.Columns.date, SQL("julianday(recorded_at)"), MeasurementRow.Columns.id)
                .fetchAll(db)
                .compactMap { try $0.measurement() }
        }
    }

    /// The kinds this build knows, as rows: `VALUES ('waist'), ('hips'), …` (one column, `column1`).
    static let knownKinds = "VALUES " + MeasurementKind.allCases.map { "('\($0.rawValue)')" }.joined(separator: ", ")

    public func latestMeasurements(onOrBefore date: LocalDate) throws -> [MeasurementKind: BodyMeasurement] {
        try read { db in
            // The newest row of each kind this build knows (another's are kept, not shown): by
            // date, then the time recorded (ids of two synced machines are not in time order).
            // One look-up a kind in the (kind, date) index, not a walk over every row.
            let rows = try MeasurementRow.readAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(MeasurementRow.columnListOfM) FROM (\(Self.knownKinds)) AS k
                        JOIN body_measurement AS m ON m.id = (
                            SELECT id FROM body_measurement WHERE kind = k.column1 AND date <= ?
                            ORDER BY date DESC, julianday(recorded_at) DESC, id DESC LIMIT 1)
                        """),
                arguments: [SQLText.date(date)])
            var latest: [MeasurementKind: BodyMeasurement] = [:]
            for row in rows { if let m = try row.measurement() { latest[m.kind] = m } }
            return latest
        }
    }

    static func insert(_ measurement: BodyMeasurement, _ db: Database, timeZone: TimeZone) throws -> BodyMeasurement {
        try MeasurementRow.insert(measurement, proposedID: measurement.id, db, timeZone: timeZone)
    }

    static func insertOrSkip(_ measurement: BodyMeasurement, _ db: Database, timeZone: TimeZone) throws -> Bool {
        try MeasurementRow.insertOrSkip(measurement, proposedID: measurement.id, db, timeZone: timeZone)
    }
}
