import Testing
import TerminalKit

/// Every widget in every area from 0×0 to 12×6, at an offset inside a bigger buffer: nothing may
/// crash and nothing may be drawn outside the area.
@Suite struct NoCrashTests {
    @Test(arguments: [false, true])
    func everyWidgetAtEverySize(ascii: Bool) {
        let context = ascii ? asciiContext : unicodeContext
        let background = Cell("~")
        for (name, widget) in Fixtures.all {
            for width in 0...12 {
                for height in 0...6 {
                    var buffer = Buffer(width: 16, height: 10, fill: background)
                    let area = Rect(x: 2, y: 2, width: width, height: height)
                    widget.render(in: area, buffer: &buffer, context: context)
                    for y in 0..<buffer.height {
                        for x in 0..<buffer.width where !area.contains(x: x, y: y) {
                            #expect(buffer[x, y] == background, "\(name) drew at (\(x),\(y)) outside \(area)")
                        }
                    }
                }
            }
        }
    }

    @Test func degenerateData() {
        let widgets: [any Widget] = [
            BarChart(values: []), BarChart(values: [nil, nil]), BarChart(values: [-3, .nan, .infinity, 2]),
            BarChart(values: [1], scale: 5...5), LineChart(series: []), LineChart(series: [ChartSeries([nil, .nan])]),
            LineChart(series: [ChartSeries([3, 3, 3])]), Sparkline([]), Sparkline([.nan, 1]),
            Gauge(label: "x", value: .nan, max: 0), Gauge(label: "x", value: -1, max: 10),
            Table(columns: [], rows: [TableRow(["a", "b"])], selected: 7), Form(fields: []),
            HelpOverlay(keyMaps: []), Footer([]), DotGrid(days: []), Tabs([], selected: 3),
            Paragraph([]), Paragraph(""), Modal(title: "", width: -4, height: 100),
        ]
        for widget in widgets {
            for size in [(0, 0), (1, 1), (5, 2), (40, 10)] {
                var b = Buffer(width: size.0, height: size.1)
                widget.render(in: b.area, buffer: &b, context: unicodeContext)
            }
        }
    }
}
