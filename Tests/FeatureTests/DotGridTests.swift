import BodiiDomain
import BodiiStore
import DashboardFeature
import Foundation
import SharedCharts
import SnapshotTesting
import TerminalKit
import Testing

/// The dot grid (`g` on the Dashboard, issue 47 item 4): a flow on the stack, the zoom ladder
/// year → month → week → day, the reads it makes, and how it looks at 80×24 and 160×45, without
/// colour and in ASCII.
@MainActor
@Suite struct DotGridTests {
    func opened(_ db: TestDatabase) throws -> (FlowHost<DashboardViewModel>, DotGridFlow) {
        let host = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock))
        host.didBecomeVisible()
        host.press(.char("g"))
        return (host, try #require(host.stack.top as? DotGridFlow, "g presents the grid on the stack"))
    }

    @Test func enterZoomsDownToTheDayAndEscBackUpAndOut() throws {
        let db = try TestDatabase.demo(days: 60, meals: true)
        let (host, grid) = try opened(db)
        #expect(grid.zoom == .year && grid.cursor == TestDay.fixed)
        #expect(render(host, .small).lines[0].contains("Check-ins · 2026"))
        var titles: [String] = []
        for _ in 0..<3 {
            host.press(.enter)
            titles.append(render(host, .small).lines[0])
        }
        #expect(grid.zoom == .day)
        #expect(
            titles[0].contains("November 2026") && titles[1].contains("week of 16 Nov 2026") && titles[2].contains("Sun 22 Nov 2026"),
            "\(titles)")
        host.press(.enter)
        #expect(grid.zoom == .day, "the day is the last level")
        host.press(.escape, times: 3)
        #expect(grid.zoom == .year && host.stack.top is DotGridFlow)
        host.press(.escape)
        #expect(host.stack.isEmpty, "Esc at the year closes the grid")
        #expect(render(host, .small).text.contains("Calories"))
    }

    /// `[` `]` step by the level's unit; arrows move the cursor across weeks in the year and
    /// across days in the month; nothing goes past today.
    @Test func stepsAndArrowsFollowTheLevel() throws {
        let db = try TestDatabase.demo(days: 30)
        let (host, grid) = try opened(db)
        host.press(.char("["))
        #expect(grid.cursor == LocalDate(year: 2025, month: 11, day: 22))
        host.press(.char("]"), times: 3)
        #expect(grid.cursor == TestDay.fixed)
        host.press(.left)
        #expect(grid.cursor == TestDay.fixed.adding(days: -7))
        host.press(.up)
        #expect(grid.cursor == TestDay.fixed.adding(days: -8))
        host.press(.enter)  // the month
        host.press(.char("["))
        #expect(grid.cursor == LocalDate(year: 2026, month: 10, day: 14))
        host.press(.down)
        #expect(grid.cursor == LocalDate(year: 2026, month: 10, day: 21))
        host.press(.enter)  // the week
        host.press(.char("]"))
        #expect(grid.cursor == LocalDate(year: 2026, month: 10, day: 28))
        host.press(.enter)  // the day
        host.press(.char("["))
        #expect(grid.cursor == LocalDate(year: 2026, month: 10, day: 27))
        host.press(.char("t"))
        #expect(grid.cursor == TestDay.fixed)
        host.press(.char("s"))
        #expect(grid.series == .kcal)
        host.press(.char("S"), times: 2)
        #expect(grid.series == DotSeries.allCases.last)
    }

    /// A year is read once per page and series shown: moving inside it reads nothing; another
    /// year reads once; a series cycled back to is not read again; a day opened reads once.
    @Test func keysInsideAPageReadNothing() throws {
        let db = try TestDatabase.demo(days: 30)
        let (host, grid) = try opened(db)
        #expect(grid.reads == 1)
        host.press(.left, times: 5)
        host.press(.enter)
        host.press(.up, times: 2)
        #expect(grid.reads == 1)
        host.press(.escape)
        host.press(.char("["))
        #expect(grid.reads == 2)
        host.press(.char("]"))
        #expect(grid.reads == 2, "the year just left is kept until the next write")
        for _ in DotSeries.allCases { host.press(.char("s")) }
        #expect(grid.reads == 2 + DotSeries.allCases.count - 1, "back at check-ins, which were read")
        host.press(.enter, times: 3)
        #expect(grid.reads == 2 + DotSeries.allCases.count)
        host.press(.escape)
        host.press(.enter)
        #expect(grid.reads == 2 + DotSeries.allCases.count, "the same day again")
        host.press(.escape, times: 3)
        host.press(.escape)
        host.press(.char("g"))
        let again = try #require(host.stack.top as? DotGridFlow)
        #expect(again.reads == 0, "opened again before any write: kept")
        try db.repositories.saveCheckIn(CheckIn(date: TestDay.fixed, mood: 3, energy: 3))
        host.press(.escape)
        host.press(.char("g"))
        #expect((host.stack.top as? DotGridFlow)?.reads == 1, "after a write the year is read again")
    }

    /// At 80 columns the whole year shows: a column for each of its weeks.
    @Test func aWholeYearFitsEightyColumns() throws {
        let db = try TestDatabase.demo(days: 400)
        let (host, grid) = try opened(db)
        host.press(.char("["))  // 2025, over: every week has dots (· before the demo began)
        let screen = render(host, .small)
        let page = DotGridZoom.page(of: grid.cursor, weekStart: .monday)
        let dots: Set<String> = ["●", "◐", "○", "·"]
        let rows = try #require(screen.lines.firstIndex { $0.hasPrefix("│ Mon ") })
        let columns = (0..<screen.width).filter { x in (rows..<rows + 7).contains { dots.contains(screen[x, $0].symbol) } }
        #expect(columns.count == page.dayCount / 7, "\(columns.count) of \(page.dayCount / 7) weeks")
        #expect(screen.lines[rows - 1].contains("Jan") && screen.lines[rows - 1].contains("Dec"), "\(screen.lines[rows - 1])")
    }

    /// Without colour (NO_COLOR, and what 8 colours cannot tell apart) each level is its own
    /// shape, in Unicode and in ASCII, and the cursor is in reverse video.
    @Test func levelsDifferByShapeWithoutColour() throws {
        // From late January: the days before have no night (·).
        let db = try TestDatabase.demo(days: 300)
        let (host, grid) = try opened(db)
        host.press(.char("s"), times: 2)  // sleep: every level occurs in the demo
        #expect(grid.series == .sleep)
        for symbols in [Symbols.unicode, .ascii] {
            let context = RenderContext(theme: Theme.fallback.colorless, symbols: symbols)
            let screen = render(host, .small, context: context)
            let shapes = DotLevel.allCases.map { DotGridText.symbol($0, symbols) }
            #expect(Set(shapes).count == DotLevel.allCases.count)
            for shape in shapes { #expect(screen.text.contains(shape), "\(shape) in\n\(screen.text)") }
            let reversed = (0..<screen.height).flatMap { y in (0..<screen.width).filter { screen[$0, y].style.reverse }.map { ($0, y) } }
            #expect(reversed.count == 1, "only the cursor is reversed")
        }
    }

    // MARK: snapshots

    private func snapLevels(
        _ host: FlowHost<DashboardViewModel>, _ name: String, context: RenderContext = snapshotContext, testName: String = #function
    ) {
        for level in ["year", "month", "week", "day"] {
            for (width, height) in [(80, 21), (160, 45)] {
                var buffer = Buffer(width: width, height: height, for: context)
                host.render(in: buffer.area, buffer: &buffer, context: context)
                assertSnapshot(of: buffer.text, as: .lines, named: "\(width)x\(height)-\(name)-\(level)", testName: testName)
            }
            host.press(.enter)
        }
        host.press(.escape, times: 3)
    }

    @Test func snapshotsOfEveryLevel() throws {
        let db = try TestDatabase.demo(days: 400, meals: true)
        try db.repositories.addFast(
            Fast(
                date: TestDay.fixed.adding(days: -1), startedAt: db.clock.now.addingTimeInterval(-20 * 3600),
                endedAt: db.clock.now.addingTimeInterval(-2 * 3600), goalHours: 16))
        // Moments on some days of the last weeks: every level, and a day without a feeling said.
        for (back, line) in [(0, "coffee with Ana +social 5/5"), (0, "long meeting +work 2/5"), (2, "walk +outdoors 4/5"), (5, "tired 1/5"), (9, "read +books")] {
            try MomentLogging(store: db.repositories, clock: FixedClock(now: db.clock.now))
                .note(MomentLine.parse(line), at: db.clock.now.addingTimeInterval(Double(-back * 24 - 3) * 3600))
        }
        let (host, _) = try opened(db)
        for series in DotSeries.allCases {
            snapLevels(host, series.rawValue)
            host.press(.char("s"))
        }
        snapLevels(host, "ascii", context: RenderContext(theme: Theme.fallback.colorless, symbols: .ascii))
    }
}

