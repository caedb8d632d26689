import BodiiDomain
import Foundation

/// The clock of this process: the wall clock, or the instant in `BODII_NOW` (an ISO 8601 date-time
/// with its UTC offset, e.g. `2026-11-22T08:15:00+01:00`), so tests and demos never depend on the
/// hour. The offset sets the time zone, so "today" and the meal of the hour follow it. The clock
/// carries the user's calendar (the config file's `week_start` and `first_day_hour`).
enum ProcessClock {
    static let variable = "BODII_NOW"

    static func current(environment: [String: String] = ProcessInfo.processInfo.environment,
                        calendar: DayCalendar = ProcessConfig.current.values.calendar) throws -> any Clock {
        guard let text = environment[variable] else { return SystemClock(calendar: calendar) }
        guard var clock = parse(text) else {
            throw CommandFailure.usage("\(variable) \(ValidationError.quoted(text)) is not a date-time: allowed ISO 8601 with an offset, e.g. 2026-11-22T08:15:00+01:00")
        }
        clock.calendar = calendar
        return clock
    }

    /// nil unless `text` is `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`.
    static func parse(_ text: String) -> FixedClock? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = formatter.date(from: text) ?? formatter.date(from: text.replacingOccurrences(of: "Z", with: ":00Z")),
              let offset = offsetSeconds(text), let zone = TimeZone(secondsFromGMT: offset) else { return nil }
        return FixedClock(now: date, timeZone: zone)
    }

    private static func offsetSeconds(_ text: String) -> Int? {
        if text.hasSuffix("Z") { return 0 }
        let tail = text.suffix(6)
        guard tail.count == 6, let sign = tail.first, sign == "+" || sign == "-", Array(tail)[3] == ":",
              let h = Int(tail.dropFirst().prefix(2)), let m = Int(tail.suffix(2)), h < 24, m < 60 else { return nil }
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60)
    }
}
