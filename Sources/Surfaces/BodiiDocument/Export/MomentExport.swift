import BodiiDomain
import BodiiStore
import Foundation

/// Moments (issue 47 item 3) in the document: the "moments" list, one record each, dated by its
/// day, its time in UTC as every record's is; `tags` a list (in the CSV, its JSON text, as a
/// food's servings are), `feeling` null when none was said.
enum MomentExport: DocumentRecordKind {
    static let listKey = "moments", table = "moment", ownPrefix = "moment"
    static let countKind = MergeCounts.Kind.moment

    /// One Bodii made itself is "moment/<id>".
    static func json(_ m: Moment) -> JSONValue {
        .object([
            ("date", .string(m.date.iso)), ("at", BodiiExport.timestamp(m.at)), ("text", .string(m.text)),
            ("tags", .array(m.tags.map(JSONValue.string))), ("feeling", .int(m.feeling)),
            ("source", .string(m.provenance.source)), ("external_id", BodiiExport.externalId(m.provenance, ownPrefix, m.id)),
        ])
    }

    static let placeholder = Moment(date: Validation.earliestDate, at: Date(timeIntervalSince1970: 0), text: "x")

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, at: String?, text: String?, tags: [String]?, feeling: Double?, source: String?, external_id: String?
    }

    static func value(_ m: Record, _ f: DocumentFields) throws -> Moment {
        Moment(
            date: try f.date(m.date, "date"), at: try f.instant(m.at, "at"), text: try f.text(m.text, "text"), tags: m.tags ?? [],
            feeling: try f.whole(m.feeling, "feeling"), provenance: try f.provenance(m))
    }

    static func check(_ m: Moment, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(m.date, "date")
        try c.instant(m.at, "at")
        // Words, tags and feeling as `bodii moment` takes them (the domain's one rule).
        if let problem = m.problem { throw BodiiDocumentImport.Refusal(message: "\(c.place): \(problem)") }
        try c.provenance(m.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [Moment] { try r.moments(in: range) }
    static func date(_ m: Moment) -> LocalDate { m.date }
    static func id(_ m: Moment) -> Int64? { m.id }
    static var provenance: WritableKeyPath<Moment, Provenance>? { \.provenance }

    /// When it happened, to the millisecond the store keeps.
    static func figure(_ m: Moment) -> Double { (m.at.timeIntervalSince1970 * 1000).rounded() }

    static func merge(_ moments: [Moment], into r: SQLiteRepositories) throws -> MergeCounts {
        let (added, there) = try r.merge(moments, into: .moments)
        var counts = MergeCounts()
        counts.added[countKind] = added
        counts.alreadyThere[countKind] = there
        return counts
    }
}
