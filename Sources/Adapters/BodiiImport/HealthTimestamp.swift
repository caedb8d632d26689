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

    /// Parses `YYYY-MM-DD HH:MM:SS ±HHMM` (also `T` for the space, `±HH:MM`, or `Z`), and the compact
    /// form exports of 2015 wrote (iOS 8: `20150603050200+0100`, `yyyyMMddHHmmssZ`).
    public static func parse(_ b: UnsafeBufferPointer<UInt8>) -> HealthTimestamp? {
        guard b.count >= 14 else { return nil }
        func number(_ from: Int, _ count: Int) -> Int? {
            var n = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) &- 48
                guard d >= 0, d <= 9 else { return nil }
                n = n * 10 + d
            }
            return n
        }
        let y, mo, d, h, mi, s: Int
        var i: Int
        if b[4] == 0x2D {
            guard b.count >= 19, b[7] == 0x2D, b[10] == 0x20 || b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
                let yy = number(0, 4), let mm = number(5, 2), let dd = number(8, 2),
                let hh = number(11, 2), let mn = number(14, 2), let ss = number(17, 2)
            else { return nil }
            (y, mo, d, h, mi, s, i) = (yy, mm, dd, hh, mn, ss, 19)
        } else {
            guard let yy = number(0, 4), let mm = number(4, 2), let dd = number(6, 2),
                let hh = number(8, 2), let mn = number(10, 2), let ss = number(12, 2)
            else { return nil }
            (y, mo, d, h, mi, s, i) = (yy, mm, dd, hh, mn, ss, 14)
        }
        guard h < 24, mi < 60, s < 61, let day = LocalDate(year: y, month: mo, day: d) else { return nil }
        while i < b.count, b[i] == 0x20 { i += 1 }
        var offset = 0
        if i < b.count {
            if b[i] == 0x5A {  // Z
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
