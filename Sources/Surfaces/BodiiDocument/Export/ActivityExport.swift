import BodiiDomain
import BodiiStore
import Foundation

/// Daily activity (steps, active energy) in the document: the "activity" list, a day a record.
/// A day the source gave before is updated when its figures changed (a newer export completes
/// the day the older one ended on), so no own record is told apart by a figure.
enum ActivityExport: DocumentRecordKind {
    static let listKey = "activity", table = "activity_snapshot", ownPrefix = "activity"
    static let countKind = MergeCounts.Kind.activity
    static let recognisesOwnExport = false
    static let countLabel: String? = "activity days"

    static func json(_ a: ActivitySnapshot) -> JSONValue {
        .object([
            ("date", .string(a.date.iso)), ("steps", .int(a.steps)), ("active_kcal", BodiiExport.num(a.activeKcal)),
            ("source", .string(a.provenance.source)), ("external_id", BodiiExport.externalId(a.provenance, ownPrefix, a.id)),
        ])
    }

    static let placeholder = ActivitySnapshot(date: Validation.earliestDate, steps: nil, activeKcal: nil)

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, steps: Double?, active_kcal: Double?, source: String?, external_id: String?
    }

    static func value(_ a: Record, _ f: DocumentFields) throws -> ActivitySnapshot {
        ActivitySnapshot(
            date: try f.date(a.date, "date"), steps: try f.whole(a.steps, "steps"), activeKcal: a.active_kcal,
            provenance: try f.provenance(a))
    }

    static func check(_ a: ActivitySnapshot, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(a.date, "date")
        try c.whole(a.steps, "steps", StoredRanges.stepsRange, nil)
        try c.number(a.activeKcal, "active_kcal", StoredRanges.activeKcalRange, "kcal")
        try c.provenance(a.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [ActivitySnapshot] {
        try r.activitySnapshots(in: range)
    }
    static func date(_ a: ActivitySnapshot) -> LocalDate { a.date }
    static func id(_ a: ActivitySnapshot) -> Int64? { a.id }
    static var provenance: WritableKeyPath<ActivitySnapshot, Provenance>? { \.provenance }
    static func figure(_ a: ActivitySnapshot) -> Double { Double(a.steps ?? 0) }

    static func merge(_ days: [ActivitySnapshot], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.activity = days
        return try r.merge(batch)
    }
}
