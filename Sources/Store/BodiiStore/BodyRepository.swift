import BodiiDomain
import Foundation
import GRDB

/// Weigh-ins and body measurements.
public struct BodyStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension BodyStore: BodyRepository {
    /// The snapshot is stored on the record's date (whatever date it carries) and linked to it.
    @discardableResult
    public func addBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws -> BodyRecord {
        try write { db in
            let saved = try Self.insertBody(record, snapshot: snapshot, db, timeZone: timeZone)
            try DailyLogMaintenance.refresh(db, dates: [], bodyDates: [saved.date])
            return saved
        }
    }

    public func updateBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws {
        try write { db in
            let oldDate = try Self.updateBody(record, snapshot: snapshot, db, timeZone: timeZone)
            try DailyLogMaintenance.refresh(db, dates: [], bodyDates: [oldDate, record.date])
        }
    }

    /// The snapshot goes with the record (ON DELETE CASCADE).
    @discardableResult
    public func deleteBodyRecord(id: Int64) throws -> BodyRecord? {
        try write { db in
            let deleted = try BodyRecordRow.delete(id: id, db)
            if let deleted { try DailyLogMaintenance.refresh(db, dates: [], bodyDates: [deleted.date]) }
            return deleted
        }
    }

    public func bodyRecords(in range: DateRange) throws -> [BodyRecord] { try records(BodyRecord.self, in: range) }

    /// The latest weigh-in on or before `date` (the latest-recorded one when a day has several);
    /// body-fat-only readings (weight NULL) are not weigh-ins.
    public func latestBodyRecord(onOrBefore date: LocalDate) throws -> BodyRecord? {
        try read { db in
            try BodyRecordRow.fetchOne(
                db,
                sql: BodyRecordRow.sql.selectAll
                    + " WHERE date <= ? AND weight_kg IS NOT NULL ORDER BY \(DailyLogMaintenance.latestFirst) LIMIT 1",
                arguments: [SQLText.date(date)]
            )?.record
        }
    }

