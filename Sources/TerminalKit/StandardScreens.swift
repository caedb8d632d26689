/// The `?` overlay: every binding of the given key maps; scrolls with j/k, closes with Esc, q or ?.
@MainActor
public final class HelpScreen: Screen {
    private let keyMaps: [KeyMap]
    private var scroll = 0

    public init(keyMaps: [KeyMap]) { self.keyMaps = keyMaps }

    public var keyMap: KeyMap {
        KeyMap(
            title: "Help",
            bindings: [
                KeyBinding([.down, .char("j"), .up, .char("k")], label: "j/k", help: "scroll", footer: true),
                KeyBinding([.escape, .char("?"), .char("q")], label: "Esc", help: "close help", footer: true),
            ])
    }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .escape, .char("?"), .char("q"), .enter: return .close
        case .down, .char("j"): scroll += 1
        case .up, .char("k"): scroll = max(0, scroll - 1)
        default: break
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        HelpOverlay(keyMaps: keyMaps, scroll: scroll).render(in: area, buffer: &buffer, context: context)
    }
}

/// A y/n question; `onConfirm` runs on `y`, anything that means no closes it.
@MainActor
public final class ConfirmScreen: Screen {
    private let question: String
    private let onConfirm: () -> Void

    public init(question: String, onConfirm: @escaping () -> Void) {
        self.question = question
        self.onConfirm = onConfirm
    }

    public var keyMap: KeyMap {
        KeyMap(
            title: "Confirm",
            bindings: [
                KeyBinding([.char("y")], help: "yes", footer: true),
                KeyBinding([.char("n"), .escape], label: "n/Esc", help: "no", footer: true),
            ])
    }

    public func handle(_ key: Key) -> KeyResult {
        switch Confirmation.answer(for: key) {
        case .yes: onConfirm(); return .close
        case .no: return .close
        case nil: return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        Confirmation(message: question).render(in: area, buffer: &buffer, context: context)
    }
}
