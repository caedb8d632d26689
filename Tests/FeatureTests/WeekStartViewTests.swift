import BodiiDomain
import BodiiStore
import DashboardFeature
import ExerciseFeature
import Foundation
import ReviewFeature
import SharedCharts
import TerminalKit
import Testing

/// `week_start = "sunday"` as the screens show it: the check-in card's rows and the calendar
/// start on Sunday, the Exercise tab's "this week" and the Review's week run Sunday to Saturday.
@MainActor
@Suite struct WeekStartViewTests {
    static let sundays = FixedClock(now: TestDay.clock.now, timeZone: TestDay.clock.timeZone, calendar: DayCalendar(weekStart: .sunday))
    let mono = RenderContext(theme: Theme.fallback.colorless, symbols: .unicode)

    @Test func theCheckInCardAndCalendarStartOnSunday() throws {
        let db = try TestDatabase.demo(days: 60, meals: true)
        let day = TestDay.fixed  // a Sunday: the first day of its week
        let state = try DashboardState.load(day: day, weekStart: .sunday, from: db.repositories)
        // 80×26: the card's full height (at 80×21 it gives a week's row to the charts, issue 26).
        var buffer = Buffer(width: 80, height: 26)
        DashboardView(state: state, day: day, today: day).render(in: buffer.area, buffer: &buffer, context: mono)
        let card = try #require(RenderedChart.all(in: buffer, fromRow: 0, padRight: 0).first { $0.title.contains("Check-ins") })
        let rows = card.rows.map { $0.joined() }
        #expect(rows[0].range(of: "this week [01]/1", options: .regularExpression) != nil, "Sunday is day 1 of its week: \(rows[0])")
        let labels = rows.dropFirst().map { String($0.prefix(6)) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(labels == ["8 Nov ", "15 Nov", "22 Nov"], "\(rows)")

        let page = DotGridZoom.page(of: day, weekStart: .sunday)
        #expect(page.start.weekdayIndex == 6 && page.end.weekdayIndex == 5, "the grid's weeks run Sunday to Saturday")
        let days = try DotSeries.checkIns.days(DotQuery(range: page, clock: Self.sundays), source: db.repositories)
        var grid = DotGridView(
            series: .checkIns, zoom: .month, cursor: day, today: day, weekStart: .sunday,
            days: Dictionary(uniqueKeysWithValues: days.map { ($0.date, $0) }), timeZone: Self.sundays.timeZone, now: Self.sundays.now)
        var full = Buffer(width: 100, height: 30)
        grid.render(in: full.area, buffer: &full, context: mono)
        let header = try #require(full.text.split(separator: "\n").first { $0.contains("Sun") && $0.contains("Sat") })
        let sun = try #require(header.range(of: "Sun")), mon = try #require(header.range(of: "Mon")),
            sat = try #require(header.range(of: "Sat"))
        #expect(sun.lowerBound < mon.lowerBound && mon.lowerBound < sat.lowerBound, "\(header)")
        grid.zoom = .year
        var year = Buffer(width: 100, height: 30)
        grid.render(in: year.area, buffer: &year, context: mono)
        let rowLabels = year.text.split(separator: "\n").map { $0.dropFirst(2).prefix(3) }
        #expect(rowLabels.contains("Sun") && rowLabels.contains("Sat") && !rowLabels.contains("Mon"), "\(year.text)")
    }

    @Test func exerciseWeeksAndTheReviewRunSundayToSaturday() throws {
        let db = try TestDatabase(demoDays: 60, clock: Self.sundays)
        let exercise = ExerciseViewModel(source: db.repositories, clock: Self.sundays)
        exercise.reload()
        #expect(exercise.weeks.last?.start == TestDay.fixed)
        #expect(exercise.weeks.first?.start == TestDay.fixed.adding(days: -77))
        let review = ReviewViewModel(source: db.repositories, clock: Self.sundays)
        #expect(review.period == ReviewPeriod(.week, containing: TestDay.fixed, weekStart: .sunday))
        #expect(review.period.start == TestDay.fixed && review.period.end == TestDay.fixed.adding(days: 6))
    }
}
