/// What a key press did, so the shell knows whether to try global keys or close a modal, and
/// what the screen asks of the shell.
@MainActor
public enum KeyResult: Equatable {
    case handled
    case ignored
    /// A modal is finished (saved or cancelled) and should be closed.
    case close
    /// Handled, and the screen asks the shell for these, in order.
    case requests([ShellRequest])

    nonisolated public static func == (a: KeyResult, b: KeyResult) -> Bool {
        switch (a, b) {
        case (.handled, .handled), (.ignored, .ignored), (.close, .close): return true
        case (.requests(let x), .requests(let y)): return x.count == y.count && zip(x, y).allSatisfy { $0.kind == $1.kind }
        default: return false
        }
    }
}

/// What a screen can ask of the shell: it owns the tabs, the modals and the theme; what else an
/// app's shell does (Bodii's background jobs) comes as `app`.
@MainActor
public enum ShellRequest {
    /// Show the tab with this title (the day is the one all tabs share).
    case showTab(String)
    /// Put a screen on top of the stack (a modal, or a tab's flow).
    case present(any Screen)
    /// Close every flow on top, back to the tab: the flow is done (Esc closes one level).
    case closeFlows
    /// Draw with this theme for now (Settings' live preview; nil goes back to the saved one).
    case previewTheme(String?)
    /// A request only the app's own shell knows (Bodii's `RunJob`), passed on untouched.
    case app(any AppRequest)

    nonisolated var kind: String {
        switch self {
        case .showTab: return "showTab"
        case .present: return "present"
        case .closeFlows: return "closeFlows"
        case .previewTheme: return "previewTheme"
        case .app(let request): return request.kind
        }
    }
}

/// What an app adds to `ShellRequest` for its own shell; `kind` names it in comparisons.
public protocol AppRequest {
    var kind: String { get }
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
    /// True when Esc now would throw away what the user typed: the shell asks first, as `q`
    /// does. A screen whose Esc only steps back (a search, a picker) says false.
    var escapeLosesInput: Bool { get }
    /// The latest message to show in the status line, if any.
    var status: StatusMessage? { get }
    /// True when `render` paints every cell of its area: what lies under it is not drawn.
    var coversArea: Bool { get }
    func handle(_ key: Key) -> KeyResult
    func render(in area: Rect, buffer: inout Buffer, context: RenderContext)
}

extension Screen {
    public var isEditingText: Bool { false }
    public var hasUnsavedInput: Bool { false }
    /// A dialog or a tab's own form closes on Esc: what it holds is lost.
    public var escapeLosesInput: Bool { hasUnsavedInput }
    public var status: StatusMessage? { nil }
    public var coversArea: Bool { false }
}

/// A top-level tab of the app shell.
@MainActor
public protocol TabScreen: Screen {
    var title: String { get }
    /// Called when the tab is shown: reload what may have changed elsewhere.
    func didBecomeVisible()
    /// Every key map the tab's views use, for the README's key table (a tab with several views
    /// lists each; help shows only the one in force).
    var documentedKeyMaps: [KeyMap] { get }
}

extension TabScreen {
    public var documentedKeyMaps: [KeyMap] { [keyMap] }
}
