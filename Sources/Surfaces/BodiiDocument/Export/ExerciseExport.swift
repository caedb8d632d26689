import BodiiDomain
import BodiiStore
import Foundation

/// Workouts in the document: the "exercise" list, one record each, with the MET and energy
/// they were logged with.
enum ExerciseExport: DocumentRecordKind {
    static let listKey = "exercise", table = "exercise_record", ownPrefix = "exercise"
    static let countKind = MergeCounts.Kind.exercise
    static let countLabel: String? = "workouts"

    /// One Bodii made itself is "exercise/<id>".
    static func json(_ e: ExerciseRecord) -> JSONValue {
        .object([
            ("date", .string(e.date.iso)), ("activity", .string(e.activity)), ("minutes", .int(e.minutes)),
            ("intensity", .string(e.intensity.rawValue)), ("met", .number(e.met)), ("kcal", .number(e.kcal)),
            ("logged_at", BodiiExport.timestamp(e.loggedAt)),
            ("source", .string(e.provenance.source)), ("external_id", BodiiExport.externalId(e.provenance, ownPrefix, e.id)),
        ])
    }

    static let placeholder = ExerciseRecord(date: Validation.earliestDate, activity: "x", minutes: 1, intensity: .low, met: 1, kcal: 0)

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, activity: String?, minutes: Double?, intensity: String?, met: Double?, kcal: Double?
        var logged_at: String?, source: String?, external_id: String?
    }

    static func value(_ e: Record, _ f: DocumentFields) throws -> ExerciseRecord {
        guard let minutes = try f.whole(e.minutes, "minutes") else { throw f.fail("\"minutes\" is missing") }
        return ExerciseRecord(
            date: try f.date(e.date, "date"), activity: try f.text(e.activity, "activity"), minutes: minutes,
            intensity: try f.value(e.intensity, "intensity"), met: try f.number(e.met, "met"),
            kcal: try f.number(e.kcal, "kcal"), loggedAt: try f.instant(e.logged_at, "logged_at"), provenance: try f.provenance(e))
    }

    static func check(_ e: ExerciseRecord, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(e.date, "date")
        try c.name(e.activity, "activity", StoredRanges.activityNameLength)
        try c.whole(e.minutes, "minutes", Validation.minutesRange, "min")
        try c.number(e.met, "met", StoredRanges.metRange, nil)
        try c.number(e.kcal, "kcal", StoredRanges.exerciseKcal(minutes: e.minutes), "kcal for \(e.minutes) min")
        try c.instant(e.loggedAt, "logged_at")
        try c.provenance(e.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [ExerciseRecord] { try r.exerciseRecords(in: range) }
    static func date(_ e: ExerciseRecord) -> LocalDate { e.date }
    static func id(_ e: ExerciseRecord) -> Int64? { e.id }
    static var provenance: WritableKeyPath<ExerciseRecord, Provenance>? { \.provenance }
    static func figure(_ e: ExerciseRecord) -> Double { Double(e.minutes) }

    static func merge(_ workouts: [ExerciseRecord], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.exercise = workouts
        return try r.merge(batch)
    }
}
