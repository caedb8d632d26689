import Foundation

// Money for the Pantry (PRODUCT.md §10): exact, in integer minor units (cents), never floating point.

/// A currency: its ISO code, the symbol shown, and how many decimals its minor unit has.
public struct Currency: Hashable, Sendable, CustomStringConvertible {
    public var code: String
    public var symbol: String
    public var decimals: Int

    public init(code: String, symbol: String, decimals: Int) {
        self.code = code
        self.symbol = symbol
        self.decimals = min(max(decimals, 0), 4)
    }

    /// The one place that says what Bodii uses when nothing else is set. (A setting will choose
    /// another; everything else takes the currency as a value.)
    public static let `default` = Currency(code: "EUR", symbol: "€", decimals: 2)

    /// Currencies a stored code is read back as; an unknown code keeps 2 decimals and shows itself.
    public static let known: [Currency] = [
        .default, Currency(code: "USD", symbol: "$", decimals: 2), Currency(code: "GBP", symbol: "£", decimals: 2),
        Currency(code: "CHF", symbol: "CHF ", decimals: 2), Currency(code: "SEK", symbol: "kr ", decimals: 2),
        Currency(code: "JPY", symbol: "¥", decimals: 0), Currency(code: "KWD", symbol: "KD ", decimals: 3),
    ]

    /// `text` as an ISO 4217-shaped code ("usd" → "USD"), or nil when it is not three letters A–Z.
    public static func code(_ text: String) -> String? {
        let code = text.uppercased()
        return code.count == 3 && code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) ? code : nil
    }

    public static func resolve(code: String) -> Currency {
        known.first { $0.code == code } ?? Currency(code: code, symbol: code + " ", decimals: 2)
    }

    /// 10^decimals: minor units in one main unit.
    public var scale: Int64 {
        var s: Int64 = 1
        for _ in 0..<decimals { s *= 10 }
        return s
    }

    public var description: String { code }
}

/// An amount of money in a currency, in minor units. Adding amounts of two currencies is a
/// programming error the callers avoid: the pantry keeps one currency (see `PantryLedger`).
public struct Money: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var minorUnits: Int64
    public var currency: Currency

    public init(minorUnits: Int64, currency: Currency = .default) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    public static func zero(_ currency: Currency = .default) -> Money { Money(minorUnits: 0, currency: currency) }

    /// The amount in main units as a number, for JSON only (`1.99`): minor / 10^decimals is the
    /// shortest decimal, so it prints exactly.
    public var mainUnits: Double { Double(minorUnits) / Double(currency.scale) }

    /// "3.49" (no symbol), with `-` for a negative amount.
    public var amountText: String {
        let scale = currency.scale
        let sign = minorUnits < 0 ? "-" : ""
        let magnitude = minorUnits.magnitude
        let whole = magnitude / UInt64(scale)
        guard currency.decimals > 0 else { return sign + String(whole) }
        let fraction = String(magnitude % UInt64(scale))
        return sign + String(whole) + "." + String(repeating: "0", count: currency.decimals - fraction.count) + fraction
    }

    /// "€3.49", "−€1.20" (a real minus sign, as every negative figure on screen; ASCII shows "-").
    public var formatted: String {
        minorUnits < 0
            ? "−" + currency.symbol + Money(minorUnits: -minorUnits, currency: currency).amountText
            : currency.symbol + amountText
    }

    public var description: String { formatted }

    public static func + (l: Money, r: Money) -> Money { Money(minorUnits: l.minorUnits + r.minorUnits, currency: l.currency) }
    public static func - (l: Money, r: Money) -> Money { Money(minorUnits: l.minorUnits - r.minorUnits, currency: l.currency) }
    public static func < (l: Money, r: Money) -> Bool { l.minorUnits < r.minorUnits }

    /// This amount × numerator / denominator, rounded half away from zero, in integers: the share
    /// of a lot's price for part of it. Nil when the denominator is not positive.
    public func scaled(by numerator: Double, over denominator: Double) -> Money? {
        guard denominator > 0, numerator.isFinite, numerator >= 0 else { return nil }
        let value = (Double(minorUnits) * numerator / denominator).rounded(.toNearestOrAwayFromZero)
        guard value.isFinite, abs(value) < 9e15 else { return nil }
        return Money(minorUnits: Int64(value), currency: currency)
    }
}

/// Reading an amount of money as a person types it.
///
/// The currency's own sign or code may come before or after the number (`€3`, `3 €`, `3,50 €`,
/// `EUR 3`, `$3.50` when the currency is USD). Another currency's sign or code is refused, not
/// dropped: `$3` typed while prices are kept in EUR would otherwise be stored as €3, and Bodii has
/// no exchange rates to convert it.
///
/// The rule for the number (tested in PantryMoneyTests): digits with at most one separator, `.` or `,`, both
/// taken as the decimal mark — `3.49` and `3,49` are the same — and no sign, spaces, symbols,
/// exponents or thousands grouping. A separator followed by exactly three digits is ambiguous
/// (`1,234` may be one thousand two hundred thirty-four or 1.234) and refused, unless it is the
/// currency's own decimal mark and the currency has three decimals. More decimals than the
/// currency has are refused rather than rounded. Values above `maximum` are refused as absurd.
public enum MoneyInput {
    /// The most one price may be: 10,000 in main units (a pantry purchase, not a car).
    public static func maximumPrice(_ currency: Currency) -> Int64 { 10_000 * currency.scale }
    /// The most a budget may be: 1,000,000 in main units.
    public static func maximumBudget(_ currency: Currency) -> Int64 { 1_000_000 * currency.scale }

