import BodiiDomain
import TerminalKit

/// A Review form (a note, an action, a drop's reason) as a flow over the board: Enter checks it
/// against the period shown and stores it, Esc leaves it (the shell asks first when something
/// was typed).
public final class ReviewFormFlow: Flow {
    let tab: ReviewViewModel
    public private(set) var form: ReviewForm

    init(tab: ReviewViewModel, form: ReviewForm) {
        self.tab = tab
        self.form = form
    }

    public var keyMap: KeyMap { .formDialog(title: form.title) }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { form.hasInput }
    /// As when the form was the tab's: Esc asks whenever something is typed.
    public var escapeLosesInput: Bool { form.hasInput }
    public var status: StatusMessage? { tab.status }

    public func handle(_ key: Key) -> KeyResult {
        switch form.form.route(key) {
        case .cancel:
            tab.status = StatusMessage("Nothing changed.")
            return .close
        case .edited:
            return .handled
        case .submit:
            return tab.submit(&form) ? .close : .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(title: form.title, intro: form.intro, form: form.form).render(in: area, buffer: &buffer, context: context)
    }
}
