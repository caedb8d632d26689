import BodiiDomain
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
    public var targetKcal: Double? { targets?.kcal }
    public private(set) var status: StatusMessage?

    public private(set) var search: FoodSearch?
    private(set) var editor: EntryEditor?
    private(set) var customFood: CustomFoodEditor?
    private(set) var copy: CopyForm?
    private(set) var myFoods: MyFoods?
    /// The entry `x` asked about, waiting for y/n.
    public private(set) var pendingDelete: FoodRecord?
    /// The last deleted entry, which `u` brings back.
    public private(set) var lastDeleted: FoodRecord?

    public init(source: any Repositories, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Diet"

    public var selectedRecord: FoodRecord? { items.indices.contains(selected) ? items[selected] : nil }
    public var isEditingCustomFood: Bool { customFood != nil }
    public var isEditingEntry: Bool { editor != nil }
    public var isCopying: Bool { copy != nil }
    public var isShowingMyFoods: Bool { myFoods != nil }
    /// The open form's inline errors, by field (edit, copy or custom food).
    public var formErrors: [String: String] { (customFood?.form ?? editor?.form ?? copy?.form)?.errors ?? [:] }

    public var keyMap: KeyMap {
        if let customFood { return .formDialog(title: customFood.title) }
        if let search { return search.keyMap }
        if let myFoods { return myFoods.keyMap }
        if editor != nil { return .formDialog(title: "Edit entry") }
        if copy != nil { return .formDialog(title: "Copy food", saveHelp: "copy") }
        if pendingDelete != nil { return Confirmation.keyMap(title: "Delete", yes: "delete", no: "keep") }
        // The footer keeps to what fits at 80 columns next to "? help" and "q quit"; help lists all.
        let days = DayStep.bindings.map { b -> KeyBinding in
            var b = b
            b.inFooter = false
            return b
        }
        return KeyMap(title: "Diet", bindings: [
            KeyBinding([.char("a"), .char("/")], help: "add food", footer: true),
            KeyBinding([.char("e")], help: "edit", footer: true),
            KeyBinding([.char("x")], help: "delete", footer: true),
            KeyBinding([.char("p")], help: "copy a day", footer: true),
            KeyBinding([.char("u")], help: "undo the last delete"),
            KeyBinding([.char("j"), .down, .char("k"), .up], label: "j/k", help: "move between entries"),
        ] + days + [
            KeyBinding([.char("n")], help: "new custom food"),
            KeyBinding([.char("m")], help: "my foods: edit custom foods"),
        ])
    }

    public var isEditingText: Bool {
        customFood != nil || editor != nil || copy != nil || (search?.isEditingText ?? false)
    }

    public var hasUnsavedInput: Bool {
        if customFood?.hasInput == true || editor?.isChanged == true { return true }
        if let copy, copy.fromText != day.adding(days: -1).iso { return true }
        return search?.hasInput ?? false
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
        } catch {
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    // MARK: keys

    public func handle(_ key: Key) -> KeyResult {
        if customFood != nil { return handleCustomFood(key) }
        if search != nil { return handleSearch(key) }
        if myFoods != nil { return handleMyFoods(key) }
        if editor != nil { return handleEditor(key) }
        if copy != nil { return handleCopy(key) }
        if let record = pendingDelete { return confirmDelete(record, key) }
        switch key {
        case .char("a"), .char("/"): openSearch()
        case .char("e"): openEditor()
        case .char("x"):
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete."); return .handled }
            pendingDelete = record
        case .char("u"): undoDelete()
        case .char("p"):
            copy = CopyForm(into: day)
            status = nil
        case .char("n"):
            customFood = CustomFoodEditor(editing: nil, origin: .tab)
            status = nil
        case .char("m"): openMyFoods()
        case .char("j"), .down: selected = min(max(0, items.count - 1), selected + 1)
        case .char("k"), .up: selected = max(0, selected - 1)
        default:
            guard let step = DayStep(key) else { return .ignored }
            day = day.moved(by: step.offset, today: clock.today)
            selected = 0
            reload()
        }
        return .handled
    }

    private func openSearch() {
        search = FoodSearch(catalog: catalog, log: source, day: day, clock: clock)
        status = nil
    }

    private func handleSearch(_ key: Key) -> KeyResult {
        guard var search else { return .ignored }
        let outcome = search.handle(key)
        self.search = search
        switch outcome {
        case .stay: break
        case .ignored: return .ignored
        case .close:
            self.search = nil
            status = StatusMessage("Nothing logged.")
        case .newCustomFood(let name):
            customFood = CustomFoodEditor(editing: nil, name: name, origin: .search)
        case .save(let record):
            do {
                let saved = try source.addFoodRecord(record)
                self.search = nil
                reload()
                selected = items.firstIndex { $0.id == saved.id } ?? selected
                let amount = search.serving?.describe(grams: saved.grams) ?? "\(NutrientFormat.number(saved.grams)) g"
                let when = saved.date == clock.today ? "" : " on \(saved.date.shortLabel(relativeTo: clock.today))"
                status = StatusMessage("Logged \(saved.foodName), \(amount), \(NutrientFormat.kcal(saved.kcal)) kcal at \(saved.meal.rawValue)\(when).",
                                       kind: .success)
            } catch {
                status = StatusMessage("Could not save: \(error)", kind: .error)
            }
        }
        return .handled
    }

    // MARK: edit

    private func openEditor() {
        guard let record = selectedRecord else { status = StatusMessage("Nothing to edit: add food with a or /."); return }
        do {
            editor = EntryEditor(record: record, food: try catalog.food(id: record.foodId))
            status = nil
        } catch {
            status = StatusMessage("Could not read the food: \(error)", kind: .error)
        }
    }

    private func handleEditor(_ key: Key) -> KeyResult {
        guard var e = editor else { return .ignored }
        switch key {
        case .escape:
            editor = nil
            status = StatusMessage("Entry unchanged.")
        case .enter:
            do throws(ValidationError) {
                let updated = try e.result()
                do {
                    try source.updateFoodRecord(updated)
                    editor = nil
                    reload()
                    selected = items.firstIndex { $0.id == updated.id } ?? selected
                    status = StatusMessage("Updated \(updated.foodName): \(NutrientFormat.number(updated.grams)) g, \(NutrientFormat.kcal(updated.kcal)) kcal at \(updated.meal.rawValue).",
                                           kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(error)", kind: .error)
                }
            } catch {
                status = e.form.show(errors: [EntryEditor.amountID: error.inlineMessage], first: EntryEditor.amountID)
                editor = e
            }
        default:
            e.edit(key)
            editor = e
        }
        return .handled
    }

    // MARK: delete and undo

    private func confirmDelete(_ record: FoodRecord, _ key: Key) -> KeyResult {
        switch Confirmation.answer(for: key) {
        case .yes:
            pendingDelete = nil
            do {
                guard let id = record.id, let deleted = try source.deleteFoodRecord(id: id) else {
                    status = StatusMessage("That entry was already gone.", kind: .error)
                    reload()
                    return .handled
                }
                lastDeleted = deleted
                reload()
                status = StatusMessage("Deleted \(deleted.foodName) (\(NutrientFormat.kcal(deleted.kcal)) kcal) — u to undo.", kind: .success)
            } catch {
                status = StatusMessage("Could not delete: \(error)", kind: .error)
            }
        case .no:
            pendingDelete = nil
            status = StatusMessage("Kept.")
        case nil:
            break
        }
        return .handled
    }

    private func undoDelete() {
        guard let record = lastDeleted else { status = StatusMessage("Nothing to undo."); return }
        do {
            // Same id, date and values: it comes back as it was, on its own day.
            let restored = try source.addFoodRecord(record)
            lastDeleted = nil
            day = restored.date
            reload()
            selected = items.firstIndex { $0.id == restored.id } ?? selected
            status = StatusMessage("Restored \(restored.foodName).", kind: .success)
        } catch {
            status = StatusMessage("Could not restore: \(error)", kind: .error)
        }
    }

    // MARK: copy

    private func handleCopy(_ key: Key) -> KeyResult {
        guard var c = copy else { return .ignored }
        switch c.form.route(key) {
        case .cancel:
            copy = nil
            status = StatusMessage("Nothing copied.")
        case .edited:
            copy = c
        case .submit:
            let from: LocalDate
            do throws(ValidationError) {
                from = try FoodEntries.copySource(c.fromText, into: day, today: clock.today)
            } catch {
                status = c.form.show(errors: [CopyForm.fromID: error.inlineMessage], first: CopyForm.fromID)
                copy = c
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
                    copy = c
                    return .handled
                }
                var batch = HistoryBatch()
                batch.food = FoodEntries.copies(of: source, to: day, meal: c.into, loggedAt: clock.now)
                try self.source.write(batch)
                copy = nil
                reload()
                let kcal = source.reduce(0) { $0 + $1.kcal }
                let n = Plural.count(source.count, "entry", plural: "entries")
                status = StatusMessage("Copied \(n) (\(NutrientFormat.kcal(kcal)) kcal) from \(from.shortLabel(relativeTo: clock.today)).", kind: .success)
            } catch {
                status = StatusMessage("Could not copy: \(error)", kind: .error)
            }
        }
        return .handled
    }

    // MARK: custom foods

    private func openMyFoods() {
        do {
            myFoods = MyFoods(foods: try catalog.customFoods())
            status = nil
        } catch {
            status = StatusMessage("Could not read your foods: \(error)", kind: .error)
        }
    }

    private func handleMyFoods(_ key: Key) -> KeyResult {
        guard var list = myFoods else { return .ignored }
        switch key {
        case .escape: myFoods = nil; return .handled
        case .char("j"), .down: list.selected = min(max(0, list.foods.count - 1), list.selected + 1)
        case .char("k"), .up: list.selected = max(0, list.selected - 1)
        case .char("n"): customFood = CustomFoodEditor(editing: nil, origin: .myFoods)
        case .enter, .char("e"):
            guard list.foods.indices.contains(list.selected) else { break }
            do {
                let food = try catalog.food(id: list.foods[list.selected].id) ?? list.foods[list.selected]
                customFood = CustomFoodEditor(editing: food, origin: .myFoods)
            } catch {
                status = StatusMessage("Could not read the food: \(error)", kind: .error)
            }
        case .char("?"), .char("q"): return .ignored
        default: break
        }
        myFoods = list
        return .handled
    }

    private func handleCustomFood(_ key: Key) -> KeyResult {
        guard var editor = customFood else { return .ignored }
        switch key {
        case .escape:
            customFood = nil
            status = StatusMessage(editor.editing == nil ? "No food created." : "Food unchanged.")
        case .enter:
            switch CustomFoods(store: catalog).validate(editor.input, per: editor.basis, id: editor.editing?.id) {
            case .failure(let errors):
                // The cursor goes to the first bad field on screen (the domain checks the serving first).
                let first = CustomFoodField.allCases.first { errors[$0] != nil }
                status = editor.form.show(errors: errors.inlineMessages, first: first?.rawValue)
                customFood = editor
            case .success(let food):
                save(food, from: editor)
            }
        default:
            editor.edit(key)
            customFood = editor
        }
        return .handled
    }

    private func save(_ food: Food, from editor: CustomFoodEditor) {
        do {
            let saved = try CustomFoods(store: catalog).save(food)
            customFood = nil
            let verb = editor.editing == nil ? "Created" : "Saved"
            switch editor.origin {
            case .search:
                search?.choose(saved)
                status = StatusMessage("\(verb) \(saved.name) — now pick the amount.", kind: .success)
            case .myFoods:
                let foods = try catalog.customFoods()
                myFoods = MyFoods(foods: foods, selected: foods.firstIndex { $0.id == saved.id } ?? 0)
                status = StatusMessage("\(verb) \(saved.name).", kind: .success)
            case .tab:
                status = StatusMessage("\(verb) \(saved.name) — a or / to log it.", kind: .success)
            }
        } catch {
            status = StatusMessage("Could not save the food: \(error)", kind: .error)
        }
    }

    /// The food catalog is one of the repositories; the name says which part is used.
    private var catalog: any FoodCatalogRepository { source }

    // MARK: drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DietView(day: day, today: clock.today, items: items, selected: selected, targets: targets, burnedKcal: burnedKcal)
            .render(in: area, buffer: &buffer, context: context)
        if let search { FoodSearchView(search: search, today: clock.today).render(in: area, buffer: &buffer, context: context) }
        if let myFoods { MyFoodsView(list: myFoods).render(in: area, buffer: &buffer, context: context) }
        if let editor {
            FormDialog(title: "Edit — \(editor.record.foodName)", intro: editor.intro, form: editor.form, width: 64)
                .render(in: area, buffer: &buffer, context: context)
        }
        if let copy {
            FormDialog(title: "Copy food into \(day.shortLabel(relativeTo: clock.today))",
                       intro: "A whole day or one meal, with the amounts and values it was logged with.",
                       form: copy.form, hint: "Enter copy · Esc cancel · Tab next field", width: 64)
                .render(in: area, buffer: &buffer, context: context)
        }
        if let record = pendingDelete {
            Confirmation(title: "Delete", message: "Delete \(record.foodName) (\(NutrientFormat.number(record.grams)) g, \(NutrientFormat.kcal(record.kcal)) kcal)? y/n")
                .render(in: area, buffer: &buffer, context: context)
        }
        if let customFood {
            FormDialog(title: customFood.title, form: customFood.form, width: 76).render(in: area, buffer: &buffer, context: context)
        }
    }
}
