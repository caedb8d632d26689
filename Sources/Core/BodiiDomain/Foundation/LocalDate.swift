import Foundation

/// A calendar day in the user's local time, with no time zone attached (PRODUCT.md §5).
/// Stored as days since 1970-01-01 so arithmetic and ranges are exact and cheap.
public struct LocalDate: Hashable, Comparable, Sendable, Codable, CustomStringConvertible, Strideable {
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// Returns nil when the triple is not a real day (Feb 30, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        daysSinceEpoch = Self.days(fromCivil: year, month, day)
    }

    /// Parses `YYYY-MM-DD` strictly: the one day codec of the store, the export and the CLI
    /// (byte by byte, without allocating: lists read thousands).
    public init?(iso text: String) {
        var text = text
        let parsed = text.withUTF8 { b -> (Int, Int, Int)? in
            guard b.count == 10, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var n = 0
                for i in range {
                    let d = Int(b[i]) - 48
                    guard (0...9).contains(d) else { return nil }
                    n = n * 10 + d
                }
                return n
            }
            guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
            return (y, m, d)
        }
        guard let (y, m, d) = parsed else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The local calendar day of an instant.
    public init(_ date: Date, timeZone: TimeZone = .current) {
        let seconds = Int(floor(date.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: date)
        daysSinceEpoch = Int(floor(Double(seconds) / 86_400))
    }

    public static func today(timeZone: TimeZone = .current) -> LocalDate { LocalDate(Date(), timeZone: timeZone) }

    public var components: (year: Int, month: Int, day: Int) { Self.civil(fromDays: daysSinceEpoch) }
    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO 8601 `YYYY-MM-DD`.
    public var iso: String {
        let c = components
        return FastFormat.zeroPadded(c.year, 4) + "-" + FastFormat.zeroPadded(c.month, 2) + "-" + FastFormat.zeroPadded(c.day, 2)
    }

    public var description: String { iso }

    /// 0 = Monday … 6 = Sunday (ISO weekday − 1).
    public var weekdayIndex: Int { ((daysSinceEpoch % 7) + 7 + 3) % 7 }

    /// The Monday that starts this date's week (weeks run Monday to Sunday, like the calendar).
    public var monday: LocalDate { adding(days: -weekdayIndex) }

    public static let weekdayShortNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    public static let monthShortNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Sun 22 Nov 2026".
    public var longLabel: String {
        let c = components
        return "\(Self.weekdayShortNames[weekdayIndex]) \(c.day) \(Self.monthShortNames[c.month - 1]) \(c.year)"
    }

    public func adding(days: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + days) }
    public func days(until other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }

    /// Whole years from this date to `date` (age on that day).
    public func years(until date: LocalDate) -> Int {
        let a = components, b = date.components
        var years = b.year - a.year
        if (b.month, b.day) < (a.month, a.day) { years -= 1 }
        return years
    }

    public static func < (l: LocalDate, r: LocalDate) -> Bool { l.daysSinceEpoch < r.daysSinceEpoch }
    public func distance(to other: LocalDate) -> Int { other.daysSinceEpoch - daysSinceEpoch }
    public func advanced(by n: Int) -> LocalDate { adding(days: n) }

    public init(from decoder: Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let d = LocalDate(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = d
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(iso)
    }

    static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    // Howard Hinnant's days_from_civil / civil_from_days (public domain), proleptic Gregorian.
    static func days(fromCivil y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    static func civil(fromDays z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp + (mp < 10 ? 3 : -9)
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

/// A closed range of days, e.g. the chart's visible week.
public struct DateRange: Hashable, Sendable {
    public let start: LocalDate
    public let end: LocalDate  // inclusive

    public init(start: LocalDate, end: LocalDate) {
        self.start = min(start, end)
        self.end = max(start, end)
    }

    /// The `days` days ending on `end`, inclusive.
    public init(ending end: LocalDate, days: Int) {
        self.init(start: end.adding(days: -(max(1, days) - 1)), end: end)
    }

    public var dayCount: Int { start.days(until: end) + 1 }
    public var days: [LocalDate] { Array(start...end) }
    public func contains(_ d: LocalDate) -> Bool { d >= start && d <= end }
}
