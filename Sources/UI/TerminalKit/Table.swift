public struct TableColumn: Equatable, Sendable {
    public var title: String
    public var width: Constraint
    public var alignment: Alignment

    public init(_ title: String, width: Constraint = .fill(1), alignment: Alignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}

public struct TableRow: Equatable, Sendable {
    public var cells: [Span]

    public init(_ cells: [Span]) { self.cells = cells }

    /// Plain cells, all in `role`.
    public init(_ cells: [String], role: Role = .text) { self.cells = cells.map { Span($0, role) } }
}

/// Rows under a header, with a selected row that always stays in view.
public struct Table: Widget, Equatable, Sendable {
    public var columns: [TableColumn]
    public var rows: [TableRow]
    public var selected: Int?
    public var emptyMessage: String
    public var showHeader: Bool
    public var columnSpacing: Int

    public init(
        columns: [TableColumn], rows: [TableRow], selected: Int? = nil,
        emptyMessage: String = "Nothing here yet", showHeader: Bool = true, columnSpacing: Int = 2
    ) {
        self.columns = columns
        self.rows = rows
        self.selected = selected
        self.emptyMessage = emptyMessage
        self.showHeader = showHeader
        self.columnSpacing = columnSpacing
    }

    /// Set when `rows` is a window of a longer list (see `window`): rows exist above / below it.
    public var moreAbove = false
    public var moreBelow = false

    /// The part of a `rowCount`-long list a table `visibleRows` high shows for `selected`, so a view
    /// of thousands of rows builds only the ones on screen. Pass those rows, `selected` minus the
    /// window's start, and `moreAbove`/`moreBelow`.
    public static func window(selected: Int?, rowCount: Int, visibleRows: Int) -> Range<Int> {
        let start = offset(selected: selected, rowCount: rowCount, visibleRows: visibleRows)
        return start..<min(rowCount, start + max(0, visibleRows))
    }

    /// The first visible row: a pure function of the selection, so views keep no scroll state.
    /// The selection scrolls towards the middle of the view once it would leave the first page.
    public static func offset(selected: Int?, rowCount: Int, visibleRows: Int) -> Int {
        guard let selected, visibleRows > 0, rowCount > visibleRows else { return 0 }
        let s = min(max(0, selected), rowCount - 1)
        return min(max(0, s - visibleRows / 2), rowCount - visibleRows)
    }

    /// The columns' constraints, a right-aligned fixed column (a number's) widened to its widest
    /// cell: numbers are never cut, the fill columns (names) give up the room and show the cut.
    func widths(_ context: RenderContext) -> [Constraint] {
        columns.enumerated().map { i, column in
            guard case .length(let n) = column.width, column.alignment == .right else { return column.width }
            let widest = rows.map { row in i < row.cells.count ? Line([row.cells[i]]).styledChars(context).reduce(0) { $0 + $1.width } : 0 }
            return .length(max(n, widest.max() ?? 0))
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        // A gutter for the selection marker keeps the selected row visible without colour.
        let gutter = selected == nil ? 0 : min(2, area.width)
        let (_, body) = area.splitLeft(gutter)
        let columnRects = Layout.split(body, .horizontal, widths(context), spacing: columnSpacing)
        var rowsArea = area
        if showHeader {
            let (header, rest) = area.splitTop(1)
            rowsArea = rest
            for (i, column) in columns.enumerated() where i < columnRects.count {
                let r = Rect(x: columnRects[i].x, y: header.y, width: columnRects[i].width, height: 1)
                buffer.write(Line(column.title, .title), in: r, alignment: column.alignment, context: context)
            }
        }
        guard !rowsArea.isEmpty else { return }
        if rows.isEmpty {
            let r = Rect(x: rowsArea.x, y: rowsArea.y + min(1, rowsArea.height - 1), width: rowsArea.width, height: 1)
            buffer.write(Line(emptyMessage, .muted), in: r, alignment: .center, context: context)
            return
        }
        let offset = Self.offset(selected: selected, rowCount: rows.count, visibleRows: rowsArea.height)
        for (line, index) in (offset..<min(rows.count, offset + rowsArea.height)).enumerated() {
            let y = rowsArea.y + line
            let isSelected = index == selected
            let rowRect = Rect(x: area.x, y: y, width: area.width, height: 1)
            if isSelected {
                buffer.fill(rowRect, style: context.style(.selection))
                let marker = context.symbols.isUnicode ? "›" : ">"
                buffer.write(marker, x: area.x, y: y, style: context.style(.selection), maxWidth: gutter)
            }
            for (i, cell) in rows[index].cells.enumerated() where i < columnRects.count && i < columns.count {
                let r = Rect(x: columnRects[i].x, y: y, width: columnRects[i].width, height: 1)
                let span = isSelected ? Span(cell.text, style: context.style(.selection)) : cell
                buffer.write(Line([span]), in: r, alignment: columns[i].alignment, context: context)
            }
        }
        // Say in the gutter that more rows exist above or below, since nothing else would.
        guard gutter > 0 else { return }
        let s = context.symbols, last = offset + rowsArea.height - 1
        if (offset > 0 || moreAbove) && offset != selected {
            buffer.write(s.arrowUp, x: area.x, y: rowsArea.y, style: context.style(.muted))
        }
        if (last < rows.count - 1 || (moreBelow && last == rows.count - 1)) && last != selected {
            buffer.write(s.arrowDown, x: area.x, y: rowsArea.maxY - 1, style: context.style(.muted))
        }
    }
}
