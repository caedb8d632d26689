import BodiiDomain
import Foundation

/// A timestamp as Apple Health writes it, "2026-11-21 23:45:10 +0100": a local wall-clock time with
/// its UTC offset. Its day is that local day, whatever the time zone of the machine importing it.
public struct HealthTimestamp: Hashable, Sendable, Comparable {
    public let day: LocalDate
    public let secondOfDay: Int
    public let offsetSeconds: Int

    public init(day: LocalDate, secondOfDay: Int, offsetSeconds: Int) {
        self.day = day
        self.secondOfDay = secondOfDay
        self.offsetSeconds = offsetSeconds
    }

    /// Seconds since 1970 UTC.
    public var instant: Int { day.daysSinceEpoch * 86_400 + secondOfDay - offsetSeconds }
    public var date: Date { Date(timeIntervalSince1970: Double(instant)) }
    public var hour: Int { secondOfDay / 3600 }
    /// The wall-clock minute (seconds dropped).
    public var clockTime: ClockTime? { ClockTime(hour: secondOfDay / 3600, minute: secondOfDay / 60 % 60) }

    public static func < (l: HealthTimestamp, r: HealthTimestamp) -> Bool { l.instant < r.instant }

    public init?(_ text: String) {
        var text = text
        guard let parsed = text.withUTF8({ HealthTimestamp.parse($0) }) else { return nil }
        self = parsed
    }

    /// Parses `YYYY-MM-DD HH:MM:SS ±HHMM` (also `T` for the space, `±HH:MM`, or `Z`).
    public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> HealthTimestamp? {
        guard b.count >= 19 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) &- 48
                guard d >= 0, d <= 9 else { return nil }
                n = n * 10 + d
            }
            return n
        }
        guard b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x20 || b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              let y = number(0, 4), let mo = number(5, 2), let d = number(8, 2),
              let h = number(11, 2), let mi = number(14, 2), let s = number(17, 2),
              h < 24, mi < 60, s < 61, let day = LocalDate(year: y, month: mo, day: d) else { return nil }
        var i = 19
        while i < b.count, b[i] == 0x20 { i += 1 }
        var offset = 0
        if i < b.count {
            if b[i] == 0x5A {   // Z
                offset = 0
            } else {
                guard b[i] == 0x2B || b[i] == 0x2D, b.count - i >= 5, let oh = number(i + 1, 2) else { return nil }
                let minuteAt = b[i + 3] == 0x3A ? i + 4 : i + 3
                guard b.count - minuteAt >= 2, let om = number(minuteAt, 2), oh <= 18, om < 60 else { return nil }
                offset = (oh * 3600 + om * 60) * (b[i] == 0x2D ? -1 : 1)
            }
        }
        return HealthTimestamp(day: day, secondOfDay: h * 3600 + mi * 60 + min(s, 59), offsetSeconds: offset)
    }
}
