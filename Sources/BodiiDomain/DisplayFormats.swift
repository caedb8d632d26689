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
        "\(minutes / 60) h \(String(format: "%02d", minutes % 60))"
    }
}

extension LocalDate {
    /// Day navigation: `offset` days later (nil = back to today), never past `today`.
    public func moved(by offset: Int?, today: LocalDate) -> LocalDate {
        guard let offset else { return today }
        return min(adding(days: offset), today)
    }
}
