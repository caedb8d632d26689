import BodiiDomain
import BodiiStore
import Foundation

/// Body measurements (issue 47) in the document: the "measurements" list, one record each, in
/// the stored unit of its kind (cm, mmHg, bpm), as `body` and `sleep` records are written;
/// `diastolic` is null but for blood pressure.
enum MeasurementExport: DocumentRecordKind {
    static let listKey = "measurements", table = "body_measurement", ownPrefix = "measurement"
    static let countKind = MergeCounts.Kind.measurement

    /// One Bodii made itself is "measurement/<id>".
    static func json(_ m: BodyMeasurement) -> JSONValue {
        .object([
            ("date", .string(m.date.iso)), ("kind", .string(m.kind.rawValue)), ("value", .number(m.value)),
            ("diastolic", BodiiExport.num(m.diastolic)), ("recorded_at", BodiiExport.timestamp(m.recordedAt)),
            ("source", .string(m.provenance.source)),
            ("external_id", BodiiExport.externalId(m.provenance, ownPrefix, m.id)),
        ])
    }

    static let placeholder = BodyMeasurement(
        date: Validation.earliestDate, kind: .waist, value: 80, recordedAt: Date(timeIntervalSince1970: 0))

    struct Record: Decodable, ProvenancedRecord {
        var date: String?, kind: String?, value: Double?, diastolic: Double?, recorded_at: String?
        var source: String?, external_id: String?
    }

    static func value(_ m: Record, _ f: DocumentFields) throws -> BodyMeasurement {
        let name = try f.text(m.kind, "kind")
        guard let kind = MeasurementKind(rawValue: name) else {
            let allowed = MeasurementKind.allCases.map(\.rawValue).joined(separator: ", ")
            throw f.fail(ValidationError(field: "kind", value: name, allowed: allowed, problem: .unknown).message)
        }
        return BodyMeasurement(
            date: try f.date(m.date, "date"), kind: kind, value: try f.number(m.value, "value"), diastolic: m.diastolic,
            recordedAt: try f.instant(m.recorded_at, "recorded_at"), provenance: try f.provenance(m))
    }

    static func check(_ m: BodyMeasurement, _ c: BodiiDocumentCheck) throws(BodiiDocumentImport.Refusal) {
        try c.day(m.date, "date")
        try c.number(m.value, "value", m.kind.validRange, m.kind.storedUnit)
        if m.kind == .bloodPressure { try c.number(m.diastolic, "diastolic", MeasurementKind.diastolicRange, "mmHg") }
        // What is left: a blood pressure without its second number, one not below the first, or one on another kind.
        if let problem = m.problem { throw BodiiDocumentImport.Refusal(message: "\(c.place): \(problem)") }
        try c.instant(m.recordedAt, "recorded_at")
        try c.provenance(m.provenance)
    }

    static func records(in range: DateRange, from r: SQLiteRepositories) throws -> [BodyMeasurement] { try r.measurements(in: range) }
    static func date(_ m: BodyMeasurement) -> LocalDate { m.date }
    static func id(_ m: BodyMeasurement) -> Int64? { m.id }
    static var provenance: WritableKeyPath<BodyMeasurement, Provenance>? { \.provenance }
    static func figure(_ m: BodyMeasurement) -> Double { m.value }

    static func merge(_ measurements: [BodyMeasurement], into r: SQLiteRepositories) throws -> MergeCounts {
        var batch = HistoryBatch()
        batch.measurements = measurements
        return try r.merge(batch)
    }
}
