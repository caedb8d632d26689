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

/// `m`: the user's custom foods, to edit, delete (y/n) or make a new one.
public final class MyFoodsFlow: DietFlow {
    let tab: DietViewModel
    private var list: MyFoods

    init(tab: DietViewModel, list: MyFoods) {
        self.tab = tab
        self.list = list
    }

    public var keyMap: KeyMap {
        list.pendingDelete == nil ? MyFoods.keyMap : Confirmation.keyMap(title: "Delete food", yes: "delete", no: "keep")
    }

    public func handle(_ key: Key) -> KeyResult {
        if let food = list.pendingDelete { confirmDelete(food, key); return .handled }
        // The list is modal: only `?` and `q` reach the shell (MyFoods.keyMap says so).
        guard let action = MyFoods.actions.action(for: key) else {
            return MyFoods.globalKeys.contains(key) ? .ignored : .handled
        }
        switch action {
        case .close: return .close
        case .move(let move): list.selected = move.apply(to: list.selected, count: list.foods.count)
        case .new: return .requests([.present(editor(for: nil))])
        case .delete:
            guard list.foods.indices.contains(list.selected) else { break }
            list.pendingDelete = list.foods[list.selected]
        case .edit:
            guard list.foods.indices.contains(list.selected) else { break }
            do {
                let food = try tab.catalog.food(id: list.foods[list.selected].id) ?? list.foods[list.selected]
                return .requests([.present(editor(for: food))])
            } catch {
                tab.status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    /// The form over the list; saving comes back to the list with the food selected.
    private func editor(for food: Food?) -> CustomFoodFlow {
        CustomFoodFlow(tab: tab, editor: CustomFoodEditor(editing: food)) { [unowned self] saved, verb in
            do {
                let foods = try tab.catalog.customFoods()
                list = MyFoods(foods: foods, selected: foods.firstIndex { $0.id == saved.id } ?? 0)
                tab.status = StatusMessage("\(verb) \(saved.name).", kind: .success)
            } catch {
                tab.status = StatusMessage("Could not save the food: \(ErrorLine.text(error))", kind: .error)
            }
        }
    }

    /// y deletes the custom food (its log entries stay: they carry their own copy of its values).
    private func confirmDelete(_ food: Food, _ key: Key) {
        switch Confirmation.answer(for: key) {
        case .yes:
            list.pendingDelete = nil
            do {
                try tab.catalog.deleteCustomFood(id: food.id)
                list.foods = try tab.catalog.customFoods()
                list.selected = min(list.selected, max(0, list.foods.count - 1))
                tab.reload()
                tab.status = StatusMessage("Deleted \(food.name); what you logged with it stays.", kind: .success)
            } catch {
                tab.status = StatusMessage("Could not delete the food: \(ErrorLine.text(error))", kind: .error)
            }
        case .no:
            list.pendingDelete = nil
            tab.status = StatusMessage("Kept.")
        case nil: break
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        MyFoodsView(list: list).render(in: area, buffer: &buffer, context: context)
    }
}
