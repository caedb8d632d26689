import BodiiDomain
import BodiiStore
import Foundation

/// Daily check-ins (mood, energy, a note) in the document: the "check_ins" list, a day a record,
/// with no source: a day's check-in is the day's, and the document's replaces it.
enum CheckInExport: DocumentRecordKind {
    static let listKey = "check_ins", table = "check_in", ownPrefix = "check_in"
    static let countKind = MergeCounts.Kind.checkIn
    static let recognisesOwnExport = false
    /// Said apart: "check-ins N written".
    static let countLabel: String? = nil

    static func json(_ c: CheckIn) -> JSONValue {
        .object([("date", .string(c.date.iso)), ("mood", .int(c.mood)), ("energy", .int(c.energy)), ("note", BodiiExport.str(c.note))])
    }

    static let placeholder = CheckIn(date: Validation.earliestDate)

    struct Record: Decodable {
        var date: String?, mood: Double?, energy: Double?, note: String?
    }

    static func value(_ c: Record, _ f: DocumentFields) throws -> CheckIn {
        CheckIn(date: try f.date(c.date, "date"), mood: try f.whole(c.mood, "mood"), energy: try f.whole(c.energy, "energy"), note: c.note)
    }

    static func check(_ c: CheckIn, _ check: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try check.day(c.date, "date")
        try check.whole(c.mood, "mood", Validation.ratingRange, nil)
        try check.whole(c.energy, "energy", Validation.ratingRange, nil)
        if let note = c.note { try check.text(note, "note", DailyCheckIn.noteLength) }
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [CheckIn] { try r.checkIns(in: range) }
    static func date(_ c: CheckIn) -> LocalDate { c.date }
    static func id(_ c: CheckIn) -> Int64? { nil }
    static var provenance: WritableKeyPath<CheckIn, Provenance>? { nil }
    static func figure(_ c: CheckIn) -> Double { 0 }

    static func merge(_ checkIns: [CheckIn], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.checkIns = checkIns
        return try r.merge(batch)
    }
}
