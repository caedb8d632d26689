import Testing
import TerminalKit

/// Issue 26: at 80×24 the calorie chart drew the 2193 kcal target on the row labelled "3500", and
/// bars near their target all read the same. These read the drawn chart back: which row carries
/// which label, where the target line is, and what each bar shows on the target's row.
@Suite struct ChartRowTests {
    /// The y label on each row of a rendered chart (no x labels: every row is a plot row).
    static func labels(_ buffer: Buffer, axisWidth: Int) -> [Int: String] {
        var out: [Int: String] = [:]
        for (row, line) in buffer.lines.enumerated() {
            let label = String(line.prefix(axisWidth)).trimmingCharacters(in: .whitespaces)
            if !label.isEmpty { out[row] = label }
        }
        return out
    }

    /// The rows (0 = top) holding values lo + r·step … lo + (r+1)·step, worked out here from the
    /// top and bottom labels the chart drew — not from the chart's own function.
    static func expectedRow(of v: Double, top: Double, bottom: Double, height: Int) -> Int {
        let step = (top - bottom) / Double(height)
        let fromBottom = min(height - 1, max(0, Int(((v - bottom) / step).rounded(.down))))
        return height - 1 - fromBottom
    }

    @Test(arguments: [2, 3, 4, 5, 6, 8, 10])
    func theTargetLineIsOnTheRowOfItsValueAndCarriesItsLabel(height: Int) throws {
        // The day of the issue: intake around the target, one day at 3400 kcal.
        let values: [Double?] = [2100, 2250, 3400, 1900, 2193, 2300, 2000]
        let chart = BarChart(values: values, target: .perBar(Array(repeating: 2193, count: values.count)))
        let axis = chart.labelWidth
        let buffer = render(chart, width: axis + 28, height: height)
        let labels = Self.labels(buffer, axisWidth: axis)
        let top = try #require(labels[0].flatMap(Double.init), "the scale's top is labelled")
        // Bars start at 0; the bottom row says so unless the target's label has that row.
        let bottom = 0.0
        #expect(["0", "2193"].contains(labels[height - 1] ?? ""))
        let lineRows = buffer.lines.indices.filter { buffer.lines[$0].dropFirst(axis).contains("─") }
        #expect(lineRows.count == 1, "one target row at height \(height)")
        let row = try #require(lineRows.first)
        #expect(labels[row] == "2193", "the line's row says 2193, not \(labels[row] ?? "nothing") (height \(height))")
        #expect(row == Self.expectedRow(of: 2193, top: top, bottom: bottom, height: height), "the row of 2193 on \(bottom)…\(top)")
        #expect(top >= 3400, "the tallest bar fits the scale")
    }

    @Test func barsNearTheirTargetDifferOnTheTargetsRow() throws {
        // Three days within 150 kcal of a 1900 target: their tops are on the target's row.
        let values: [Double?] = [1820, 1900, 1990]
        let chart = BarChart(values: values, target: .perBar([1900, 1900, 1900]), scale: 0...2500, barWidth: 3, gap: 1)
        let axis = chart.labelWidth
        let height = 10
        let buffer = render(chart, width: axis + 11, height: height)
        let row = BarChart.row(of: 1900, lo: 0, hi: 2500, height: height)
        let cells = Array(buffer.lines[row].dropFirst(axis))
        let tops = [0, 4, 8].map { cells[$0] }
        #expect(Set(tops).count == 3, "each bar shows its own top on the target's row: \(tops)")
        #expect(!tops.contains("─"), "the line does not hide a bar that reaches it")
        #expect(cells[3] == "─" && cells[7] == "─", "the line shows in the gaps")
    }

    @Test func aFixedScaleRisesWhenABandWouldSitOnTheTopRow() {
        // Sleep's 0…11 h scale with the 7–9 h band, three rows tall: 9 h fell on the row labelled 11.
        let chart = BarChart(values: [7.5, 6, 8], target: .band(7...9), scale: 0...11)
        let (lo, hi) = chart.plotScale(height: 3)
        #expect(BarChart.row(of: 9, lo: lo, hi: hi, height: 3) > 0)
        #expect(hi > 11)
        #expect(chart.plotScale(height: 10) == (0, 11), "a tall plot keeps the scale asked for")
    }
}
