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

/// The one y/n question over a tab or a flow: a delete, a replace, closing or quitting with
/// something typed. `y` runs `onYes`, which says where to go back to; `n` or Esc runs `onNo` and
/// goes back one level; any other key waits, so a stray key can't delete. It takes every key
/// until answered (no global key works meanwhile), and shows the status of whoever asked.
@MainActor
public final class ConfirmFlow: Flow {
    /// Where `y` leaves the stack.
    public enum Then: Sendable {
        /// Back to the screen below (a list the deleted item was in).
        case back
        /// Back to the tab: the flow below is done too (a form saved by the answer).
        case tab
    }

    public let title: String
    /// The question, as shown: "Delete the weigh-in 80.0 kg of 2026-12-01? y/n".
    public let question: String
    private let yesHelp: String
    private let noHelp: String
    private let statusOfAsker: () -> StatusMessage?
    private let onYes: () -> Then
    private let onNo: () -> Void

    public init(
        title: String = "Confirm", question: String, yes: String = "yes", no: String = "no",
        status: @escaping () -> StatusMessage? = { nil }, onYes: @escaping () -> Then, onNo: @escaping () -> Void = {}
    ) {
        self.title = title
        self.question = question
        yesHelp = yes
        noHelp = no
        statusOfAsker = status
        self.onYes = onYes
        self.onNo = onNo
    }

    /// The shell's own question (close or quit with something typed): `onConfirm` on `y`.
    public convenience init(question: String, onConfirm: @escaping () -> Void) {
        self.init(question: question, onYes: { onConfirm(); return .back })
    }

    public var keyMap: KeyMap { Confirmation.keyMap(title: title, yes: yesHelp, no: noHelp) }
    public var status: StatusMessage? { statusOfAsker() }

    public func handle(_ key: Key) -> KeyResult {
        switch Confirmation.answer(for: key) {
        case .yes:
            switch onYes() {
            case .back: return .close
            case .tab: return .requests([.closeFlows])
            }
        case .no:
            onNo()
            return .close
        case nil: return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        Confirmation(title: title, message: question).render(in: area, buffer: &buffer, context: context)
    }
}
