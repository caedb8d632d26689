import BodiiDomain
import Foundation

/// Body measurements (issue 47) in the document: the "measurements" list, one record each, in
/// the stored unit of its kind (cm, mmHg, bpm), as `body` and `sleep` records are written.
enum MeasurementExport {
    /// `diastolic` is null but for blood pressure; one Bodii made itself is "measurement/<id>".
    static func json(_ m: BodyMeasurement) -> JSONValue {
        .object([
            ("date", .string(m.date.iso)), ("kind", .string(m.kind.rawValue)), ("value", .number(m.value)),
            ("diastolic", BodiiExport.num(m.diastolic)), ("recorded_at", BodiiExport.timestamp(m.recordedAt)),
            ("source", .string(m.provenance.source)),
            ("external_id", BodiiExport.externalId(m.provenance, "measurement", m.id)),
        ])
    }

    /// The kinds a document may name, for the refusal of one it may not.
    static var allowedKinds: String { MeasurementKind.allCases.map(\.rawValue).joined(separator: ", ") }
}
