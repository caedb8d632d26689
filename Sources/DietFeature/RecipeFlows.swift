import BodiiDomain
import TerminalKit

/// `r`: the user's recipes, to edit, delete (y/n) or make a new one.
public final class RecipeListFlow: DietFlow {
    let tab: DietViewModel
    private var list: RecipeList

    init(tab: DietViewModel, list: RecipeList) {
        self.tab = tab
        self.list = list
    }

    public var keyMap: KeyMap {
        list.pendingDelete == nil ? RecipeList.keyMap : Confirmation.keyMap(title: "Delete recipe", yes: "delete", no: "keep")
    }

    public func handle(_ key: Key) -> KeyResult {
        if let recipe = list.pendingDelete { confirmDelete(recipe, key); return .handled }
        guard let action = RecipeList.actions.action(for: key) else {
            return RecipeList.globalKeys.contains(key) ? .ignored : .handled
        }
        switch action {
        case .close: return .close
        case .move(let move): list.selected = move.apply(to: list.selected, count: list.recipes.count)
        case .new: return .requests([.present(RecipeEditorFlow(tab: tab, editor: RecipeEditor(editing: nil), list: self))])
        case .delete:
            guard list.recipes.indices.contains(list.selected) else { break }
            list.pendingDelete = list.recipes[list.selected]
        case .edit:
            guard list.recipes.indices.contains(list.selected) else { break }
            do {
                guard let recipe = try tab.source.recipe(foodID: list.recipes[list.selected].id) else {
                    tab.status = StatusMessage("That recipe is gone.", kind: .error)
                    break
                }
                return .requests([.present(RecipeEditorFlow(tab: tab, editor: RecipeEditor(editing: recipe), list: self))])
            } catch {
                tab.status = StatusMessage("Could not read the recipe: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    /// After the editor saved: the list read again, with the recipe selected.
    func saved(_ recipe: Recipe) throws {
        var list = RecipeList(recipes: try tab.source.recipeFoods())
        list.selected = list.recipes.firstIndex { $0.id == recipe.foodID } ?? 0
        self.list = list
    }

    private func confirmDelete(_ recipe: Food, _ key: Key) {
        switch Confirmation.answer(for: key) {
        case .yes:
            list.pendingDelete = nil
            do {
                try tab.source.deleteRecipe(foodID: recipe.id)
                list.recipes = try tab.source.recipeFoods()
                list.selected = min(list.selected, max(0, list.recipes.count - 1))
                tab.status = StatusMessage("Deleted the recipe \(recipe.name); what you logged with it stays.", kind: .success)
            } catch {
                tab.status = StatusMessage("Could not delete the recipe: \(ErrorLine.text(error))", kind: .error)
            }
        case .no:
            list.pendingDelete = nil
            tab.status = StatusMessage("Kept.")
        case nil: break
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        RecipeListView(list: list).render(in: area, buffer: &buffer, context: context)
    }
}

/// A recipe being made or edited over the recipe list; Ctrl-O pushes the food search for an
/// ingredient, whose last Enter adds it here.
public final class RecipeEditorFlow: DietFlow, FormFlow {
    let tab: DietViewModel
    private var editor: RecipeEditor
    private let list: RecipeListFlow

    init(tab: DietViewModel, editor: RecipeEditor, list: RecipeListFlow) {
        self.tab = tab
        self.editor = editor
        self.list = list
    }

    public var keyMap: KeyMap { editor.keyMap }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { editor.hasInput }
    public var formErrors: [String: String] {
        var errors = editor.form.errors
        if let e = editor.ingredientError { errors[Recipe.Field.ingredients.rawValue] = e }
        return errors
    }

    public func handle(_ key: Key) -> KeyResult {
        switch editor.handle(key) {
        case .stay: return .handled
        case .cancel:
            tab.status = StatusMessage(editor.editing == nil ? "No recipe made." : "Recipe unchanged.")
            return .close
        case .addIngredient:
            tab.status = nil
            let search = FoodSearch(
                catalog: tab.catalog, log: tab.source, library: nil, day: tab.day, clock: tab.clock, purpose: .ingredient)
            return .requests([.present(FoodSearchFlow(tab: tab, search: search) { [unowned self] food, record in add(food, record) })])
        case .save:
            return save()
        }
    }

    private func add(_ food: Food, _ record: FoodRecord) {
        if food.id == editor.editing?.foodID {
            tab.status = StatusMessage("A recipe cannot be an ingredient of itself.", kind: .error)
        } else {
            editor.add(Recipe.Ingredient(food: food, grams: record.grams ?? 0))
            tab.status = StatusMessage("Added \(food.name), \(NutrientFormat.amount(record)).", kind: .success)
        }
    }

    private func save() -> KeyResult {
        switch editor.validated() {
        case .failure(let errors):
            var messages = errors.inlineMessages
            editor.ingredientError = messages.removeValue(forKey: Recipe.Field.ingredients.rawValue)
            let first = Recipe.Field.allCases.first { errors[$0] != nil }
            tab.status = editor.form.show(errors: messages, first: first == .ingredients ? nil : first?.rawValue)
            return .handled
        case .success(let recipe):
            do {
                let saved = try tab.source.saveRecipe(recipe)
                try list.saved(saved)
                tab.status = StatusMessage(
                    "Saved \(saved.name): \(NutrientFormat.kcal(saved.perServing.kcal)) kcal a serving — "
                        + "a or / finds it like a food.", kind: .success)
                return .close
            } catch {
                tab.status = StatusMessage("Could not save the recipe: \(ErrorLine.text(error))", kind: .error)
                return .handled
            }
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        RecipeEditorView(editor: editor).render(in: area, buffer: &buffer, context: context)
    }
}
