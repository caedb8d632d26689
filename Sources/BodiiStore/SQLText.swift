import BodiiDomain
import Foundation
import GRDB

// How domain values are spelled in the database. Hand-written (no formatters) because
// HistoryWriter converts tens of thousands of values per import.

enum SQLText {
    /// "YYYY-MM-DD": sorts as text in calendar order.
    static func date(_ date: LocalDate) -> String {
        let c = date.components
        var s = pad(c.year, 4)
        s += "-"
        s += pad(c.month, 2)
        s += "-"
        s += pad(c.day, 2)
        return s
    }

    static func localDate(_ text: String, column: String) throws -> LocalDate {
        guard let date = parseDate(text) else { throw StoreError.invalidStoredValue(column: column, value: text) }
        return date
    }

    /// Strict "YYYY-MM-DD", like `LocalDate(iso:)` but without allocating (lists read thousands).
    static func parseDate(_ text: String) -> LocalDate? {
        text.utf8.withContiguousStorageIfAvailable { b -> LocalDate? in
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
            return LocalDate(year: y, month: m, day: d)
        } ?? LocalDate(iso: text)
    }

    /// The instant rounded to whole milliseconds, exactly as `timestamp(_:timeZone:)` stores it,
    /// so a value read back compares equal to the value that was written.
    static func normalized(_ date: Date) -> Date {
        Date(timeIntervalSince1970: Double(milliseconds(date)) / 1000)
    }

    /// ISO 8601 with the UTC offset that `timeZone` had at that instant, e.g.
    /// "2026-11-22T08:15:00+01:00"; milliseconds are written only when not zero ("…:00.250+01:00").
    static func timestamp(_ date: Date, timeZone: TimeZone) -> String {
        let ms = milliseconds(date)
        let (seconds, fraction) = floorDivMod(ms, 1000)
        // Offsets with seconds (local mean time before ~1900) are rounded to whole minutes; the local
        // time written is shifted by the same rounded offset, so the text still names the exact instant.
        let offset = Int64((Double(timeZone.secondsFromGMT(for: date)) / 60).rounded()) * 60
        let (days, secondOfDay) = floorDivMod(seconds + offset, 86_400)
        let c = LocalDate(daysSinceEpoch: Int(days)).components
        var s = pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) + "T"
        s += pad(Int(secondOfDay / 3600), 2) + ":" + pad(Int(secondOfDay / 60 % 60), 2) + ":" + pad(Int(secondOfDay % 60), 2)
        if fraction != 0 { s += "." + pad(Int(fraction), 3) }
        let absOffset = abs(offset)
        s += (offset < 0 ? "-" : "+") + pad(Int(absOffset / 3600), 2) + ":" + pad(Int(absOffset / 60 % 60), 2)
        return s
    }

    /// Parses what `timestamp` writes (also accepts "Z" and 1–9 fraction digits).
    static func instant(_ text: String, column: String) throws -> Date {
        guard let date = parseTimestamp(text) else { throw StoreError.invalidStoredValue(column: column, value: text) }
        return date
    }

    static func parseTimestamp(_ text: String) -> Date? {
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
              byte(10, "T"), let h = number(11, 2), byte(13, ":"), let mi = number(14, 2), byte(16, ":"),
              let se = number(17, 2), let day = LocalDate(year: y, month: mo, day: d),
              h < 24, mi < 60, se < 61 else { return nil }
        var i = 19
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
            guard let oh = number(i + 1, 2), byte(i + 3, ":"), let om = number(i + 4, 2) else { return nil }
            offset = Int64(oh * 3600 + om * 60) * (byte(i, "-") ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == b.count else { return nil }
        let local = Int64(day.daysSinceEpoch) * 86_400 + Int64(h * 3600 + mi * 60 + se)
        return Date(timeIntervalSince1970: Double((local - offset) * 1000 + ms) / 1000)
    }

    private static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded())
    }

    private static func floorDivMod(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let q = a >= 0 ? a / b : -((-a + b - 1) / b)
        return (q, a - q * b)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Row {
    func localDate(_ column: String) throws -> LocalDate {
        try SQLText.localDate(decode(String.self, forColumn: column), column: column)
    }

    func instant(_ column: String) throws -> Date {
        try SQLText.instant(decode(String.self, forColumn: column), column: column)
    }

    /// A TEXT column holding an enum's raw value.
    func enumValue<T: RawRepresentable>(_ type: T.Type, _ column: String) throws -> T where T.RawValue == String {
        let raw = try decode(String.self, forColumn: column)
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: column, value: raw) }
        return value
    }
}
