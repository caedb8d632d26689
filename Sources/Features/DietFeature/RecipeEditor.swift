import BodiiDomain
import Foundation
import TerminalKit

/// A recipe being made or edited: its name and servings (a form), its ingredients (a list, filled
/// from the food search), and its nutrition per serving and per 100 g, live (`Recipe`'s figures).
/// Tab goes from the fields to the ingredients and back; Ctrl-O (or `a` in the list) adds an
/// ingredient; `x` removes the selected one; Enter saves; Esc cancels.
struct RecipeEditor {
    /// nil for a new recipe.
    let editing: Recipe?
    var form: Form
    var ingredients: [Recipe.Ingredient]
    /// True while the ingredient list has the keys (else the form's fields do).
    var listFocused = false
    var selectedIngredient = 0
    /// The ingredient list's error (none yet), shown under it.
    var ingredientError: String?

    static let nameID = Recipe.Field.name.rawValue, servingsID = Recipe.Field.servings.rawValue

    init(editing: Recipe?) {
        self.editing = editing
        ingredients = editing?.ingredients ?? []
        form = Form(
            fields: [
                .text(
                    Self.nameID, label: "Name", text: editing?.name ?? "", placeholder: "e.g. Chili con carne",
                    maxLength: Recipe.nameLength.upperBound),
                .text(
                    Self.servingsID, label: "Servings", text: editing.map { DecimalText.format($0.servings, decimals: 2) } ?? "1",
                    maxLength: Validation.maxInputLength, hint: "the whole recipe makes"),
            ], inputWidth: 32)
    }

    var title: String { editing == nil ? "New recipe" : "Edit recipe" }

    /// What a key asks of the owner.
    enum Outcome: Equatable { case stay, cancel, save, addIngredient }

    enum Action: Sendable {
        case add, remove
        case move(ListMove)
        case save, cancel
        case switchFocus(forward: Bool)
    }

    static let listActions = ActionKeyMap<Action>(
        title: "Ingredients",
        ListMove.actions("in the ingredients") { .move($0) } + [
            KeyBinding([.char("a"), .ctrl("o")], label: "a", help: "add an ingredient (food search)", footer: true, brief: "add").performs(
                .add),
            KeyBinding([.char("x"), .delete], label: "x", help: "remove the selected ingredient", footer: true, brief: "remove").performs(
                .remove),
            KeyBinding([.tab, .backTab], label: "Tab", help: "back to the name and servings", footer: true, brief: "fields")
                .performs { key in .switchFocus(forward: key == .tab) },
            KeyBinding([.enter], help: "save the recipe", footer: true, brief: "save").performs(.save),
            KeyBinding([.escape], help: "cancel", footer: true).performs(.cancel),
        ])

    static let fieldActions = ActionKeyMap<Action>(
        title: "Recipe",
        [
            KeyBinding([.tab, .backTab], label: "Tab", help: "next field, then the ingredients", footer: true, brief: "next")
                .performs { key in .switchFocus(forward: key == .tab) },
            KeyBinding([.ctrl("o")], label: "Ctrl-O", help: "add an ingredient (food search)", footer: true, brief: "add food").performs(
                .add),
            KeyBinding([.enter], help: "save the recipe", footer: true, brief: "save").performs(.save),
            KeyBinding([.escape], help: "cancel", footer: true).performs(.cancel),
        ])

    var keyMap: KeyMap { (listFocused ? Self.listActions : Self.fieldActions).keyMap }

    mutating func handle(_ key: Key) -> Outcome {
        let action = (listFocused ? Self.listActions : Self.fieldActions).action(for: key)
        switch action {
        case .cancel: return .cancel
        case .save: return .save
        case .add: return .addIngredient
        case .remove:
            guard ingredients.indices.contains(selectedIngredient) else { break }
            ingredients.remove(at: selectedIngredient)
            selectedIngredient = min(selectedIngredient, max(0, ingredients.count - 1))
        case .move(let move): selectedIngredient = move.apply(to: selectedIngredient, count: ingredients.count)
        case .switchFocus(let forward):
            if listFocused {
                listFocused = false
                form.focus = forward ? 0 : form.fields.count - 1
            } else if forward ? form.focus == form.fields.count - 1 : form.focus == 0 {
                listFocused = true
            } else {
                _ = form.handle(key)
            }
        case nil:
            if !listFocused {
                _ = form.handle(key)
                form.errors[form.focusedID ?? ""] = nil
            }
        }
        return .stay
    }

    mutating func add(_ ingredient: Recipe.Ingredient) {
        ingredients.append(ingredient)
        selectedIngredient = ingredients.count - 1
        listFocused = true
        ingredientError = nil
    }

