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
