import BodiiDomain
import Foundation
import GRDB

/// Daily steps and active energy.
public struct ActivityStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

/// A row of `activity_snapshot`, read by index (a day each, ten years of them).
struct ActivitySnapshotRow: AllottedIdRow, IndexedStoredRow {
    static let databaseTableName = "activity_snapshot"

    var id: Int64?
    var date: String
    var steps: Int?
    var activeKcal: Double?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, date, steps
        case activeKcal = "active_kcal"
        case source
        case externalId = "external_id"
    }

    static let columnList = columnNames.joined(separator: ", ")

    init(reading row: inout ColumnReader) throws {
        id = try row.next(CodingKeys.id)
        date = try row.next(CodingKeys.date)
        steps = try row.next(CodingKeys.steps)
        activeKcal = try row.next(CodingKeys.activeKcal)
        source = try row.next(CodingKeys.source)
        externalId = try row.next(CodingKeys.externalId)
    }

    init(_ a: ActivitySnapshot) {
        id = a.id
        date = SQLText.date(a.date)
        steps = a.steps
        activeKcal = a.activeKcal
        source = a.provenance.source
        externalId = a.provenance.externalId
    }

    func snapshot() throws -> ActivitySnapshot {
        ActivitySnapshot(
            id: id, date: try SQLText.localDate(date, column: "activity_snapshot.date"), steps: steps, activeKcal: activeKcal,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

extension ActivityStore: ActivityRepository {
    public func activitySnapshot(on date: LocalDate) throws -> ActivitySnapshot? {
        try read { db in
            try ActivitySnapshotRow.readOne(
                db.cachedStatement(sql: "SELECT \(ActivitySnapshotRow.columnList) FROM activity_snapshot WHERE date = ? ORDER BY id DESC LIMIT 1"),
                arguments: [SQLText.date(date)]
            )?.snapshot()
        }
    }

    public func activitySnapshots(in range: DateRange) throws -> [ActivitySnapshot] {
        try read { db in
            // The last written per day: ids grow, so the later row of a date replaces the earlier.
            var byDate: [LocalDate: ActivitySnapshot] = [:]
            let rows = try ActivitySnapshotRow.fetchAll(
                db.cachedStatement(sql: "SELECT \(ActivitySnapshotRow.columnList) FROM activity_snapshot WHERE date BETWEEN ? AND ? ORDER BY date, id"),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)])
            for row in rows {
                let snapshot = try row.snapshot()
                byDate[snapshot.date] = snapshot
            }
            return byDate.values.sorted { $0.date < $1.date }
        }
    }

    enum ActivityMerge { case added, same, updated }

    /// Inserts the day, or, when its source gave that day before, replaces the figures if they changed.
    static func mergeActivity(_ snapshot: ActivitySnapshot, _ db: Database) throws -> ActivityMerge {
        var row = ActivitySnapshotRow(snapshot)
        if let externalId = snapshot.provenance.externalId,
            let stored = try ActivitySnapshotRow.fetchOne(
                db.cachedStatement(sql: "SELECT \(ActivitySnapshotRow.columnList) FROM activity_snapshot WHERE source = ? AND external_id = ?"),
                arguments: [snapshot.provenance.source, externalId])
        {
            if try stored.snapshot().hasSameFigures(as: snapshot) { return .same }
            row.id = stored.id
            try row.update(db)
            return .updated
        }
        _ = try row.insert(allotting: nil, db)
        return .added
    }
}
