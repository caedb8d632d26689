import BodiiDomain
import BodiiStore
import Foundation

/// Weigh-ins in the document: the "body" list, one record each with the BMR and TDEE worked out
/// for it (null for one without a snapshot: imported before any profile existed).
enum BodyExport: DocumentRecordKind {
    /// A body record with its metabolism snapshot, as the document has them in one record.
    struct Weighing {
        var record: BodyRecord
        var snapshot: MetabolismSnapshot?
    }

    static let listKey = "body", table = "body_record", ownPrefix = "body"
    static let countKind = MergeCounts.Kind.body
    static let countLabel: String? = "weigh-ins"

    /// One Bodii made itself is "body/<id>".
    static func json(_ w: Weighing) -> JSONValue {
        let b = w.record, s = w.snapshot
        return .object([
            ("date", .string(b.date.iso)), ("weight_kg", BodiiExport.num(b.weightKg)),
            ("body_fat_percent", BodiiExport.num(b.bodyFatPercent)),
            ("muscle_mass_kg", BodiiExport.num(b.muscleMassKg)), ("recorded_at", BodiiExport.timestamp(b.recordedAt)),
            ("bmr", BodiiExport.num(s?.bmr)), ("tdee", BodiiExport.num(s?.tdee)), ("formula", BodiiExport.str(s?.formula.rawValue)),
            ("activity_level", BodiiExport.str(s?.activityLevel.rawValue)),
            ("source", .string(b.provenance.source)), ("external_id", BodiiExport.externalId(b.provenance, ownPrefix, b.id)),
        ])
    }

    static let placeholder = Weighing(record: BodyRecord(date: Validation.earliestDate, weightKg: 1), snapshot: nil)

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, weight_kg: Double?, body_fat_percent: Double?, muscle_mass_kg: Double?, recorded_at: String?
        var bmr: Double?, tdee: Double?, formula: String?, activity_level: String?, source: String?, external_id: String?
    }

    static func value(_ b: Record, _ f: DocumentFields) throws -> Weighing {
        let record = BodyRecord(
            date: try f.date(b.date, "date"), weightKg: b.weight_kg, bodyFatPercent: b.body_fat_percent,
            muscleMassKg: b.muscle_mass_kg, recordedAt: try f.instant(b.recorded_at, "recorded_at"), provenance: try f.provenance(b))
        guard let bmr = b.bmr else { return Weighing(record: record) }
        let snapshot = MetabolismSnapshot(
            date: record.date, bmr: bmr, tdee: try f.number(b.tdee, "tdee"), formula: try f.value(b.formula, "formula"),
            activityLevel: try f.value(b.activity_level, "activity_level"))
        return Weighing(record: record, snapshot: snapshot)
    }

    static func check(_ w: Weighing, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        let b = w.record
        try c.day(b.date, "date")
        // A weight may be null only for a reading of body fat or muscle mass alone (an imported scale's).
        guard b.weightKg != nil || b.bodyFatPercent != nil || b.muscleMassKg != nil else {
            throw c.refuse("weight_kg", "null", "a weight, unless body_fat_percent or muscle_mass_kg is given", .empty)
        }
        try c.number(b.weightKg, "weight_kg", Validation.weightRangeKg, "kg")
        try c.number(b.bodyFatPercent, "body_fat_percent", Validation.bodyFatRangePercent, "%")
        if let muscle = b.muscleMassKg {
            // Without a weight that day, the heaviest weight allowed bounds it instead.
            let limit = b.weightKg ?? Validation.weightRangeKg.upperBound
            if !(muscle > 0 && muscle < limit) {
                let of = b.weightKg == nil ? "the heaviest weight" : "the weight"
                throw c.refuse(
                    "muscle_mass_kg", BodiiDocumentCheck.shown(muscle),
                    "more than 0 and less than \(of) (\(BodiiDocumentCheck.shown(limit)) kg)", .outOfRange)
            }
        }
        try c.instant(b.recordedAt, "recorded_at")
        if let s = w.snapshot {
            try c.number(s.bmr, "bmr", StoredRanges.bmrRange, "kcal")
            try c.number(s.tdee, "tdee", StoredRanges.tdeeRange, "kcal")
        }
        try c.provenance(b.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [Weighing] {
        let snapshots = Dictionary(
            try r.metabolismSnapshots(in: range).compactMap { s in s.bodyRecordId.map { ($0, s) } },
            uniquingKeysWith: { _, last in last })
        return try r.bodyRecords(in: range).map { Weighing(record: $0, snapshot: $0.id.flatMap { snapshots[$0] }) }
    }
    static func date(_ w: Weighing) -> LocalDate { w.record.date }
    static func id(_ w: Weighing) -> Int64? { w.record.id }
    static var provenance: WritableKeyPath<Weighing, Provenance>? { \.record.provenance }

    /// Its weight, or for a body-fat-only reading its body fat (then its muscle mass).
    static func figure(_ w: Weighing) -> Double { w.record.weightKg ?? w.record.bodyFatPercent ?? w.record.muscleMassKg ?? 0 }

    /// One without a snapshot stays without (`addMissingSnapshots` gives it one when a profile is set).
    static func merge(_ weighings: [Weighing], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        for w in weighings {
            if let snapshot = w.snapshot { batch.body.append((w.record, snapshot)) } else { batch.bareBody.append(w.record) }
        }
        return try r.merge(batch)
    }
}
