import Foundation

/// ISO 8601 instants as Bodii spells them, in one place: the store's columns
/// ("2026-11-22T08:15:00+01:00", milliseconds only when not zero), the export's fields
/// ("2026-11-21T06:10:00.000Z": UTC, always to the millisecond) and `BODII_NOW`. Hand-written (no
/// formatters) because an import converts tens of thousands of values. Days are `LocalDate.iso`
/// and `LocalDate(iso:)`.
public enum ISOTimestamp {
    /// The instant rounded to whole milliseconds, as `text` writes it, so a value read back
    /// compares equal to the value that was written.
    public static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// With the UTC offset `timeZone` had at that instant. `exportStyle` spells the export's form:
    /// "Z" and always three fraction digits.
    public static func text(_ date: Date, timeZone: TimeZone, exportStyle: Bool = false) -> String {
        let ms = milliseconds(date)
        let (seconds, fraction) = floorDivMod(ms, 1000)
        // Offsets with seconds (local mean time before ~1900) are rounded to whole minutes; the local
        // time written is shifted by the same rounded offset, so the text still names the exact instant.
        let offset = Int64((Double(timeZone.secondsFromGMT(for: date)) / 60).rounded()) * 60
        let (days, secondOfDay) = floorDivMod(seconds + offset, 86_400)
        var s = LocalDate(daysSinceEpoch: Int(days)).iso + "T"
        s += pad(Int(secondOfDay / 3600), 2) + ":" + pad(Int(secondOfDay / 60 % 60), 2) + ":" + pad(Int(secondOfDay % 60), 2)
        if fraction != 0 || exportStyle { s += "." + pad(Int(fraction), 3) }
        if exportStyle && offset == 0 { return s + "Z" }
        let absOffset = abs(offset)
        s += (offset < 0 ? "-" : "+") + pad(Int(absOffset / 3600), 2) + ":" + pad(Int(absOffset / 60 % 60), 2)
        return s
    }

    /// The export's form of `date` (UTC).
    public static func exportText(_ date: Date) -> String {
        text(date, timeZone: TimeZone(secondsFromGMT: 0) ?? .current, exportStyle: true)
    }

    /// Parses what `text` writes: `YYYY-MM-DDTHH:MM:SS`, 1–9 fraction digits (kept to the
    /// millisecond), then `Z` or `±HH:MM`; with `secondsOptional`, `HH:MM` alone too.
    public static func instant(_ text: String, secondsOptional: Bool = false) -> Date? {
        parse(text, secondsOptional: secondsOptional)?.date
    }

    /// `instant`, with the UTC offset the text gave, in seconds.
    public static func parse(_ text: String, secondsOptional: Bool = false) -> (date: Date, offsetSeconds: Int)? {
        let b = Array(text.utf8)
        func number(_ from: Int, _ count: Int) -> Int? {
            guard from + count <= b.count else { return nil }
            var n = 0
            for i in from..<(from + count) {
                let d = Int(b[i]) - 48
                guard (0...9).contains(d) else { return nil }
                n = n * 10 + d
            }
            return n
        }
        func byte(_ i: Int, _ ch: Character) -> Bool { i < b.count && b[i] == ch.asciiValue }
        guard let y = number(0, 4), byte(4, "-"), let mo = number(5, 2), byte(7, "-"), let d = number(8, 2),
            byte(10, "T"), let h = number(11, 2), byte(13, ":"), let mi = number(14, 2),
            let day = LocalDate(year: y, month: mo, day: d), h < 24, mi < 60
        else { return nil }
        var i = 16
        var se = 0
        if byte(i, ":") {
            guard let s = number(17, 2), s < 61 else { return nil }
            se = s
            i = 19
        } else if !secondsOptional {
            return nil
        }
        var ms: Int64 = 0
        if byte(i, ".") {
            i += 1
            var digits = 0
            while i < b.count, (48...57).contains(b[i]) {
                if digits < 3 { ms = ms * 10 + Int64(b[i] - 48) }
                digits += 1
                i += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { ms *= 10 }
        }
        var offset: Int64 = 0
        if byte(i, "Z") {
            i += 1
        } else if byte(i, "+") || byte(i, "-") {
            guard let oh = number(i + 1, 2), byte(i + 3, ":"), let om = number(i + 4, 2), oh < 24, om < 60 else { return nil }
            offset = Int64(oh * 3600 + om * 60) * (byte(i, "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let local = Int64(day.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + se)
        return (Date(timeIntervalSince1970: Double((local - offset) * 1000 + ms) / 1000), Int(offset))
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        // Dates Bodii keeps are years 1900–9999; beyond Int64's milliseconds only by corrupt input.
        let ms = (date.timeIntervalSince1970 * 1000).rounded()
        return ms.isFinite && abs(ms) < 9.0e18 ? Int64(ms) : 0
    }

    private static func floorDivMod(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a >= 0 ? a / b : -((-a + b - 1) / b)
        return (q, a - q * b)
    }

    private static func pad(_ n: Int, _ width: Int) -> String { FastFormat.zeroPadded(n, width) }
}
