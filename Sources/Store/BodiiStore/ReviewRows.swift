import BodiiDomain
import Foundation
import GRDB

// The review board's tables as GRDB records, by column name. Notes and actions are read joined
// to their review (its period); `Periodic` reads such a row: the record's columns and the
// review's `period_kind` and `start_date`, by name.

/// A row of `review`: one a period, made the first time something is written for it.
struct ReviewRow: StoredRow {
    static let databaseTableName = "review"

    var id: Int64?
    var periodKind: String
    var startDate: String
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case periodKind = "period_kind"
        case startDate = "start_date"
        case source
        case externalId = "external_id"
    }
}

/// A row of `review_item` (a note).
struct ReviewItemRow: AllottedIdRow {
    static let databaseTableName = "review_item"

    var id: Int64?
    var reviewId: Int64
    var kind: String
    var text: String
    var problemId: Int64?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case reviewId = "review_id"
        case kind, text
        case problemId = "problem_id"
        case source
        case externalId = "external_id"
    }

    enum Columns {
        static let problemId = Column(CodingKeys.problemId)
    }

    /// What a note's edit changes (not its provenance).
    static let editable: [CodingKeys] = [.reviewId, .kind, .text, .problemId]

    init(_ item: ReviewItem, reviewId: Int64) {
        id = item.id
        self.reviewId = reviewId
        kind = item.kind.rawValue
        text = item.text
        problemId = item.problemId
        source = item.provenance.source
        externalId = item.provenance.externalId
    }

    func item(_ period: ReviewPeriod) throws -> ReviewItem {
        guard let itemKind = ReviewItemKind(rawValue: kind) else { throw StoreError.invalidStoredValue(column: "review_item.kind", value: kind) }
        return ReviewItem(
            id: id, period: period, kind: itemKind, text: text, problemId: problemId,
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A row of `action`.
struct ActionRow: AllottedIdRow {
    static let databaseTableName = "action"

    var id: Int64?
    var reviewId: Int64
    var text: String
    var tryId: Int64?
    var dueDate: String?
    var status: String
    var dropNote: String?
    var metric: String?
    var target: Int?
    var createdOn: String
    var closedOn: String?
    var source: String
    var externalId: String?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case reviewId = "review_id"
        case text
        case tryId = "try_id"
        case dueDate = "due_date"
        case status
        case dropNote = "drop_note"
        case metric, target
        case createdOn = "created_on"
        case closedOn = "closed_on"
        case source
        case externalId = "external_id"
    }

    /// What an action's edit changes (not its provenance).
    static let editable: [CodingKeys] = [.reviewId, .text, .tryId, .dueDate, .status, .dropNote, .metric, .target, .createdOn, .closedOn]

    init(_ a: ReviewAction, reviewId: Int64) {
        id = a.id
        self.reviewId = reviewId
        text = a.text
        tryId = a.tryId
        dueDate = a.due.map(SQLText.date)
        status = a.status.rawValue
        dropNote = a.dropNote
        metric = a.metric?.rawValue
        target = a.target
        createdOn = SQLText.date(a.createdOn)
        closedOn = a.closedOn.map(SQLText.date)
        source = a.provenance.source
        externalId = a.provenance.externalId
    }

    func action(_ period: ReviewPeriod) throws -> ReviewAction {
        guard let actionStatus = ActionStatus(rawValue: status) else { throw StoreError.invalidStoredValue(column: "action.status", value: status) }
        let actionMetric = try metric.map { text in
            guard let m = ActionMetric(rawValue: text) else { throw StoreError.invalidStoredValue(column: "action.metric", value: text) }
            return m
        }
        return ReviewAction(
            id: id, period: period, text: text, tryId: tryId, due: try dueDate.map { try SQLText.localDate($0, column: "action.due_date") },
            status: actionStatus, dropNote: dropNote, metric: actionMetric, target: target,
            createdOn: try SQLText.localDate(createdOn, column: "action.created_on"),
            closedOn: try closedOn.map { try SQLText.localDate($0, column: "action.closed_on") },
            provenance: Provenance(source: source, externalId: externalId))
    }
}

/// A note or action row joined to its review: the record, and the period its review is of.
struct Periodic<Record: FetchableRecord>: FetchableRecord {
    var record: Record
    var period: ReviewPeriod

    init(row: Row) throws {
        record = try Record(row: row)
        period = try ReviewStore.period(
            kind: row.decode(forColumn: ReviewRow.CodingKeys.periodKind.rawValue),
            start: row.decode(forColumn: ReviewRow.CodingKeys.startDate.rawValue))
    }
}
