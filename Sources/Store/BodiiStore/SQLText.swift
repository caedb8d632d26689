import BodiiDomain
import Foundation
import GRDB

// How domain values are spelled in the database: the domain's one codec (`LocalDate.iso`,
// `ISOTimestamp`), which the export and the clock use too.

enum SQLText {
    /// "YYYY-MM-DD": sorts as text in calendar order.
    static func date(_ date: LocalDate) -> String { date.iso }

    static func localDate(_ text: String, column: String) throws -> LocalDate {
        guard let date = parseDate(text) else { throw StoreError.invalidStoredValue(column: column, value: text) }
        return date
    }

    static func parseDate(_ text: String) -> LocalDate? { LocalDate(iso: text) }

    /// The instant rounded to whole milliseconds, exactly as `timestamp(_:timeZone:)` stores it.
    static func normalized(_ date: Date) -> Date { ISOTimestamp.normalized(date) }

    /// ISO 8601 with the UTC offset that `timeZone` had at that instant, e.g.
    /// "2026-11-22T08:15:00+01:00"; milliseconds are written only when not zero ("…:00.250+01:00").
    static func timestamp(_ date: Date, timeZone: TimeZone) -> String { ISOTimestamp.text(date, timeZone: timeZone) }

    /// Parses what `timestamp` writes (also accepts "Z" and 1–9 fraction digits).
    static func instant(_ text: String, column: String) throws -> Date {
        guard let date = parseTimestamp(text) else { throw StoreError.invalidStoredValue(column: column, value: text) }
        return date
    }

    static func parseTimestamp(_ text: String) -> Date? { ISOTimestamp.instant(text) }
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
        try enumValue(type, raw: decode(String.self, forColumn: column), column: column)
    }

    /// The same by index (`column` names it in errors): no lookup of the name for each row.
    func enumValue<T: RawRepresentable>(_ type: T.Type, atIndex index: Int, column: String) throws -> T where T.RawValue == String {
        try enumValue(type, raw: decode(String.self, atIndex: index), column: column)
    }

    private func enumValue<T: RawRepresentable>(_ type: T.Type, raw: String, column: String) throws -> T where T.RawValue == String {
        guard let value = T(rawValue: raw) else { throw StoreError.invalidStoredValue(column: column, value: raw) }
        return value
    }
}
