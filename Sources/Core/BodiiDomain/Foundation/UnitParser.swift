import Foundation

/// Why a typed mass or height could not be read.
public enum UnitParseError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case notANumber
    case unknownUnit(String)
    case malformed

    public var description: String {
        switch self {
        case .empty: return "nothing was typed"
        case .notANumber: return "not a number"
        case .unknownUnit(let unit): return "unknown unit \"\(unit)\""
        case .malformed: return "not a quantity such as 72.5, 160 lb, 178 cm or 5'10\""
        }
    }
}

/// Reads masses and heights typed in either unit system and returns them metric.
///
/// Mass: a number with an optional unit — `kg` (kgs, kilo, kilos, kilogram, kilograms) or `lb` (lbs,
/// pound, pounds); without a unit the number is in the default system's unit (kg or lb).
/// Height: `178 cm`, `1.78 m`, `70 in`, `70"`, `6 ft`, `5'10"`, `5' 10`, `5 ft 10`, `5ft10in`; without
/// a unit the number is cm (metric) or inches (imperial), and in imperial two bare numbers `5 10`
/// are feet and inches. With feet and inches, feet must be whole and inches in 0..<12.
/// Numbers use '.' or ',' as decimal point; exponents, nan and inf are rejected.
public enum UnitParser {
    public static func massKg(_ text: String, defaultSystem: UnitSystem) throws(UnitParseError) -> Double {
        let tokens = try tokenize(text)
        guard tokens.count == 1 else { throw .malformed }
        let t = tokens[0]
        switch t.unit {
        case "": return defaultSystem == .metric ? t.value : Units.poundsToKg(t.value)
        case "kg", "kgs", "kilo", "kilos", "kilogram", "kilograms": return t.value
        case "lb", "lbs", "pound", "pounds": return Units.poundsToKg(t.value)
        default: throw .unknownUnit(t.unit)
        }
    }

    public static func heightCm(_ text: String, defaultSystem: UnitSystem) throws(UnitParseError) -> Double {
        let tokens = try tokenize(text)
        switch tokens.count {
        case 1:
            let t = tokens[0]
            if t.unit.isEmpty { return defaultSystem == .metric ? t.value : Units.inchesToCm(t.value) }
            if cmUnits.contains(t.unit) { return t.value }
            if metreUnits.contains(t.unit) { return t.value * 100 }
            if inchUnits.contains(t.unit) { return Units.inchesToCm(t.value) }
            if feetUnits.contains(t.unit) { return Units.feetInchesToCm(feet: t.value, inches: 0) }
            throw .unknownUnit(t.unit)
        case 2:
            let (f, i) = (tokens[0], tokens[1])
            let feetOK = feetUnits.contains(f.unit) || (f.unit.isEmpty && i.unit.isEmpty && defaultSystem == .imperial)
            guard feetOK else {
                if !f.unit.isEmpty, !knownLengthUnits.contains(f.unit) { throw .unknownUnit(f.unit) }
                throw .malformed
            }
            guard i.unit.isEmpty || inchUnits.contains(i.unit) else {
                if !knownLengthUnits.contains(i.unit) { throw .unknownUnit(i.unit) }
                throw .malformed
            }
            guard f.value >= 0, f.value == f.value.rounded(), (0..<12).contains(i.value) else { throw .malformed }
            return Units.feetInchesToCm(feet: f.value, inches: i.value)
        default:
            throw .malformed
        }
    }

    /// A circumference or other body length: "82", "82 cm", "820 mm", "32.5 in", "32.5\""; a bare
    /// number is cm (metric) or inches (imperial).
    public static func lengthCm(_ text: String, defaultSystem: UnitSystem) throws(UnitParseError) -> Double {
        let tokens = try tokenize(text)
        guard tokens.count == 1 else { throw .malformed }
        let t = tokens[0]
        if t.unit.isEmpty { return defaultSystem == .metric ? t.value : Units.inchesToCm(t.value) }
        if cmUnits.contains(t.unit) { return t.value }
        if ["mm", "millimeter", "millimeters", "millimetre", "millimetres"].contains(t.unit) { return t.value / 10 }
        if inchUnits.contains(t.unit) { return Units.inchesToCm(t.value) }
        throw .unknownUnit(t.unit)
    }

    /// `massKg` without the reason: nil for anything unreadable.
    public static func parseMassKg(_ text: String, defaultSystem: UnitSystem) -> Double? {
        try? massKg(text, defaultSystem: defaultSystem)
    }

    /// `heightCm` without the reason: nil for anything unreadable.
    public static func parseHeightCm(_ text: String, defaultSystem: UnitSystem) -> Double? {
        try? heightCm(text, defaultSystem: defaultSystem)
    }

    static let cmUnits: Set<String> = ["cm", "cms", "centimeter", "centimeters", "centimetre", "centimetres"]
    static let metreUnits: Set<String> = ["m", "meter", "meters", "metre", "metres"]
    static let inchUnits: Set<String> = ["in", "inch", "inches", "\""]
    static let feetUnits: Set<String> = ["ft", "feet", "foot", "'"]
    static let knownLengthUnits = cmUnits.union(metreUnits).union(inchUnits).union(feetUnits)

    struct Token: Equatable {
        var value: Double
        var unit: String
    }

    /// Splits "5 ft 10 in" / "5'10\"" / "72.5kg" into (number, lowercased unit) pairs.
    static func tokenize(_ text: String) throws(UnitParseError) -> [Token] {
        let chars = Array(text.trimmingCharacters(in: .whitespacesAndNewlines))
        guard !chars.isEmpty else { throw .empty }
        guard chars.count <= 40 else { throw .malformed }
        // "1e9", "2.5E-3": a number, but not in a form a person types for a weight.
        if DecimalText.isScientific(String(chars)) { throw .malformed }
        func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }
        var tokens: [Token] = []
        var i = 0
        while true {
            while i < chars.count, chars[i].isWhitespace { i += 1 }
            if i == chars.count { break }
            let start = i
            if chars[i] == "+" || chars[i] == "-" { i += 1 }
            while i < chars.count, isDigit(chars[i]) || chars[i] == "." || chars[i] == "," { i += 1 }
            guard let value = DecimalText.parse(String(chars[start..<i])) else {
                throw tokens.isEmpty ? .notANumber : .malformed
            }
            while i < chars.count, chars[i].isWhitespace { i += 1 }
            let unitStart = i
            while i < chars.count, !chars[i].isWhitespace, !isDigit(chars[i]), chars[i] != "+", chars[i] != "-" { i += 1 }
            tokens.append(Token(value: value, unit: normalizeUnit(String(chars[unitStart..<i]))))
        }
        return tokens
    }

    static func normalizeUnit(_ unit: String) -> String {
        var u = unit.lowercased()
        for (from, to) in [("’", "'"), ("′", "'"), ("”", "\""), ("″", "\""), ("''", "\"")] {
            u = u.replacingOccurrences(of: from, with: to)
        }
        if u.count > 1, u.hasSuffix(".") { u.removeLast() }  // "lbs.", "in."
        return u
    }
}
