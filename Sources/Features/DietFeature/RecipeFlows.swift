import BodiiDomain
import BodiiUI
import TerminalKit

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
                try list.reload { $0.id == saved.foodID }
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
