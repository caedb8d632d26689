import BodiiDomain
import Foundation

/// The body measurements of an Apple Health export (issue 47) as they stream past: waist
/// circumference, resting heart rate, and blood pressure — a `HKCorrelationTypeIdentifierBloodPressure`
/// holding a systolic and a diastolic record. Each is kept once, whatever the number of sources
/// that wrote it, under an id made from its start as written and its figures (as weigh-ins are).
struct AppleHealthMeasurements {
    /// By external id ("waist/<startDate>/<cm>", "blood_pressure/<startDate>/<systolic>/<diastolic>").
    private var kept: [String: BodyMeasurement] = [:]
    /// Inside a blood pressure Correlation: its records are its numbers, not records of their own.
    private var inPressure = false
    /// The reading of that Correlation; nil when its day is not this pass's (or it has no date).
    private var pressure: OpenPressure?

    struct OpenPressure {
        let time: HealthTimestamp
        let stamp: String
        var systolic: Double?
        var diastolic: Double?
        var unreadable = false
    }

    /// The kind a plain record of `type` is (blood pressure comes as a Correlation); nil for another.
    static func kind(of type: UnsafeBufferPointer<UInt8>) -> MeasurementKind? {
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierWaistCircumference") { return .waist }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierRestingHeartRate") { return .restingHeartRate }
        return nil
    }

    /// Whether a record of `type` is a number of a blood pressure reading: true for the systolic,
    /// false for the diastolic, nil for neither.
    static func isSystolic(_ type: UnsafeBufferPointer<UInt8>) -> Bool? {
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierBloodPressureSystolic") { return true }
        if XMLBytes.equals(type, "HKQuantityTypeIdentifierBloodPressureDiastolic") { return false }
        return nil
    }

    /// Stored units (cm, bpm, mmHg) per unit written; nil for a unit that is not this kind's.
    static func factor(_ kind: MeasurementKind, _ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        guard let unit else { return 1 }
        switch kind.quantity {
        case .circumference:
            if XMLBytes.equals(unit, "cm") { return 1 }
            if XMLBytes.equals(unit, "m") { return 100 }
            if XMLBytes.equals(unit, "mm") { return 0.1 }
            if XMLBytes.equals(unit, "in") { return 2.54 }
            if XMLBytes.equals(unit, "ft") { return 30.48 }
        case .heartRate:
            if XMLBytes.equals(unit, "count/min") { return 1 }
            if XMLBytes.equals(unit, "count/s") { return 60 }
        case .pressure:
            if XMLBytes.equals(unit, "mmHg") { return 1 }
        }
        return nil
    }

    /// Why a measurement cannot be kept (the domain's `problem`), said without its figures so
    /// that the summary counts alike records together; nil when it can.
    static func skipReason(_ m: BodyMeasurement) -> String? {
        guard m.problem != nil else { return nil }
        func range(_ r: ClosedRange<Double>) -> String {
            "\(DecimalText.format(r.lowerBound))–\(DecimalText.format(r.upperBound)) \(m.kind.storedUnit)"
        }
        guard m.kind.validRange.contains(m.value) else {
            return "\(m.kind == .bloodPressure ? "systolic" : m.kind.name) out of range (\(range(m.kind.validRange)))"
        }
        guard let low = m.diastolic else { return "a blood pressure reading without its diastolic number" }
        guard MeasurementKind.diastolicRange.contains(low) else {
            return "diastolic out of range (\(range(MeasurementKind.diastolicRange)))"
        }
        return "diastolic not below systolic"
    }

    /// Keeps `m` under the id its start (as written) and figures make; false when a source gave it already.
    private mutating func add(_ m: BodyMeasurement, stamp: String) -> Bool {
        var id = "\(m.kind.rawValue)/\(stamp)/\(DecimalText.format(m.value, decimals: 2))"
        if let low = m.diastolic { id += "/\(DecimalText.format(low, decimals: 2))" }
        guard kept[id] == nil else { return false }
        var measurement = m
        measurement.provenance = Provenance(source: AppleHealthData.source, externalId: id)
        kept[id] = measurement
        return true
    }

    /// What was kept, in time order.
    var measurements: [BodyMeasurement] {
        kept.values.sorted { ($0.recordedAt, $0.provenance.externalId ?? "") < ($1.recordedAt, $1.provenance.externalId ?? "") }
    }

    /// What this pass kept is dropped (it outgrew its budget); an open Correlation stays open.
    mutating func dropKept() {
        kept = [:]
        pressure = nil
    }
}

