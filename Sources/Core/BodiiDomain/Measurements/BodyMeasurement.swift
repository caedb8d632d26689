import Foundation

/// One body measurement (issue 47): a circumference, a blood pressure reading or a resting heart
/// rate, in the stored unit of its kind (cm, mmHg, bpm).
public struct BodyMeasurement: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var date: LocalDate
    public var kind: MeasurementKind
    /// cm, bpm, or the systolic mmHg of a blood pressure reading.
    public var value: Double
    /// The diastolic mmHg of a blood pressure reading; nil for every other kind.
    public var diastolic: Double?
    public var recordedAt: Date
    public var provenance: Provenance

    public init(
        id: Int64? = nil, date: LocalDate, kind: MeasurementKind, value: Double, diastolic: Double? = nil,
        recordedAt: Date = Date(), provenance: Provenance = .bodii
    ) {
        self.id = id
        self.date = date
        self.kind = kind
        self.value = value
        self.diastolic = diastolic
        self.recordedAt = recordedAt
        self.provenance = provenance
    }

    /// The value in the user's units: "82.0 cm", "32.3 in", "120/80 mmHg", "58 bpm".
    public func text(_ units: UnitSystem) -> String {
        switch kind.quantity {
        case .circumference: UnitFormatter(units).circumference(value)
        case .pressure: "\(DecimalText.format(value))/\(DecimalText.format(diastolic ?? .nan)) mmHg"
        case .heartRate: "\(DecimalText.format(value)) bpm"
        }
    }

    /// Why the stored values cannot be this kind's (an import's or a document's); nil when they can.
    public var problem: String? {
        guard kind.validRange.contains(value) else {
            return "\(kind.name) \(DecimalText.format(value)) is out of range: allowed \(Validation.rangeText(kind))"
        }
        switch (kind, diastolic) {
        case (.bloodPressure, nil): return "blood pressure has no diastolic number"
        case (.bloodPressure, let low?):
            guard MeasurementKind.diastolicRange.contains(low) else {
                return "diastolic \(DecimalText.format(low)) is out of range: allowed 30–160 mmHg"
            }
            guard low < value else { return "diastolic \(DecimalText.format(low)) is not below systolic \(DecimalText.format(value))" }
            return nil
        case (_, nil): return nil
        case (_, .some): return "only blood pressure has a diastolic number"
        }
    }
}

/// Where measurements are kept.
public protocol MeasurementRepository {
    /// Inserts the measurement; returns it with its id.
    @discardableResult
    func addMeasurement(_ measurement: BodyMeasurement) throws -> BodyMeasurement
    /// Replaces the measurement with the same id.
    func updateMeasurement(_ measurement: BodyMeasurement) throws
    /// Deletes by id; returns what was deleted (for undo), nil if absent.
    @discardableResult
    func deleteMeasurement(id: Int64) throws -> BodyMeasurement?
    /// In date order; within a day, in the order recorded.
    func measurements(in range: DateRange) throws -> [BodyMeasurement]
    /// The latest measurement of each kind on or before `date`.
    func latestMeasurements(onOrBefore date: LocalDate) throws -> [MeasurementKind: BodyMeasurement]
}
