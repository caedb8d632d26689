import Foundation
import Testing
import BodiiDomain
import BodiiStore
import DashboardFeature
import TerminalKit
import SharedCharts

/// Item 7 of issue 9: a chart covers its whole range, and the charts shown together cover the
/// same dates in the same columns — at the 80×24 minimum, 100×30 and 220×60 (content areas).
@MainActor
@Suite struct ChartRangeTests {
    static let sizes = [(80, 21), (100, 27), (220, 57)]

    /// "23 Nov 2025" or "Nov 2025": how an axis may name the range's first day.
    func names(_ label: String, _ day: LocalDate) -> Bool {
        label == day.shortLabel(relativeTo: TestDay.fixed) || label == "\(LocalDate.monthShortNames[day.month - 1]) \(day.year)"
    }

    @Test(arguments: ChartRange.allCases)
    func dashboardChartsCoverTheRangeAndLineUp(range: ChartRange) throws {
        let db = try TestDatabase.demo(days: 400, meals: true)
        let state = try DashboardState.load(day: TestDay.fixed, range: range, from: db.repositories)
        let first = range.dates(endingOn: TestDay.fixed).start
        for (width, height) in Self.sizes {
            var buffer = Buffer(width: width, height: height)
            DashboardView(state: state, day: TestDay.fixed, today: TestDay.fixed).render(
                in: buffer.area, buffer: &buffer, context: snapshotContext)
            // The charts are the last four blocks, below the cards (whose heights give way on a short
            // terminal, issue 26).
            let charts = Array(RenderedChart.all(in: buffer, fromRow: 0).suffix(4))
            let at = "\(range.label) at \(width)×\(height)"
            try #require(charts.count == 4, "\(at): \(charts.map(\.title))")
            // Every title keeps its unit, even at 80 columns (item 13).
            for (chart, unit) in zip(charts, ["kcal", "kg", "h", "min"]) {
                #expect(chart.title.contains(unit), "\(at): \(chart.title)")
            }
            // Same dates in the same columns: the four x axes read the same.
            for chart in charts.dropFirst() {
                #expect(chart.labelRow == charts[0].labelRow, "\(at): \(chart.title)")
            }
            let labels = charts[0].labelRow.split(separator: " ")
            #expect(labels.last == "today", "\(at): the last bar is the selected day")
            if labels.count > 1 {
                // The first label is the range's first day ("Nov 2025" takes two words).
                let head = labels.prefix(2).joined(separator: " ")
                #expect(names(String(labels[0]), first) || names(head, first), "\(at): starts at \(head), not \(first)")
            }
            // Demo meals and nights reach the selected day: the newest bars end at the right edge.
            let plotEnd = (charts[0].rows.first?.count ?? 0) - 1
            let calories = charts[0].columns { RenderedChart.barGlyphs.contains($0) }
            let sleep = charts[2].columns { RenderedChart.barGlyphs.contains($0) }
            #expect(calories.last == plotEnd && sleep.last == plotEnd, "\(at): the newest bars end at the right edge")
            // The weight trend runs over the same slots, starting in the first bar's columns (its
            // end depends on the last weigh-in, so only its start is pinned).
            let weight = charts[1].columns(where: RenderedChart.isBraille)
            let firstBar = min(calories.first ?? plotEnd, sleep.first ?? plotEnd)
            if let start = weight.first, let end = weight.last {
                #expect(end <= plotEnd && end >= plotEnd - (plotEnd - firstBar) / 4, "\(at): weight ends at \(end)")
                #expect(start >= firstBar - 1 && start <= firstBar + 12, "\(at): weight starts at \(start), the first bar at \(firstBar)")
            } else {
                Issue.record("\(at): no weight line")
            }
        }
    }

    @Test(arguments: ChartRange.allCases)
    func reportChartsShareOneAxis(range: ChartRange) throws {
        let db = try TestDatabase.demo(days: 400, meals: true)
        let state = try DashboardState.load(day: TestDay.fixed, range: range, from: db.repositories)
        let period = try PeriodSummary.load(range: range.dates(endingOn: TestDay.fixed), source: db.repositories)
        let report = DashboardReport(state: state, day: TestDay.fixed, period: period)
        var buffer = Buffer(width: 80, height: report.height)
        report.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        let charts = RenderedChart.all(in: buffer, fromRow: 0)
        try #require(charts.count == 4)
        for chart in charts.dropFirst() { #expect(chart.labelRow == charts[0].labelRow, "\(range.label): \(chart.title)") }
        let first = range.dates(endingOn: TestDay.fixed).start
        let labels = charts[0].labelRow.split(separator: " ")
        #expect(names(String(labels.first ?? ""), first) || names(labels.prefix(2).joined(separator: " "), first))
        #expect(labels.last == "today")
    }
}
