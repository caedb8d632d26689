@testable import BodiiDomain
import BodiiStore
import Testing

/// Issue 45: the Review's period and its 90 days are read once together
/// (`InsightReport.load(ranges:)`); each report must say exactly what a read of its own days says.
@MainActor
@Suite struct InsightReportSharedReadTests {
    /// Everything a report shows, as text: heading, findings with their figures, the plateau.
    private func shown(_ report: InsightReport) -> [String] {
        InsightLines.lines(report) + ["tested \(report.result.tested)", "first \(report.result.firstDayWithData?.iso ?? "-")"]
            + report.result.findings.map { "\($0.outcome) \($0.predictor) n=\($0.n) rho=\($0.rho) p=\($0.p) q=\($0.q)" }
    }

    @Test func periodsReadWithTheirNinetyDaysSayWhatTheirOwnReadsSay() throws {
        let clock = ReviewInsightsSectionTests.wednesday
        let db = try TestDatabase(profile: DemoHistory.profile, demoDays: 150, meals: true, clock: clock)
        let today = clock.today
        let ninety = DateRange(ending: today, days: 90)
        let week = ReviewPeriod(.week, containing: today, weekStart: .monday)
        let periods = [
            week, week.moved(by: -1), week.moved(by: -6), week.moved(by: -13), week.moved(by: -19),
            ReviewPeriod(.month, containing: today, weekStart: .monday).moved(by: -1),
        ]
        var shared = 0
        for period in periods {
            let range = try #require(period.elapsed(today: today))
            let together = try InsightReport.load(ranges: [range, ninety], source: db.repositories)
            try #require(together.count == 2)
            let alone = try InsightReport.load(range: range, source: db.repositories)
            #expect(shown(together[0]) == shown(alone), "\(range)")
            // The series as read from the period's own days alone (`InsightSeries.load`).
            let own = InsightFinder.find(try InsightSeries.load(range: range, source: db.repositories).series)
            #expect(together[0].result.findings.map(InsightLines.line) == own.findings.map(InsightLines.line), "\(range)")
            #expect(together[0].result.tested == own.tested && together[0].result.firstDayWithData == own.firstDayWithData)
            #expect(shown(together[1]) == shown(try InsightReport.load(range: ninety, source: db.repositories)), "\(range)")
            if InsightReport.span(of: range).end >= InsightReport.span(of: ninety).start { shared += 1 }
        }
        // Most of these periods overlap the 90 days (one read); the oldest does not (a read each).
        #expect(shared >= 3 && shared < periods.count)
        // A finding to compare: the 90 days of a demo history find something.
        #expect(!(try InsightReport.load(range: ninety, source: db.repositories)).result.findings.isEmpty)
    }
}
