/// The tab bar: ` 1 Dashboard   2 Body  …` with the selected tab highlighted.
/// When the titles don't fit, unselected tabs shrink to their number so the selected one stays readable.
public struct Tabs: Widget, Equatable, Sendable {
    public var titles: [String]
    public var selected: Int
    public var numbered: Bool

    public init(_ titles: [String], selected: Int, numbered: Bool = true) {
        self.titles = titles
        self.selected = selected
        self.numbered = numbered
    }

    func label(_ i: Int, compact: Set<Int>) -> (number: String, title: String) {
        let number = numbered ? "\(i + 1)" : ""
        if compact.contains(i) { return (number, "") }
        return (number, titles[i])
    }

    func width(compact: Set<Int>) -> Int {
        titles.indices.reduce(0) { total, i in
            let l = label(i, compact: compact)
            let inner = TextWidth.of(l.number) + TextWidth.of(l.title) + (l.number.isEmpty || l.title.isEmpty ? 0 : 1)
            return total + inner + 2 + (i > 0 ? 1 : 0)
        }
    }

    /// Tabs shown as their number only: as few as needed, farthest from the selection first.
    func compactTabs(width available: Int) -> Set<Int> {
        guard numbered else { return [] }
        var compact = Set<Int>()
        let candidates = titles.indices.filter { $0 != selected }.sorted { abs($0 - selected) > abs($1 - selected) }
        for i in candidates where width(compact: compact) > available { compact.insert(i) }
        return compact
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let compact = compactTabs(width: area.width)
        var x = area.x
        for i in titles.indices {
            if i > 0 { x += 1 }
            guard x < area.maxX else { break }
            let l = label(i, compact: compact)
            let isSelected = i == selected
            let base = isSelected ? context.style(.selection) : context.style(.text)
            let numberStyle = isSelected ? base : context.style(.accent)
            var spans = [Span(" ", style: base)]
            if !l.number.isEmpty { spans.append(Span(l.number, style: numberStyle)) }
            if !l.number.isEmpty && !l.title.isEmpty { spans.append(Span(" ", style: base)) }
            if !l.title.isEmpty { spans.append(Span(l.title, style: isSelected ? base.bolded : base)) }
            spans.append(Span(" ", style: base))
            x += buffer.write(spans, x: x, y: area.y, maxWidth: area.maxX - x, context: context)
        }
    }
}
