import Foundation

/// The day a week starts on (the config file's `week_start`). The Review's weeks, the check-in
/// calendar and card, and the Exercise tab's weeks all follow it.
public enum WeekStart: String, CaseIterable, Sendable {
    case monday, sunday

    /// 0 for the first day of the week … 6 for the last.
    public func position(of date: LocalDate) -> Int {
        switch self {
        case .monday: return date.weekdayIndex
        case .sunday: return (date.weekdayIndex + 1) % 7
        }
    }

    /// The first day of the week that holds `date`.
    public func firstDay(of date: LocalDate) -> LocalDate { date.adding(days: -position(of: date)) }

    /// "Mon" … "Sun", or "Sun" … "Sat": the calendar's column or row names.
    public var dayShortNames: [String] {
        let names = LocalDate.weekdayShortNames
        switch self {
        case .monday: return names
        case .sunday: return [names[6]] + names.prefix(6)
        }
    }

    /// "Monday–Sunday" / "Sunday–Saturday".
    public var spanLabel: String {
        switch self {
        case .monday: return "Monday–Sunday"
        case .sunday: return "Sunday–Saturday"
        }
    }
}

/// How this user's days and weeks run: when a week starts and at what hour a new day begins
/// (the config file's `week_start` and `first_day_hour`). One value, carried by the clock, so
/// every screen and command that asks for "today" or "this week" gets the same answer.
public struct DayCalendar: Equatable, Sendable {
    public var weekStart: WeekStart
    /// A new day begins at this hour (0–6): at 01:30 with 4 it is still yesterday, so a night
    /// owl's late meal lands on the day they are still living.
    public var firstDayHour: Int

    public static let firstDayHours = 0...6
    public static let standard = DayCalendar(weekStart: .monday, firstDayHour: 0)

    public init(weekStart: WeekStart = .monday, firstDayHour: Int = 0) {
        self.weekStart = weekStart
        self.firstDayHour = min(max(firstDayHour, Self.firstDayHours.lowerBound), Self.firstDayHours.upperBound)
    }

    /// The day `instant` belongs to: its local calendar day, or the one before until `firstDayHour`.
    public func day(of instant: Date, timeZone: TimeZone) -> LocalDate {
        LocalDate(instant.addingTimeInterval(-Double(firstDayHour) * 3600), timeZone: timeZone)
    }
}
