/// What a key press did, so the shell knows whether to try global keys or close a modal.
public enum KeyResult: Equatable, Sendable {
    case handled
    case ignored
    /// A modal is finished (saved or cancelled) and should be closed.
    case close
}

/// A one-line message for the status line: confirmations and errors that need no dialog.
public struct StatusMessage: Equatable, Sendable {
    public enum Kind: Sendable { case info, success, error }
    public var text: String
    public var kind: Kind
    public init(_ text: String, kind: Kind = .info) {
        self.text = text
        self.kind = kind
    }
}

/// Anything the shell can show and route keys to: a tab, a modal, a form.
@MainActor
public protocol Screen: AnyObject {
    /// The keys this screen understands; help and footer are generated from it.
    var keyMap: KeyMap { get }
    /// True while a text field has focus: printable keys go to it, not to global shortcuts.
    var isEditingText: Bool { get }
    /// True when closing now would lose something the user typed.
    var hasUnsavedInput: Bool { get }
    /// The latest message to show in the status line, if any.
    var status: StatusMessage? { get }
    func handle(_ key: Key) -> KeyResult
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext)
}

extension Screen {
    public var isEditingText: Bool { false }
    public var hasUnsavedInput: Bool { false }
    public var status: StatusMessage? { nil }
}

/// A top-level tab of the app shell.
@MainActor
public protocol TabScreen: Screen {
    var title: String { get }
    /// Called when the tab is shown: reload what may have changed elsewhere.
    func didBecomeVisible()
}
