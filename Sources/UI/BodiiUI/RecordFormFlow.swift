import TerminalKit

/// A form in a `FormDialog` over its tab, as a flow on the stack: Tab moves between fields,
/// Enter hands the form to `submit`, Esc cancels (the shell asks first once a value changed).
/// Body's and Sleep's log forms; a new dated kind's form is one of these.
@MainActor
public final class RecordFormFlow: Flow {
    /// What `submit` did with the form.
    public enum Outcome {
        /// Saved: the flow closes and the tab shows what was saved.
        case saved
        /// Not saved (errors marked in `form`): the form stays.
        case stay
        /// A question first (replace the night already logged?), over the form.
        case ask(any Screen)
    }

    public var form: Form
    public let title: String
    private let intro: String?
    /// Fields that open filled in (the date) and so do not count as something typed.
    private let prefilled: Set<String>
    private let submit: (RecordFormFlow) -> Outcome
    private let cancel: () -> Void
    private let statusOfTab: () -> StatusMessage?

    public init(
        title: String, intro: String? = nil, form: Form, prefilled: Set<String> = [], status: @escaping () -> StatusMessage?,
        submit: @escaping (RecordFormFlow) -> Outcome, cancel: @escaping () -> Void
    ) {
        self.title = title
        self.intro = intro
        self.form = form
        self.prefilled = prefilled
        statusOfTab = status
        self.submit = submit
        self.cancel = cancel
    }

    public var keyMap: KeyMap { .formDialog(title: title) }
    public var isEditingText: Bool { true }
    /// Esc cancels the form: asked first once a value changed (an edit opens filled in).
    public var escapeLosesInput: Bool { form.isChanged }
    public var hasUnsavedInput: Bool { form.fields.contains { !prefilled.contains($0.id) && !$0.value.isEmpty } }
    public var status: StatusMessage? { statusOfTab() }

    public func handle(_ key: Key) -> KeyResult {
        switch form.route(key) {
        case .cancel:
            cancel()
            return .close
        case .submit:
            switch submit(self) {
            case .saved: return .close
            case .stay: return .handled
            case .ask(let question): return .requests([.present(question)])
            }
        case .edited:
            return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(title: title, intro: intro, form: form).render(in: area, buffer: &buffer, context: context)
    }
}
