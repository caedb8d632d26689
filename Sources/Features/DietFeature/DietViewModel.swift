import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Diet tab: the selected day's meals with their items and the day's totals against the
/// targets; `a` or `/` opens the food search, `e` edits an entry, `x` deletes it (y/n) and `u`
/// brings it back, `p` copies a meal or a day from another date, `n` and `m` make and edit
/// custom foods. Each of those is a flow of its own type pushed onto the shell's stack
/// (`FoodSearchFlow`, `EntryEditFlow`, …); they report back here, where the day is.
@MainActor
public final class DietViewModel: TabScreen {
    let source: any DietEnvironment.Store
    let clock: any Clock
    private let environment: DietEnvironment
    /// The selected day, shared with the other tabs.
    public internal(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    /// The day's records as stored (by date, then id).
    public private(set) var records: [FoodRecord] = []
    /// The same records by meal (Breakfast, Lunch, Dinner, Snacks): what j/k move over.
    public private(set) var items: [FoodRecord] = []
    public internal(set) var selected = 0
    /// The day's targets and exercise kcal, from the same `DaySummary` every screen reads.
    public private(set) var targets: DayTargets?
    public private(set) var burnedKcal: Double = 0
    /// What the day's eating cost (the pantry's prices), from the same `DaySummary`.
    public private(set) var cost: DayCost?
    public var targetKcal: Double? { targets?.kcal }
    /// The tab's message, which its flows write too: one status line for the tab and its flows.
    public internal(set) var status: StatusMessage?

    let deletion = DeleteUndo<FoodRecord>(noun: "entry", namedByDescription: true)

    /// What `u` undoes: the latest of a deleted entry (in `deletion`), a copy or a deleted meal.
    enum LastChange: Equatable {
        case deletedEntry
        /// Records a copy added (deleted again by `u`).
        case copied([FoodRecord])
        /// Records a meal deletion removed (added back by `u`).
        case deletedMeal([FoodRecord])
        /// A drink of water `w` logged (deleted again by `u`).
        case drank(FoodRecord)
    }
    var lastChange: LastChange?

    public init(environment: DietEnvironment, selection: SelectedDay? = nil) {
        self.environment = environment
        source = environment.store
        clock = environment.clock
        self.selection = selection ?? SelectedDay(environment.clock.today)
    }

    /// Logging a food (the food diary's use case, as `bodii log food` calls it).
    var diary: FoodDiary { environment.diary }

    public let title = "Diet"

    public var selectedRecord: FoodRecord? { items.indices.contains(selected) ? items[selected] : nil }
    /// The entry `x` asked about, waiting for y/n.
    public var pendingDelete: FoodRecord? { deletion.pending }
    /// The last deleted entry, which `u` brings back.
    public var lastDeleted: FoodRecord? { deletion.lastDeleted }

    public var keyMap: KeyMap { Self.actions.keyMap }

    /// What the browsing keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case search, edit, delete, deleteMeal, saveMeal, undo, copy, newFood, myFoods, recipes, history, nutrients, water
        case day(DayStep)
        case move(ListMove)
    }

    // The footer shows these in order while they fit at 80 columns next to the app's own keys.
    static let actions = ActionKeyMap<Action>(
        title: "Diet",
        [
            KeyBinding([.char("a"), .char("/")], help: "add food", footer: true).performs(.search),
            KeyBinding([.char("e")], help: "edit the selected entry", footer: true, brief: "edit").performs(.edit),
            KeyBinding([.char("x")], help: "delete the selected entry", footer: true, brief: "delete").performs(.delete),
            KeyBinding([.char("p")], help: "copy a meal or a day from another date", footer: true, brief: "copy").performs(.copy),
            KeyBinding([.char("X")], help: "delete the selected entry's whole meal").performs(.deleteMeal),
            KeyBinding([.char("S")], help: "save the selected entry's meal to log again (listed first in the search)").performs(.saveMeal),
            KeyBinding([.char("u")], help: "undo the last delete, copy or drink of water").performs(.undo),
            KeyBinding([.char("w")], help: "log a drink of water: the last amount, 250 ml at first (u takes it back)").performs(.water),
            KeyBinding([.char("h")], help: "history: when did I last eat… (search the log by food or day)").performs(.history),
        ] + ListMove.actions("in the day's entries") { .move($0) } + DayStep.actions { .day($0) } + [
            KeyBinding([.char("n")], help: "new custom food").performs(.newFood),
            KeyBinding([.char("m")], help: "my foods: edit custom foods").performs(.myFoods),
            KeyBinding([.char("r")], help: "recipes: make, edit and delete them (logged like a food)").performs(.recipes),
            KeyBinding([.char("N")], help: "nutrients: vitamins and minerals against your targets").performs(.nutrients),
        ])

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            records = try source.foodRecords(in: DateRange(start: day, end: day))
            items = Meal.allCases.flatMap { m in records.filter { $0.meal == m } }
            selected = min(selected, max(0, items.count - 1))
            let summary = try environment.days.summary(for: day)
            targets = summary.targets
            burnedKcal = summary.burnedKcal
            cost = summary.cost
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// Shows `day` (the shared selected day moves: every tab shows it now) with the entry of
    /// `id` selected, else the row that was.
    func show(_ day: LocalDate, selecting id: Int64?, else fallback: Int? = nil) {
        self.day = day
        reload()
        selected = items.firstIndex { $0.id != nil && $0.id == id } ?? fallback ?? selected
    }

