import BodiiDomain
import Foundation
import GRDB

/// The profile.
public struct ProfileStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension ProfileStore: ProfileRepository {
    public func loadProfile() throws -> Profile? {
        // Cached: every day's targets read the profile.
        try read { db in
            try ProfileRow.readOne(db.cachedStatement(sql: "SELECT \(ProfileRow.columnList) FROM profile WHERE id = 1"))?.profile()
        }
    }

    public func saveProfile(_ profile: Profile) throws {
        try write { db in try Self.upsertProfile(profile, db) }
    }

    static func upsertProfile(_ profile: Profile, _ db: Database) throws {
        try ProfileRow(profile).insert(db, onConflict: .replace)
    }
}

/// The active goal and its history.
public struct GoalStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension GoalStore: GoalRepository {
    public func activeGoal() throws -> Goal? {
        try read { db in
            try GoalRow.filter(GoalRow.Columns.isActive == true).fetchOne(db)?.goal()
        }
    }

    /// A goal without an id is added; a goal with the id of a stored one replaces it. Either way it
    /// becomes the only active goal, and the others stay as inactive history.
    @discardableResult
    public func saveActiveGoal(_ goal: Goal) throws -> Goal {
        try write { db in try Self.activateGoal(goal, db) }
    }

    static func activateGoal(_ goal: Goal, _ db: Database) throws -> Goal {
        var saved = goal
        saved.isActive = true
        try GoalRow.filter(GoalRow.Columns.isActive == true).updateAll(db, GoalRow.Columns.isActive.set(to: false))
        var row = GoalRow(saved)
        if let id = goal.id {
            do { try row.update(db) } catch RecordError.recordNotFound { throw StoreError.recordNotFound(kind: "goal", id: id) }
        } else {
            saved.id = try row.insert(allotting: nil, db)
        }
        return saved
    }

    /// Every goal, oldest first (by `createdOn`, then id), the active one included.
    public func goalHistory() throws -> [Goal] {
        try read { db in
            // Cached: every day's targets ask for it (several times a Review after a write), and a
            // statement prepared again pays GRDB's authorizer for each column.
            try GoalRow.readAll(db.cachedStatement(sql: "SELECT \(GoalRow.columnList) FROM goal ORDER BY created_on, id")).map {
                try $0.goal()
            }
        }
    }
}

/// Daily check-ins.
public struct CheckInStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension CheckInStore: CheckInRepository {
    public func checkIn(on date: LocalDate) throws -> CheckIn? {
        try read { db in
            try CheckInRow.fetchOne(
                db.cachedStatement(sql: "SELECT \(CheckInRow.columnList) FROM check_in WHERE date = ?"), arguments: [SQLText.date(date)])?
                .checkIn()
        }
    }

    public func saveCheckIn(_ checkIn: CheckIn) throws {
        try write { db in try Self.upsertCheckIn(checkIn, db) }
    }

    public func checkIns(in range: DateRange) throws -> [CheckIn] {
        try read { db in
            try CheckInRow.fetchAll(
                db.cachedStatement(sql: "SELECT \(CheckInRow.columnList) FROM check_in WHERE date BETWEEN ? AND ? ORDER BY date"),
                arguments: [SQLText.date(range.start), SQLText.date(range.end)]
            )
            .map { try $0.checkIn() }
        }
    }

    public func saveCheckInDay(_ checkIn: CheckIn, body: (record: BodyRecord, snapshot: MetabolismSnapshot)?, night: SleepRecord?) throws {
        try write { db in
            try Self.upsertCheckIn(checkIn, db)
            if let body {
                // A record with an id is the day's weigh-in, corrected; one without is a new weigh-in.
                if body.record.id == nil {
                    _ = try BodyStore.insertBody(body.record, snapshot: body.snapshot, db, timeZone: timeZone)
                } else {
                    _ = try BodyStore.updateBody(body.record, snapshot: body.snapshot, db, timeZone: timeZone)
                }
            }
            if var night {
                let sameDate = try SleepRecordRow.fetchAll(in: DateRange(start: night.date, end: night.date), db)
                if let existing = sameDate.last?.id {
                    night.id = existing
                    _ = try SleepRecordRow.update(night, db, timeZone: timeZone)
                } else {
                    _ = try SleepRecordRow.insert(night, db, timeZone: timeZone)
                }
            }
            try DailyLogMaintenance.refresh(db, dates: [], bodyDates: body.map { [$0.record.date] } ?? [])
        }
    }

    /// One pass over the dates in order (the primary key's order): a run grows while each date
    /// follows the one before. Faster than gaps and islands in SQL, whose julianday() per row
    /// cost about 4 ms over ten years of check-ins.
    public func checkInStreaks(endingOn day: LocalDate) throws -> (current: Int, longest: Int) {
        try read { db in
            let dates = try String.fetchCursor(
                db.cachedStatement(sql: "SELECT date FROM check_in WHERE date <= ? ORDER BY date"),
                arguments: [SQLText.date(day)])
            var longest = 0, run = 0
            var previous: Int?
            while let text = try dates.next() {
                let d = try SQLText.localDate(text, column: "check_in.date").daysSinceEpoch
                run = previous == d - 1 ? run + 1 : 1
                longest = max(longest, run)
                previous = d
            }
            let current = previous.map { $0 >= day.daysSinceEpoch - 1 } == true ? run : 0
            return (current, longest)
        }
    }

