import Foundation

/// The fields of a measurement as typed (the Body tab's form, `bodii log measure|bp|rhr`).
public enum MeasurementField: String, Sendable, CaseIterable { case kind, value, date }

/// A measurement as typed: its kind, the value ("82cm", "120/80", "58") and the day (empty: today).
public struct MeasurementInput: Sendable {
    public var kind: String
    public var value: String
    public var date: String

    public init(kind: String, value: String, date: String = "") {
        self.kind = kind
        self.value = value
        self.date = date
    }
}

/// Validates a typed measurement into one to save: the one rule for the form and the CLI.
public enum MeasurementLogging {
    public static func validate(
        _ input: MeasurementInput, unitSystem: UnitSystem, today: LocalDate, now: Date
    ) -> Result<BodyMeasurement, FieldErrors<MeasurementField>> {
        var errors = FieldErrors<MeasurementField>()
        let kind = MeasurementKind(argument: input.kind)
        if kind == nil {
            errors.add(
                .kind,
                ValidationError(
                    field: "measurement", value: input.kind, allowed: MeasurementKind.allCases.map(\.argument).joined(separator: ", "),
                    problem: input.kind.trimmingCharacters(in: .whitespaces).isEmpty ? .empty : .unknown))
        }
        var value: Double?
        var diastolic: Double?
        if let kind {
            if kind == .bloodPressure {
                let bp = errors.capture(.value) { () throws(ValidationError) in try Validation.bloodPressure(input.value) }
                value = bp?.systolic
                diastolic = bp?.diastolic
            } else {
                value = errors.capture(.value) { () throws(ValidationError) in try Validation.measurement(kind, input.value, unitSystem: unitSystem) }
            }
        }
        let date = errors.capture(.date, ifPresent: input.date) { () throws(ValidationError) in try Validation.date(input.date, today: today) } ?? today
        guard errors.isEmpty, let kind, let value else { return .failure(errors) }
        return .success(BodyMeasurement(date: date, kind: kind, value: value, diastolic: diastolic, recordedAt: now))
    }
}