    /// The signs and codes that name `currency`: "€", "EUR"; "CHF" for the franc.
    static func marks(of currency: Currency) -> [String] {
        let symbol = currency.symbol.trimmingCharacters(in: .whitespaces)
        return (symbol.isEmpty || symbol == currency.code ? [currency.code] : [symbol, currency.code])
            .sorted { $0.count > $1.count }
    }

    /// Every known currency mark that is not `currency`'s.
    static func foreignMarks(_ currency: Currency) -> [String] {
        let own = Set(marks(of: currency).map { $0.lowercased() })
        let all = Currency.known.flatMap(marks(of:)) + ["€", "$", "£", "¥"]
        return Set(all).filter { !own.contains($0.lowercased()) }.sorted { $0.count > $1.count }
    }

    /// The other currency's mark `text` starts or ends with ("$" in "$3" for a EUR user), if any.
    static func foreignMark(in text: String, currency: Currency) -> String? {
        let lower = text.lowercased()
        // The own mark first: "US$" is not "$" for a USD user, "kr" is not a code.
        for own in marks(of: currency) where lower.hasPrefix(own.lowercased()) || lower.hasSuffix(own.lowercased()) { return nil }
        return foreignMarks(currency).first { lower.hasPrefix($0.lowercased()) || lower.hasSuffix($0.lowercased()) }
    }

    /// `text` without the currency's own sign or code at its start or end, and the space by it.
    static func withoutOwnMark(_ text: String, currency: Currency) -> String {
        let lower = text.lowercased()
        for mark in marks(of: currency) {
            let m = mark.lowercased()
            if lower.hasPrefix(m) { return String(text.dropFirst(mark.count)).trimmingCharacters(in: .whitespaces) }
            if lower.hasSuffix(m) { return String(text.dropLast(mark.count)).trimmingCharacters(in: .whitespaces) }
        }
        return text
    }

    /// Parses `text` to an amount from `minimum` to `maximum` minor units.
    public static func parse(
        _ text: String, currency: Currency = .default, decimalMark: Character = ".", field: String = "price",
        minimum: Int64 = 0, maximum: Int64? = nil
    ) throws(ValidationError) -> Money {
        let maximum = maximum ?? maximumPrice(currency)
        let low = Money(minorUnits: minimum, currency: currency), high = Money(minorUnits: maximum, currency: currency)
        let allowed = "an amount from \(low.amountText) to \(high.amountText) like 3.49 or 3,49 (at most \(currency.decimals) decimals)"
        func refuse(_ problem: ValidationError.Problem, _ allowedText: String = allowed) -> ValidationError {
            ValidationError(field: field, value: text, allowed: allowedText, problem: problem)
        }
        guard text.count <= Validation.maxInputLength else { throw refuse(.tooLong) }
        let typed = text.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty else { throw refuse(.empty) }
        if typed.unicodeScalars.contains(where: TerminalText.isUnsafe) { throw refuse(.invalidCharacters) }
        if let other = foreignMark(in: typed, currency: currency) {
            throw refuse(
                .invalidFormat,
                "an amount in \(currency.code) (\(currency.symbol.trimmingCharacters(in: .whitespaces))), "
                    + "the currency prices are kept in, not \(other)")
        }
        let trimmed = withoutOwnMark(typed, currency: currency)
        guard !trimmed.isEmpty else { throw refuse(.empty) }
        if trimmed.hasPrefix("-"), DecimalText.parse(trimmed) != nil { throw refuse(.outOfRange) }  // a negative price
        let separators = trimmed.filter { $0 == "." || $0 == "," }
        guard trimmed.allSatisfy({ ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "," }) else {
            throw refuse(
                DecimalText.parse(trimmed) != nil ? .invalidFormat : (DecimalText.isScientific(trimmed) ? .invalidFormat : .notANumber))
        }
        guard separators.count <= 1 else {
            throw refuse(.invalidFormat, "one decimal mark and no thousands separators, like 1234.50")
        }
        var whole = Substring(trimmed), fraction = Substring("")
        if let mark = trimmed.firstIndex(where: { $0 == "." || $0 == "," }) {
            whole = trimmed[..<mark]
            fraction = trimmed[trimmed.index(after: mark)...]
            guard !fraction.isEmpty else { throw refuse(.invalidFormat) }
            let isOwnMark = trimmed[mark] == decimalMark
            if fraction.count == 3, !(isOwnMark && currency.decimals == 3) {
                throw refuse(
                    .invalidFormat,
                    "an amount without thousands separators and at most \(currency.decimals) decimals "
                        + "(\(ValidationError.quoted(text)) is ambiguous): write \(whole)\(fraction) for a thousand or more")
            }
            guard fraction.count <= currency.decimals else { throw refuse(.invalidFormat) }
        }
        guard whole.count + fraction.count > 0, whole.count <= 12 else { throw refuse(whole.count > 12 ? .outOfRange : .notANumber) }
        let paddedFraction = fraction + String(repeating: "0", count: currency.decimals - fraction.count)
        guard let minor = Int64(String(whole.isEmpty ? "0" : whole) + paddedFraction) else { throw refuse(.notANumber) }
        guard minor >= minimum, minor <= maximum else { throw refuse(.outOfRange) }
        return Money(minorUnits: minor, currency: currency)
    }
}
