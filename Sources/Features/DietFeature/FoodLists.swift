import BodiiDomain
import BodiiUI
import TerminalKit

/// `m`: the user's custom foods in a `ModalListFlow`, to edit, delete (y/n) or make a new one.
public typealias MyFoodsFlow = ModalListFlow<MyFoodsList>
/// `r`: the user's recipes in a `ModalListFlow`, to edit, delete (y/n) or make a new one.
public typealias RecipeListFlow = ModalListFlow<RecipesList>

/// The custom foods as a `ModalListKind`.
public final class MyFoodsList: ModalListKind {
    let tab: DietViewModel

    init(tab: DietViewModel) { self.tab = tab }

    public let title = "My foods"
    public func countTitle(_ count: Int) -> String { "\(count) custom" }
    public let newHelp = "new custom food"
    public let deleteHelp = "delete the food (what you logged stays)"
    public let emptyMessage = "No custom foods yet — n makes one."
    public let deleteFailure = "Could not delete the food"
    public var columns: [TableColumn] {
        [TableColumn("Name"), TableColumn("kcal/100 g", width: .length(10), alignment: .right), TableColumn("Serving", width: .length(22))]
    }

    public func row(_ f: Food) -> TableRow {
        TableRow([
            Span(f.name), Span(NutrientFormat.kcal(f.per100g.kcal), .accent),
            Span(f.servings.first.map { "\($0.label) (\(NutrientFormat.number($0.grams)) g)" } ?? "—", .muted),
        ])
    }

    public var status: StatusMessage? { tab.status }
    public func report(_ status: StatusMessage) { tab.status = status }
    public func load() throws -> [Food] { try tab.catalog.customFoods() }

    /// The form over the list; saving comes back to the list with the food selected.
    public func editor(for food: Food?, list: MyFoodsFlow) -> (any Flow)? {
        var editing = food
        if let food {
            do {
                editing = try tab.catalog.food(id: food.id) ?? food
            } catch {
                tab.status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
                return nil
            }
        }
        return CustomFoodFlow(tab: tab, editor: CustomFoodEditor(editing: editing)) { [unowned self, unowned list] saved, verb in
            do {
                try list.reload { $0.id == saved.id }
                tab.status = StatusMessage("\(verb) \(saved.name).", kind: .success)
            } catch {
                tab.status = StatusMessage("Could not save the food: \(ErrorLine.text(error))", kind: .error)
            }
        }
    }

    public func deleteQuestion(_ food: Food) -> (title: String, question: String) {
        ("Delete food", "Delete \(food.name)? What you logged with it stays in your log. y/n")
    }

    /// Deletes the custom food (its log entries stay: they carry their own copy of its values).
    public func delete(_ food: Food) throws -> StatusMessage {
        try tab.catalog.deleteCustomFood(id: food.id)
        tab.reload()
        return StatusMessage("Deleted \(food.name); what you logged with it stays.", kind: .success)
    }
}

/// The recipes as a `ModalListKind`.
public final class RecipesList: ModalListKind {
    let tab: DietViewModel

    init(tab: DietViewModel) { self.tab = tab }

    public let title = "Recipes"
    public func countTitle(_ count: Int) -> String { Plural.count(count, "recipe", plural: "recipes") }
    public let newHelp = "new recipe"
    public let deleteHelp = "delete the recipe (what you logged stays)"
    public let emptyMessage = "No recipes yet — n makes one."
    public let deleteFailure = "Could not delete the recipe"
    public var columns: [TableColumn] {
        [
            TableColumn("Name"), TableColumn("kcal/serving", width: .length(12), alignment: .right),
            TableColumn("Serving", width: .length(10), alignment: .right),
        ]
    }

    public func row(_ f: Food) -> TableRow {
        let serving = f.servings.first
        let kcal = serving.map { f.per100g.scaled(toGrams: $0.grams).kcal }
        return TableRow([
            Span(f.name), Span(kcal.map(NutrientFormat.kcal) ?? "—", .accent),
            Span(serving.map { "\(NutrientFormat.number($0.grams)) g" } ?? "—", .muted),
        ])
    }

    public var status: StatusMessage? { tab.status }
    public func report(_ status: StatusMessage) { tab.status = status }
    public func load() throws -> [Food] { try tab.source.recipeFoods() }

    public func editor(for food: Food?, list: RecipeListFlow) -> (any Flow)? {
        guard let food else { return RecipeEditorFlow(tab: tab, editor: RecipeEditor(editing: nil), list: list) }
        do {
            guard let recipe = try tab.source.recipe(foodID: food.id) else {
                tab.status = StatusMessage("That recipe is gone.", kind: .error)
                return nil
            }
            return RecipeEditorFlow(tab: tab, editor: RecipeEditor(editing: recipe), list: list)
        } catch {
            tab.status = StatusMessage("Could not read the recipe: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    public func deleteQuestion(_ recipe: Food) -> (title: String, question: String) {
        ("Delete recipe", "Delete the recipe \(recipe.name)? What you logged with it stays in your log. y/n")
    }

    public func delete(_ recipe: Food) throws -> StatusMessage {
        try tab.source.deleteRecipe(foodID: recipe.id)
        return StatusMessage("Deleted the recipe \(recipe.name); what you logged with it stays.", kind: .success)
    }
}