    // MARK: keys

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return .ignored }
        guard let flow = perform(action) else { return .handled }
        return .requests([.present(flow)])
    }

    /// Does a browsing key; the flow it opens, if any.
    private func perform(_ action: Action) -> (any Flow)? {
        switch action {
        case .search:
            status = nil
            return FoodSearchFlow(
                tab: self,
                search: FoodSearch(
                    catalog: catalog, log: source, library: source, day: day, clock: clock, unitSystem: unitSystem))
        case .edit: return openEditor()
        case .delete:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete."); return nil }
            return confirmDelete(record)
        case .deleteMeal:
            guard let record = selectedRecord else { status = StatusMessage("Nothing to delete."); return nil }
            return confirmDeleteMeal(records.filter { $0.meal == record.meal })
        case .undo: undo()
        case .water: logWater()
        case .saveMeal: saveSelectedMeal()
        case .copy:
            status = nil
            return CopyFlow(tab: self, copy: CopyForm(into: day))
        case .newFood:
            status = nil
            return CustomFoodFlow(tab: self, editor: CustomFoodEditor(editing: nil)) { [unowned self] saved, verb in
                status = StatusMessage("\(verb) \(saved.name) — a or / to log it.", kind: .success)
            }
        case .myFoods: return openMyFoods()
        case .recipes: return openRecipes()
        case .history:
            status = nil
            return HistoryFlow(tab: self, history: HistorySearch(source: source, today: clock.today))
        case .nutrients:
            guard let query = environment.nutrients else {
                status = StatusMessage("Nutrients are not available with this database.")
                return nil
            }
            status = nil
            return NutrientsFlow(tab: self, query: query)
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            selected = 0
            reload()
        case .move(let move): selected = move.apply(to: selected, count: items.count)
        }
        return nil
    }

    /// The profile's units: imperial users get oz and lb among the servings (search and editor alike).
    private var unitSystem: UnitSystem { (try? source.loadProfile())?.unitSystem ?? .metric }

    private func openEditor() -> (any Flow)? {
        guard let record = selectedRecord else { status = StatusMessage("Nothing to edit: add food with a or /."); return nil }
        guard !record.isQuickAdd else {
            status = StatusMessage("A quick add has no amount to edit: x deletes it, then Ctrl-T in the search adds it again.")
            return nil
        }
        do {
            let flow = EntryEditFlow(
                tab: self, editor: EntryEditor(record: record, food: try catalog.food(id: record.foodId), unitSystem: unitSystem))
            status = nil
            return flow
        } catch {
            status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    private func openMyFoods() -> (any Flow)? {
        do {
            let kind = MyFoodsList(tab: self)
            let flow = MyFoodsFlow(kind: kind, items: try kind.load())
            status = nil
            return flow
        } catch {
            status = StatusMessage("Could not read your foods: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    private func openRecipes() -> (any Flow)? {
        do {
            let kind = RecipesList(tab: self)
            let flow = RecipeListFlow(kind: kind, items: try kind.load())
            status = nil
            return flow
        } catch {
            status = StatusMessage("Could not read your recipes: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    /// The food catalog is one of the repositories; the name says which part is used.
    var catalog: any FoodCatalogRepository { source }

    // MARK: drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DietView(day: day, today: clock.today, items: items, selected: selected, targets: targets, burnedKcal: burnedKcal, cost: cost)
            .render(in: area, buffer: &buffer, context: context)
    }
}
