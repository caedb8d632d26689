import BodiiDomain
import Foundation
import GRDB

// The review board on SQLite (schema v6). A review row is made the first time something is
// written for its period; notes and actions point at it.

/// Reviews' items and actions.
public struct ReviewStore: StoreBacked, Sendable {
    let connection: StoreConnection
}

extension ReviewStore: ReviewRepository {
    // Read by name (`Periodic`): the record's columns and its review's period.
    static let itemColumns = "i.*, r.period_kind, r.start_date"
    static let itemFrom = "FROM review_item AS i JOIN review AS r ON r.id = i.review_id"
    static let actionColumns = "a.*, r.period_kind, r.start_date"
    static let actionFrom = "FROM action AS a JOIN review AS r ON r.id = a.review_id"

    public func reviewItems(in period: ReviewPeriod) throws -> [ReviewItem] {
        try read { db in
            try Periodic<ReviewItemRow>.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.itemColumns) \(Self.itemFrom) WHERE \(Self.inPeriod) ORDER BY i.id"),
                arguments: StatementArguments(Self.periodArguments(period))
            ).map(Self.reviewItem)
        }
    }

    public func addReviewItem(_ item: ReviewItem) throws -> ReviewItem {
        try write { db in try Self.insertItem(item, db) }
    }

    public func updateReviewItem(_ item: ReviewItem) throws {
        try write { db in
            guard let id = item.id else { throw StoreError.recordNotFound(kind: "review note", id: nil) }
            let reviewId = try Self.reviewId(for: item.period, db)
            try ReviewItemRow(item, reviewId: reviewId).update(db, columns: ReviewItemRow.editable, kind: "review note", id: id)
        }
    }

    public func deleteReviewItem(id: Int64) throws -> ReviewItem? {
        try write { db in
            guard let row = try Periodic<ReviewItemRow>.fetchOne(
                db, sql: "SELECT \(Self.itemColumns) \(Self.itemFrom) WHERE i.id = ?", arguments: [id])
            else { return nil }
            let item = try Self.reviewItem(row)
            try ReviewItemRow.deleteOne(db, key: id)
            return item
        }
    }

    public func deleteReviewItemKeepingLinks(id: Int64) throws -> (item: ReviewItem, links: ReviewLinks)? {
        try write { db in
            guard let row = try Periodic<ReviewItemRow>.fetchOne(
                db, sql: "SELECT \(Self.itemColumns) \(Self.itemFrom) WHERE i.id = ?", arguments: [id])
            else { return nil }
            let item = try Self.reviewItem(row)
            let links = ReviewLinks(
                answeringTries: try Int64.fetchAll(db, sql: "SELECT id FROM review_item WHERE problem_id = ? ORDER BY id", arguments: [id]),
                actions: try Int64.fetchAll(db, sql: "SELECT id FROM action WHERE try_id = ? ORDER BY id", arguments: [id]))
            try ReviewItemRow.deleteOne(db, key: id)
            return (item, links)
        }
    }

    public func restoreReviewItem(_ item: ReviewItem, links: ReviewLinks) throws -> ReviewItem {
        try write { db in
            let saved = try Self.insertItem(item, db)
            func json(_ ids: [Int64]) -> String { "[" + ids.map(String.init).joined(separator: ",") + "]" }
            // Only links still cut: a Try answered elsewhere since, or an action moved, stays as it is now.
            try db.execute(
                sql: """
                    UPDATE review_item SET problem_id = ? WHERE problem_id IS NULL AND kind = 'try' AND id IN (SELECT value FROM json_each(?))
                    """, arguments: [saved.id, json(links.answeringTries)])
            try db.execute(
                sql: "UPDATE action SET try_id = ? WHERE try_id IS NULL AND id IN (SELECT value FROM json_each(?))",
                arguments: [saved.id, json(links.actions)])
            return saved
        }
    }

    /// Every note and every action of the reviews whose period starts in `range`, oldest first
    /// (the export).
    public func reviewHistory(startingIn range: DateRange) throws -> (items: [ReviewItem], actions: [ReviewAction]) {
        let bounds: [(any DatabaseValueConvertible)?] = [SQLText.date(range.start), SQLText.date(range.end)]
        let items = try read { db in
            try Periodic<ReviewItemRow>.fetchAll(
                db, sql: "SELECT \(Self.itemColumns) \(Self.itemFrom) WHERE r.start_date BETWEEN ? AND ? ORDER BY i.id",
                arguments: StatementArguments(bounds)
            ).map(Self.reviewItem)
        }
        return (items, try fetchActions("WHERE r.start_date BETWEEN ? AND ? ORDER BY a.id", bounds))
    }

    public func actions(in period: ReviewPeriod) throws -> [ReviewAction] {
        try fetchActions("WHERE \(Self.inPeriod) ORDER BY a.id", Self.periodArguments(period))
    }

    /// Written in a review of an earlier period (any kind: a month's review carries a week's
    /// actions too), and not closed before this period began. A review of the same kind is
    /// earlier when it is not one this period shows (`storedStarts`: weeks saved under the other
    /// week start belong to the week that holds their middle day).
    public func actionsCarriedOver(into period: ReviewPeriod) throws -> [ReviewAction] {
        let start = SQLText.date(period.start)
        return try fetchActions(
            """
            WHERE ((r.period_kind = ? AND r.start_date < ?) OR (r.period_kind <> ? AND r.start_date < ?))
              AND a.created_on < ? AND (a.closed_on IS NULL OR a.closed_on >= ?) ORDER BY a.id
            """, [period.kind.rawValue, SQLText.date(period.storedStarts.start), period.kind.rawValue, start, start, start])
    }

    public func allActions(includingClosed: Bool) throws -> [ReviewAction] {
        try fetchActions(includingClosed ? "ORDER BY a.id" : "WHERE a.status = 'open' ORDER BY a.id", [])
    }

    public func action(id: Int64) throws -> ReviewAction? {
        try fetchActions("WHERE a.id = ?", [id]).first
    }

    public func addAction(_ action: ReviewAction) throws -> ReviewAction {
        try write { db in try Self.insertAction(action, db) }
    }

    public func updateAction(_ action: ReviewAction) throws {
        try write { db in
            guard let id = action.id else { throw StoreError.recordNotFound(kind: "action", id: nil) }
            let reviewId = try Self.reviewId(for: action.period, db)
            try ActionRow(action, reviewId: reviewId).update(db, columns: ActionRow.editable, kind: "action", id: id)
        }
    }

    public func deleteAction(id: Int64) throws -> ReviewAction? {
        try write { db in
            guard let row = try Periodic<ActionRow>.fetchOne(
                db, sql: "SELECT \(Self.actionColumns) \(Self.actionFrom) WHERE a.id = ?", arguments: [id])
            else { return nil }
            let action = try Self.reviewAction(row)
            try ActionRow.deleteOne(db, key: id)
            return action
        }
    }

    public func reviewedPeriods(_ kind: ReviewPeriodKind, startingIn range: DateRange) throws -> [LocalDate] {
        try read { db in
            try String.fetchAll(
                db,
                sql: """
                    SELECT r.start_date FROM review AS r
                    WHERE r.period_kind = ? AND r.start_date BETWEEN ? AND ?
                      AND (EXISTS (SELECT 1 FROM review_item WHERE review_id = r.id) OR EXISTS (SELECT 1 FROM action WHERE review_id = r.id))
                    ORDER BY r.start_date
                    """, arguments: [kind.rawValue, SQLText.date(range.start), SQLText.date(range.end)]
            )
            .map { try SQLText.localDate($0, column: "review.start_date") }
        }
    }

    // MARK: - Plumbing

    /// The reviews a period shows: its own, and those saved under the other week start that
    /// belong to it (`ReviewPeriod.storedStarts`).
    static let inPeriod = "r.period_kind = ? AND r.start_date BETWEEN ? AND ?"

    static func periodArguments(_ period: ReviewPeriod) -> [(any DatabaseValueConvertible)?] {
        [period.kind.rawValue, SQLText.date(period.storedStarts.start), SQLText.date(period.storedStarts.end)]
    }

    private func fetchActions(_ clause: String, _ arguments: [(any DatabaseValueConvertible)?]) throws -> [ReviewAction] {
        try read { db in
            try Periodic<ActionRow>.fetchAll(
                db.cachedStatement(sql: "SELECT \(Self.actionColumns) \(Self.actionFrom) \(clause)"),
                arguments: StatementArguments(arguments)
            ).map(Self.reviewAction)
        }
    }

    /// The id of the period's review, made when it has none yet.
    static func reviewId(for period: ReviewPeriod, _ db: Database) throws -> Int64 {
        // Hand-written: GRDB's records have no upsert that names its conflict (the period, not the id).
        let arguments: StatementArguments = [period.kind.rawValue, SQLText.date(period.start)]
        try db.execute(
            sql: "INSERT INTO review (id, period_kind, start_date) VALUES (?, ?, ?) ON CONFLICT (period_kind, start_date) DO NOTHING",
            arguments: [try RowIdAllocator.reviewID(kind: period.kind, start: period.start, db)] + arguments)
        guard let id = try Int64.fetchOne(db, sql: "SELECT id FROM review WHERE period_kind = ? AND start_date = ?", arguments: arguments)
        else {
            throw StoreError.recordNotFound(kind: "review", id: nil)
        }
        return id
    }

    static func insertItem(_ item: ReviewItem, _ db: Database) throws -> ReviewItem {
        var row = ReviewItemRow(item, reviewId: try reviewId(for: item.period, db))
        var saved = item
        saved.id = try row.insert(allotting: item.id, db)
        return saved
    }

    /// The id of the note or action that `source` already holds under `externalId`, if any.
    static func knownId(_ table: String, _ p: Provenance, _ db: Database) throws -> Int64? {
        guard let externalId = p.externalId else { return nil }
        return try Int64.fetchOne(
            db.cachedStatement(sql: "SELECT id FROM \(table) WHERE source = ? AND external_id = ?"),
            arguments: [p.source, externalId])
    }

    /// For a merge: writes the batch's notes then its actions, each skipped when its source has it
    /// already. The batch's ids are its own keys: notes get new ids and Tries and actions are
    /// linked to where the note they name is now. A Try's Problem is set after all notes are in,
    /// so the order of the batch does not matter.
    static func mergeReviews(items: [ReviewItem], actions: [ReviewAction], counts: inout MergeCounts, _ db: Database) throws {
        var stored: [Int64: Int64] = [:]
        var answers: [(tryId: Int64, problem: Int64)] = []
        for item in items {
            let known = try knownId("review_item", item.provenance, db)
            var fresh = item
            fresh.id = nil
            fresh.problemId = nil
            let id = try known ?? insertItem(fresh, db).id
            if let batchId = item.id, let id { stored[batchId] = id }
            if known == nil, let id, let problem = item.problemId { answers.append((id, problem)) }
            counts.record(.reviewItem, added: known == nil)
        }
        for (tryId, problem) in answers {
            guard let problemId = stored[problem] else { continue }
            try ReviewItemRow.filter(key: tryId).updateAll(db, ReviewItemRow.Columns.problemId.set(to: problemId))
        }
        for action in actions {
            if try knownId("action", action.provenance, db) != nil {
                counts.record(.action, added: false)
                continue
            }
            var fresh = action
            fresh.id = nil
            fresh.tryId = action.tryId.flatMap { stored[$0] }
            _ = try insertAction(fresh, db)
            counts.record(.action, added: true)
        }
    }

    static func insertAction(_ action: ReviewAction, _ db: Database) throws -> ReviewAction {
        var row = ActionRow(action, reviewId: try reviewId(for: action.period, db))
        var saved = action
        saved.id = try row.insert(allotting: action.id, db)
        return saved
    }

    static func period(kind: String, start: String) throws -> ReviewPeriod {
        guard let kind = ReviewPeriodKind(rawValue: kind) else {
            throw StoreError.invalidStoredValue(column: "review.period_kind", value: kind)
        }
        return ReviewPeriod(kind, startingOn: try SQLText.localDate(start, column: "review.start_date"))
    }

    static func reviewItem(_ row: Periodic<ReviewItemRow>) throws -> ReviewItem { try row.record.item(row.period) }

    static func reviewAction(_ row: Periodic<ActionRow>) throws -> ReviewAction { try row.record.action(row.period) }
}
