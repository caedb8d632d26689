/// The tab bar: ` 1 Dashboard   2 Body  …` with the selected tab highlighted.
/// When the titles don't fit, the spacing tightens first (`1 Dashboard 2 Body …`, the selected tab
/// still padded), so eight titles fit 80 columns; only then do unselected tabs shrink to their
/// number, farthest from the selection first, so the selected one stays readable.
public struct Tabs: Widget, Equatable, Sendable {
    public var titles: [String]
    public var selected: Int
    public var numbered: Bool

    public init(_ titles: [String], selected: Int, numbered: Bool = true) {
        self.titles = titles
        self.selected = selected
        self.numbered = numbered
    }

    /// How the bar is laid out: roomy (every tab padded, a space between) or tight (only the
    /// selected tab padded), and which tabs show their number only.
    struct Layout: Equatable {
        var tight: Bool
        var compact: Set<Int>
    }

    func label(_ i: Int, compact: Set<Int>) -> (number: String, title: String) {
        let number = numbered ? "\(i + 1)" : ""
        if compact.contains(i) { return (number, "") }
        return (number, titles[i])
    }

    /// Columns of tab `i` (its padding included) and of the gap before it.
    func widths(_ i: Int, _ layout: Layout) -> (tab: Int, gap: Int) {
        let l = label(i, compact: layout.compact)
        let inner = TextWidth.of(l.number) + TextWidth.of(l.title) + (l.number.isEmpty || l.title.isEmpty ? 0 : 1)
        let padded = !layout.tight || i == selected
        return (inner + (padded ? 2 : 0), i > 0 ? 1 : (padded ? 0 : 1))
    }

    func width(_ layout: Layout) -> Int {
        titles.indices.reduce(0) { total, i in
            let w = widths(i, layout); return total + w.tab + w.gap
        }
    }

    func layout(width available: Int) -> Layout {
        var layout = Layout(tight: false, compact: [])
        if width(layout) <= available { return layout }
        layout.tight = true
        guard numbered else { return layout }
        let candidates = titles.indices.filter { $0 != selected }.sorted { abs($0 - selected) > abs($1 - selected) }
        for i in candidates where width(layout) > available { layout.compact.insert(i) }
        return layout
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let layout = layout(width: area.width)
        var x = area.x
        for i in titles.indices {
            let w = widths(i, layout)
            x += w.gap
            guard x < area.maxX else { break }
            let l = label(i, compact: layout.compact)
            let isSelected = i == selected
            let base = isSelected ? context.style(.selection) : context.style(.text)
            let numberStyle = isSelected ? base : context.style(.accent)
            let padded = !layout.tight || isSelected
            var spans = padded ? [Span(" ", style: base)] : []
            if !l.number.isEmpty { spans.append(Span(l.number, style: numberStyle)) }
            if !l.number.isEmpty && !l.title.isEmpty { spans.append(Span(" ", style: base)) }
            if !l.title.isEmpty { spans.append(Span(l.title, style: isSelected ? base.bolded : base)) }
            if padded { spans.append(Span(" ", style: base)) }
            x += buffer.write(spans, x: x, y: area.y, maxWidth: area.maxX - x, context: context)
        }
    }
}
