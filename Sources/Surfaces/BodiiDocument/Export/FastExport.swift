import BodiiDomain
import BodiiStore
import Foundation

/// Fasts (issue 47 item 2) in the document: the "fasts" list, one record each, dated by the day
/// it started, its instants in UTC as every record's are; `ended_at` is null while the fast is on.
enum FastExport: DocumentRecordKind {
    static let listKey = "fasts", table = "fast", ownPrefix = "fast"
    static let countKind = MergeCounts.Kind.fast

    /// One Bodii made itself is "fast/<id>".
    static func json(_ f: Fast) -> JSONValue {
        .object([
            ("date", .string(f.date.iso)), ("started_at", BodiiExport.timestamp(f.startedAt)),
            ("ended_at", f.endedAt.map(BodiiExport.timestamp) ?? .null), ("goal_hours", .number(f.goalHours)),
            ("source", .string(f.provenance.source)), ("external_id", BodiiExport.externalId(f.provenance, ownPrefix, f.id)),
        ])
    }

    static let placeholder = Fast(date: Validation.earliestDate, startedAt: Date(timeIntervalSince1970: 0), goalHours: 16)

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, started_at: String?, ended_at: String?, goal_hours: Double?, source: String?, external_id: String?
    }

    static func value(_ x: Record, _ f: DocumentFields) throws -> Fast {
        Fast(
            date: try f.date(x.date, "date"), startedAt: try f.instant(x.started_at, "started_at"),
            endedAt: try x.ended_at.map { try f.instant($0, "ended_at") }, goalHours: try f.number(x.goal_hours, "goal_hours"),
            provenance: try f.provenance(x))
    }

    static func check(_ f: Fast, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(f.date, "date")
        try c.instant(f.startedAt, "started_at")
        if let end = f.endedAt {
            try c.instant(end, "ended_at")
            if end < f.startedAt {
                throw c.refuse(
                    "ended_at", BodiiDocumentCheck.shown(timestamp: end),
                    "started_at (\(BodiiDocumentCheck.shown(timestamp: f.startedAt))) or later", .outOfRange)
            }
        }
        try c.number(f.goalHours, "goal_hours", FastingGoal.storedHoursRange, "h")
        try c.provenance(f.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [Fast] { try r.fasts(in: range) }
    static func date(_ f: Fast) -> LocalDate { f.date }
    static func id(_ f: Fast) -> Int64? { f.id }
    static var provenance: WritableKeyPath<Fast, Provenance>? { \.provenance }

    /// When it started, to the millisecond the store keeps (its end may have come since it was exported).
    static func figure(_ f: Fast) -> Double { (f.startedAt.timeIntervalSince1970 * 1000).rounded() }

    static func merge(_ fasts: [Fast], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.fasts = fasts
        return try r.merge(batch)
    }
}
