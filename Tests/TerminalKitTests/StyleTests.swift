import Testing
import TerminalKit

/// Snapshots hold text only; these check that the key cells carry the right role.
@Suite struct StyleTests {
    let ctx = unicodeContext

    @Test func selectedTableRowUsesSelectionStyle() {
        let b = render(Fixtures.table(selected: 1), width: 40, height: 6)
        for x in 0..<40 { #expect(b[x, 2].style == ctx.style(.selection)) }
        #expect(b[5, 1].style == ctx.style(.text))
        #expect(b[2, 0].style == ctx.style(.title))
    }

    @Test func tableCellRoleIsKept() {
        // Row 3 has its kcal in the warn role.
        let b = render(Fixtures.table(selected: nil), width: 40, height: 6)
        #expect(b[39, 4].style == ctx.style(.warn))
    }

    @Test func selectedTabIsHighlighted() {
        let b = render(Fixtures.tabs, width: 80, height: 1)
        let line = b.lines[0]
        let x = line.distance(from: line.startIndex, to: line.range(of: "Diet")?.lowerBound ?? line.endIndex)
        #expect(b[x, 0].style == ctx.style(.selection).bolded)
        #expect(b[1, 0].style == ctx.style(.accent))  // the "1" of an unselected tab
    }

    @Test func overfullGaugeUsesOverRole() {
        let b = render(Fixtures.overGauge, width: 40, height: 1)
        #expect(b[10, 0].style == ctx.style(.warn))
        let normal = render(Fixtures.gauge, width: 40, height: 1)
        #expect(normal[8, 0].style == ctx.style(.protein))
        #expect(normal[28, 0].style == ctx.style(.muted))  // the empty track
    }

    @Test func footerKeysInAccentHelpInMuted() {
        let b = render(Footer([KeyBinding([.char("q")], help: "quit")]), width: 20, height: 1)
        #expect(b.text == " q quit")
        #expect(b[1, 0].style == ctx.style(.accent))
        #expect(b[3, 0].style == ctx.style(.muted))
    }

    @Test func blockBorderAndTitleRoles() {
        let b = render(Fixtures.block, width: 30, height: 4)
        #expect(b[0, 0].style == ctx.style(.border))
        #expect(b[3, 0].symbol == "W" && b[3, 0].style == ctx.style(.title))
    }

    @Test func barsOffTargetUseTheirRole() {
        // 9.3 h is above the 7–9 h band (warn); 7.2 h is inside it (series1).
        let b = render(
            BarChart(values: [7.2, 9.3], unit: "h", target: .band(7...9), offTargetRole: .warn, barWidth: 1),
            width: 12, height: 6)
        let bottom = 5
        let bars = (0..<12).filter { b[$0, bottom].symbol == "█" }
        #expect(bars.count == 2)
        #expect(b[bars[0], bottom].style == ctx.style(.series1))
        #expect(b[bars[1], bottom].style == ctx.style(.warn))
    }

    @Test func dotGridRoles() {
        let grid = DotGrid(days: [DotGrid.Day(.full, role: .good), nil, DotGrid.Day(.empty, role: .bad)])
        let b = render(grid, width: 3, height: 7)
        #expect(b[0, 0].symbol == "●" && b[0, 0].style == ctx.style(.good))
        #expect(b[0, 1].symbol == " ")
        #expect(b[0, 2].symbol == "○" && b[0, 2].style == ctx.style(.bad))
    }

    @Test func nilIsAGapAndZeroIsASliver() {
        let b = render(BarChart(values: [0, nil, 4], barWidth: 1, gap: 1), width: 10, height: 4)
        let bottom = b.lines[3]
        #expect(bottom == "0 ▁     █ ")  // bars spread out; the nil between them is blank
    }

    @Test func sparklineLevelsAndGaps() {
        let b = render(Sparkline([0, 7, nil, 14]), width: 4, height: 1)
        #expect(b.lines == ["▁▅ █"])
        let a = render(Sparkline([0, 7, nil, 14]), width: 4, height: 1, ascii: true)
        #expect(a.lines == [".| #"])
    }
}
