import BodiiDomain
import TerminalKit

/// `n` (or Ctrl-O in the search, or n/Enter in my foods): the custom food form over where it was
/// opened, which Esc and saving go back to; `saved` tells that place what was saved ("Created"
/// or "Saved").
public final class CustomFoodFlow: DietFlow, FormFlow {
    let tab: DietViewModel
    private var editor: CustomFoodEditor
    private let saved: (Food, _ verb: String) -> Void

    init(tab: DietViewModel, editor: CustomFoodEditor, saved: @escaping (Food, _ verb: String) -> Void) {
        self.tab = tab
        self.editor = editor
        self.saved = saved
    }

    public var keyMap: KeyMap { .formDialog(title: editor.title) }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { editor.hasInput }
    public var formErrors: [String: String] { editor.form.errors }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .escape:
            tab.status = StatusMessage(editor.editing == nil ? "No food created." : "Food unchanged.")
            return .close
        case .enter:
            switch CustomFoods(store: tab.catalog).validate(editor.input, per: editor.basis, id: editor.editing?.id) {
            case .failure(let errors):
                // The cursor goes to the first bad field on screen (the domain checks the serving first).
                let first = CustomFoodField.allCases.first { errors[$0] != nil }
                var messages = errors.inlineMessages
                // A list's message names the item that is wrong, which the field alone doesn't.
                messages[CustomFoodField.other.rawValue] = errors[.other]?.itemMessage
                tab.status = editor.form.show(errors: messages, first: first?.rawValue)
            case .success(let food):
                // Macros holding more energy than the label says: said once, saved on a second Enter.
                if let warning = CustomFoods.energyWarning(for: food, per: editor.basis), warning != editor.shownWarning {
                    editor.shownWarning = warning
                    editor.form.errors = [CustomFoodField.kcal.rawValue: warning + " · Enter again saves"]
                    editor.form.focus(CustomFoodField.kcal.rawValue)
                    tab.status = StatusMessage(
                        "Protein, carbs and fat hold more energy than the label says: check them, or Enter again to save anyway.")
                    return .handled
                }
                do {
                    let food = try CustomFoods(store: tab.catalog).save(food)
                    saved(food, editor.editing == nil ? "Created" : "Saved")
                    return .close
                } catch {
                    tab.status = StatusMessage("Could not save the food: \(ErrorLine.text(error))", kind: .error)
                }
            }
        default:
            editor.edit(key)
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(title: editor.title, form: editor.form, width: 76).render(in: area, buffer: &buffer, context: context)
    }
}

