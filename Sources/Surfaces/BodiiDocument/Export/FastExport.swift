import BodiiDomain
import Foundation

/// Fasts (issue 47 item 2) in the document: the "fasts" list, one record each, dated by the day
/// it started, its instants in UTC as every record's are.
enum FastExport {
    /// `ended_at` is null while the fast is on; one Bodii made itself is "fast/<id>".
    static func json(_ f: Fast) -> JSONValue {
        .object([
            ("date", .string(f.date.iso)), ("started_at", BodiiExport.timestamp(f.startedAt)),
            ("ended_at", f.endedAt.map(BodiiExport.timestamp) ?? .null), ("goal_hours", .number(f.goalHours)),
            ("source", .string(f.provenance.source)), ("external_id", BodiiExport.externalId(f.provenance, "fast", f.id)),
        ])
    }

    /// The goals the `fast` table keeps (a form's are 1–72 hours).
    static let goalHoursRange: ClosedRange<Double> = 1...168
}