    /// The snapshot daily_log uses for `date`: the one of `latestBodyRecord(onOrBefore:)`.
    public func latestMetabolismSnapshot(onOrBefore date: LocalDate) throws -> MetabolismSnapshot? {
        // The latest date first (down the date index, one row), then that day's latest record:
        // ordering every snapshot up to `date` by its record's time sorted years of them.
        try read { db in
            try Row.fetchOne(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.snapshotColumns) FROM metabolism_snapshot AS s JOIN body_record AS b ON b.id = s.body_record_id
                        WHERE s.date = (
                            SELECT s.date FROM metabolism_snapshot AS s JOIN body_record AS b ON b.id = s.body_record_id
                            WHERE s.date <= ? ORDER BY s.date DESC LIMIT 1)
                        ORDER BY julianday(b.recorded_at) DESC, s.id DESC LIMIT 1
                        """), arguments: [SQLText.date(date)]
            ).map(Self.snapshot(row:))
        }
    }

    /// In date order, and within a day in the order their records were made (the last one counts).
    public func metabolismSnapshots(in range: DateRange) throws -> [MetabolismSnapshot] {
        try read { db in
            try Row.mapAll(
                db.cachedStatement(
                    sql: """
                        SELECT \(Self.snapshotColumns) FROM metabolism_snapshot AS s JOIN body_record AS b ON b.id = s.body_record_id
                        WHERE s.date BETWEEN ? AND ?
                        ORDER BY s.date, julianday(b.recorded_at), s.id
                        """), arguments: [SQLText.date(range.start), SQLText.date(range.end)], Self.snapshot(row:))
        }
    }

    /// One weight per day: the one with the latest `recordedAt` (then the greatest id) among the
    /// day's weigh-ins (a body-fat-only reading has no weight to give).
    /// The rows come in the date index's order and the day's latest is picked here: a window
    /// function (`ROW_NUMBER() OVER (PARTITION BY date …)`) sorted them twice in temporary
    /// B-trees, ~2.4 M instructions for a trend window, most of `bodii today`'s reads.
    public func dailyWeights(in range: DateRange) throws -> [(date: LocalDate, weightKg: Double)] {
        try read { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT date, weight_kg, julianday(recorded_at), id FROM body_record
                        WHERE date BETWEEN ? AND ? AND weight_kg IS NOT NULL ORDER BY date
                        """), arguments: [SQLText.date(range.start), SQLText.date(range.end)])
            var days: [(date: LocalDate, weightKg: Double)] = []
            var latest: (date: String, recorded: Double, id: Int64)?
            while let row = try rows.next() {
                let date: String = try row.decode(String.self, atIndex: 0)
                // A timestamp julianday cannot read (NULL) is older than any it can, as NULL sorts in SQL.
                let recorded = try row.decode(Double?.self, atIndex: 2) ?? -.infinity
                let id = try row.decode(Int64.self, atIndex: 3)
                if let last = latest, last.date == date {
                    guard (recorded, id) > (last.recorded, last.id) else { continue }
                    days[days.count - 1].weightKg = try row.decode(Double.self, atIndex: 1)
                } else {
                    days.append(
                        (try SQLText.localDate(date, column: "body_record.date"), try row.decode(Double.self, atIndex: 1)))
                }
                latest = (date, recorded, id)
            }
            return days
        }
    }

    // MARK: Helpers (also used by HistoryWriter)

    static func insertBody(
        _ record: BodyRecord, snapshot: MetabolismSnapshot?, _ db: Database,
        timeZone: TimeZone
    ) throws -> BodyRecord {
        let saved = try BodyRecordRow.insert(record, db, timeZone: timeZone)
        guard let id = saved.id else { throw StoreError.recordNotFound(kind: "body record", id: nil) }
        if let snapshot { try insertSnapshot(snapshot, bodyRecordId: id, date: saved.date, db) }
        return saved
    }

    /// Replaces the record with the same id and its snapshot (none before a profile exists);
    /// returns the date it had.
    static func updateBody(_ record: BodyRecord, snapshot: MetabolismSnapshot?, _ db: Database, timeZone: TimeZone) throws -> LocalDate {
        let oldDate = try BodyRecordRow.update(record, db, timeZone: timeZone)
        guard let id = record.id else { throw StoreError.recordNotFound(kind: "body record", id: nil) }
        guard let snapshot else { return oldDate }
        try db.cachedStatement(
            sql: """
                UPDATE metabolism_snapshot SET date = ?, bmr = ?, tdee = ?, formula = ?, activity_level = ?
                WHERE body_record_id = ?
                """
        ).execute(arguments: [
            SQLText.date(record.date), snapshot.bmr, snapshot.tdee,
            snapshot.formula.rawValue, snapshot.activityLevel.rawValue, id,
        ])
        if db.changesCount == 0 { try insertSnapshot(snapshot, bodyRecordId: id, date: record.date, db) }
        return oldDate
    }

    static func insertSnapshot(_ snapshot: MetabolismSnapshot, bodyRecordId: Int64, date: LocalDate, _ db: Database) throws {
        try db.cachedStatement(
            sql: """
                INSERT INTO metabolism_snapshot (id, body_record_id, date, bmr, tdee, formula, activity_level)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """
        ).execute(arguments: [
            try RowIdAllocator.id(for: "metabolism_snapshot", proposed: nil, db), bodyRecordId, SQLText.date(date), snapshot.bmr,
            snapshot.tdee,
            snapshot.formula.rawValue, snapshot.activityLevel.rawValue,
        ])
    }

    static let snapshotColumns = "s.id, s.body_record_id, s.date, s.bmr, s.tdee, s.formula, s.activity_level"

    /// By column index (the order of `snapshotColumns`): every `TargetHistory.load` reads them,
    /// and names would be looked up, case-folded, for every value of every row.
    static func snapshot(row: Row) throws -> MetabolismSnapshot {
        MetabolismSnapshot(
            id: try row.decode(atIndex: 0), bodyRecordId: try row.decode(atIndex: 1),
            date: try SQLText.localDate(row.decode(atIndex: 2), column: "date"), bmr: try row.decode(atIndex: 3),
            tdee: try row.decode(atIndex: 4), formula: try row.enumValue(BMRFormula.self, atIndex: 5, column: "formula"),
            activityLevel: try row.enumValue(ActivityLevel.self, atIndex: 6, column: "activity_level"))
    }
}
