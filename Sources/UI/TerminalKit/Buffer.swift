/// One terminal cell: a grapheme and its style. The cell right of a double-width grapheme holds
/// an empty `symbol` (a continuation) so that columns stay aligned.
public struct Cell: Equatable, Sendable {
    public var symbol: String
    public var style: Style

    public init(_ symbol: String = " ", style: Style = .plain) {
        self.symbol = symbol
        self.style = style
    }

    public static let blank = Cell()
    public var isContinuation: Bool { symbol.isEmpty }
}

/// A grid of cells that views draw into; the backend puts it on screen. Drawing outside the grid
/// is clipped, so no widget can crash on a tiny terminal. A buffer made `ascii` holds ASCII only:
/// text written into it goes through `ASCIIText`, whoever writes it.
public struct Buffer: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public let isASCII: Bool
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int, fill: Cell = .blank, ascii: Bool = false) {
        self.width = max(0, width)
        self.height = max(0, height)
        isASCII = ascii
        cells = Array(repeating: ascii ? Self.asciiCell(fill) : fill, count: self.width * self.height)
    }

    /// A buffer for drawing with `context`: ASCII-only when the context draws in ASCII.
    public init(width: Int, height: Int, for context: RenderContext) {
        self.init(width: width, height: height, ascii: !context.symbols.isUnicode)
    }

    /// `cell` with its symbol made ASCII (one character: a cell holds one column).
    private static func asciiCell(_ cell: Cell) -> Cell {
        guard let ch = cell.symbol.first, !cell.symbol.utf8.allSatisfy({ $0 < 0x80 }) else { return cell }
        return Cell(String(ASCIIText.replacement(for: ch).first ?? "?"), style: cell.style)
    }

    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < width, y < height else { return .blank }
            return cells[y * width + x]
        }
        set {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let i = y * width + x
            // Overwriting half of a double-width grapheme must not leave the other half behind,
            // or every later column of the line would be shifted.
            if cells[i].isContinuation && !newValue.isContinuation && x > 0 {
                cells[i - 1].symbol = " "
            }
            if x + 1 < width && cells[i + 1].isContinuation && TextWidth.of(newValue.symbol) < 2 {
                cells[i + 1].symbol = " "
            }
            cells[i] = isASCII ? Self.asciiCell(newValue) : newValue
        }
    }

    /// Writes `text` from (x, y), at most `maxWidth` columns and never past the buffer's edge;
    /// text that does not fit is cut with the buffer's mark (`Truncation`), never silently.
    /// Returns the number of columns written. Control characters are shown as `?`.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height else { return 0 }
        var text = Self.printable(isASCII ? ASCIIText.transliterate(text) : text)
        let limit = min(width, x + (maxWidth ?? width))
        if x >= 0, TextWidth.of(text) > limit - x {
            text = Truncation.cut(text, to: limit - x, marker: Truncation.marker(ascii: isASCII))
        }
        var col = x
        for ch in text {
            let w = TextWidth.of(ch)
            if w == 0 { continue }  // a lone combining mark: drop rather than misalign
            if col + w > limit { break }
            if col >= 0 {
                self[col, y] = Cell(String(ch), style: style)
                if w == 2 { self[col + 1, y] = Cell("", style: style) }
            }
            col += w
        }
        return max(0, col - x)
    }

    /// `text` with control characters (which have no width) shown as `?`, so they are measured
    /// as they are drawn.
    static func printable(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7f }) { return text }
        var out = ""
        for ch in text {
            let v = ch.unicodeScalars.first?.value ?? 0
            out += v < 0x20 || v == 0x7f ? "?" : String(ch)
        }
        return out
    }

    /// Writes `text` inside `rect`'s first row, aligned and cut with the buffer's mark.
    @discardableResult
    public mutating func write(_ text: String, in rect: Rect, style: Style = .plain, alignment: Alignment = .left) -> Int {
        guard !rect.isEmpty else { return 0 }
        let t = Truncation.cut(
            Self.printable(isASCII ? ASCIIText.transliterate(text) : text), to: rect.width,
            marker: Truncation.marker(ascii: isASCII))
        let w = TextWidth.of(t)
        let x: Int
        switch alignment {
        case .left: x = rect.x
        case .right: x = rect.maxX - w
        case .center: x = rect.x + (rect.width - w) / 2
        }
        return write(t, x: x, y: rect.y, style: style, maxWidth: rect.maxX - x)
    }

    /// Fills `rect` with `symbol` in `style`.
    public mutating func fill(_ rect: Rect, symbol: String = " ", style: Style = .plain) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { self[x, y] = Cell(symbol, style: style) } }
    }

    /// Changes only the style of the cells in `rect` (used for selection highlights).
    public mutating func setStyle(_ rect: Rect, style: Style) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { self[x, y].style = style } }
    }

    /// The buffer as plain lines of text (trailing spaces kept), for snapshots and tests.
    public var lines: [String] {
        (0..<height).map { y in
            var line = ""
            for x in 0..<width { line += cells[y * width + x].symbol }
            return line
        }
    }

    /// The buffer as text with trailing spaces trimmed on each line.
    public var text: String {
        lines.map { line in
            var l = Substring(line)
            while l.last == " " { l.removeLast() }
            return String(l)
        }.joined(separator: "\n")
    }
}

/// Anything that can draw itself into an area of a buffer. Views are pure: same state, same cells.
public protocol Widget {
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext)
}

/// What every widget needs to draw: the theme and whether Unicode symbols can be used.
public struct RenderContext: Sendable {
    public var theme: Theme
    public var symbols: Symbols

    public init(theme: Theme = .fallback, symbols: Symbols = .unicode) {
        self.theme = theme
        self.symbols = symbols
    }

    public func style(_ role: Role) -> Style { theme.style(role) }
}
