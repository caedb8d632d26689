import BodiiDomain
import BodiiStore
import Foundation
@testable import ReviewFeature
import SnapshotTesting
import TerminalKit
import Testing

/// Issue 26 at 160×48: a week partly gone left 18 blank rows under the board; the Review draws the
/// insights there, from the same reports the `i` view shows, each line whole. At 80×24 nothing
/// changes (and nothing is read for it).
@MainActor
@Suite struct ReviewInsightsSectionTests {
    /// Wednesday 25 Nov 2026: the week's other days are still to come.
    static let wednesday = FixedClock(day: LocalDate(year: 2026, month: 11, day: 25) ?? TestDay.fixed.adding(days: 3))

    static func wednesdayDatabase() throws -> TestDatabase {
        let db = try TestDatabase(profile: DemoHistory.profile, demoDays: 60, meals: true, clock: wednesday)
        var batch = HistoryBatch()
        (batch.reviewItems, batch.actions) = DemoHistory(days: 60, endDate: wednesday.today).reviews()
        try db.repositories.write(batch)
        return db
    }

    private func tab(_ db: TestDatabase) -> ReviewViewModel {
        let vm = ReviewViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        return vm
    }

    private func screen(_ screen: any Screen, width: Int, height: Int, context: RenderContext = snapshotContext) -> String {
        var buffer = Buffer(width: width, height: height, for: context)
        screen.render(in: buffer.area, buffer: &buffer, context: context)
        return buffer.text
    }

    /// The rows inside the box whose top border starts with `title`, trimmed.
    static func box(_ title: String, in screen: String) -> [String] {
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let top = lines.firstIndex(where: { $0.hasPrefix("╭─ \(title) ") }) else { return [] }
        return lines[(top + 1)...].prefix { $0.hasPrefix("│") }.map {
            String($0.dropFirst().dropLast()).trimmingCharacters(in: .whitespaces)
        }
    }

    /// The Insights section of `vm` at 160×45, each of its lines checked against the `i` view,
    /// which reads the same reports.
    private func inlineInsights(_ vm: ReviewViewModel) throws -> (screen: String, inline: [String]) {
        let wide = screen(vm, width: 160, height: 45)
        let inline = Self.box("Insights", in: wide)
        try #require(!inline.isEmpty, "\(wide)")
        guard case .requests(let requests) = vm.handle(.char("i")), case .present(let flow)? = requests.first else {
            Issue.record("i did not open the insights")
            return (wide, inline)
        }
        let overlay = Self.box("Insights", in: screen(flow, width: 160, height: 45))
        for line in inline where !line.isEmpty {
            #expect(overlay.contains(line), "“\(line)” is not in the i view:\n\(overlay.joined(separator: "\n"))")
        }
        #expect(!inline.contains { $0.hasSuffix("…") }, "\(inline)")
        return (wide, inline)
    }

    @Test func theSpareRowsAt160x48ShowTheInsightsOfTheIView() throws {
        let db = try Self.wednesdayDatabase()
        let (wide, inline) = try inlineInsights(tab(db))
        assertSnapshot(of: wide, as: .lines, named: "160x45-wednesday")
        #expect(inline.contains { $0.hasPrefix("Last 90 days · ") } && inline.contains { $0.hasPrefix("This week · ") })
        // The detail line stays the last row.
        #expect(wide.split(separator: "\n", omittingEmptySubsequences: false).last?.contains("Action #1") == true)
        // The 60 demo days hold no finding since issue 44's calibration (the card says "none go
        // together", as `bodii insights` does); a planted one is drawn as a bullet, whole.
        let plantedDB = try ReviewInsightsTests.plantedDatabase()  // kept alive: its deinit closes the database
        let planted = try inlineInsights(tab(plantedDB)).inline
        #expect(planted.contains { $0.hasPrefix("- You slept ") && $0.contains("longer on nights after you exercised") }, "no finding: \(planted)")
    }

    /// The week partly gone and the 90 days end on the same day, so they judge the same 4 weeks of
    /// weight: one plateau, said once. The week's report used to see only its own 3 days of the
    /// window (25 "not logged"), so a flat weight printed twice with different reasons.
    @Test func aWeekPartlyGoneJudgesTheWeightAsTheNinetyDaysDo() throws {
        let db = try Self.wednesdayDatabase()
        let today = Self.wednesday.today
        let insights = try ReviewInsights.load(period: ReviewPeriod(.week, containing: today, weekStart: .monday), today: today) {
            try InsightReport.load(range: $0, source: db.repositories)
        }
        try #require(insights.sections.count == 2)
        let week = try #require(insights.sections[0].report.plateau)
        #expect(week == insights.sections[1].report.plateau)
        #expect(insights.entries.filter { $0.kind == .plateau && $0.line.plainText.hasPrefix("Weight over") }.count == 1)
    }