/// One number, one computation: the grid's kcal of a day is the Dashboard's (`DaySummary`), and
/// its days within 10 % of target are the Review's adherent days (`PeriodSummary`).
@MainActor
@Suite struct DotGridConsistencyTests {
    @Test func theGridsCaloriesAreTheDashboardsAndTheReviews() throws {
        let db = try TestDatabase.demo(days: 120, meals: true)
        let host = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock))
        host.didBecomeVisible()
        host.press(.char("g"))
        host.press(.char("s"))
        let grid = try #require(host.stack.top as? DotGridFlow)
        #expect(grid.series == .kcal)
        let days = grid.view.days
        let query = DaySummaryQuery(source: db.repositories)
        var judged = 0
        for offset in 1...56 {
            let date = TestDay.fixed.adding(days: -offset)
            let summary = try query.summary(for: date)
            let day = try #require(days[date])
            guard case .intake(let intake) = day.facts else {
                #expect(summary.eatenKcal == 0, "\(date): the dashboard has food the grid has not")
                continue
            }
            #expect(abs(intake.eatenKcal - summary.eatenKcal) < 0.001, "\(date)")
            #expect(intake.targetKcal == summary.targetKcal, "\(date)")
            if intake.adherence != nil { judged += 1 }
        }
        #expect(judged > 40, "the demo's days are judged against a target")
        for week in 1...8 {
            let start = TestDay.fixed.adding(days: -7 * week - 6)
            let range = DateRange(start: start, end: start.adding(days: 6))
            let review = try PeriodSummary.load(range: range, source: db.repositories)
            let onTarget = range.days.filter { days[$0]?.level == .high }.count
            #expect(onTarget == review.calories.adherentDays, "\(range)")
        }
    }
}
