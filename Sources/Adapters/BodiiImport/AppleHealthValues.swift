import BodiiDomain
import Foundation

/// Reading an export's attribute values and wording what is said about them: plain numbers,
/// energy units, ranges and names as the summary shows them. Shared by every kind of record.
enum AppleHealthValues {
    static func number(_ element: XMLElementStart, _ key: StaticString) -> Double? {
        element.value(key).flatMap(plainNumber)
    }

    /// A plain decimal number as exports write them ("1234", "12.5", "-3", "7.3e-05"), finite;
    /// nil for anything else — hex ("0x50"), "inf", "nan", spaces — which `Double(String)` would take.
    static func plainNumber(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        if let fast = decimal(b) { return fast }
        guard !b.isEmpty, b.count <= 40 else { return nil }
        var i = 0
        func digits() -> Int {
            var n = 0
            while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1; n += 1 }
            return n
        }
        if b[i] == 0x2B || b[i] == 0x2D { i += 1 }
        var mantissa = digits()
        if i < b.count, b[i] == 0x2E {
            i += 1
            mantissa += digits()
        }
        guard mantissa > 0 else { return nil }
        if i < b.count, b[i] == 0x65 || b[i] == 0x45 {
            i += 1
            if i < b.count, b[i] == 0x2B || b[i] == 0x2D { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == b.count, let value = Double(String(decoding: b, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// "1234" or "12.5" without making a String (most values); nil for anything else (signs,
    /// exponents, more than 15 digits), which `plainNumber` then reads.
    static func decimal(_ b: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !b.isEmpty, b.count <= 16 else { return nil }
        var whole: Int64 = 0
        var scale: Int64 = 1
        var seenPoint = false
        var digits = 0
        for c in b {
            if c == 0x2E {
                guard !seenPoint else { return nil }
                seenPoint = true
                continue
            }
            let d = Int64(c) &- 48
            guard d >= 0, d <= 9 else { return nil }
            whole = whole * 10 + d
            digits += 1
            if seenPoint { scale *= 10 }
        }
        guard digits > 0 else { return nil }
        return Double(whole) / Double(scale)
    }

    /// A whole number from a computed figure that is known finite and small (checked, never trapping).
    static func whole(_ value: Double) -> Int? {
        guard value.isFinite, abs(value) < 1e15 else { return nil }
        return Int(value.rounded())
    }

    /// kcal per unit of energy: kcal and Cal (food calories) are the same; kJ is 1/4.184.
    static func kcalFactor(_ unit: UnsafeBufferPointer<UInt8>?) -> Double? {
        guard let unit else { return 1 }
        if XMLBytes.equals(unit, "kcal") || XMLBytes.equals(unit, "Cal") { return 1 }
        if XMLBytes.equals(unit, "kJ") { return 1 / 4.184 }
        if XMLBytes.equals(unit, "cal") { return 0.001 }
        return nil
    }

    /// "2–75 %": a range as the skip reasons name it.
    static func rangeText(_ range: ClosedRange<Double>, _ unit: String) -> String {
        "\(DecimalText.format(range.lowerBound))–\(DecimalText.format(range.upperBound)) \(unit)"
    }

    /// A name from the file as the summary may show it: at most `echoedName` characters, cut with "…".
    static func echoable(_ name: String) -> String {
        name.count > AppleHealthLimits.echoedName ? String(name.prefix(AppleHealthLimits.echoedName - 1)) + "…" : name
    }

    /// The end of a sample after its start, as seconds; 0 when it has no later readable end.
    static func span(_ element: XMLElementStart, from time: HealthTimestamp) -> Int {
        guard let endBytes = element.value("endDate"), let end = HealthTimestamp.parse(endBytes), end.instant > time.instant else {
            return 0
        }
        return end.instant - time.instant
    }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : (a - b + 1) / b }
}
