import Foundation

/// What a body measurement measures (issue 47): the circumferences a tape gives, blood pressure
/// and the resting heart rate. Everything a kind needs — its name, the word the CLI takes, its
/// unit, the range a person can have, the document's key — is here, so a new kind is a new case.
public enum MeasurementKind: String, CaseIterable, Sendable, Comparable {
    case waist, hips, neck, chest
    case upperArm = "upper_arm"
    case thigh
    /// Systolic over diastolic, one reading (`BodyMeasurement.diastolic` holds the second number).
    case bloodPressure = "blood_pressure"
    case restingHeartRate = "resting_heart_rate"

    /// What the value is, which says its unit and how it is typed.
    public enum Quantity: Sendable {
        /// A circumference: stored in cm, typed and shown in cm or in by the unit setting.
        case circumference
        /// mmHg, the same in every unit system.
        case pressure
        /// Beats per minute.
        case heartRate
    }

    public var quantity: Quantity {
        switch self {
        case .waist, .hips, .neck, .chest, .upperArm, .thigh: .circumference
        case .bloodPressure: .pressure
        case .restingHeartRate: .heartRate
        }
    }

    /// The kind in a sentence: "waist", "upper arm", "blood pressure".
    public var name: String { rawValue.replacingOccurrences(of: "_", with: " ") }

    /// The kind as a label: "Waist", "Upper arm".
    public var label: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// The kind where a card has little room: "Waist", "Arm", "BP", "Resting HR".
    public var shortLabel: String {
        switch self {
        case .upperArm: "Arm"
        case .bloodPressure: "BP"
        case .restingHeartRate: "Resting HR"
        default: label
        }
    }

    /// The word `bodii log measure` takes: the raw value, with a dash for the underscore.
    public var argument: String { rawValue.replacingOccurrences(of: "_", with: "-") }

    /// The kind `text` names ("waist", "Upper arm", "upper-arm", "bp", "rhr"), nil for none.
    public init?(argument text: String) {
        let key = text.trimmingCharacters(in: .whitespaces).lowercased()
            .replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
        switch key {
        case "bp": self = .bloodPressure
        case "rhr", "heart_rate", "pulse": self = .restingHeartRate
        case "hip": self = .hips
        case "arm", "bicep", "biceps": self = .upperArm
        default: self.init(rawValue: key)
        }
    }

    /// The values a person can have, in the stored unit (cm, mmHg, bpm): a tape's 500 cm waist is
    /// a typo. For blood pressure, the systolic number's range (`diastolicRange` the other's).
    public var validRange: ClosedRange<Double> {
        switch self {
        case .waist: 40...250
        case .hips: 50...250
        case .neck: 20...80
        case .chest: 50...250
        case .upperArm: 10...80
        case .thigh: 20...150
        case .bloodPressure: 60...260
        case .restingHeartRate: 25...220
        }
    }

    /// The diastolic number's range (mmHg); it must also be below the systolic.
    public static let diastolicRange: ClosedRange<Double> = 30...160

    /// The stored unit's symbol: "cm", "mmHg", "bpm".
    public var storedUnit: String {
        switch quantity {
        case .circumference: "cm"
        case .pressure: "mmHg"
        case .heartRate: "bpm"
        }
    }

    /// The key of the value in `today --json` and the export: "waist_cm", "resting_heart_rate_bpm",
    /// "blood_pressure_mmhg" (an object of systolic and diastolic there).
    public var jsonKey: String { rawValue + "_" + storedUnit.lowercased() }

    public static func < (a: MeasurementKind, b: MeasurementKind) -> Bool {
        allCases.firstIndex(of: a) ?? 0 < allCases.firstIndex(of: b) ?? 0
    }
}
