import BodiiDomain
import TerminalKit

/// The Review's own Insights section, in the rows a wide terminal has left under the board (issue
/// 26: 18 blank rows at 160×48): the `i` view's lines, each whole. When they do not all fit, the
/// headings come first, then the findings in order, the caveat, the weight's 4 weeks, and what
/// finds nothing; findings left out are counted on the last row ("+2 more findings — i for all").
struct ReviewInsightsView {
    let insights: ReviewInsights

    /// Rows below which the section is not drawn: its borders, a heading and one line.
    static let fewestRows = 4

    /// The rows the section takes in `area`: what it needs, at most the area's height.
    func height(in area: Rect, context: RenderContext) -> Int {
        let (shown, more) = fit(rows: area.height - 2, width: Self.innerWidth(area), context: context)
        return shown.count == 0 ? 0 : shown.reduce(0) { $0 + $1.height } + (more == nil ? 0 : 1) + 2
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard area.height >= Self.fewestRows else { return }
        let (shown, more) = fit(rows: area.height - 2, width: Self.innerWidth(area), context: context)
        guard !shown.isEmpty else { return }
        let block = Block(title: "Insights", rightTitle: "i for all")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        var y = inner.y
        for entry in shown {
            Paragraph([entry.line]).render(
                in: Rect(x: inner.x, y: y, width: inner.width, height: entry.height), buffer: &buffer, context: context)
            y += entry.height
        }
        if let more { buffer.write(Line(more, .muted), in: Rect(x: inner.x, y: y, width: inner.width, height: 1), context: context) }
    }

    private static func innerWidth(_ area: Rect) -> Int { max(0, area.width - 4) }

    /// The entries shown in `rows` rows of `width`, each with the rows it wraps into, and the line
    /// counting the findings left out (nil when every finding is shown).
    func fit(rows: Int, width: Int, context: RenderContext) -> (shown: [(line: Line, height: Int)], more: String?) {
        guard rows >= Self.fewestRows - 2, width > 0 else { return ([], nil) }
        let entries = insights.entries
        let heights = entries.map { Paragraph([$0.line]).height(forWidth: width, context: context) }
        if heights.reduce(0, +) <= rows { return (zip(entries, heights).map { ($0.line, $1) }, nil) }
        var (chosen, hidden) = choose(heights, rows: rows)
        if hidden > 0 { (chosen, hidden) = choose(heights, rows: rows - 1) }
        let shown = entries.indices.filter(chosen.contains).map { (entries[$0].line, heights[$0]) }
        let more = hidden == 0 ? nil : "+\(Plural.count(hidden, "more finding")) — i for all"
        return (shown, more)
    }

    /// Entries by priority while they fit `rows`; blank lines only when everything fits. A finding
    /// that does not fit ends the findings shown: they never skip one.
    private func choose(_ heights: [Int], rows: Int) -> (chosen: Set<Int>, hiddenFindings: Int) {
        let entries = insights.entries
        var used = 0, chosen = Set<Int>(), hidden = 0
        func take(_ i: Int) -> Bool {
            guard used + heights[i] <= rows else { return false }
            used += heights[i]
            chosen.insert(i)
            return true
        }
        let order: [ReviewInsights.Entry.Kind] = [.heading, .finding, .caveat, .plateau, .nothing]
        for kind in order {
            var stopped = false
            for i in entries.indices where entries[i].kind == kind {
                if kind == .finding {
                    if stopped || !take(i) {
                        stopped = true
                        hidden += 1
                    }
                } else {
                    _ = take(i)
                }
            }
        }
        return (chosen, hidden)
    }
}
