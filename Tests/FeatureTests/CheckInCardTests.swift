import Foundation
import Testing
import BodiiDomain
import BodiiStore
import DashboardFeature
import TerminalKit
import SharedCharts

/// The dashboard's check-in card (issue 9, item 10): Monday-to-Sunday rows like the calendar,
/// "this week" counting the row it shows, and adherence readable without colour.
@MainActor
@Suite struct CheckInCardTests {
    /// The card's lines (streak, the weekdays, then one per week) rendered without colour at 80×26,
    /// where the card has its full height (at 80×21 it gives two rows to the charts: issue 26).
    func cardRows(_ db: TestDatabase, day: LocalDate) throws -> [String] {
        let state = try DashboardState.load(day: day, from: db.repositories)
        var buffer = Buffer(width: 80, height: 26)
        let mono = RenderContext(theme: Theme.fallback.colorless, symbols: .unicode)
        DashboardView(state: state, day: day, today: TestDay.fixed).render(in: buffer.area, buffer: &buffer, context: mono)
        let card = try #require(RenderedChart.all(in: buffer, fromRow: 0, padRight: 0).first { $0.title.contains("Check-ins") })
        return card.rows.map { $0.joined() }
    }

    static let dots: Set<Character> = ["●", "◐", "○"]

    /// Each day of a row as its dot and the mark after it.
    func days(_ row: String) -> [(dot: Character, mark: Character)] {
        let chars = Array(row.dropFirst(7))
        return stride(from: 0, to: chars.count - 1, by: 2).compactMap { i in
            Self.dots.contains(chars[i]) ? (chars[i], chars[i + 1]) : nil
        }
    }

    @Test(arguments: [0, 3, 6])
    func rowsAreCalendarWeeksAndThisWeekCountsTheLastRow(daysBack: Int) throws {
        let db = try TestDatabase.demo(days: 60, meals: true)
        let day = TestDay.fixed.adding(days: -daysBack)  // Sunday, Thursday, Monday
        let rows = try cardRows(db, day: day)
        let weeks = rows.dropFirst().filter { !days($0).isEmpty }
        try #require(weeks.count == 3, "\(rows)")
        // Each row starts on a Monday and the last one is the day's own week, up to the day.
        for (i, row) in weeks.enumerated() {
            let monday = day.monday.adding(days: -7 * (weeks.count - 1 - i))
            #expect(row.hasPrefix("\(monday.day) \(LocalDate.monthShortNames[monday.month - 1])"), "\(row)")
        }
        let shown = days(weeks[weeks.count - 1])
        #expect(shown.count == day.weekdayIndex + 1)
        let checkIns = try db.repositories.checkIns(in: DateRange(start: day.monday, end: day)).count
        #expect(rows[0].contains("this week \(checkIns)/\(day.weekdayIndex + 1)"), "\(rows[0])")
    }

    @Test func adherenceShowsAsAMarkWithoutColour() throws {
        let db = try TestDatabase.demo(days: 60, meals: true)
        let rows = try cardRows(db, day: TestDay.fixed)
        let marks = rows.dropFirst().flatMap { days($0).map(\.mark) }
        let calendar = try CheckInCalendar.load(
            range: DateRange(start: TestDay.fixed.monday.adding(days: -14), end: TestDay.fixed),
            source: db.repositories)
        try #require(marks.count == calendar.days.count)
        for (mark, day) in zip(marks, calendar.days) {
            let expected: Character
            switch day.adherence {
            case .onTarget?: expected = "✓"
            case .near?: expected = "~"
            case .off?: expected = "✗"
            case nil: expected = " "
            }
            #expect(mark == expected, "\(day.date)")
        }
        #expect(Set(marks).count >= 2, "the demo has days on and off target")
    }
}
