import BodiiDomain
import Foundation

/// The clock of this process: the wall clock, or the instant in `BODII_NOW` (an ISO 8601 date-time
/// with its UTC offset, e.g. `2026-11-22T08:15:00+01:00`), so tests and demos never depend on the
/// hour. The offset sets the time zone, so "today" and the meal of the hour follow it. The clock
/// carries the user's calendar (the config file's `week_start` and `first_day_hour`).
package enum ProcessClock {
    package static let variable = "BODII_NOW"

    package static func current(
        environment: [String: String] = ProcessConfig.environment,
        calendar: DayCalendar = ProcessConfig.current.values.calendar
    ) throws -> any Clock {
        guard let text = environment[variable] else {
            return SystemClock(calendar: calendar, timeZone: ProcessTimeZone.current)
        }
        guard var clock = parse(text) else {
            throw CommandFailure.usage(
                "\(variable) \(ValidationError.quoted(text)) is not a date-time: allowed ISO 8601 with an offset, e.g. 2026-11-22T08:15:00+01:00"
            )
        }
        clock.calendar = calendar
        return clock
    }

    /// nil unless `text` is `YYYY-MM-DDTHH:MM[:SS]` followed by `Z` or `±HH:MM`.
    package static func parse(_ text: String) -> FixedClock? {
        guard let (date, offset) = ISOTimestamp.parse(text, secondsOptional: true),
            let zone = TimeZone(secondsFromGMT: offset)
        else { return nil }
        return FixedClock(now: date, timeZone: zone)
    }
}

/// The system's time zone, found as `TimeZone.current` finds it when `TZ` is not set (the name
/// `/etc/localtime` links to) without Foundation's own look-up, which first builds the whole
/// process environment (~1 M instructions of every command). Anything else — `TZ` set, a copied
/// /etc/localtime, a name Foundation does not know — is left to `TimeZone.current`.
enum ProcessTimeZone {
    package static var current: TimeZone {
        guard let run = InProcessRun.current else { return processCurrent }
        return linked(environment: run.environment) ?? .current
    }

    private static let processCurrent: TimeZone = linked(environment: ProcessConfig.environment) ?? .current

    package static func linked(environment: [String: String], localtime: String = "/etc/localtime") -> TimeZone? {
        guard environment["TZ"] == nil else { return nil }
        var buffer = [CChar](repeating: 0, count: 1024)
        let count = readlink(localtime, &buffer, buffer.count)
        guard count > 0, count < buffer.count else { return nil }
        let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let marker = "/zoneinfo/"
        guard let found = target.utf8.indices.last(where: { target.utf8[$0...].starts(with: marker.utf8) }) else { return nil }
        let name = String(target[target.utf8.index(found, offsetBy: marker.utf8.count)...])
        return name.isEmpty ? nil : TimeZone(identifier: name)
    }
}
