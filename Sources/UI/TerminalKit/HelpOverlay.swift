/// The `?` overlay: every binding of the given key maps, grouped under each map's title,
/// flowed into as many columns as fit. When even that is too tall, `scroll` moves through it.
public struct HelpOverlay: Widget, Equatable, Sendable {
    public var keyMaps: [KeyMap]
    public var title: String
    public var scroll: Int

    public init(keyMaps: [KeyMap], title: String = "Keys", scroll: Int = 0) {
        self.keyMaps = keyMaps
        self.title = title
        self.scroll = scroll
    }

    enum Entry: Equatable {
        case heading(String)
        case binding(key: String, help: String)
        case blank
    }

    var entries: [Entry] {
        var out: [Entry] = []
        for map in keyMaps where !map.bindings.isEmpty {
            if !out.isEmpty { out.append(.blank) }
            out.append(.heading(map.title))
            out += map.bindings.map { .binding(key: $0.keyLabel, help: $0.help) }
        }
        return out
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let unwrapped = self.entries
        let keyWidth = min(14, unwrapped.map { if case .binding(let k, _) = $0 { TextWidth.of(k) } else { 0 } }.max() ?? 0)
        let entryWidth =
            unwrapped.map { entry -> Int in
                switch entry {
                case .heading(let t): return TextWidth.of(t)
                case .binding(_, let h): return keyWidth + 2 + TextWidth.of(h)
                case .blank: return 0
                }
            }.max() ?? 0
        let columnWidth = min(entryWidth, 64, max(1, area.width - 4))
        let entries = Self.wrapped(unwrapped, helpWidth: columnWidth - keyWidth - 2, context: context)
        let gap = 4
        // Room inside the border and one column of padding on each side; a row of margin above and below.
        let maxInnerWidth = max(1, area.width - 4)
        let maxRows = max(1, area.height - 2 - 2)
        let maxColumns = max(1, (maxInnerWidth + gap) / (columnWidth + gap))
        var columns = 1
        var flowed = Self.flow(entries, rows: max(1, entries.count))
        while columns < maxColumns && (flowed.map(\.count).max() ?? 0) > maxRows {
            columns += 1
            var rows = max(1, (entries.count + columns - 1) / columns)
            while Self.flow(entries, rows: rows).count > columns { rows += 1 }
            flowed = Self.flow(entries, rows: rows)
        }
        let rowsNeeded = max(1, flowed.map(\.count).max() ?? 1)
        let width = flowed.count * columnWidth + (flowed.count - 1) * gap + 4
        let height = min(rowsNeeded, maxRows) + 2
        let overflow = rowsNeeded > maxRows
        let firstRow = overflow ? min(max(0, scroll), rowsNeeded - maxRows) : 0
        let more: String? = overflow ? "\(context.symbols.arrowUp)\(context.symbols.arrowDown) more" : nil
        let modal = Modal(title: title, rightTitle: more, width: width, height: height)
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }

        for (c, column) in flowed.enumerated() {
            let x = inner.x + c * (columnWidth + gap)
            let colRect = Rect(x: x, y: inner.y, width: min(columnWidth, inner.maxX - x), height: inner.height)
            guard !colRect.isEmpty else { break }
            for (row, entry) in column.dropFirst(firstRow).prefix(inner.height).enumerated() {
                let r = Rect(x: colRect.x, y: colRect.y + row, width: colRect.width, height: 1)
                switch entry {
                case .heading(let t):
                    buffer.write(Line(t, .title), in: r, context: context)
                case .binding(let key, let help):
                    let (k, h) = r.splitLeft(min(keyWidth, r.width))
                    buffer.write(Line(key, .accent), in: k, context: context)
                    buffer.write(Line(help, .text), in: h.inset(left: 2), context: context)
                case .blank:
                    break
                }
            }
        }
    }

    /// A help text wider than its column goes on under its key, word-wrapped, instead of being
    /// cut ("1–8  Dashboard, Body, …, Settings…" at 80 columns).
    static func wrapped(_ entries: [Entry], helpWidth: Int, context: RenderContext) -> [Entry] {
        guard helpWidth > 0 else { return entries }
        return entries.flatMap { entry -> [Entry] in
            guard case .binding(let key, let help) = entry, TextWidth.of(help) > helpWidth else { return [entry] }
            let lines = TextLayout.wrap(Line(help).styledChars(context), width: helpWidth).map { String($0.map(\.char)) }
            return lines.enumerated().map { .binding(key: $0.offset == 0 ? key : "", help: $0.element) }
        }
    }

    /// Fills columns of `rows` entries in reading order; a blank separator never starts a column.
    static func flow(_ entries: [Entry], rows: Int) -> [[Entry]] {
        var columns: [[Entry]] = [[]]
        for entry in entries {
            if columns[columns.count - 1].count >= rows { columns.append([]) }
            if entry == .blank && columns[columns.count - 1].isEmpty { continue }
            columns[columns.count - 1].append(entry)
        }
        return columns
    }
}
