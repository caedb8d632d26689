import BodiiDomain
import BodiiStore
import Foundation

/// Logged foods in the document: the "food" list, one entry each, with what it copied when it
/// was logged (the fields a saved meal's item shares: `BodiiExport.entry`, `FoodEntryRecord`,
/// `DocumentFields.entry`, `BodiiDocumentCheck.entry`), its other nutrients last.
enum FoodExport: DocumentRecordKind {
    static let listKey = "food", table = "food_record", ownPrefix = "food"
    static let countKind = MergeCounts.Kind.food
    static let countLabel: String? = "foods"

    /// One Bodii made itself is "food/<id>".
    static func json(_ f: FoodRecord) -> JSONValue {
        .object(
            [("date", .string(f.date.iso)), ("meal", .string(f.meal.rawValue))] + BodiiExport.entry(f) + [
                ("logged_at", BodiiExport.timestamp(f.loggedAt)),
                ("source", .string(f.provenance.source)), ("external_id", BodiiExport.externalId(f.provenance, ownPrefix, f.id)),
            ] + BodiiExport.laterNutrients(f))
    }

    static let placeholder = FoodRecord(
        date: Validation.earliestDate, meal: .lunch, foodId: FoodID("x"), foodName: "x", grams: 1, kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)

    typealias Record = FoodEntryRecord

    static func value(_ e: FoodEntryRecord, _ f: DocumentFields) throws -> FoodRecord {
        try f.entry(
            e, date: try f.date(e.date, "date"), meal: try f.value(e.meal, "meal"), loggedAt: try f.instant(e.logged_at, "logged_at"),
            provenance: try f.provenance(e))
    }

    static func check(_ f: FoodRecord, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(f.date, "date")
        try c.entry(f, prefix: "")
        try c.instant(f.loggedAt, "logged_at")
        try c.provenance(f.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [FoodRecord] { try r.foodRecords(in: range) }
    static func date(_ f: FoodRecord) -> LocalDate { f.date }
    static func id(_ f: FoodRecord) -> Int64? { f.id }
    static var provenance: WritableKeyPath<FoodRecord, Provenance>? { \.provenance }
    static func figure(_ f: FoodRecord) -> Double { f.kcal }

    static func merge(_ entries: [FoodRecord], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.food = entries
        return try r.merge(batch)
    }
}

extension BodiiExport.Document {
    /// The logged foods (tests build documents with them).
    package var food: [FoodRecord] {
        get { self[FoodExport.self] }
        set { self[FoodExport.self] = newValue }
    }
}
