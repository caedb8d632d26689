/// Lines of styled text, wrapped at word boundaries or cut with an ellipsis.
public struct Paragraph: Widget, Equatable, Sendable {
    public enum Overflow: Equatable, Sendable { case wrap, truncate }

    public var lines: [Line]
    public var alignment: Alignment
    public var overflow: Overflow
    /// Rows (after wrapping) skipped at the top, for scrolling long text.
    public var scroll: Int
    /// When rows run out, the last one shown ends in "…" rather than stopping mid-text unmarked
    /// (issue 26: Review cards cut at 16 characters with empty rows below).
    public var marksHiddenRows = false

    public init(_ lines: [Line], alignment: Alignment = .left, overflow: Overflow = .wrap, scroll: Int = 0) {
        self.lines = lines
        self.alignment = alignment
        self.overflow = overflow
        self.scroll = scroll
    }

    /// Plain text in one role; `\n` starts a new line.
    public init(_ text: String, role: Role = .text, alignment: Alignment = .left, overflow: Overflow = .wrap) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(String($0), role) }
        self.init(lines, alignment: alignment, overflow: overflow)
    }

    /// How many rows the text takes at `width` (for sizing modals and cards).
    public func height(forWidth width: Int, context: RenderContext = RenderContext()) -> Int {
        rows(width: width, context: context).count
    }

    func rows(width: Int, context: RenderContext) -> [(chars: [StyledChar], alignment: Alignment)] {
        guard width > 0 else { return [] }
        var out: [(chars: [StyledChar], alignment: Alignment)] = []
        for line in lines {
            let chars = line.styledChars(context)
            let align = line.alignment ?? alignment
            switch overflow {
            case .wrap:
                for row in TextLayout.wrap(chars, width: width) { out.append((row, align)) }
            case .truncate:
                out.append((Truncation.cut(chars, to: width, marker: context.symbols.ellipsis), align))
            }
        }
        return out
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let all = rows(width: area.width, context: context)
        var visible = Array(all.dropFirst(max(0, scroll)).prefix(area.height))
        if marksHiddenRows, all.count > max(0, scroll) + area.height, let last = visible.indices.last {
            // The last row shown and all hidden after it, cut to the width with one mark.
            var joined: [StyledChar] = []
            for row in all.dropFirst(max(0, scroll) + last) {
                if let style = row.chars.first?.style, !joined.isEmpty { joined.append(StyledChar(char: " ", style: style)) }
                joined += row.chars
            }
            visible[last].chars = Truncation.cut(joined, to: area.width, marker: context.symbols.ellipsis)
        }
        for (i, row) in visible.enumerated() {
            let w = row.chars.reduce(0) { $0 + $1.width }
            let x: Int
            switch row.alignment {
            case .left: x = area.x
            case .right: x = area.maxX - w
            case .center: x = area.x + (area.width - w) / 2
            }
            buffer.write(row.chars, x: x, y: area.y + i, maxWidth: area.maxX - x)
        }
    }
}
