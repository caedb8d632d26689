/// A single-line text input with readline-style keys. The cursor counts Characters (graphemes),
/// so "é" or "日" move as one. Scrolls horizontally to keep the cursor in view.
public struct TextField: Widget, Equatable, Sendable {
    public private(set) var text: String
    /// Index of the Character the cursor is before; `text.count` means at the end.
    public private(set) var cursor: Int
    public var placeholder: String
    public var maxLength: Int?
    /// Unfocused fields hide the cursor.
    public var isFocused: Bool
    /// A prefilled value shown selected: typing replaces it, Backspace clears it, and moving the
    /// cursor keeps it for editing (like a selected field in a GUI form).
    public private(set) var isSelected: Bool

    public init(text: String = "", placeholder: String = "", maxLength: Int? = nil, isFocused: Bool = true, selected: Bool = false) {
        let t = maxLength.map { String(text.prefix(max(0, $0))) } ?? text
        self.text = t
        self.cursor = t.count
        self.placeholder = placeholder
        self.maxLength = maxLength
        self.isFocused = isFocused
        self.isSelected = selected && !t.isEmpty
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = maxLength.map { String(newText.prefix(max(0, $0))) } ?? newText
        cursor = text.count
    }

    public mutating func moveCursor(to position: Int) { cursor = min(max(0, position), text.count) }

    /// Edits the text for editing keys; returns false for keys a field doesn't use (Enter, Tab, Esc…).
    public mutating func handle(_ key: Key) -> Bool {
        if isSelected {
            switch key {
            case .char(let c) where !c.isNewline && !(c.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false):
                setText("")
            case .backspace, .delete, .ctrl("d"):
                setText("")
                isSelected = false
                return true
            default:
                break
            }
        }
        let used = edit(key)
        if used { isSelected = false }
        return used
    }

    private mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .char(let c):
            guard !c.isNewline, !(c.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false) else { return false }
            if let maxLength, text.count >= maxLength { return true }
            text.insert(c, at: index(cursor))
            cursor += 1
        case .backspace:
            guard cursor > 0 else { return true }
            text.remove(at: index(cursor - 1))
            cursor -= 1
        case .delete, .ctrl("d"):
            guard cursor < text.count else { return true }
            text.remove(at: index(cursor))
        case .left, .ctrl("b"): cursor = max(0, cursor - 1)
        case .right, .ctrl("f"): cursor = min(text.count, cursor + 1)
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .ctrl("u"):
            text.removeSubrange(text.startIndex..<index(cursor))
            cursor = 0
        case .ctrl("k"):
            text.removeSubrange(index(cursor)..<text.endIndex)
        case .ctrl("w"):
            let chars = Array(text)
            var start = cursor
            while start > 0 && chars[start - 1] == " " { start -= 1 }
            while start > 0 && chars[start - 1] != " " { start -= 1 }
            text.removeSubrange(index(start)..<index(cursor))
            cursor = start
        default:
            return false
        }
        return true
    }

    private func index(_ offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }

    /// The first Character shown: the least scroll that keeps the cursor cell inside `width`.
    func scrollOffset(width: Int) -> Int {
        guard width > 0 else { return 0 }
        let chars = Array(text)
        // Columns needed from a start to the cursor cell inclusive (the cursor needs one cell).
        var start = 0
        func columns(from s: Int) -> Int {
            chars[s..<min(cursor, chars.count)].reduce(0) { $0 + TextWidth.of($1) }
                + (cursor < chars.count ? max(1, TextWidth.of(chars[cursor])) : 1)
        }
        while start < cursor && columns(from: start) > width { start += 1 }
        return start
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        let textStyle = context.style(.text)
        buffer.fill(row, style: textStyle)
        let cursorStyle = textStyle.reversed
        if text.isEmpty {
            buffer.write(Line(placeholder, .muted), in: row, context: context)
            if isFocused {
                let first = placeholder.first.map(String.init) ?? " "
                let symbol = TextWidth.of(first) == 1 ? first : " "
                buffer.write(symbol, x: row.x, y: row.y, style: context.style(.muted).reversed)
            }
            return
        }
        let chars = Array(text)
        var start = scrollOffset(width: row.width)
        var x = row.x
        if start > 0 && row.width > 2 {
            // Text cut on the left is marked, in a column of its own, so the field doesn't look like it starts there.
            start = scrollOffset(width: row.width - 1)
            buffer.write(context.symbols.ellipsis, x: x, y: row.y, style: context.style(.muted))
            x += 1
        }
        for i in start...chars.count {
            let isCursor = isFocused && i == cursor
            if i == chars.count {
                if isCursor { buffer.write(" ", x: x, y: row.y, style: cursorStyle, maxWidth: row.maxX - x) }
                break
            }
            let plain = isSelected && isFocused ? context.style(.selection) : textStyle
            let w = buffer.write(
                String(chars[i]), x: x, y: row.y, style: isCursor ? cursorStyle : plain,
                maxWidth: row.maxX - x)
            if w == 0 && TextWidth.of(chars[i]) > 0 { break }
            x += w
        }
    }
}
