import Foundation

extension LocalDate {
    /// "today", "yesterday", or "21 Nov" (with the year when it differs from `reference`'s).
    public func shortLabel(relativeTo reference: LocalDate) -> String {
        switch days(until: reference) {
        case 0: return "today"
        case 1: return "yesterday"
        default:
            let c = components
            let base = "\(c.day) \(Self.monthShortNames[c.month - 1])"
            return c.year == reference.year ? base : "\(base) \(c.year)"
        }
    }
}

extension DateRange {
    /// "3 days to today", "60 days to 21 Nov": how the Review's Summary and the insights name the
    /// days they read (`days`: the range's own, or fewer where a history starts inside it).
    public func daysToLabel(days: Int? = nil, today: LocalDate) -> String {
        "\(Plural.count(days ?? dayCount, "day")) to \(end.shortLabel(relativeTo: today))"
    }
}

public enum DurationFormat {
    /// "7 h 05" for 425 minutes.
    public static func hoursMinutes(_ minutes: Int) -> String {
        "\(minutes / 60) h \(FastFormat.zeroPadded(minutes % 60, 2))"
    }

    /// "7h05" for 425 minutes: what a duration field accepts back.
    public static func compact(_ minutes: Int) -> String {
        "\(minutes / 60)h\(FastFormat.zeroPadded(minutes % 60, 2))"
    }
}

extension LocalDate {
    /// Day navigation: `offset` days later (nil = back to today), never past `today`.
    public func moved(by offset: Int?, today: LocalDate) -> LocalDate {
        guard let offset else { return today }
        return min(adding(days: offset), today)
    }
}

/// Number formatting for hot paths (every table row on every frame): `String(format:)` goes
/// through CoreFoundation and costs microseconds a call; these are plain integer arithmetic.
public enum FastFormat {
    /// `n` with leading zeros to `width` digits: zeroPadded(7, 2) = "07".
    public static func zeroPadded(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        let pad = String(repeating: "0", count: max(0, width - digits.count))
        return (n < 0 ? "-" : "") + pad + digits
    }

    /// `value` with one decimal, rounded half away from zero: 72.36 → "72.4", -0.04 → "0.0".
    public static func oneDecimal(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return String(format: "%.1f", value) }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        return sign + String(abs(tenths) / 10) + "." + String(abs(tenths) % 10)
    }
}

/// The one rule for signed figures shown to people (issue 26: "Left -884" beside "−0.3 kg"): a
/// negative figure takes the minus sign "−" (U+2212), a change shown as one takes "+" when it
/// rises, zero takes no sign. ASCII output turns "−" into "-" (`ASCIIText`). Data meant for
/// programs (JSON, CSV) keeps "-".
public enum SignedNumber {
    public static let minus = "−"

    /// `v` rounded to a whole number: "−884", "1250"; with `change`, "+34" for a rise. `unknown`
    /// when it has no whole value.
    public static func whole(_ v: Double?, change: Bool = false, unknown: String = "—") -> String {
        guard let v, let n = WholeNumber.of(v) else { return unknown }
        return signed(n < 0, n > 0 && change, String(n.magnitude))
    }

    /// `v` with one decimal: "−0.3", "+1.2" (with `change`), "0.0".
    public static func oneDecimal(_ v: Double, change: Bool = false) -> String {
        let tenths = (v * 10).rounded()
        guard tenths.isFinite else { return "–" }
        return signed(tenths < 0, tenths > 0 && change, FastFormat.oneDecimal(abs(tenths) / 10))
    }

    private static func signed(_ negative: Bool, _ plus: Bool, _ digits: String) -> String {
        (negative ? minus : plus ? "+" : "") + digits
    }
}