extension AppleHealthMeasurements {
    /// A waist or resting heart rate record, or a number of a blood pressure reading; false for a
    /// record of another type.
    mutating func record(_ element: XMLElementStart, _ type: UnsafeBufferPointer<UInt8>, pass: inout AppleHealthPass) -> Bool {
        if let systolic = Self.isSystolic(type) {
            if inPressure {
                pressureNumber(element, systolic: systolic)
            } else if let time = pass.start(element, .measurement) {
                // Health writes each number of a reading again at the top level: the Correlation has it.
                pass.skip(.measurement, "a blood pressure number outside its Correlation (a duplicate)", on: time.day)
            }
            return true
        }
        guard let kind = Self.kind(of: type) else { return false }
        guard let time = pass.start(element, .measurement) else { return true }
        guard let raw = AppleHealthValues.number(element, "value"), let factor = Self.factor(kind, element.value("unit")) else {
            pass.skip(.measurement, "unreadable value or unit", on: time.day)
            return true
        }
        let value = (raw * factor * 100).rounded() / 100
        keep(
            BodyMeasurement(date: time.day, kind: kind, value: value, recordedAt: time.date), stamp: element.string("startDate") ?? "",
            on: time.day, pass: &pass)
        return true
    }

    /// A Correlation starts: a blood pressure one opens a reading (when its day is this pass's).
    mutating func startCorrelation(_ element: XMLElementStart, pass: inout AppleHealthPass) {
        guard let type = element.value("type"), XMLBytes.equals(type, "HKCorrelationTypeIdentifierBloodPressure") else { return }
        inPressure = true
        pressure = pass.start(element, .measurement).map { OpenPressure(time: $0, stamp: element.string("startDate") ?? "") }
    }

    private mutating func pressureNumber(_ element: XMLElementStart, systolic: Bool) {
        guard var open = pressure else { return }
        if let value = AppleHealthValues.number(element, "value"), let factor = Self.factor(.bloodPressure, element.value("unit")) {
            if systolic { open.systolic = value * factor } else { open.diastolic = value * factor }
        } else {
            open.unreadable = true
        }
        pressure = open
    }

    /// A Correlation ends: a blood pressure reading is kept, or counted as skipped with the reason.
    mutating func endCorrelation(pass: inout AppleHealthPass) {
        guard inPressure else { return }
        inPressure = false
        guard let open = pressure else { return }
        pressure = nil
        guard !open.unreadable, let systolic = open.systolic else {
            pass.skip(
                .measurement, open.unreadable ? "unreadable value or unit" : "a blood pressure reading without its systolic number",
                on: open.time.day)
            return
        }
        keep(
            BodyMeasurement(
                date: open.time.day, kind: .bloodPressure, value: systolic, diastolic: open.diastolic, recordedAt: open.time.date),
            stamp: open.stamp, on: open.time.day, pass: &pass)
    }

    private mutating func keep(_ m: BodyMeasurement, stamp: String, on day: LocalDate, pass: inout AppleHealthPass) {
        if let reason = Self.skipReason(m) {
            pass.skip(.measurement, reason, on: day)
        } else if add(m, stamp: stamp) {
            pass.keep(on: day)
        } else {
            pass.skip(.measurement, "the same measurement from another source", on: day)
        }
    }
}
