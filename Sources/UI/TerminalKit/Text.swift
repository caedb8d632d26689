/// A run of text drawn in one theme role or, rarely, an explicit style.
public struct Span: Equatable, Sendable {
    public enum Look: Equatable, Sendable {
        case role(Role)
        case style(Style)
    }

    public var text: String
    public var look: Look

    public init(_ text: String, _ role: Role = .text) {
        self.text = text
        self.look = .role(role)
    }

    public init(_ text: String, style: Style) {
        self.text = text
        self.look = .style(style)
    }

    public var width: Int { TextWidth.of(text) }

    public func style(in context: RenderContext) -> Style {
        switch look {
        case .role(let role): return context.style(role)
        case .style(let style): return style
        }
    }
}

/// One line of spans. Alignment, when set, overrides the paragraph's.
public struct Line: Equatable, Sendable, ExpressibleByStringLiteral {
    public var spans: [Span]
    public var alignment: Alignment?

    public init(_ spans: [Span], alignment: Alignment? = nil) {
        self.spans = spans
        self.alignment = alignment
    }

    public init(_ text: String, _ role: Role = .text, alignment: Alignment? = nil) {
        self.init([Span(text, role)], alignment: alignment)
    }

    public init(stringLiteral value: String) { self.init(value) }

    public var width: Int { spans.reduce(0) { $0 + $1.width } }
    public var plainText: String { spans.map(\.text).joined() }
}

/// A character with the style it is drawn in: the unit that wrapping and truncation work on.
struct StyledChar: Equatable {
    var char: Character
    var style: Style
    var width: Int { TextWidth.of(char) }
}

extension Line {
    /// The line's characters with their styles; in ASCII already transliterated, so that what
    /// is measured is what is drawn.
    func styledChars(_ context: RenderContext) -> [StyledChar] {
        var out: [StyledChar] = []
        for span in spans {
            let style = span.style(in: context)
            let text = context.symbols.isUnicode ? span.text : ASCIIText.transliterate(span.text)
            for ch in text where ch != "\n" { out.append(StyledChar(char: ch, style: style)) }
        }
        return out
    }
}

extension Buffer {
    /// Writes styled characters from (x, y) in at most `maxWidth` columns, cut with the buffer's
    /// mark when they don't fit. Returns columns used.
    @discardableResult
    mutating func write(_ chars: [StyledChar], x: Int, y: Int, maxWidth: Int) -> Int {
        let room = min(maxWidth, width - x)
        let chars = x >= 0 ? Truncation.cut(chars, to: max(0, room), marker: Truncation.marker(ascii: isASCII)) : chars
        var col = x
        for sc in chars {
            let w = write(String(sc.char), x: col, y: y, style: sc.style, maxWidth: x + maxWidth - col)
            if w == 0 && sc.width > 0 { break }
            col += w
        }
        return col - x
    }

    /// Writes spans from (x, y), clipped to `maxWidth` columns. Returns columns used.
    @discardableResult
    public mutating func write(_ spans: [Span], x: Int, y: Int, maxWidth: Int, context: RenderContext) -> Int {
        write(Line(spans).styledChars(context), x: x, y: y, maxWidth: maxWidth)
    }

    /// Writes a line inside `rect`'s first row: aligned, and cut with an ellipsis when too wide.
    public mutating func write(_ line: Line, in rect: Rect, alignment: Alignment = .left, context: RenderContext) {
        guard !rect.isEmpty else { return }
        let chars = Truncation.cut(line.styledChars(context), to: rect.width, marker: context.symbols.ellipsis)
        let w = chars.reduce(0) { $0 + $1.width }
        let x: Int
        switch line.alignment ?? alignment {
        case .left: x = rect.x
        case .right: x = rect.maxX - w
        case .center: x = rect.x + (rect.width - w) / 2
        }
        write(chars, x: x, y: rect.y, maxWidth: rect.maxX - x)
    }
}

/// Word wrapping of styled text (cutting is `Truncation`'s).
enum TextLayout {
    /// Greedy word wrap: breaks at spaces, splits words longer than the width, keeps leading
    /// indentation of the source line and drops spaces at the break points.
    static func wrap(_ chars: [StyledChar], width: Int) -> [[StyledChar]] {
        guard width > 0 else { return [] }
        if chars.isEmpty { return [[]] }
        var lines: [[StyledChar]] = []
        var current: [StyledChar] = []
        var currentWidth = 0
        var pendingSpaces: [StyledChar] = []
        var atSourceStart = true

        func flush() {
            lines.append(current)
            current = []
            currentWidth = 0
        }

        var i = 0
        while i < chars.count {
            if chars[i].char == " " {
                var spaces: [StyledChar] = []
                while i < chars.count && chars[i].char == " " { spaces.append(chars[i]); i += 1 }
                if atSourceStart {
                    // Indentation: keep as much as fits.
                    for sp in spaces.prefix(max(0, width - 1)) { current.append(sp); currentWidth += 1 }
                } else {
                    pendingSpaces = spaces
                }
                atSourceStart = false
                continue
            }
            atSourceStart = false
            var word: [StyledChar] = []
            while i < chars.count && chars[i].char != " " { word.append(chars[i]); i += 1 }
            let wordWidth = word.reduce(0) { $0 + $1.width }
            let spaceWidth = pendingSpaces.count
            if currentWidth + spaceWidth + wordWidth <= width {
                current += pendingSpaces + word
                currentWidth += spaceWidth + wordWidth
            } else if wordWidth <= width {
                if !current.isEmpty { flush() }
                current = word
                currentWidth = wordWidth
            } else {
                // A word longer than a line: fill the current line, then break it by characters.
                if currentWidth + spaceWidth < width && !current.isEmpty {
                    current += pendingSpaces
                    currentWidth += spaceWidth
                } else if !current.isEmpty {
                    flush()
                }
                for sc in word {
                    if currentWidth + sc.width > width { flush() }
                    if sc.width > width { continue }
                    current.append(sc)
                    currentWidth += sc.width
                }
            }
            pendingSpaces = []
        }
        if !current.isEmpty || lines.isEmpty { flush() }
        return lines
    }
}
