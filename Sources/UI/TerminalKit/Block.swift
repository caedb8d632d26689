/// A bordered box with an optional title on the left and another on the right:
/// `╭─ Weight ──────── 7 days ─╮`. Draw the block first, then the content into `inner(area)`.
public struct Block: Widget, Equatable, Sendable {
    public var title: String?
    public var rightTitle: String?
    public var borderRole: Role
    public var titleRole: Role

    public init(title: String? = nil, rightTitle: String? = nil, borderRole: Role = .border, titleRole: Role = .title) {
        self.title = title
        self.rightTitle = rightTitle
        self.borderRole = borderRole
        self.titleRole = titleRole
    }

    /// Whether both titles show in full in a block `width` columns wide.
    public func titlesFit(width: Int) -> Bool {
        let slot = width - 4
        let used = title.map { TextWidth.of($0) + 2 } ?? 0
        guard used <= slot else { return false }
        guard let rightTitle, !rightTitle.isEmpty else { return true }
        return TextWidth.of(rightTitle) + 2 <= slot - used - (used > 0 ? 1 : 0)
    }

    /// The first of `options` (longest first) whose titles fit `width`; the last one otherwise.
    public static func firstFitting(width: Int, _ options: [Block]) -> Block {
        options.first { $0.titlesFit(width: width) } ?? options.last ?? Block()
    }

    /// The content rect: inside the border, or empty when there is no room for one.
    public func inner(_ area: Rect) -> Rect {
        guard area.width >= 2, area.height >= 2 else { return Rect(x: area.x, y: area.y, width: 0, height: 0) }
        return area.inset(by: 1)
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard area.width >= 2, area.height >= 2 else { return }
        let s = context.symbols
        let border = context.style(borderRole)
        let top = area.y, bottom = area.maxY - 1, left = area.x, right = area.maxX - 1
        for x in (left + 1)..<right {
            buffer.write(s.horizontal, x: x, y: top, style: border)
            buffer.write(s.horizontal, x: x, y: bottom, style: border)
        }
        for y in (top + 1)..<bottom {
            buffer.write(s.vertical, x: left, y: y, style: border)
            buffer.write(s.vertical, x: right, y: y, style: border)
        }
        buffer.write(s.topLeft, x: left, y: top, style: border)
        buffer.write(s.topRight, x: right, y: top, style: border)
        buffer.write(s.bottomLeft, x: left, y: bottom, style: border)
        buffer.write(s.bottomRight, x: right, y: bottom, style: border)

        // Titles sit between "╭─" and "─╮", padded by one space on each side.
        let slot = area.width - 4
        var used = 0
        if let title, !title.isEmpty, slot >= 3 {
            let text = TextWidth.truncate(title, to: slot - 2, ellipsis: s.ellipsis)
            used = buffer.write(" \(text) ", x: left + 2, y: top, style: context.style(titleRole), maxWidth: slot)
        }
        if let rightTitle, !rightTitle.isEmpty {
            let room = slot - used - (used > 0 ? 1 : 0)
            let w = TextWidth.of(rightTitle) + 2
            if w <= room {
                buffer.write(" \(rightTitle) ", x: right - 1 - w, y: top, style: context.style(.muted), maxWidth: w)
            }
        }
    }
}
