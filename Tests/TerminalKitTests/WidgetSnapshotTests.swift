import Testing
import TerminalKit

/// Text snapshots of every widget at two or more sizes, in Unicode and, where glyphs differ, ASCII.
/// Record with `SNAPSHOT_TESTING_RECORD=all swift test --filter TerminalKitTests`, then read the files.
@Suite struct WidgetSnapshotTests {
    @Test func block() {
        snap(Fixtures.block, 30, 4, testName: "block")
        snap(Fixtures.block, 12, 3, testName: "block")
        snap(Fixtures.block, 30, 4, ascii: true, testName: "block")
        snap(Block(title: "A very long card title"), 14, 3, testName: "block")
    }

    @Test func paragraph() {
        snap(Fixtures.paragraph, 40, 7, testName: "paragraph")
        snap(Fixtures.paragraph, 18, 12, testName: "paragraph")
        snap(Paragraph(Fixtures.paragraph.lines, overflow: .truncate), 30, 3, testName: "paragraph", label: "truncate")
        snap(Paragraph(Fixtures.paragraph.lines, overflow: .truncate), 30, 3, ascii: true, testName: "paragraph", label: "truncate")
        snap(Paragraph("Centred\nlines of text", alignment: .center), 20, 2, testName: "paragraph", label: "center")
        snap(Paragraph("Right\naligned", alignment: .right), 12, 2, testName: "paragraph", label: "right")
    }

    @Test func tabs() {
        snap(Fixtures.tabs, 80, 1, testName: "tabs")
        snap(Fixtures.tabs, 40, 1, testName: "tabs")
        snap(Fixtures.tabs, 20, 1, testName: "tabs")
    }

    @Test func table() {
        snap(Fixtures.table(), 40, 6, testName: "table")
        snap(Fixtures.table(selected: 8), 40, 6, testName: "table", label: "scrolled")
        snap(Fixtures.table(selected: 5), 28, 12, testName: "table", label: "all-rows")
        snap(Fixtures.table(selected: 5), 40, 6, ascii: true, testName: "table", label: "scrolled")
        snap(Fixtures.emptyTable, 40, 4, testName: "table", label: "empty")
    }

    @Test func gauge() {
        snap(Fixtures.gauge, 40, 1, testName: "gauge")
        snap(Fixtures.gauge, 20, 1, testName: "gauge")
        snap(Fixtures.overGauge, 40, 1, testName: "gauge", label: "over")
        snap(Fixtures.gauge, 40, 1, ascii: true, testName: "gauge")
        snap(Gauge(label: "", value: 3, max: 4), 16, 1, testName: "gauge", label: "percent")
    }

    @Test func barChart() {
        snap(Fixtures.sleepBars, 30, 8, testName: "barChart", label: "sleep")
        snap(Fixtures.sleepBars, 30, 8, ascii: true, testName: "barChart", label: "sleep")
        snap(Fixtures.sleepBars, 16, 4, testName: "barChart", label: "sleep")
        snap(Fixtures.calorieBars, 50, 8, testName: "barChart", label: "kcal")
        snap(Fixtures.calorieBars, 24, 6, testName: "barChart", label: "kcal")
    }

    @Test func lineChart() {
        snap(Fixtures.lineChart, 40, 8, testName: "lineChart")
        snap(Fixtures.lineChart, 40, 8, ascii: true, testName: "lineChart")
        snap(Fixtures.lineChart, 20, 4, testName: "lineChart")
        snap(LineChart(series: [ChartSeries([5])], unit: "min"), 16, 3, testName: "lineChart", label: "one-point")
    }

    @Test func sparkline() {
        snap(Fixtures.sparkline, 20, 1, testName: "sparkline")
        snap(Fixtures.sparkline, 8, 1, testName: "sparkline")
        snap(Fixtures.sparkline, 20, 1, ascii: true, testName: "sparkline")
    }

    @Test func textField() {
        snap(Fixtures.textField, 30, 1, testName: "textField")
        snap(Fixtures.textField, 10, 1, testName: "textField", label: "scrolled")
        snap(Fixtures.emptyField, 20, 1, testName: "textField", label: "placeholder")
        snap(TextField(text: "日本語の食べ物"), 10, 1, testName: "textField", label: "wide")
    }

    @Test func form() {
        snap(Fixtures.form, 60, 6, testName: "form")
        snap(Fixtures.form, 36, 4, testName: "form")
        snap(Fixtures.form, 60, 6, ascii: true, testName: "form")
    }

    @Test func modal() {
        snap(OverBackground(widget: Fixtures.modal), 40, 10, testName: "modal")
        snap(OverBackground(widget: Fixtures.modal), 20, 5, testName: "modal")
        snap(OverBackground(widget: Fixtures.modal), 40, 10, ascii: true, testName: "modal")
    }

    @Test func confirmation() {
        snap(OverBackground(widget: Fixtures.confirmation), 40, 9, testName: "confirmation")
        snap(OverBackground(widget: Fixtures.confirmation), 18, 7, testName: "confirmation")
    }

    @Test func helpOverlay() {
        snap(OverBackground(widget: Fixtures.help), 80, 24, testName: "helpOverlay")
        snap(OverBackground(widget: Fixtures.help), 40, 12, testName: "helpOverlay")
        snap(OverBackground(widget: Fixtures.help), 80, 14, testName: "helpOverlay", label: "two-columns")
        snap(
            OverBackground(widget: HelpOverlay(keyMaps: Fixtures.help.keyMaps, scroll: 5)), 40, 12,
            testName: "helpOverlay", label: "scrolled")
        snap(OverBackground(widget: Fixtures.help), 80, 24, ascii: true, testName: "helpOverlay")
    }

    @Test func footer() {
        snap(Fixtures.footer, 80, 1, testName: "footer")
        snap(Fixtures.footer, 40, 1, testName: "footer")
    }

    @Test func dotGrid() {
        snap(Fixtures.dotGrid, 30, 7, testName: "dotGrid")
        snap(Fixtures.dotGrid, 12, 4, testName: "dotGrid")
        snap(Fixtures.dotGrid, 30, 7, ascii: true, testName: "dotGrid")
    }

    @Test func tooSmall() {
        snap(Fixtures.tooSmall, 30, 5, testName: "tooSmall")
        snap(Fixtures.tooSmall, 12, 3, ascii: true, testName: "tooSmall")
    }
}
