import BodiiDomain
import BodiiStore
import Foundation

/// Nights in the document: the "sleep" list, one record a night, dated by the day it ended on;
/// bed and wake times are the document's "HH:MM" (the store keeps minutes after midnight).
enum SleepExport: DocumentRecordKind {
    static let listKey = "sleep", table = "sleep_record", ownPrefix = "sleep"
    static let countKind = MergeCounts.Kind.sleep
    static let countLabel: String? = "nights"

    /// One Bodii made itself is "sleep/<id>".
    static func json(_ s: SleepRecord) -> JSONValue {
        .object([
            ("date", .string(s.date.iso)), ("bedtime", BodiiExport.str(s.bedtime?.description)),
            ("wake_time", BodiiExport.str(s.wakeTime?.description)), ("minutes", .int(s.minutes)), ("quality", .int(s.quality)),
            ("status", .string(s.status.rawValue)),
            ("source", .string(s.provenance.source)), ("external_id", BodiiExport.externalId(s.provenance, ownPrefix, s.id)),
        ])
    }

    static let placeholder = SleepRecord(date: Validation.earliestDate, minutes: 1, status: .good)

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, bedtime: String?, wake_time: String?, minutes: Double?, quality: Double?, status: String?
        var source: String?, external_id: String?
    }

    static func value(_ s: Record, _ f: DocumentFields) throws -> SleepRecord {
        guard let minutes = try f.whole(s.minutes, "minutes") else { throw f.fail("\"minutes\" is missing") }
        return SleepRecord(
            date: try f.date(s.date, "date"), bedtime: try f.clock(s.bedtime, "bedtime"), wakeTime: try f.clock(s.wake_time, "wake_time"),
            minutes: minutes, quality: try f.whole(s.quality, "quality"), status: try f.value(s.status, "status"),
            provenance: try f.provenance(s))
    }

    /// A watch's night may be 0 minutes: the store's range, not a form's.
    static func check(_ s: SleepRecord, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(s.date, "date")
        try c.whole(s.minutes, "minutes", 0...Validation.minutesRange.upperBound, "min")
        try c.whole(s.quality, "quality", Validation.ratingRange, nil)
        try c.provenance(s.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [SleepRecord] { try r.sleepRecords(in: range) }
    static func date(_ s: SleepRecord) -> LocalDate { s.date }
    static func id(_ s: SleepRecord) -> Int64? { s.id }
    static var provenance: WritableKeyPath<SleepRecord, Provenance>? { \.provenance }
    static func figure(_ s: SleepRecord) -> Double { Double(s.minutes) }

    static func merge(_ nights: [SleepRecord], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.sleep = nights
        return try r.merge(batch)
    }
}
