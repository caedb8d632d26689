import Foundation

/// An amount as people type it, with or without a unit (PRODUCT.md §3, §4): `150g`, `150 g`,
/// `0.2 kg`, `6 oz`, `8 fl oz`, `1 cup`, `2 slices`, `1 medium`, `a`, `an`, `one`, `half`,
/// `half a cup of`, `1/2`, `½`, `1½`, `1 1/2`, `1.5`, `1,5`. The number is read by `AmountText`,
/// the unit by `AmountUnit`; what it weighs for a given food is `FoodPortions.portion`.
public struct TypedAmount: Equatable, Sendable {
    public var quantity: Double
    /// nil: a bare number ("2 eggs": two of the food's usual portion).
    public var unit: AmountUnit?

    public init(_ quantity: Double, _ unit: AmountUnit? = nil) {
        self.quantity = quantity
        self.unit = unit
    }

    /// Words that are a number.
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "half": 0.5, "quarter": 0.25, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "dozen": 12, "couple": 2,
    ]

    /// `text` as a whole is an amount ("150g", "2 slices", "half a cup"); nil when any of it is not.
    public static func parse(_ text: String) -> TypedAmount? {
        let t = tokens(text)
        guard let (amount, used) = leading(t, from: 0), used == t.count else { return nil }
        return amount
    }

    /// A part of a line split into its amount (first or last: "150g chicken breast", "chicken
    /// breast 150 g") and the food's words; the amount is nil when the part gives none.
    public static func split(_ part: String) -> (amount: TypedAmount?, food: String) {
        let t = tokens(part)
        if let (amount, used) = leading(t, from: 0), used < t.count {
            return (amount, t[used...].joined(separator: " "))
        }
        // Last: the shortest tail that is a whole amount, with a food before it.
        for start in stride(from: t.count - 1, to: 0, by: -1) where t.count - start <= 4 {
            guard AmountText.numeric(t[start]) != nil else { continue }
            if let (amount, used) = leading(t, from: start), start + used == t.count {
                return (amount, t[..<start].joined(separator: " "))
            }
        }
        return (nil, t.joined(separator: " "))
    }

    /// A number at the start or the end of a part that is no amount — zero, negative, "1e308",
    /// "1/0" — as typed; nil when there is none ("2 eggs", "2% milk", "7up", "omega-3 eggs").
    /// `split` cannot read it, so the part would be a food without an amount and the line would
    /// log its usual portion ("0 g bread" as a slice, "-2 eggs" as one egg) instead of refusing it.
    public static func unreadableNumber(_ part: String) -> String? {
        let words = part.lowercased().split(whereSeparator: { $0.isWhitespace })
        guard let first = words.first else { return nil }
        var candidates = [first]
        if words.count > 1, let last = words.last {
            // The number of an amount at the end: the last word, or the one before a unit ("bread 0 g").
            candidates.append(AmountUnit.named(String(last)) != nil && words.count > 2 ? words[words.count - 2] : last)
        }
        if let number = candidates.first(where: isUnreadableNumber) { return String(number) }
        // "nan g banana", "inf g banana", "banana inf g": a number no amount is, with its unit
        // (the search read them as words: Nance, infant formula). Without a unit they stay words.
        if words.count > 1, isNotANumber(first), AmountUnit.named(String(words[1])) != nil { return String(first) }
        if words.count > 2, AmountUnit.named(String(words[words.count - 1])) != nil, isNotANumber(words[words.count - 2]) {
            return String(words[words.count - 2])
        }
        return nil
    }

    /// "nan", "inf", "infinity", signed or not: what floating point calls a number.
    static func isNotANumber(_ word: Substring) -> Bool {
        ["nan", "inf", "infinity"].contains(word.drop { "-+−".contains($0) })
    }

    /// True for a word that starts as a number but is no amount (see `unreadableNumber`).
    static func isUnreadableNumber(_ word: Substring) -> Bool {
        func isDigit(_ c: Character?) -> Bool { c.map { ($0.isASCII && $0.isNumber) || AmountText.fractionCharacters[$0] != nil } ?? false }
        guard let head = word.first else { return false }
        if "-+−".contains(head) { return isDigit(word.dropFirst().first) }
        guard isDigit(head) else { return false }
        let number = word.prefix { isDigit($0) || ".,/".contains($0) }
        let rest = word.dropFirst(number.count)
        if rest.first == "%" { return false }  // a fat content, part of the name
        if rest.first == "e", isDigit(rest.dropFirst().first) || "-+".contains(rest.dropFirst().first ?? " ") { return true }
        guard let value = AmountText.numeric(number) else { return true }
        return !(value.isFinite && value > 0)
    }

    /// Lowercased words, a number and the unit stuck to it taken apart ("150g" → "150", "g";
    /// "1½cups" → "1½", "cups"); "1 1/2", "1,5" and "½" stay numbers.
    static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        for word in text.lowercased().split(whereSeparator: { $0.isWhitespace }) {
            var current = ""
            var numeric: Bool?
            for c in word {
                let digit = (c.isASCII && c.isNumber) || AmountText.fractionCharacters[c] != nil
                // A separator belongs to the number it is in ("1.5", "1/2"); in a word it is the word's.
                let isNumberPart = digit || (numeric == true && ".,/".contains(c))
                if let n = numeric, n != isNumberPart {
                    out.append(current)
                    current = ""
                }
                numeric = isNumberPart
                current.append(c)
            }
            if !current.isEmpty { out.append(current) }
        }
        return out
    }

    /// The amount that starts at `t[from]`, and how many words it took.
    static func leading(_ t: [String], from: Int) -> (TypedAmount, Int)? {
        var i = from
        guard i < t.count else { return nil }
        var quantity: Double
        if let value = AmountText.numeric(t[i]) {
            // "2% milk", "1% milk": a fat content, part of the name.
            if i + 1 < t.count, t[i + 1].hasPrefix("%") { return nil }
            quantity = value
            i += 1
            // "1 1/2", "1 ½": a whole number and a fraction.
            if i < t.count, value == value.rounded(), !t[i].contains("."), let part = AmountText.fraction(Substring(t[i])), part < 1 {
                quantity += part
                i += 1
            }
        } else if t[i] == "a" || t[i] == "an", i + 1 < t.count, t[i + 1] == "half" || t[i + 1] == "quarter" || t[i + 1] == "couple" {
            quantity = numberWords[t[i + 1]] ?? 1
            i += 2
        } else if let value = numberWords[t[i]] {
            quantity = value
            i += 1
        } else {
            return nil
        }
        // "half a cup", "a couple of", "1 and a half".
        if i + 1 < t.count, t[i] == "and", t[i + 1] == "half" || (t[i + 1] == "a" && i + 2 < t.count && t[i + 2] == "half") {
            quantity += 0.5
            i += t[i + 1] == "a" ? 3 : 2
        }
        if i < t.count, t[i] == "a" || t[i] == "an" || t[i] == "of", quantity != 1 || t[i] == "of" { i += 1 }
        guard quantity.isFinite, quantity > 0 else { return nil }
        var unit: AmountUnit?
        if i + 1 < t.count, let two = AmountUnit.named(t[i] + " " + t[i + 1]) {
            unit = two
            i += 2
        } else if i < t.count, let one = AmountUnit.named(t[i]) {
            unit = one
            i += 1
        }
        if unit != nil, i < t.count, t[i] == "of" { i += 1 }
        return (TypedAmount(quantity, unit), i - from)
    }
}
