import BodiiDomain
import TerminalKit

/// A flow the Pantry tab pushes onto the shell's stack; it reports to the tab, which holds the
/// views and the one status line the tab and its flows share.
@MainActor
protocol PantryFlow: Flow {
    var tab: PantryViewModel { get }
}

extension PantryFlow {
    public var status: StatusMessage? { tab.status }
}

/// `a`: a catalog food or any name, for the stock or the list. Choosing one replaces the picker
/// with the form for it.
public final class ItemPickerFlow: PantryFlow {
    let tab: PantryViewModel
    private var picker: ItemPicker
    private let forList: Bool

    init(tab: PantryViewModel, picker: ItemPicker, forList: Bool) {
        self.tab = tab
        self.picker = picker
        self.forList = forList
    }

    public var keyMap: KeyMap { picker.keyMap }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { picker.hasInput }

    public func handle(_ key: Key) -> KeyResult {
        switch picker.handle(key) {
        case .stay: return .handled
        case .close:
            tab.status = StatusMessage("Nothing added.")
            return .close
        case .refused(let message):
            tab.status = StatusMessage(message, kind: .error)
            return .handled
        case .chose(let item):
            guard let form = tab.form(for: item, forList: forList) else { return .requests([.closeFlows]) }
            return .requests([.closeFlows, .present(PantryFormFlow(tab: tab, form: form))])
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ItemPickerView(picker: picker, title: forList ? "Add to the shopping list" : "Add to stock").render(
            in: area, buffer: &buffer, context: context)
    }
}

/// One of the Pantry's forms (add to stock, use or waste, a list entry, an item's settings, the
/// budget): Enter saves through the tab and closes, Esc cancels.
public final class PantryFormFlow: PantryFlow {
    let tab: PantryViewModel
    private(set) var form: PantryForm

    init(tab: PantryViewModel, form: PantryForm) {
        self.tab = tab
        self.form = form
    }

    public var keyMap: KeyMap { .formDialog(title: form.title) }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { form.hasInput }
    public var escapeLosesInput: Bool { form.hasInput }
    public var formErrors: [String: String] { form.form.errors }
    public var formTitle: String { form.title }
    public var formIntro: String? { form.intro }
    /// What a field holds (its id, as in `formErrors`).
    public func formValue(_ id: String) -> String? { form.form.value(id) }

    public func handle(_ key: Key) -> KeyResult {
        switch form.form.route(key) {
        case .cancel:
            tab.status = StatusMessage("Nothing changed.")
            return .close
        case .edited:
            return .handled
        case .submit:
            switch form.validate(today: tab.clock.today) {
            case .failure(let failure):
                _ = form.form.show(errors: [failure.fieldID: failure.message], first: failure.fieldID)
                // The whole message in the status line too: under the field it may be cut at 80 columns.
                tab.status = StatusMessage(failure.fullMessage, kind: .error)
                return .handled
            case .success(let outcome):
                return tab.store(outcome) ? .requests([.closeFlows]) : .handled
            }
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(title: form.title, intro: form.intro, form: form.form, width: 76).render(in: area, buffer: &buffer, context: context)
    }
}
