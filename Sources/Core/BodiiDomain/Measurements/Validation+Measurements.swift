import Foundation

extension Validation {
    /// A measurement of `kind` as typed: a circumference in the unit system's unit unless it says
    /// its own ("82", "82 cm", "32.5 in"), a heart rate in bpm ("58", "58 bpm"). Blood pressure is
    /// `bloodPressure`. Returns the stored value (cm, bpm).
    public static func measurement(
        _ kind: MeasurementKind, _ text: String, unitSystem: UnitSystem = .metric
    ) throws(ValidationError) -> Double {
        let allowed = rangeText(kind, unitSystem)
        let field = kind.name
        try checkLength(text, field: field, allowed: allowed)
        let value: Double
        switch kind.quantity {
        case .circumference:
            do {
                value = try UnitParser.lengthCm(text, defaultSystem: unitSystem)
            } catch {
                throw ValidationError(field: field, value: text, allowed: allowed, problem: problem(for: error))
            }
        case .heartRate, .pressure:
            var t = text.trimmingCharacters(in: .whitespaces).lowercased()
            for unit in ["bpm", "mmhg"] where t.hasSuffix(unit) { t = String(t.dropLast(unit.count)) }
            value = try number(t, original: text, field: field, range: -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude, allowed: allowed)
        }
        guard kind.validRange.contains(value) else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return value
    }

    /// Blood pressure as "120/80" (optionally "120/80 mmHg"): systolic 60–260, diastolic 30–160
    /// and below the systolic.
    public static func bloodPressure(_ text: String, field: String = "blood pressure") throws(ValidationError) -> (systolic: Double, diastolic: Double) {
        let allowed = "systolic/diastolic, e.g. 120/80: " + rangeText(.bloodPressure, .metric)
        try checkLength(text, field: field, allowed: allowed)
        var t = text.trimmingCharacters(in: .whitespaces).lowercased()
        if t.hasSuffix("mmhg") { t = String(t.dropLast(4)) }
        let parts = t.split(separator: "/", omittingEmptySubsequences: false)
        guard !t.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty)
        }
        guard parts.count == 2 else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .invalidFormat) }
        let high = try number(String(parts[0]), original: text, field: field, range: MeasurementKind.bloodPressure.validRange, allowed: allowed)
        let low = try number(String(parts[1]), original: text, field: field, range: MeasurementKind.diastolicRange, allowed: allowed)
        guard low < high else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange) }
        return (high, low)
    }

    /// A kind's range in the user's units: "40–250 cm", "15.8–98.4 in", "25–220 bpm",
    /// "60–260 over 30–160 mmHg, diastolic below systolic".
    public static func rangeText(_ kind: MeasurementKind, _ unitSystem: UnitSystem = .metric) -> String {
        let r = kind.validRange
        switch kind.quantity {
        case .circumference where unitSystem == .imperial:
            // Rounded inwards to 0.1 in, so both ends the message names are accepted.
            let lo = (Units.cmToInches(r.lowerBound) * 10).rounded(.up) / 10
            let hi = (Units.cmToInches(r.upperBound) * 10).rounded(.down) / 10
            return "\(DecimalText.format(lo))–\(DecimalText.format(hi)) in"
        case .pressure:
            let d = MeasurementKind.diastolicRange
            return "\(DecimalText.format(r.lowerBound))–\(DecimalText.format(r.upperBound)) over "
                + "\(DecimalText.format(d.lowerBound))–\(DecimalText.format(d.upperBound)) mmHg, diastolic below systolic"
        default:
            return "\(DecimalText.format(r.lowerBound))–\(DecimalText.format(r.upperBound)) \(kind.storedUnit)"
        }
    }
}
