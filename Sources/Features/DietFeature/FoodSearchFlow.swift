import BodiiDomain
import TerminalKit

/// `a` or `/`: the food search (`FoodSearch`) as a flow. Logging: the last Enter logs the food
/// and closes back to the tab. For a recipe (`addIngredient` set) it hands the food and amount
/// to the recipe editor below it instead.
public final class FoodSearchFlow: DietFlow {
    let tab: DietViewModel
    public private(set) var search: FoodSearch
    /// Where an ingredient goes (a recipe's search); nil when the search logs.
    private let addIngredient: ((Food, FoodRecord) -> Void)?

    init(tab: DietViewModel, search: FoodSearch, addIngredient: ((Food, FoodRecord) -> Void)? = nil) {
        self.tab = tab
        self.search = search
        self.addIngredient = addIngredient
    }

    public var keyMap: KeyMap { search.keyMap }
    public var isEditingText: Bool { search.isEditingText }
    public var hasUnsavedInput: Bool { addIngredient == nil && search.hasInput }

    public func handle(_ key: Key) -> KeyResult {
        let outcome = search.handle(key)
        if let addIngredient { return handleIngredient(outcome, addIngredient) }
        switch outcome {
        case .stay: return .handled
        case .ignored: return .ignored
        case .close:
            tab.status = StatusMessage("Nothing logged.")
            return .close
        case .newCustomFood(let name):
            return .requests([
                .present(
                    CustomFoodFlow(tab: tab, editor: CustomFoodEditor(editing: nil, name: name)) { [unowned self] saved, verb in
                        search.choose(saved)
                        tab.status = StatusMessage("\(verb) \(saved.name) — now pick the amount.", kind: .success)
                    })
            ])
        case .quickAdd(let name):
            tab.status = nil
            return .requests([.present(QuickAddFlow(tab: tab, quick: QuickAddForm(name: name, meal: search.meal, day: search.day)))])
        case .logSavedMeal(let saved, let meal):
            return tab.log(saved, at: meal, on: search.day) ? .requests([.closeFlows]) : .handled
        case .save(let record):
            return tab.log(record, serving: search.serving) ? .requests([.closeFlows]) : .handled
        case .logLine(let records, let notLogged):
            return tab.log(line: records, notLogged: notLogged) ? .requests([.closeFlows]) : .handled
        case .confirmMealDelete(let meal):
            return .requests([.present(confirmMealDelete(meal))])
        }
    }

    /// Ctrl-X's y/n over the search; the answer goes back to it.
    private func confirmMealDelete(_ meal: SavedMeal) -> ConfirmFlow {
        ConfirmFlow(
            title: "Delete saved meal", question: "Delete the saved meal \(meal.name)? What you logged with it stays. y/n",
            yes: "delete", no: "keep", status: { [unowned self] in tab.status },
            onYes: { [unowned self] in
                search.answerMealDelete(meal, yes: true)
                return .back
            },
            onNo: { [unowned self] in search.answerMealDelete(meal, yes: false) })
    }

    /// The search adding an ingredient: its last Enter hands over the food and amount.
    private func handleIngredient(_ outcome: FoodSearch.Outcome, _ add: (Food, FoodRecord) -> Void) -> KeyResult {
        switch outcome {
        case .stay: return .handled
        case .ignored: return .ignored
        case .close: return .close
        case .save(let record):
            if let food = search.food { add(food, record) }
            return .close
        case .confirmMealDelete: return .handled  // an ingredient search lists no saved meals
        case .newCustomFood, .quickAdd, .logSavedMeal, .logLine:
            tab.status = StatusMessage("Ingredients are foods from the list: make a custom food first with n on the Diet tab.")
            return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FoodSearchView(search: search, today: tab.clock.today).render(in: area, buffer: &buffer, context: context)
    }
}

/// Ctrl-T in the search: energy and macros without a food, over the search it was opened from
/// (Esc goes back to it); logging closes both.
public final class QuickAddFlow: DietFlow, FormFlow {
    let tab: DietViewModel
    private var quick: QuickAddForm

    init(tab: DietViewModel, quick: QuickAddForm) {
        self.tab = tab
        self.quick = quick
    }

    public var keyMap: KeyMap { .formDialog(title: "Quick add", saveHelp: "log", cancelHelp: "back to the search") }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { quick.hasInput }
    public var formErrors: [String: String] { quick.form.errors }

    public func handle(_ key: Key) -> KeyResult {
        switch quick.form.route(key) {
        case .cancel:
            tab.status = StatusMessage("Nothing logged.")
            return .close
        case .edited:
            return .handled
        case .submit:
            switch QuickAdd.record(quick.input, meal: quick.meal, date: quick.day, loggedAt: tab.clock.now) {
            case .failure(let errors):
                let first = QuickAdd.Field.allCases.first { errors[$0] != nil }
                tab.status = quick.form.show(errors: errors.inlineMessages, first: first?.rawValue)
                return .handled
            case .success(let record):
                do {
                    let saved = try tab.source.addFoodRecord(record)
                    tab.show(saved.date, selecting: saved.id)
                    tab.status = StatusMessage(
                        "Logged \(saved.foodName), \(NutrientFormat.kcal(saved.kcal)) kcal at \(saved.meal.rawValue).",
                        kind: .success)
                    return .requests([.closeFlows])
                } catch {
                    tab.status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                    return .handled
                }
            }
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(
            title: "Quick add — \(quick.day.shortLabel(relativeTo: tab.clock.today))",
            intro: "Energy, and protein, carbs and fat if you know them, without a food: a restaurant meal.",
            form: quick.form, hint: "Enter log · Esc back · Tab next field", width: 64
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
