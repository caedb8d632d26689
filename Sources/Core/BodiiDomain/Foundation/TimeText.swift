import Foundation

/// A time of day as people type it (PRODUCT.md §4), read by every time field and `bodii log sleep`:
///
/// - `23:15`, `7:05`, `6.50`, `7.30`, `23h15`, `7h` — hour, a separator, two minute digits;
/// - `2315`, `0650`, `650` — three or four digits, the last two the minutes; `7`, `23` — an hour;
/// - `11:15pm`, `1115pm`, `7am`, `7 am`, `7 p.m.` — 12-hour, hour 1–12 (`12am` is midnight);
/// - `noon` (`midday`) and `midnight`.
///
/// A dot is a separator, never a decimal: `6.50` is 06:50 (a duration field is where 6.5 means
/// hours). Minutes always have two digits, so `7:5` is refused rather than guessed.
public enum TimeText {
    /// What a message says is allowed.
    public static let allowed = "a time like 23:15, 2315, 6.50, 11:15pm, 7am or noon"

    public static func parse(_ text: String) -> ClockTime? {
        var t = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !t.isEmpty, t.count <= 16 else { return nil }
        switch t {
        case "noon", "midday": return ClockTime(hour: 12, minute: 0)
        case "midnight": return ClockTime(hour: 0, minute: 0)
        default: break
        }
        var meridiem: Character?
        for suffix in ["a.m.", "p.m.", "am", "pm", "a", "p"] where t.hasSuffix(suffix) {
            meridiem = suffix.first
            t = String(t.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            break
        }
        guard let (hour, minute) = clockDigits(t) else { return nil }
        switch meridiem {
        case nil: return ClockTime(hour: hour, minute: minute)
        case let m?:
            guard (1...12).contains(hour) else { return nil }
            return ClockTime(hour: hour % 12 + (m == "p" ? 12 : 0), minute: minute)
        }
    }

    /// Hour and minute of "23:15", "6.50", "23h15", "7h", "2315", "650" or "7" (not yet range-checked
    /// beyond the digit counts).
    static func clockDigits(_ t: String) -> (Int, Int)? {
        func digits(_ s: Substring) -> Bool { !s.isEmpty && s.allSatisfy { $0.isASCII && $0.isNumber } }
        if let sep = t.firstIndex(where: { $0 == ":" || $0 == "." || $0 == "h" }) {
            let h = t[..<sep], m = t[t.index(after: sep)...]
            guard digits(h), h.count <= 2, let hour = Int(h) else { return nil }
            if m.isEmpty, t[sep] == "h" { return (hour, 0) }
            guard digits(m), m.count == 2, let minute = Int(m) else { return nil }
            return (hour, minute)
        }
        let s = Substring(t)
        guard digits(s), let value = Int(s) else { return nil }
        switch s.count {
        case 1, 2: return (value, 0)
        case 3, 4: return (value / 100, value % 100)
        default: return nil
        }
    }
}
