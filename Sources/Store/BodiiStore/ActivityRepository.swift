import BodiiDomain
import Foundation
import GRDB

/// Daily steps and active energy.
public struct ActivityStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension ActivityStore: ActivityRepository {
    static let activityColumns = "id, date, steps, active_kcal, source, external_id"

    public func activitySnapshot(on date: LocalDate) throws -> ActivitySnapshot? {
        try read { db in
            try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(Self.activityColumns) FROM activity_snapshot WHERE date = ? ORDER BY id DESC LIMIT 1"),
                arguments: [SQLText.date(date)]
            )
            .map(Self.activity(row:))
        }
    }

    public func activitySnapshots(in range: DateRange) throws -> [ActivitySnapshot] {
        try read { db in
            // The last written per day: ids grow, so the later row of a date replaces the earlier.
            var byDate: [LocalDate: ActivitySnapshot] = [:]
            let rows = try Row.fetchAll(
                db.cachedStatement(
                    sql: "SELECT \(Self.activityColumns) FROM activity_snapshot WHERE date BETWEEN ? AND ? ORDER BY date, id"),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)])
            for row in rows {
                let snapshot = try Self.activity(row: row)
                byDate[snapshot.date] = snapshot
            }
            return byDate.values.sorted { $0.date < $1.date }
        }
    }

    static func activity(row: Row) throws -> ActivitySnapshot {
        ActivitySnapshot(
            id: row["id"], date: try SQLText.localDate(row["date"], column: "activity_snapshot.date"), steps: row["steps"],
            activeKcal: row["active_kcal"],
            provenance: Provenance(source: row["source"], externalId: row["external_id"]))
    }

    enum ActivityMerge { case added, same, updated }

    /// Inserts the day, or, when its source gave that day before, replaces the figures if they changed.
    static func mergeActivity(_ snapshot: ActivitySnapshot, _ db: Database) throws -> ActivityMerge {
        let values: [(any DatabaseValueConvertible)?] = [
            SQLText.date(snapshot.date), snapshot.steps, snapshot.activeKcal,
            snapshot.provenance.source, snapshot.provenance.externalId,
        ]
        if let externalId = snapshot.provenance.externalId,
            let row = try Row.fetchOne(
                db.cachedStatement(sql: "SELECT \(activityColumns) FROM activity_snapshot WHERE source = ? AND external_id = ?"),
                arguments: [snapshot.provenance.source, externalId])
        {
            let old = try activity(row: row)
            if old.hasSameFigures(as: snapshot) { return .same }
            try db.cachedStatement(
                sql: "UPDATE activity_snapshot SET date = ?, steps = ?, active_kcal = ?, source = ?, external_id = ? WHERE id = ?"
            )
            .execute(arguments: StatementArguments(values + [old.id]))
            return .updated
        }
        try db.cachedStatement(
            sql: "INSERT INTO activity_snapshot (id, date, steps, active_kcal, source, external_id) VALUES (?, ?, ?, ?, ?, ?)"
        )
        .execute(arguments: StatementArguments([try RowIdAllocator.id(for: "activity_snapshot", proposed: nil, db)] + values))
        return .added
    }
}
