extension Rect {
    /// The rest, and the right `n` columns.
    public func splitRight(_ n: Int) -> (Rect, Rect) {
        let n = min(max(0, n), width)
        return (Rect(x: x, y: y, width: width - n, height: height), Rect(x: maxX - n, y: y, width: n, height: height))
    }
}

extension Layout {
    /// Two side-by-side columns, the left sized by `left`, with a gap; for card rows and master/detail.
    public static func twoColumns(_ area: Rect, left: Constraint = .percentage(50), spacing: Int = 1) -> (Rect, Rect) {
        let parts = split(area, .horizontal, [left, .fill(1)], spacing: spacing)
        return (parts[0], parts[1])
    }

    /// `count` equal columns (e.g. dashboard cards), the remainder going to the last.
    public static func columns(_ area: Rect, count: Int, spacing: Int = 1) -> [Rect] {
        split(area, .horizontal, Array(repeating: .fill(1), count: max(0, count)), spacing: spacing)
    }

    /// Whether `area` is at least `width`×`height`; below it, show `TooSmall` instead of the view.
    public static func fits(_ area: Rect, width: Int, height: Int) -> Bool {
        area.width >= width && area.height >= height
    }
}

/// "Terminal too small (need 80×24)", centred: what screens show below their minimum size.
public struct TooSmall: Widget, Equatable, Sendable {
    public var minWidth: Int
    public var minHeight: Int

    public init(minWidth: Int, minHeight: Int) {
        self.minWidth = minWidth
        self.minHeight = minHeight
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let times = context.symbols.isUnicode ? "×" : "x"
        let text = Paragraph(
            [Line("Terminal too small", .warn), Line("(need \(minWidth)\(times)\(minHeight))", .muted)],
            alignment: .center)
        let h = min(area.height, text.height(forWidth: area.width, context: context))
        text.render(in: area.centered(width: area.width, height: h), buffer: &buffer, context: context)
    }
}
