import BodiiDomain
import BodiiStore
import Foundation

/// One record kind of the document (issue 46): everything the export and `import bodii` know of
/// it, in one conformance — its list, its fields (the JSON object, the CSV's columns, the decoded
/// record), the import's checks, how a record of this database's own export is recognised, and
/// where the store reads and merges it. `BodiiExport.recordKinds` lists the conformances in the
/// document's order; the export, the CSV, the stream, the check and the writer walk that list.
protocol DocumentRecordKind {
    associatedtype Value
    /// The record as `import bodii` decodes it: properties named as the document spells its keys,
    /// every one optional (`DocumentFields` refuses a missing one with its place and name).
    associatedtype Record: Decodable

    /// The document's list ("fasts"), also the CSV's file name ("fasts.csv").
    static var listKey: String { get }
    /// The table the kind is stored in (for `BodiiExport.coverage`).
    static var table: String { get }
    /// One Bodii made itself is exported as "<ownPrefix>/<id>".
    static var ownPrefix: String { get }
    /// What `import bodii` counts it as, and names it in its summary (nil: said apart).
    static var countKind: MergeCounts.Kind { get }
    static var countLabel: String? { get }

    /// One record, its fields in the document's order: the JSON object, and the CSV row and header.
    static func json(_ value: Value) -> JSONValue
    /// Any record, for the header of a CSV with no rows.
    static var placeholder: Value { get }
    /// The value a decoded record stands for; throws for a field that is missing or of a wrong type.
    static func value(_ record: Record, _ f: DocumentFields) throws -> Value
    /// The import's checks beyond decoding (ranges, dates, names), with `check`'s rules.
    static func check(_ value: Value, _ check: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal)

    /// The records dated in `range`, in date then id order (the export pages through these).
    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [Value]
    static func date(_ value: Value) -> LocalDate
    static func id(_ value: Value) -> Int64?
    /// Where a record says where it came from; nil for a kind that has no source (a day's check-in).
    static var provenance: WritableKeyPath<Value, Provenance>? { get }
    /// Whether a database's own export read back into it is recognised by "<ownPrefix>/<id>",
    /// the date and `figure` (what tells a record from another of the same id and date).
    static var recognisesOwnExport: Bool { get }
    static func figure(_ value: Value) -> Double
    /// Writes the records not known here yet (by source and external id); counts what it did.
    static func merge(_ values: [Value], into r: SQLiteRepositories) throws -> MergeCounts
}

extension BodiiExport {
    /// The document's record kinds, one `DocumentRecordKind` each, in the document's order: a
    /// new kind is its file and a line here.
    static var recordKinds: [any DocumentRecordKind.Type] {
        [
            BodyExport.self, FoodExport.self, ExerciseExport.self, SleepExport.self, CheckInExport.self, ActivityExport.self,
            MeasurementExport.self,
            FastExport.self, MomentExport.self,
        ]
    }

    static func recordKind(_ key: String) -> (any DocumentRecordKind.Type)? { recordKinds.first { $0.listKey == key } }

    /// What `import bodii` reports for each of `recordKinds`, named by its list.
    package static var recordCounts: [(MergeCounts.Kind, String)] {
        recordKinds.compactMap { kind in kind.countLabel.map { (kind.countKind, $0) } }
    }
}

extension BodiiExport.Document {
    /// The records of `kind` this document holds.
    subscript<K: DocumentRecordKind>(kind: K.Type) -> [K.Value] {
        get { kindRecords[K.listKey] as? [K.Value] ?? [] }
        set { kindRecords[K.listKey] = newValue }
    }
}

extension DocumentRecordKind {
    static var countLabel: String? { listKey }
    static var recognisesOwnExport: Bool { true }

    /// The kind's list in the document.
    static func list(_ d: BodiiExport.Document) -> (String, JSONValue) { (listKey, .array(d[Self.self].map(json))) }

    static func load(_ d: inout BodiiExport.Document, from r: SQLiteRepositories, in range: DateRange) throws {
        d[Self.self] = try records(in: range, from: r)
    }

    static func addPlaceholder(_ d: inout BodiiExport.Document) { d[Self.self] = [placeholder] }

    static func emit(from r: SQLiteRepositories, in page: DateRange, _ emit: (JSONValue) throws -> Void) throws {
        for value in try records(in: page, from: r) { try emit(json(value)) }
    }

    /// Decodes a page of the kind's list into `d`; absent in an export from before the kind: none.
    static func read(_ part: DocumentPart, into d: inout BodiiExport.Document) throws {
        for (f, record) in try part.records(Record.self, listKey) { d[Self.self].append(try value(record, f)) }
    }

    /// Merges the document's records of this kind: those of this database's own export that are
    /// still here are counted as there already; two of one source and external id are told apart
    /// (`separateCollisions`, `seen` across pages); the rest go to `merge`.
    static func write(_ d: BodiiExport.Document, into r: SQLiteRepositories, seen: inout [Provenance: Int]) throws -> MergeCounts {
        let values = d[Self.self]
        var counts = MergeCounts()
        guard let provenance, !values.isEmpty else { return try merge(values, into: r) }
        var own = Set<String>()
        if recognisesOwnExport, let first = values.map(date).min(), let last = values.map(date).max() {
            for value in try records(in: DateRange(start: first, end: last), from: r) {
                guard value[keyPath: provenance] == .bodii, let id = id(value) else { continue }
                own.insert("\(ownPrefix)/\(id)|\(date(value).iso)|\(figure(value))")
            }
        }
        let fresh = values.filter { value in
            let p = value[keyPath: provenance]
            guard p.source == Provenance.bodii.source, let id = p.externalId, own.contains("\(id)|\(date(value).iso)|\(figure(value))")
            else { return true }
            counts.record(countKind, added: false)
            return false
        }
        counts.add(try merge(BodiiDocumentImport.separatingCollisions(fresh, provenance, seen: &seen), into: r))
        return counts
    }
}
