import Foundation

/// Strict parsing of a number as a person types it, shared by the unit parsers and validators.
public enum DecimalText {
    /// Accepts an optional sign, ASCII digits, and at most one decimal separator ('.' or ','):
    /// "72.5", "72,5", "-5", ".5". Rejects exponents ("1e9"), "nan", "inf", thousands separators,
    /// and anything that would not be finite. Surrounding whitespace is ignored.
    static func parse<S: StringProtocol>(_ text: S) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, t.count <= 32 else { return nil }
        var body = Substring(t)
        if let first = body.first, first == "+" || first == "-" { body = body.dropFirst() }
        var digits = 0, separators = 0
        for c in body {
            if c.isASCII, c.isNumber { digits += 1 } else if c == "." || c == "," { separators += 1 } else { return nil }
        }
        guard digits > 0, separators <= 1 else { return nil }
        guard let value = Double(t.replacingOccurrences(of: ",", with: ".")), value.isFinite else { return nil }
        return value
    }

    /// "1e308", "2.5E-3": a number in scientific notation, which Bodii does not take (so it is
    /// "not in a valid format", never "not a number").
    public static func isScientific<S: StringProtocol>(_ text: S) -> Bool {
        let chars = Array(text)
        for k in chars.indices.dropFirst().dropLast() where chars[k] == "e" || chars[k] == "E" {
            let next = chars[k + 1]
            if chars[k - 1].isASCII, chars[k - 1].isNumber, (next.isASCII && next.isNumber) || next == "+" || next == "-" {
                return true
            }
        }
        return false
    }

    /// Whole numbers only: optional sign and ASCII digits.
    static func parseInt<S: StringProtocol>(_ text: S) -> Int? {
        let t = text.trimmingCharacters(in: .whitespaces)
        guard !t.isEmpty, t.count <= 18 else { return nil }
        var body = Substring(t)
        if let first = body.first, first == "+" || first == "-" { body = body.dropFirst() }
        guard !body.isEmpty, body.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(t)
    }

    /// "20", "72.4", "881.8": at most `decimals` places, no trailing zeros.
    public static func format(_ value: Double, decimals: Int = 1) -> String {
        let s = String(format: "%.\(decimals)f", value)
        guard s.contains(".") else { return s }
        var trimmed = Substring(s)
        while trimmed.last == "0" { trimmed = trimmed.dropLast() }
        if trimmed.last == "." { trimmed = trimmed.dropLast() }
        return trimmed == "-0" ? "0" : String(trimmed)
    }
}
