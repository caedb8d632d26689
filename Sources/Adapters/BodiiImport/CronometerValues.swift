import BodiiDomain
import Foundation

/// How Cronometer writes days, times, numbers and meals, read into Bodii's values.
extension Table {
    /// `2026-03-13`, or the unpadded `2012-9-10` of older exports.
    static func day(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, (1...2).contains(parts[1].count), (1...2).contains(parts[2].count),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2])
        else { return nil }
        return LocalDate(year: y, month: m, day: d)
    }

    /// Minutes after midnight of `08:00`, `8:00 AM` or `11:05 PM`; nil when empty or unreadable
    /// (the time only orders a day's entries and picks the meal of an uncategorised one).
    static func clock(_ text: String) -> Int? {
        var t = text.uppercased()
        var shift: Int?
        if t.hasSuffix("AM") || t.hasSuffix("PM") {
            shift = t.hasSuffix("PM") ? 12 : 0
            t = String(t.dropLast(2)).trimmingCharacters(in: .whitespaces)
        }
        let parts = t.split(separator: ":")
        guard parts.count == 2 || parts.count == 3, let h = Int(parts[0]), let m = Int(parts[1]), (0..<60).contains(m) else { return nil }
        if let shift {
            guard (1...12).contains(h) else { return nil }
            return ((h % 12) + shift) * 60 + m
        }
        guard (0..<24).contains(h) else { return nil }
        return h * 60 + m
    }

    /// A plain decimal (`12`, `0.75`, `-3`): no thousands separators, no exponent, no words. A run
    /// of digits too long for a Double reads as infinity, which no range contains.
    static func number(_ text: String) -> Double? {
        var digits = 0, points = 0
        for (i, c) in text.enumerated() {
            if c.isASCII && c.isNumber {
                digits += 1
            } else if c == "." {
                points += 1
            } else if c == "-" && i == 0 {
                continue
            } else {
                return nil
            }
        }
        guard digits > 0, points <= 1, let value = Double(text), !value.isNaN else { return nil }
        return value
    }

    /// The number a portion starts with: 80 of `80.00 g`, 2 of `2.00 medium (2-2/3" dia)`; nil
    /// when it starts with none (the portion is then only a label).
    static func leadingNumber(_ portion: String) -> Double? {
        let head = portion.prefix { ($0.isASCII && $0.isNumber) || $0 == "." || $0 == "-" }
        return head.isEmpty ? nil : number(String(head))
    }

    /// "0–10000": a range as the skip reasons name it.
    static func rangeText(_ range: ClosedRange<Double>) -> String {
        "\(DecimalText.format(range.lowerBound, decimals: 2))–\(DecimalText.format(range.upperBound, decimals: 2))"
    }

    static func rounded(_ v: Double) -> Double { (v * 100).rounded() / 100 }

    /// Cronometer's diary groups; "Uncategorized", a group the user named, or none: the meal of
    /// the time of day when the row has one, else snacks.
    static func meal(group: String, hour: Int?) -> Meal {
        switch group.lowercased() {
        case "breakfast": return .breakfast
        case "lunch": return .lunch
        case "dinner": return .dinner
        case "snack", "snacks": return .snacks
        default: return hour.map(Meal.likely(atHour:)) ?? .snacks
        }
    }

    static func typicalMinute(_ meal: Meal) -> Int {
        switch meal {
        case .breakfast: return 8 * 60
        case .lunch: return 12 * 60 + 30
        case .dinner: return 19 * 60
        case .snacks: return 16 * 60
        }
    }

    /// "Weight (Garmin)" → "weight": the device in brackets does not change what is measured.
    static func metricName(_ text: String) -> String {
        var t = text.lowercased().trimmingCharacters(in: .whitespaces)
        if t.hasSuffix(")"), let open = t.lastIndex(of: "(") { t = String(t[..<open]).trimmingCharacters(in: .whitespaces) }
        return t
    }

    /// The instant of `minute` after midnight of `day` in `timeZone`.
    static func instant(_ day: LocalDate, minute: Int, timeZone: TimeZone) -> Date {
        let local = Double(day.daysSinceEpoch * 86_400 + minute * 60)
        let guess = Date(timeIntervalSince1970: local)
        return Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// FNV-1a, 64 bits, as hex: the same text gives the same id on every run and machine
    /// (Swift's `Hasher` is seeded per process).
    static func fingerprint(_ text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