    /// The recipe as typed, or its errors.
    func validated() -> Result<Recipe, FieldErrors<Recipe.Field>> {
        Recipe.validated(
            id: editing?.id, foodID: editing?.foodID, name: form.value(Self.nameID) ?? "",
            servings: form.value(Self.servingsID) ?? "", ingredients: ingredients)
    }

    /// The recipe's figures as they stand: the servings typed when valid, else one.
    var preview: Recipe {
        let servings =
            (try? Validation.amount(form.value(Self.servingsID) ?? "", field: "servings", range: Recipe.servingsRange, unit: nil)) ?? 1
        return Recipe(name: form.value(Self.nameID) ?? "", servings: servings, ingredients: ingredients)
    }

    var hasInput: Bool {
        let name = form.value(Self.nameID) ?? ""
        guard let editing else { return !name.isEmpty || !ingredients.isEmpty }
        return name != editing.name || ingredients != editing.ingredients
            || form.value(Self.servingsID) != DecimalText.format(editing.servings, decimals: 2)
    }
}

/// The recipe editor: the two fields, the ingredients with their amount and energy, and the
/// recipe's energy and macros per serving and per 100 g as it is built.
struct RecipeEditorView: Widget {
    let editor: RecipeEditor

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(title: editor.title, width: min(area.width, 80), height: min(area.height, 24))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 8 else { return }
        var form = editor.form
        if editor.listFocused { form.focus = -1 }
        let formHeight = form.fields.indices.reduce(0) { $0 + form.height(of: $1) }
        let (formArea, rest) = inner.splitTop(formHeight)
        form.render(in: formArea, buffer: &buffer, context: context)
        let (body, hintRow) = rest.splitBottom(1)
        let (listArea, totals) = body.splitBottom(3)

        let (head, rows) = listArea.splitTop(1)
        let marker = editor.listFocused ? (context.symbols.isUnicode ? "› " : "> ") : "  "
        let count = Plural.count(editor.ingredients.count, "ingredient", plural: "ingredients")
        buffer.write(
            [Span(marker, .accent), Span("Ingredients", editor.listFocused ? .accent : .text), Span(" · \(count)", .muted)],
            x: head.x, y: head.y, maxWidth: head.width, context: context)
        let window = Table.window(
            selected: editor.selectedIngredient, rowCount: editor.ingredients.count, visibleRows: max(1, rows.height - 1))
        let tableRows = editor.ingredients[window].map { i in
            TableRow([
                Span(i.food.name), Span("\(NutrientFormat.number(i.grams)) g", .muted),
                Span(NutrientFormat.kcal(i.food.per100g.scaled(toGrams: i.grams).kcal), .accent),
            ])
        }
        let empty = editor.ingredientError ?? "None yet — Ctrl-O (or Tab, then a) adds a food with its amount."
        var table = Table(
            columns: [
                TableColumn("Food"), TableColumn("Amount", width: .length(9), alignment: .right),
                TableColumn("kcal", width: .length(5), alignment: .right),
            ],
            rows: Array(tableRows),
            selected: editor.listFocused && !editor.ingredients.isEmpty ? editor.selectedIngredient - window.lowerBound : nil,
            emptyMessage: empty, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < editor.ingredients.count
        table.render(in: rows, buffer: &buffer, context: context)

        let r = editor.preview
        func figures(_ n: Nutrients) -> String {
            "\(NutrientFormat.kcal(n.kcal)) kcal · P \(NutrientFormat.grams(n.proteinG)) · C \(NutrientFormat.grams(n.carbsG)) · F \(NutrientFormat.grams(n.fatG)) g"
        }
        let lines: [Line]
        if editor.ingredients.isEmpty {
            lines = [Line("Per serving and per 100 g appear as you add ingredients.", .muted)]
        } else {
            lines = [
                Line([Span("Total ", .muted), Span("\(NutrientFormat.number(r.totalGrams)) g, \(figures(r.total))")]),
                Line([
                    Span("Per serving ", .muted), Span("(\(NutrientFormat.number(r.servingGrams)) g) ", .muted),
                    Span(figures(r.perServing), .accent),
                ]),
                Line([Span("Per 100 g ", .muted), Span(figures(r.per100g))]),
            ]
        }
        for (i, line) in lines.enumerated() where i < totals.height {
            buffer.write(line, in: Rect(x: totals.x, y: totals.y + i, width: totals.width, height: 1), context: context)
        }
        let keys = editor.keyMap.bindings.filter(\.inFooter).map { "\($0.keyLabel) \($0.brief ?? $0.help)" }.joined(separator: " · ")
        buffer.write(Line(keys, .muted), in: hintRow, context: context)
    }
}
