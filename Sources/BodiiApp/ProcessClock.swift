import BodiiDomain
import Foundation

/// The clock of this process: the wall clock, or the instant in `BODII_NOW` (an ISO 8601 date-time
/// with its UTC offset, e.g. `2026-11-22T08:15:00+01:00`), so tests and demos never depend on the
/// hour. The offset sets the time zone, so "today" and the meal of the hour follow it. The clock
/// carries the user's calendar (the config file's `week_start` and `first_day_hour`).
enum ProcessClock {
    static let variable = "BODII_NOW"

    static func current(
        environment: [String: String] = ProcessConfig.environment,
        calendar: DayCalendar = ProcessConfig.current.values.calendar
    ) throws -> any Clock {
        guard let text = environment[variable] else { return SystemClock(calendar: calendar) }
        guard var clock = parse(text) else {
            throw CommandFailure.usage(
                "\(variable) \(ValidationError.quoted(text)) is not a date-time: allowed ISO 8601 with an offset, e.g. 2026-11-22T08:15:00+01:00"
            )
        }
        clock.calendar = calendar
        return clock
    }

    /// nil unless `text` is `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`.
    static func parse(_ text: String) -> FixedClock? {
        guard let (date, offset) = ISOTimestamp.parse(text, secondsOptional: true),
            let zone = TimeZone(secondsFromGMT: offset)
        else { return nil }
        return FixedClock(now: date, timeZone: zone)
    }
}
