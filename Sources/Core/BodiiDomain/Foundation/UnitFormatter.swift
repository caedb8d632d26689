import Foundation

/// Shows stored metric values in the user's unit system (PRODUCT.md §1 Settings → units).
public struct UnitFormatter: Sendable, Equatable {
    public var system: UnitSystem

    public init(_ system: UnitSystem) { self.system = system }

    /// "kg" or "lb".
    public var massUnit: String { system == .metric ? "kg" : "lb" }
    /// "cm" or "in" (imperial heights are shown as feet and inches by `height`).
    public var lengthUnit: String { system == .metric ? "cm" : "in" }

    /// A stored kg value in the display unit, unrounded.
    public func massValue(_ kg: Double) -> Double { system == .metric ? kg : Units.kgToPounds(kg) }

    /// "72.4 kg" / "159.6 lb" (one decimal). Non-finite values show as "–".
    public func mass(_ kg: Double) -> String {
        guard kg.isFinite else { return "–" }
        return FastFormat.oneDecimal(Self.unsignedZero(massValue(kg))) + " " + massUnit
    }

    /// A mass inside a formula that computes in kilograms: "79.9 kg", or with the user's pounds
    /// beside it, "79.9 kg (176.1 lb)", so the arithmetic shown is the arithmetic done.
    public func massInKg(_ kg: Double) -> String {
        let metric = UnitFormatter(.metric).mass(kg)
        return system == .metric ? metric : "\(metric) (\(mass(kg)))"
    }

    /// A signed change: "+0.4 kg", "−1.1 lb", "0.0 kg".
    public func massChange(_ kg: Double) -> String {
        guard kg.isFinite else { return "–" }
        return SignedNumber.oneDecimal(massValue(kg), change: true) + " " + massUnit
    }

    /// The change between two masses as they are shown (each to one decimal), so a line never
    /// reads "78.9 kg → 78.8 kg (0.0 kg)" when the unrounded change was −0.02.
    public func massChange(from start: Double, to end: Double) -> String {
        guard start.isFinite, end.isFinite else { return "–" }
        let shown = { (kg: Double) in (massValue(kg) * 10).rounded() / 10 }
        return SignedNumber.oneDecimal(shown(end) - shown(start), change: true) + " " + massUnit
    }

    /// "178 cm" / "5 ft 10 in" (rounded to the whole inch first, so 182.8 cm is "6 ft 0 in").
    /// A body circumference: "82.0 cm" or "32.3 in".
    public func circumference(_ cm: Double) -> String {
        guard cm.isFinite else { return "–" }
        return FastFormat.oneDecimal(Self.unsignedZero(circumferenceValue(cm))) + " " + circumferenceUnit
    }

    public func circumferenceValue(_ cm: Double) -> Double { system == .metric ? cm : Units.cmToInches(cm) }
    public var circumferenceUnit: String { system == .metric ? "cm" : "in" }

    public func height(_ cm: Double) -> String {
        guard cm.isFinite else { return "–" }
        switch system {
        case .metric:
            return String(format: "%.0f cm", Self.unsignedZero(cm))
        case .imperial:
            guard let inches = WholeNumber.of(Units.cmToInches(cm)) else { return "–" }
            return "\(inches / 12) ft \(inches % 12) in"
        }
    }

    /// "2100 kcal" (energy is kcal in both systems), rounded by the one rule (`WholeNumber`).
    public func energy(_ kcal: Double) -> String {
        WholeNumber.of(kcal).map { "\($0 == 0 ? 0 : $0) kcal" } ?? "–"
    }

    static func unsignedZero(_ v: Double) -> Double { v == 0 ? 0 : v }
}