    static func upsertCheckIn(_ checkIn: CheckIn, _ db: Database) throws {
        try CheckInRow(checkIn).insert(db, onConflict: .replace)
    }
}

/// Whole-history batches written or merged (import, demo, sync fixtures).
public struct HistoryStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension HistoryStore: HistoryWriter {
    /// Inserts everything with prepared statements, then refreshes daily_log for all touched dates
    /// with three set-based statements; one transaction, so an invalid record writes nothing.
    /// Check-ins replace those of the same date.
    public func write(_ batch: HistoryBatch) throws {
        _ = try store(batch, skippingKnown: false)
    }

    public func merge(_ batch: HistoryBatch) throws -> MergeCounts {
        try store(batch, skippingKnown: true)
    }

    public func mergePreview(_ batch: HistoryBatch) throws -> MergeCounts {
        try store(batch, skippingKnown: true, rollingBack: true)
    }

    private func store(_ batch: HistoryBatch, skippingKnown: Bool, rollingBack: Bool = false) throws -> MergeCounts {
        var counts = MergeCounts()
        guard !batch.isEmpty else { return counts }
        let timeZone = timeZone
        /// Inserts, or with `skippingKnown` inserts unless the source has the record already.
        func insert<R: StoredRecord>(_ record: R, _ db: Database) throws -> R? {
            skippingKnown
                ? try R.TableRow.insertOrSkip(record, db, timeZone: timeZone) : try R.TableRow.insert(record, db, timeZone: timeZone)
        }
        try writeWithoutTransaction { db in
            try recordedTransaction(db) {
                if let profile = batch.profile { try ProfileStore.upsertProfile(profile, db) }
                var dates = Set<LocalDate>()
                var bodyDates = Set<LocalDate>()
                for (record, snapshot) in batch.body {
                    let saved = try insert(record, db)
                    if let id = saved?.id { try BodyStore.insertSnapshot(snapshot, bodyRecordId: id, date: record.date, db) }
                    if saved != nil { bodyDates.insert(record.date) }
                    counts.record(.body, added: saved != nil)
                }
                for record in batch.exercise {
                    let saved = try insert(record, db)
                    if saved != nil { dates.insert(record.date) }
                    counts.record(.exercise, added: saved != nil)
                }
                for record in batch.food {
                    let saved = try insert(record, db)
                    if saved != nil { dates.insert(record.date) }
                    counts.record(.food, added: saved != nil)
                }
                for record in batch.bareBody {
                    let saved = try insert(record, db)
                    if saved != nil { bodyDates.insert(record.date) }
                    counts.record(.body, added: saved != nil)
                }
                for snapshot in batch.activity {
                    switch try ActivityStore.mergeActivity(snapshot, db) {
                    case .added: counts.record(.activity, added: true)
                    case .same: counts.record(.activity, added: false)
                    case .updated: counts.updated[.activity, default: 0] += 1
                    }
                }
                for record in batch.sleep { counts.record(.sleep, added: try insert(record, db) != nil) }
                for measurement in batch.measurements {
                    if skippingKnown {
                        counts.record(.measurement, added: try MeasurementStore.insertOrSkip(measurement, db, timeZone: timeZone))
                    } else {
                        _ = try MeasurementStore.insert(measurement, db, timeZone: timeZone)
                        counts.record(.measurement, added: true)
                    }
                }
                for fast in batch.fasts {
                    if skippingKnown {
                        switch try FastStore.merge(fast, db, timeZone: timeZone) {
                        case .added: counts.record(.fast, added: true)
                        case .same: counts.record(.fast, added: false)
                        case .updated: counts.updated[.fast, default: 0] += 1
                        }
                    } else {
                        _ = try FastStore.insert(fast, db, timeZone: timeZone)
                        counts.record(.fast, added: true)
                    }
                }
                for checkIn in batch.checkIns {
                    try CheckInStore.upsertCheckIn(checkIn, db)
                    counts.record(.checkIn, added: true)
                }
                if let goal = batch.activeGoal { _ = try GoalStore.activateGoal(goal, db) }
                // A batch's own note ids link its Tries and actions; in a database that syncs they
                // are not its device's, so they get new ids as in a merge.
                if try skippingKnown || RowIdAllocator.device(db) != nil {
                    try ReviewStore.mergeReviews(items: batch.reviewItems, actions: batch.actions, counts: &counts, db)
                } else {
                    for item in batch.reviewItems { _ = try ReviewStore.insertItem(item, db) }
                    for action in batch.actions { _ = try ReviewStore.insertAction(action, db) }
                }
                try StoreConnection.insertPantry(batch.pantry, skippingKnown: skippingKnown, db)
                try DailyLogMaintenance.refresh(db, dates: dates, bodyDates: bodyDates)
                return rollingBack ? .rollback : .commit
            }
        }
        return counts
    }
}
