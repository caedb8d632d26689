/// A centred, bordered box drawn over whatever is below it. `draw` returns the inner rect for
/// the modal's content.
public struct Modal: Widget, Equatable, Sendable {
    public var title: String
    public var rightTitle: String?
    public var width: Int
    public var height: Int

    public init(title: String, rightTitle: String? = nil, width: Int, height: Int) {
        self.title = title
        self.rightTitle = rightTitle
        self.width = width
        self.height = height
    }

    /// Where the box goes: the requested size clamped to `area`, centred.
    public func frame(in area: Rect) -> Rect { area.centered(width: width, height: height) }

    @discardableResult
    public func draw(in area: Rect, buffer: inout Buffer, context: RenderContext) -> Rect {
        let box = frame(in: area)
        guard !box.isEmpty else { return box }
        buffer.fill(box, style: context.style(.text))
        let block = Block(title: title, rightTitle: rightTitle, borderRole: .accent)
        block.render(in: box, buffer: &buffer, context: context)
        return block.inner(box)
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        draw(in: area, buffer: &buffer, context: context)
    }
}

/// "Delete this entry? y/n" in a small modal; `answer(for:)` maps keys to yes/no.
public struct Confirmation: Widget, Equatable, Sendable {
    public enum Answer: Equatable, Sendable { case yes, no }

    public var title: String
    public var message: String

    public init(title: String = "Confirm", message: String) {
        self.title = title
        self.message = message
    }

    /// `y` confirms; `n` and Esc cancel; other keys are ignored (nil), so a stray key can't delete.
    public static func answer(for key: Key) -> Answer? {
        switch key {
        case .char("y"), .char("Y"): return .yes
        case .char("n"), .char("N"), .escape: return .no
        default: return nil
        }
    }

    /// The keys of a y/n question, for the footer and help while it is open.
    /// The question takes every key until it is answered: no global key works meanwhile.
    public static func keyMap(title: String, yes: String, no: String) -> KeyMap {
        KeyMap(
            title: title,
            bindings: [
                KeyBinding([.char("y")], help: yes, footer: true),
                KeyBinding([.char("n"), .escape], label: "n/Esc", help: no, footer: true),
            ], globalKeys: [])
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let prompt = Line([Span("y", .accent), Span(" yes   ", .muted), Span("n", .accent), Span(" no", .muted)])
        let width = max(TextWidth.of(message), prompt.width, TextWidth.of(title) + 4) + 6
        let text = Paragraph([Line(message, .text, alignment: .center)])
        let innerWidth = max(1, min(width, area.width) - 4)
        let textHeight = text.height(forWidth: innerWidth, context: context)
        let modal = Modal(title: title, width: width, height: textHeight + 5)
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(top: 1, left: 1, bottom: 1, right: 1)
        guard !inner.isEmpty else { return }
        let (body, footer) = inner.splitBottom(1)
        text.render(in: body, buffer: &buffer, context: context)
        buffer.write(prompt, in: footer, alignment: .center, context: context)
    }
}