    /// A history that starts this Wednesday: the Summary said "3 days to today" and, beside it,
    /// the week's insights "This week · 1 day to today". The week's days are counted once, as the
    /// Summary counts them; the 90 days still say the history is 1 day long.
    @Test func aHistoryStartedThisWeekCountsTheWeekAsTheSummaryDoes() throws {
        let db = try TestDatabase(profile: DemoHistory.profile, demoDays: 1, meals: true, clock: Self.wednesday)
        let wide = screen(tab(db), width: 160, height: 45)
        let summaryTop = wide.split(separator: "\n").first { $0.contains("─ Summary ") }
        #expect(summaryTop?.contains(" 3 days to today ─") == true, "\(wide)")
        let inline = Self.box("Insights", in: wide)
        #expect(inline.contains { $0.hasPrefix("This week · 3 days to today") }, "\(inline)")
        #expect(inline.contains { $0.hasPrefix("Last 90 days · 1 day to today") }, "\(inline)")
    }

    @Test func at80x24And100x30TheReviewIsAsBefore() throws {
        let db = try Self.wednesdayDatabase()
        let vm = tab(db)
        for (width, height) in [(80, 21), (100, 27)] {
            let text = screen(vm, width: width, height: height)
            #expect(!text.contains("Insights"), "\(text)")
            assertSnapshot(of: text, as: .lines, named: "\(width)x\(height)-wednesday")
        }
        // In ASCII at 160×45, a finding (planted: the demo's 60 days hold none) keeps its "- ".
        let plantedDB = try ReviewInsightsTests.plantedDatabase()  // kept alive: its deinit closes the database
        let asciiContext = RenderContext(theme: .fallback, symbols: .ascii)
        let ascii = screen(tab(plantedDB), width: 160, height: 45, context: asciiContext)
        #expect(ascii.contains("Insights") && ascii.contains("| - You slept "), "\(ascii)")
        for text in [ascii, screen(vm, width: 160, height: 45, context: asciiContext)] {
            let nonASCII = text.unicodeScalars.filter { !$0.isASCII }
            #expect(nonASCII.isEmpty, "\(text)")
        }
    }

    /// A weigh-in written after the Review was drawn shows in its insights at the next reload:
    /// the reports are kept only while nothing is written.
    @Test func aWriteMakesTheInsightsReadAgain() throws {
        let db = try Self.wednesdayDatabase()
        let vm = tab(db)
        let before = try #require(vm.insights()?.sections.last?.report.plateau?.weighIns)
        _ = try db.repositories.addBodyRecord(
            BodyRecord(date: Self.wednesday.today.adding(days: -1), weightKg: 78.9, recordedAt: Self.wednesday.now), snapshot: nil)
        #expect(vm.insights()?.sections.last?.report.plateau?.weighIns == before, "read again before any reload")
        vm.didBecomeVisible()
        #expect(vm.insights()?.sections.last?.report.plateau?.weighIns == before + 1)
    }

    /// However few the rows (from 3: two headings and the count), what is shown fits them, every line whole; headings first, then the
    /// findings in order (never one skipped for a later one), and those left out are counted.
    @Test func fewRowsKeepLinesWholeAndCountTheFindingsLeftOut() throws {
        let db = try ReviewInsightsTests.plantedDatabase()
        let vm = tab(db)
        let insights = try #require(vm.insights())
        let view = ReviewInsightsView(insights: insights)
        let width = 76
        let heights = insights.entries.map { Paragraph([$0.line]).height(forWidth: width, context: snapshotContext) }
        let findings = insights.entries.filter { $0.kind == .finding }.map(\.line.plainText)
        try #require(!findings.isEmpty)
        for rows in 3...heights.reduce(0, +) {
            let (shown, more) = view.fit(rows: rows, width: width, context: snapshotContext)
            #expect(shown.map(\.height).reduce(0, +) + (more == nil ? 0 : 1) <= rows, "\(rows) rows")
            let texts = shown.map(\.line.plainText)
            #expect(texts.filter { $0.hasPrefix("Last 90 days") || $0.hasPrefix("This week") }.count == 2, "\(texts)")
            let shownFindings = texts.filter { $0.hasPrefix("- ") }
            #expect(shownFindings == Array(findings.prefix(shownFindings.count)), "\(texts)")
            let hidden = findings.count - shownFindings.count
            #expect(more == (hidden == 0 ? nil : "+\(Plural.count(hidden, "more finding")) — i for all"), "\(rows) rows")
        }
        let all = view.fit(rows: heights.reduce(0, +), width: width, context: snapshotContext)
        #expect(all.shown.map(\.line.plainText) == insights.entries.map(\.line.plainText) && all.more == nil)
    }
}
