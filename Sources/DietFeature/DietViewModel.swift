import BodiiDomain
import SharedCharts
import TerminalKit

/// The Diet tab: the selected day's meals with their items and the day's totals against the
/// targets; `a` or `/` opens the food search, `e` edits an entry, `x` deletes it (y/n) and `u`
/// brings it back, `p` copies a meal or a day from another date, `n` and `m` make and edit
/// custom foods.
@MainActor
public final class DietViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    /// The day's records as stored (by date, then id).
    public private(set) var records: [FoodRecord] = []
    /// The same records by meal (Breakfast, Lunch, Dinner, Snacks): what j/k move over.
    public private(set) var items: [FoodRecord] = []
    public private(set) var selected = 0
    /// The day's targets and exercise kcal, from the same `DaySummary` every screen reads.
    public private(set) var targets: DayTargets?
    public private(set) var burnedKcal: Double = 0
    /// What the day's eating cost (the pantry's prices), from the same `DaySummary`.
    public private(set) var cost: DayCost?
    public var targetKcal: Double? { targets?.kcal }
    public private(set) var status: StatusMessage?

    /// What the tab is doing: browsing its list, or one flow over it. The one place that says
    /// which flow has the keys, so keys, help, drawing and "unsaved input" cannot disagree.
    enum Mode {
        case browsing
        case searching(FoodSearch)
        case editing(EntryEditor)
        /// The entry is in `deletion`, which answers y/n.
        case confirmingDelete
        /// `X`: the whole meal of the selected entry (these records), y/n.
        case confirmingMealDelete([FoodRecord])
        case copying(CopyForm)
        case myFoods(MyFoods)
        /// A custom food form over where it was opened (the tab, the search or my foods), which
        /// Esc and saving go back to.
        indirect case customFood(CustomFoodEditor, over: Mode)
        /// Quick add over the search it was opened from, which Esc goes back to.
        indirect case quickAdd(QuickAddForm, over: Mode)
        /// `h`: the log searched by food or day.
        case history(HistorySearch)
        /// `r`: the recipes.
        case recipes(RecipeList)
        /// A recipe being made or edited over where it was opened (the tab or the recipe list).
        indirect case recipe(RecipeEditor, over: Mode)
    }

    private(set) var mode: Mode = .browsing
    private var deletion = DeleteUndo<FoodRecord>(noun: "entry", namedByDescription: true)

    /// What `u` undoes: the latest of a deleted entry (in `deletion`), a copy or a deleted meal.
    enum LastChange: Equatable {
        case deletedEntry
        /// Records a copy added (deleted again by `u`).
        case copied([FoodRecord])
        /// Records a meal deletion removed (added back by `u`).
        case deletedMeal([FoodRecord])
    }
    private(set) var lastChange: LastChange?

    public init(source: any Repositories, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Diet"

    public var selectedRecord: FoodRecord? { items.indices.contains(selected) ? items[selected] : nil }
    /// The food search, also while a custom food made from it is open over it.
    public var search: FoodSearch? {
        switch mode {
        case .searching(let search), .customFood(_, over: .searching(let search)): return search
        default: return nil
        }
    }
    public var isEditingCustomFood: Bool { if case .customFood = mode { true } else { false } }
    public var isQuickAdding: Bool { if case .quickAdd = mode { true } else { false } }
    public var isEditingEntry: Bool { if case .editing = mode { true } else { false } }
    public var isShowingRecipes: Bool { if case .recipes = mode { true } else { false } }
    public var isEditingRecipe: Bool { if case .recipe = mode { true } else { false } }
    /// The history search (`h`), while open.
    public var history: HistorySearch? { if case .history(let h) = mode { h } else { nil } }
    public var isCopying: Bool { if case .copying = mode { true } else { false } }
    public var isShowingMyFoods: Bool {
        switch mode {
        case .myFoods, .customFood(_, over: .myFoods): return true
        default: return false
        }
    }
    /// The entry `x` asked about, waiting for y/n.
    public var pendingDelete: FoodRecord? { deletion.pending }
    /// The last deleted entry, which `u` brings back.
    public var lastDeleted: FoodRecord? { deletion.lastDeleted }
    /// The open form's inline errors, by field (edit, copy or custom food).
    public var formErrors: [String: String] {
        switch mode {
        case .customFood(let editor, _): return editor.form.errors
        case .editing(let editor): return editor.form.errors
        case .copying(let copy): return copy.form.errors
        case .quickAdd(let quick, _): return quick.form.errors
        case .recipe(let editor, _):
            var errors = editor.form.errors
            if let e = editor.ingredientError { errors[Recipe.Field.ingredients.rawValue] = e }
            return errors
        case .browsing, .searching, .confirmingDelete, .confirmingMealDelete, .myFoods, .history, .recipes: return [:]
        }
    }

    public var keyMap: KeyMap {
        switch mode {
        case .browsing: return Self.actions.keyMap
        case .searching(let search): return search.keyMap
        case .editing: return .formDialog(title: "Edit entry")
        case .confirmingDelete, .confirmingMealDelete: return deletion.keyMap
        case .copying: return .formDialog(title: "Copy food", saveHelp: "copy")
        case .myFoods(let list):
            return list.pendingDelete == nil ? MyFoods.keyMap : Confirmation.keyMap(title: "Delete food", yes: "delete", no: "keep")
        case .customFood(let editor, _): return .formDialog(title: editor.title)
        case .quickAdd: return .formDialog(title: "Quick add", saveHelp: "log", cancelHelp: "back to the search")
        case .history(let history): return history.keyMap
        case .recipes(let list):
            return list.pendingDelete == nil ? RecipeList.keyMap : Confirmation.keyMap(title: "Delete recipe", yes: "delete", no: "keep")
        case .recipe(let editor, _): return editor.keyMap
        }
    }

    /// What the browsing keys do: the one list behind both `handle` and help.
    enum Action: Sendable { case search, edit, delete, deleteMeal, saveMeal, undo, copy, newFood, myFoods, recipes, history, day(DayStep), move(ListMove) }

    // The footer shows these in order while they fit at 80 columns next to the app's own keys.
    static let actions = ActionKeyMap<Action>(title: "Diet", [
        KeyBinding([.char("a"), .char("/")], help: "add food", footer: true).performs(.search),
        KeyBinding([.char("e")], help: "edit the selected entry", footer: true, brief: "edit").performs(.edit),
        KeyBinding([.char("x")], help: "delete the selected entry", footer: true, brief: "delete").performs(.delete),
        KeyBinding([.char("p")], help: "copy a meal or a day from another date", footer: true, brief: "copy").performs(.copy),
        KeyBinding([.char("X")], help: "delete the selected entry's whole meal").performs(.deleteMeal),
        KeyBinding([.char("S")], help: "save the selected entry's meal to log again (listed first in the search)").performs(.saveMeal),
        KeyBinding([.char("u")], help: "undo the last delete or copy").performs(.undo),
        KeyBinding([.char("h")], help: "history: when did I last eat… (search the log by food or day)").performs(.history),
    ] + ListMove.actions("in the day's entries") { .move($0) } + DayStep.actions { .day($0) } + [
        KeyBinding([.char("n")], help: "new custom food").performs(.newFood),
        KeyBinding([.char("m")], help: "my foods: edit custom foods").performs(.myFoods),
        KeyBinding([.char("r")], help: "recipes: make, edit and delete them (logged like a food)").performs(.recipes),
    ])

    public var isEditingText: Bool {
        switch mode {
        case .searching(let search): return search.isEditingText
        case .editing, .copying, .customFood, .quickAdd, .history, .recipe: return true
        case .browsing, .confirmingDelete, .confirmingMealDelete, .myFoods, .recipes: return false
        }
    }

    public var hasUnsavedInput: Bool { hasUnsavedInput(mode) }

    private func hasUnsavedInput(_ mode: Mode) -> Bool {
        switch mode {
        case .searching(let search): return search.hasInput
        case .editing(let editor): return editor.isChanged
        case .copying(let copy): return copy.fromText != day.adding(days: -1).iso
        case .customFood(let editor, let over): return editor.hasInput || hasUnsavedInput(over)
        case .quickAdd(let quick, let over): return quick.hasInput || hasUnsavedInput(over)
        case .recipe(let editor, let over): return editor.hasInput || hasUnsavedInput(over)
        case .browsing, .confirmingDelete, .confirmingMealDelete, .myFoods, .history, .recipes: return false
        }
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            records = try source.foodRecords(in: DateRange(start: day, end: day))
            items = Meal.allCases.flatMap { m in records.filter { $0.meal == m } }
            selected = min(selected, max(0, items.count - 1))
            let summary = try DaySummaryQuery(source: source).summary(for: day)
            targets = summary.targets
            burnedKcal = summary.burnedKcal
            cost = summary.cost
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: keys

    public func handle(_ key: Key) -> KeyResult {
        switch mode {
        case .browsing:
            guard let action = Self.actions.action(for: key) else { return .ignored }
            perform(action)
            return .handled
        case .searching(let search): return handleSearch(search, key)
        case .editing(let editor): return handleEditor(editor, key)
        case .confirmingDelete: return confirmDelete(key)
        case .confirmingMealDelete(let records): return confirmMealDelete(records, key)
        case .copying(let copy): return handleCopy(copy, key)
        case .myFoods(let list): return handleMyFoods(list, key)
        case .customFood(let editor, let over): return handleCustomFood(editor, over: over, key)
        case .quickAdd(let quick, let over): return handleQuickAdd(quick, over: over, key)
        case .history(let history): return handleHistory(history, key)
        case .recipes(let list): return handleRecipes(list, key)
        case .recipe(let editor, let over): return handleRecipe(editor, over: over, key)
        }
    }

    private func perform(_ action: Action) {
        switch action {
        case .search:
            mode = .searching(FoodSearch(catalog: catalog, log: source, library: source, day: day, clock: clock))
            status = nil
        case .edit: openEditor()
        case .delete:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete."); return }
            deletion.ask(about: record)
            mode = .confirmingDelete
        case .deleteMeal:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete."); return }
            mode = .confirmingMealDelete(records.filter { $0.meal == record.meal })
        case .undo: undo()
        case .saveMeal: saveSelectedMeal()
        case .copy:
            mode = .copying(CopyForm(into: day))
            status = nil
        case .newFood:
            mode = .customFood(CustomFoodEditor(editing: nil), over: .browsing)
            status = nil
        case .myFoods: openMyFoods()
        case .recipes: openRecipes()
        case .history:
            mode = .history(HistorySearch(source: source, today: clock.today))
            status = nil
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            selected = 0
            reload()
        case .move(let move): selected = move.apply(to: selected, count: items.count)
        }
    }

    private func handleSearch(_ search: FoodSearch, _ key: Key) -> KeyResult {
        var search = search
        let outcome = search.handle(key)
        mode = .searching(search)
        switch outcome {
        case .stay: break
        case .ignored: return .ignored
        case .close:
            mode = .browsing
            status = StatusMessage("Nothing logged.")
        case .newCustomFood(let name):
            mode = .customFood(CustomFoodEditor(editing: nil, name: name), over: .searching(search))
        case .quickAdd(let name):
            mode = .quickAdd(QuickAddForm(name: name, meal: search.meal, day: search.day), over: .searching(search))
            status = nil
        case .logSavedMeal(let saved, let meal):
            do {
                var batch = HistoryBatch()
                batch.food = saved.records(on: search.day, meal: meal, loggedAt: clock.now)
                let before = Set(try source.foodRecords(in: DateRange(start: search.day, end: search.day)).compactMap(\.id))
                try source.write(batch)
                mode = .browsing
                day = search.day
                reload()
                let added = records.filter { r in r.id.map { !before.contains($0) } ?? false }
                lastChange = .copied(added)
                status = StatusMessage("Logged \(saved.name) (\(Plural.count(added.count, "entry", plural: "entries")), "
                                       + "\(NutrientFormat.kcal(saved.kcal)) kcal) at \(meal.rawValue) — u to undo.", kind: .success)
            } catch {
                status = StatusMessage("Could not log the meal: \(ErrorLine.text(error))", kind: .error)
            }
        case .save(let record):
            do {
                // Taken from the pantry too where the item says so (Pantry tab, i), as `bodii log food` does.
                let (saved, taken) = try PantryBook(repository: source, weekStart: clock.weekStart).logFood(record)
                mode = .browsing
                reload()
                selected = items.firstIndex { $0.id == saved.id } ?? selected
                let amount = saved.grams.flatMap { search.serving?.describe(grams: $0) } ?? NutrientFormat.amount(saved)
                let when = saved.date == clock.today ? "" : " on \(saved.date.shortLabel(relativeTo: clock.today))"
                status = StatusMessage("Logged \(saved.foodName), \(amount), \(NutrientFormat.kcal(saved.kcal)) kcal at \(saved.meal.rawValue)\(when)"
                                       + (taken.isEmpty ? "." : ", taken from the pantry."), kind: .success)
            } catch {
                status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    // MARK: history

    private func handleHistory(_ history: HistorySearch, _ key: Key) -> KeyResult {
        var history = history
        let outcome = history.handle(key)
        mode = .history(history)
        switch outcome {
        case .stay: break
        case .ignored: return .ignored
        case .close: mode = .browsing
        case .show(let entry):
            // The shared selected day moves: every tab shows that day now.
            mode = .browsing
            day = entry.date
            reload()
            selected = items.firstIndex { $0.id == entry.id } ?? 0
            status = StatusMessage("\(entry.foodName) on \(entry.date.shortLabel(relativeTo: clock.today)) at \(entry.meal.rawValue).")
        }
        return .handled
    }

    // MARK: recipes

    private func openRecipes() {
        do {
            mode = .recipes(RecipeList(recipes: try source.recipeFoods()))
            status = nil
        } catch {
            status = StatusMessage("Could not read your recipes: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func handleRecipes(_ list: RecipeList, _ key: Key) -> KeyResult {
        var list = list
        if let recipe = list.pendingDelete {
            switch Confirmation.answer(for: key) {
            case .yes:
                list.pendingDelete = nil
                do {
                    try source.deleteRecipe(foodID: recipe.id)
                    list.recipes = try source.recipeFoods()
                    list.selected = min(list.selected, max(0, list.recipes.count - 1))
                    status = StatusMessage("Deleted the recipe \(recipe.name); what you logged with it stays.", kind: .success)
                } catch {
                    status = StatusMessage("Could not delete the recipe: \(ErrorLine.text(error))", kind: .error)
                }
            case .no:
                list.pendingDelete = nil
                status = StatusMessage("Kept.")
            case nil: break
            }
            mode = .recipes(list)
            return .handled
        }
        guard let action = RecipeList.actions.action(for: key) else {
            return RecipeList.globalKeys.contains(key) ? .ignored : .handled
        }
        switch action {
        case .close: mode = .browsing
        case .move(let move):
            list.selected = move.apply(to: list.selected, count: list.recipes.count)
            mode = .recipes(list)
        case .new: mode = .recipe(RecipeEditor(editing: nil), over: .recipes(list))
        case .delete:
            guard list.recipes.indices.contains(list.selected) else { break }
            list.pendingDelete = list.recipes[list.selected]
            mode = .recipes(list)
        case .edit:
            guard list.recipes.indices.contains(list.selected) else { break }
            do {
                guard let recipe = try source.recipe(foodID: list.recipes[list.selected].id) else {
                    status = StatusMessage("That recipe is gone.", kind: .error)
                    break
                }
                mode = .recipe(RecipeEditor(editing: recipe), over: .recipes(list))
            } catch {
                status = StatusMessage("Could not read the recipe: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    private func handleRecipe(_ editor: RecipeEditor, over: Mode, _ key: Key) -> KeyResult {
        var editor = editor
        if var search = editor.search {
            // The food search adding an ingredient: its last Enter hands over the food and amount.
            switch search.handle(key) {
            case .stay: editor.search = search
            case .ignored: return .ignored
            case .close: editor.search = nil
            case .save(let record):
                editor.search = nil
                if let food = search.food {
                    if food.id == editor.editing?.foodID {
                        status = StatusMessage("A recipe cannot be an ingredient of itself.", kind: .error)
                    } else {
                        editor.add(Recipe.Ingredient(food: food, grams: record.grams ?? 0))
                        status = StatusMessage("Added \(food.name), \(NutrientFormat.amount(record)).", kind: .success)
                    }
                }
            case .newCustomFood, .quickAdd, .logSavedMeal:
                editor.search = search
                status = StatusMessage("Ingredients are foods from the list: make a custom food first with n on the Diet tab.")
            }
            mode = .recipe(editor, over: over)
            return .handled
        }
        switch editor.handle(key) {
        case .stay: mode = .recipe(editor, over: over)
        case .cancel:
            mode = over
            status = StatusMessage(editor.editing == nil ? "No recipe made." : "Recipe unchanged.")
        case .addIngredient:
            editor.search = FoodSearch(catalog: catalog, log: source, library: nil, day: day, clock: clock, purpose: .ingredient)
            mode = .recipe(editor, over: over)
            status = nil
        case .save:
            switch editor.validated() {
            case .failure(let errors):
                var messages = errors.inlineMessages
                editor.ingredientError = messages.removeValue(forKey: Recipe.Field.ingredients.rawValue)
                let first = Recipe.Field.allCases.first { errors[$0] != nil }
                status = editor.form.show(errors: messages, first: first == .ingredients ? nil : first?.rawValue)
                mode = .recipe(editor, over: over)
            case .success(let recipe):
                do {
                    let saved = try source.saveRecipe(recipe)
                    var list = RecipeList(recipes: try source.recipeFoods())
                    list.selected = list.recipes.firstIndex { $0.id == saved.foodID } ?? 0
                    mode = .recipes(list)
                    status = StatusMessage("Saved \(saved.name): \(NutrientFormat.kcal(saved.perServing.kcal)) kcal a serving — "
                                           + "a or / finds it like a food.", kind: .success)
                } catch {
                    status = StatusMessage("Could not save the recipe: \(ErrorLine.text(error))", kind: .error)
                    mode = .recipe(editor, over: over)
                }
            }
        }
        return .handled
    }

    // MARK: quick add

    private func handleQuickAdd(_ quick: QuickAddForm, over: Mode, _ key: Key) -> KeyResult {
        var q = quick
        switch q.form.route(key) {
        case .cancel:
            mode = over
            status = StatusMessage("Nothing logged.")
        case .edited:
            mode = .quickAdd(q, over: over)
        case .submit:
            switch QuickAdd.record(q.input, meal: q.meal, date: q.day, loggedAt: clock.now) {
            case .failure(let errors):
                let first = QuickAdd.Field.allCases.first { errors[$0] != nil }
                status = q.form.show(errors: errors.inlineMessages, first: first?.rawValue)
                mode = .quickAdd(q, over: over)
            case .success(let record):
                do {
                    let saved = try source.addFoodRecord(record)
                    mode = .browsing
                    day = saved.date
                    reload()
                    selected = items.firstIndex { $0.id == saved.id } ?? selected
                    status = StatusMessage("Logged \(saved.foodName), \(NutrientFormat.kcal(saved.kcal)) kcal at \(saved.meal.rawValue).",
                                           kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                }
            }
        }
        return .handled
    }

    // MARK: edit

    private func openEditor() {
        guard let record = selectedRecord else { status = StatusMessage("Nothing to edit: add food with a or /."); return }
        guard !record.isQuickAdd else {
            status = StatusMessage("A quick add has no amount to edit: x deletes it, then Ctrl-T in the search adds it again.")
            return
        }
        do {
            mode = .editing(EntryEditor(record: record, food: try catalog.food(id: record.foodId)))
            status = nil
        } catch {
            status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func handleEditor(_ editor: EntryEditor, _ key: Key) -> KeyResult {
        var e = editor
        switch key {
        case .escape:
            mode = .browsing
            status = StatusMessage("Entry unchanged.")
        case .enter:
            do throws(ValidationError) {
                let updated = try e.result()
                do {
                    try source.updateFoodRecord(updated)
                    mode = .browsing
                    reload()
                    selected = items.firstIndex { $0.id == updated.id } ?? selected
                    status = StatusMessage("Updated \(updated.foodName): \(NutrientFormat.amount(updated)), \(NutrientFormat.kcal(updated.kcal)) kcal at \(updated.meal.rawValue).",
                                           kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                }
            } catch {
                status = e.form.show(errors: [EntryEditor.amountID: error.inlineMessage], first: EntryEditor.amountID)
                mode = .editing(e)
            }
        default:
            e.edit(key)
            mode = .editing(e)
        }
        return .handled
    }

    // MARK: delete and undo

    /// How the question and the messages name an entry.
    private static func describeAsked(_ r: FoodRecord) -> String {
        "\(r.foodName) (\(NutrientFormat.amount(r)), \(NutrientFormat.kcal(r.kcal)) kcal)"
    }
    private static func describeDeleted(_ r: FoodRecord) -> String { "\(r.foodName) (\(NutrientFormat.kcal(r.kcal)) kcal)" }

    private func confirmDelete(_ key: Key) -> KeyResult {
        let result = deletion.answer(key, describe: Self.describeDeleted, delete: source.deleteFoodRecord(id:))
        if let s = result.status { status = s }
        if result.changed { reload() }
        if deletion.lastDeleted != nil, result.changed { lastChange = .deletedEntry }
        if deletion.pending == nil { mode = .browsing }
        return .handled
    }

    /// `S`: the selected entry's meal, saved as "Breakfast 2026-11-22" (its items as logged).
    private func saveSelectedMeal() {
        guard let record = selectedRecord else { status = StatusMessage("Nothing to save: add food with a or /."); return }
        let items = records.filter { $0.meal == record.meal }
        do {
            let saved = try source.saveMeal(SavedMeal(name: "\(record.meal.label) \(day.iso)", items: items))
            status = StatusMessage("Saved \(saved.name) (\(Plural.count(items.count, "item", plural: "items"))): a then Enter logs it again.",
                                   kind: .success)
        } catch {
            status = StatusMessage("Could not save the meal: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `u`: undoes the latest change — a deleted entry, a copy or a deleted meal.
    private func undo() {
        switch lastChange {
        case .copied(let added):
            do {
                for r in added { if let id = r.id { _ = try source.deleteFoodRecord(id: id) } }
                lastChange = nil
                reload()
                status = StatusMessage("Undid the copy: removed \(Plural.count(added.count, "entry", plural: "entries")).", kind: .success)
            } catch {
                status = StatusMessage("Could not undo the copy: \(ErrorLine.text(error))", kind: .error)
            }
        case .deletedMeal(let removed):
            do {
                // Same ids, dates and values: the meal comes back as it was.
                for r in removed { _ = try source.addFoodRecord(r) }
                lastChange = nil
                if let first = removed.first { day = first.date }
                reload()
                status = StatusMessage("Restored \(removed.first?.meal.label ?? "the meal") (\(Plural.count(removed.count, "entry", plural: "entries"))).",
                                       kind: .success)
            } catch {
                status = StatusMessage("Could not restore: \(ErrorLine.text(error))", kind: .error)
            }
        case .deletedEntry, nil:
            undoDelete()
            if deletion.lastDeleted == nil { lastChange = nil }
        }
    }

    private func confirmMealDelete(_ records: [FoodRecord], _ key: Key) -> KeyResult {
        switch Confirmation.answer(for: key) {
        case .yes:
            mode = .browsing
            do {
                var removed: [FoodRecord] = []
                for r in records { if let id = r.id, let gone = try source.deleteFoodRecord(id: id) { removed.append(gone) } }
                lastChange = .deletedMeal(removed)
                reload()
                let kcal = removed.reduce(0) { $0 + $1.kcal }
                status = StatusMessage("Deleted \(records.first?.meal.label ?? "the meal"): \(Plural.count(removed.count, "entry", plural: "entries")), "
                                       + "\(NutrientFormat.kcal(kcal)) kcal — u to undo.", kind: .success)
            } catch {
                reload()
                status = StatusMessage("Could not delete: \(ErrorLine.text(error))", kind: .error)
            }
        case .no:
            mode = .browsing
            status = StatusMessage("Kept.")
        case nil: break
        }
        return .handled
    }

    private func undoDelete() {
        // Same id, date and values: it comes back as it was, on its own day.
        let result = deletion.undo(describe: \.foodName) { try source.addFoodRecord($0) }
        status = result.status
        guard let restored = result.restored else { return }
        day = restored.date
        reload()
        selected = items.firstIndex { $0.id == restored.id } ?? selected
    }

    // MARK: copy

    private func handleCopy(_ copy: CopyForm, _ key: Key) -> KeyResult {
        var c = copy
        switch c.form.route(key) {
        case .cancel:
            mode = .browsing
            status = StatusMessage("Nothing copied.")
        case .edited:
            mode = .copying(c)
        case .submit:
            let from: LocalDate
            do throws(ValidationError) {
                from = try FoodEntries.copySource(c.fromText, into: day, today: clock.today)
            } catch {
                status = c.form.show(errors: [CopyForm.fromID: error.inlineMessage], first: CopyForm.fromID)
                mode = .copying(c)
                return .handled
            }
            do {
                let source = try self.source.foodRecords(in: DateRange(start: from, end: from)).filter { c.meal == nil || $0.meal == c.meal }
                guard !source.isEmpty else {
                    let what = c.meal.map { " at \($0.rawValue)" } ?? ""
                    let label = from.shortLabel(relativeTo: clock.today)
                    let when = label == "yesterday" ? label : "on " + label
                    status = c.form.show(errors: [CopyForm.fromID: "Nothing logged\(what) \(when)"],
                                         first: CopyForm.fromID)
                    mode = .copying(c)
                    return .handled
                }
                var batch = HistoryBatch()
                batch.food = FoodEntries.copies(of: source, to: day, meal: c.into, loggedAt: clock.now)
                let before = Set(try self.source.foodRecords(in: DateRange(start: day, end: day)).compactMap(\.id))
                try self.source.write(batch)
                // What the copy added, for `u`.
                lastChange = .copied(try self.source.foodRecords(in: DateRange(start: day, end: day)).filter { r in
                    r.id.map { !before.contains($0) } ?? false
                })
                mode = .browsing
                reload()
                let kcal = source.reduce(0) { $0 + $1.kcal }
                let n = Plural.count(source.count, "entry", plural: "entries")
                status = StatusMessage("Copied \(n) (\(NutrientFormat.kcal(kcal)) kcal) from \(from.shortLabel(relativeTo: clock.today)) — u to undo.", kind: .success)
            } catch {
                status = StatusMessage("Could not copy: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    // MARK: custom foods

    private func openMyFoods() {
        do {
            mode = .myFoods(MyFoods(foods: try catalog.customFoods()))
            status = nil
        } catch {
            status = StatusMessage("Could not read your foods: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func handleMyFoods(_ list: MyFoods, _ key: Key) -> KeyResult {
        if let food = list.pendingDelete { return confirmFoodDelete(food, in: list, key) }
        // The list is modal: only `?` and `q` reach the shell (MyFoods.keyMap says so).
        guard let action = MyFoods.actions.action(for: key) else {
            return MyFoods.globalKeys.contains(key) ? .ignored : .handled
        }
        var list = list
        switch action {
        case .close: mode = .browsing
        case .move(let move):
            list.selected = move.apply(to: list.selected, count: list.foods.count)
            mode = .myFoods(list)
        case .new: mode = .customFood(CustomFoodEditor(editing: nil), over: .myFoods(list))
        case .delete:
            guard list.foods.indices.contains(list.selected) else { break }
            list.pendingDelete = list.foods[list.selected]
            mode = .myFoods(list)
        case .edit:
            guard list.foods.indices.contains(list.selected) else { break }
            do {
                let food = try catalog.food(id: list.foods[list.selected].id) ?? list.foods[list.selected]
                mode = .customFood(CustomFoodEditor(editing: food), over: .myFoods(list))
            } catch {
                status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
            }
        }
        return .handled
    }

    /// y deletes the custom food (its log entries stay: they carry their own copy of its values).
    private func confirmFoodDelete(_ food: Food, in list: MyFoods, _ key: Key) -> KeyResult {
        var list = list
        switch Confirmation.answer(for: key) {
        case .yes:
            list.pendingDelete = nil
            do {
                try catalog.deleteCustomFood(id: food.id)
                list.foods = try catalog.customFoods()
                list.selected = min(list.selected, max(0, list.foods.count - 1))
                reload()
                status = StatusMessage("Deleted \(food.name); what you logged with it stays.", kind: .success)
            } catch {
                status = StatusMessage("Could not delete the food: \(ErrorLine.text(error))", kind: .error)
            }
        case .no:
            list.pendingDelete = nil
            status = StatusMessage("Kept.")
        case nil: break
        }
        mode = .myFoods(list)
        return .handled
    }

    private func handleCustomFood(_ editor: CustomFoodEditor, over: Mode, _ key: Key) -> KeyResult {
        var editor = editor
        switch key {
        case .escape:
            mode = over
            status = StatusMessage(editor.editing == nil ? "No food created." : "Food unchanged.")
        case .enter:
            switch CustomFoods(store: catalog).validate(editor.input, per: editor.basis, id: editor.editing?.id) {
            case .failure(let errors):
                // The cursor goes to the first bad field on screen (the domain checks the serving first).
                let first = CustomFoodField.allCases.first { errors[$0] != nil }
                status = editor.form.show(errors: errors.inlineMessages, first: first?.rawValue)
                mode = .customFood(editor, over: over)
            case .success(let food):
                // Macros holding more energy than the label says: said once, saved on a second Enter.
                if let warning = CustomFoods.energyWarning(for: food, per: editor.basis), warning != editor.shownWarning {
                    editor.shownWarning = warning
                    editor.form.errors = [CustomFoodField.kcal.rawValue: warning + " · Enter again saves"]
                    editor.form.focus(CustomFoodField.kcal.rawValue)
                    status = StatusMessage("Protein, carbs and fat hold more energy than the label says: check them, or Enter again to save anyway.")
                    mode = .customFood(editor, over: over)
                    return .handled
                }
                save(food, from: editor, over: over)
            }
        default:
            editor.edit(key)
            mode = .customFood(editor, over: over)
        }
        return .handled
    }

    /// Saves the custom food and goes back to where the form was opened.
    private func save(_ food: Food, from editor: CustomFoodEditor, over: Mode) {
        do {
            let saved = try CustomFoods(store: catalog).save(food)
            mode = over
            let verb = editor.editing == nil ? "Created" : "Saved"
            switch over {
            case .searching(var search):
                search.choose(saved)
                mode = .searching(search)
                status = StatusMessage("\(verb) \(saved.name) — now pick the amount.", kind: .success)
            case .myFoods:
                let foods = try catalog.customFoods()
                mode = .myFoods(MyFoods(foods: foods, selected: foods.firstIndex { $0.id == saved.id } ?? 0))
                status = StatusMessage("\(verb) \(saved.name).", kind: .success)
            case .browsing, .editing, .confirmingDelete, .confirmingMealDelete, .copying, .customFood, .quickAdd, .history, .recipes, .recipe:
                status = StatusMessage("\(verb) \(saved.name) — a or / to log it.", kind: .success)
            }
        } catch {
            status = StatusMessage("Could not save the food: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// The food catalog is one of the repositories; the name says which part is used.
    private var catalog: any FoodCatalogRepository { source }

    // MARK: drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DietView(day: day, today: clock.today, items: items, selected: selected, targets: targets, burnedKcal: burnedKcal, cost: cost)
            .render(in: area, buffer: &buffer, context: context)
        render(mode, in: area, buffer: &buffer, context: context)
    }

    /// The open flow over the tab; a custom food form over what it was opened from.
    private func render(_ mode: Mode, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        switch mode {
        case .browsing: break
        case .searching(let search): FoodSearchView(search: search, today: clock.today).render(in: area, buffer: &buffer, context: context)
        case .myFoods(let list): MyFoodsView(list: list).render(in: area, buffer: &buffer, context: context)
        case .history(let history): HistorySearchView(history: history).render(in: area, buffer: &buffer, context: context)
        case .recipes(let list): RecipeListView(list: list).render(in: area, buffer: &buffer, context: context)
        case .recipe(let editor, let over):
            render(over, in: area, buffer: &buffer, context: context)
            RecipeEditorView(editor: editor).render(in: area, buffer: &buffer, context: context)
            if let search = editor.search { FoodSearchView(search: search, today: clock.today).render(in: area, buffer: &buffer, context: context) }
        case .editing(let editor):
            FormDialog(title: "Edit — \(editor.record.foodName)", intro: editor.intro, form: editor.form, width: 64)
                .render(in: area, buffer: &buffer, context: context)
        case .copying(let copy):
            FormDialog(title: "Copy food into \(day.shortLabel(relativeTo: clock.today))",
                       intro: "A whole day or one meal, with the amounts and values it was logged with.",
                       form: copy.form, hint: "Enter copy · Esc cancel · Tab next field", width: 64)
                .render(in: area, buffer: &buffer, context: context)
        case .confirmingDelete:
            deletion.dialog(describe: Self.describeAsked)?.render(in: area, buffer: &buffer, context: context)
        case .confirmingMealDelete(let records):
            let kcal = records.reduce(0) { $0 + $1.kcal }
            Confirmation(title: "Delete meal", message: "Delete \(records.first?.meal.label ?? "the meal") on \(day.shortLabel(relativeTo: clock.today)): "
                         + "\(Plural.count(records.count, "entry", plural: "entries")), \(NutrientFormat.kcal(kcal)) kcal? y/n")
                .render(in: area, buffer: &buffer, context: context)
        case .customFood(let editor, let over):
            render(over, in: area, buffer: &buffer, context: context)
            FormDialog(title: editor.title, form: editor.form, width: 76).render(in: area, buffer: &buffer, context: context)
        case .quickAdd(let quick, let over):
            render(over, in: area, buffer: &buffer, context: context)
            FormDialog(title: "Quick add — \(quick.day.shortLabel(relativeTo: clock.today))",
                       intro: "Energy, and protein, carbs and fat if you know them, without a food: a restaurant meal.",
                       form: quick.form, hint: "Enter log · Esc back · Tab next field", width: 64)
                .render(in: area, buffer: &buffer, context: context)
        }
    }
}
