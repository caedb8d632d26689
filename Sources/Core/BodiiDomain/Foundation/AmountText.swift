import Foundation

/// An amount as people type it (PRODUCT.md §4), read by every amount, quantity and servings field
/// and the CLI's `--grams`, `--qty`: a decimal (`0.5`, `0,5`, `2`), a fraction (`1/2`, `3/4`), a
/// fraction character (`½`, `¾`), or a whole number with either (`1 1/2`, `1½`, `2 ¼`).
public enum AmountText {
    static let fractionCharacters: [Character: Double] = [
        "½": 1.0 / 2, "⅓": 1.0 / 3, "⅔": 2.0 / 3, "¼": 1.0 / 4, "¾": 3.0 / 4, "⅕": 1.0 / 5, "⅖": 2.0 / 5,
        "⅗": 3.0 / 5, "⅘": 4.0 / 5, "⅙": 1.0 / 6, "⅚": 5.0 / 6, "⅛": 1.0 / 8, "⅜": 3.0 / 8, "⅝": 5.0 / 8, "⅞": 7.0 / 8,
    ]

    /// The value, or nil when `text` is none of the forms above nor a number in words ("a", "one",
    /// "half", "a half": `TypedAmount`) (exponents, nan and thousands separators are refused as
    /// `DecimalText` refuses them; a zero denominator is refused).
    public static func parse<S: StringProtocol>(_ text: S) -> Double? {
        if let value = numeric(text) { return value }
        guard let typed = TypedAmount.parse(String(text)), typed.unit == nil else { return nil }
        return typed.quantity
    }

    /// The number forms only (no words).
    static func numeric<S: StringProtocol>(_ text: S) -> Double? {
        let t = text.trimmingCharacters(in: .whitespaces)
        if let plain = DecimalText.parse(t) { return plain }
        guard !t.isEmpty, t.count <= 16 else { return nil }
        var rest = Substring(t)
        var whole: Int?
        let leading = rest.prefix { $0.isASCII && $0.isNumber }
        let after = rest.dropFirst(leading.count)
        // "1 1/2", "1½", "1 ½": a whole number, then the fraction.
        if !leading.isEmpty, let next = after.first, next == " " || fractionCharacters[next] != nil {
            whole = Int(leading)
            rest = after.drop { $0 == " " }
        }
        guard let part = fraction(rest) else { return nil }
        guard let whole else { return part }
        // A mixed number's fraction is a proper one: "1 3/2" is a typo, not 2.5.
        return part < 1 ? Double(whole) + part : nil
    }

    /// "1/2", "3/4", "½".
    static func fraction(_ s: Substring) -> Double? {
        if s.count == 1, let c = s.first, let value = fractionCharacters[c] { return value }
        let parts = s.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...4).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let numerator = Int(parts[0]), let denominator = Int(parts[1]), denominator > 0
        else { return nil }
        return Double(numerator) / Double(denominator)
    }
}
