import BodiiDomain
import BodiiUI
import GroceryPlanner
import SharedCharts
import TerminalKit

/// The Pantry tab (PRODUCT.md §10): what is in stock and when it expires (use soon first), the
/// shopping list against what is left of the budget, and prices and spending. `s` `l` `p` switch
/// the views; `a` adds to the stock or the list; Enter uses (stock) or buys (list); `b` buys a
/// list entry at its expected price in one keystroke; `B` sets the budget.
@MainActor
public final class PantryViewModel: TabScreen {
    /// The pantry's tables and the catalog foods its items are (for their measures), read together.
    public typealias Store = PantryRepository & FoodCatalogRepository & ConsistentReading
    let source: any Store
    let clock: any Clock
    public private(set) var view: PantryView = .stock
    /// The tab's message, which its flows write too.
    public internal(set) var status: StatusMessage?

    // What the views show, read on reload.
    public private(set) var snapshot = PantrySnapshot(items: [], lots: [], shoppingList: [], budget: nil)
    public private(set) var stockRows: [StockRow] = []
    /// What each stocked item's history predicts (run-out day, lot life, expected price), by item id.
    public private(set) var forecasts: [Int64: ItemForecast] = [:]
    /// The shopping list view's open and bought entries.
    private(set) var shoppingList = PantryShoppingList()
    public var listLines: [ListLine] { shoppingList.open }
    /// Entries bought this budget period, shown checked under the list.
    public var boughtLines: [ListLine] { shoppingList.bought }
    public private(set) var budget: BudgetStatus?
    /// The Prices view's money, table and history.
    private(set) var prices = PantryPrices()
    public var week: BudgetStatus? { prices.week }
    public var month: BudgetStatus? { prices.month }
    public var priceLines: [PriceLine] { prices.lines }
    public var history: [Purchase] { prices.history }
    public var cheapest: (protein: (purchase: Purchase, price: Money)?, energy: (purchase: Purchase, price: Money)?) { prices.cheapest }
    /// Selected row per view.
    public internal(set) var rows: [PantryView: Int] = [:]

    /// Solves the grocery plan for the next N days (the app wires it: the plan reads the food log
    /// and the targets, which this tab's store does not give).
    public var planner: (@MainActor (Int) throws -> GroceryPlan)?

    /// Catalog foods of the items, read once per visit (their measures convert units).
    var foods: [FoodID: Food] = [:]

    var deletion = DeleteUndo<ShoppingListItem>(noun: "list entry")
    /// `x` in the stock: a purchase entered by mistake, with its lot.
    var lotDeletion = DeleteUndo<RemovedPurchase>(noun: "purchase")
    var book: PantryBook { PantryBook(repository: source, currency: currency, weekStart: clock.weekStart) }

    /// `configured`: the config file's currency, what new prices are typed in until a budget says otherwise.
    public init(source: any Store, clock: any Clock, currency configured: Currency = .default) {
        self.configuredCurrency = configured
        self.source = source
        self.clock = clock
    }

    public let title = "Pantry"

    private let configuredCurrency: Currency
    public var currency: Currency { snapshot.budget?.amount.currency ?? configuredCurrency }
    public var selectedRow: Int { rows[view] ?? 0 }

    // MARK: Keys

    typealias Action = PantryAction

    public var keyMap: KeyMap { Action.actions(for: view).keyMap }

    public var documentedKeyMaps: [KeyMap] { PantryView.allCases.map { Action.actions(for: $0).keyMap } }

    // MARK: Loading

    public func didBecomeVisible() {
        foods = [:]
        reload()
    }

    public func reload() {
        let today = clock.today
        do {
            try source.readingTogether {
                snapshot = try source.pantrySnapshot()
                let period = BudgetPeriod(snapshot.budget?.period ?? .week, containing: today, weekStart: clock.weekStart)
                switch view {
                case .stock:
                    stockRows = StockOverview.rows(snapshot, today: today)
                    budget = try status(snapshot.budget?.period, period.range, today)
                    // A year of lots, uses and purchases: kept until the next write (`KeptFigures`).
                    forecasts = try KeptFigures.kept("expiry forecast", key: today, by: source) { [snapshot] in
                        let year = DateRange(start: today.adding(days: -365), end: today)
                        return ExpiryForecast.items(
                            snapshot, allLots: try source.stockLots(takenFromIn: year), uses: try source.stockUses(in: year),
                            purchases: try source.purchases(in: year), today: today)
                    }
                case .list:
                    let range = period.range
                    budget = try status(snapshot.budget?.period, range, today)
                    try shoppingList.read(snapshot, boughtIn: range, from: source) { try food(of: $0) }
                case .prices:
                    let recent = try prices.readMoney(
                        snapshot.budget, from: source, today: today, weekStart: clock.weekStart, currency: currency)
                    budget = snapshot.budget?.period == .month ? month : week
                    try loadFoods(for: snapshot.items)
                    try prices.readTable(recent, items: snapshot.items, foods: foods, selectedRow: selectedRow, from: source)
                }
            }
            clampRows()
        } catch {
            status = StatusMessage("Could not read the pantry: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func status(_ kind: BudgetPeriodKind?, _ range: DateRange, _ today: LocalDate) throws -> BudgetStatus {
        BudgetStatus(
            budget: snapshot.budget, kind: kind, today: today, purchases: try source.purchases(in: range),
            uses: try source.stockUses(in: range), currency: currency, weekStart: clock.weekStart)
    }

    func loadFoods(for items: [GroceryItem]) throws {
        for item in items { _ = try food(of: item) }
    }

    func food(of item: GroceryItem) throws -> Food? {
        guard let id = item.foodId else { return nil }
        if let f = foods[id] { return f }
        let f = try source.food(id: id)
        foods[id] = f
        return f
    }

    private var rowCount: Int {
        switch view {
        case .stock: return stockRows.count
        case .list: return listLines.count
        case .prices: return priceLines.count
        }
    }

    private func clampRows() { rows[view] = min(selectedRow, max(0, rowCount - 1)) }

    public var selectedStockRow: StockRow? { view == .stock && stockRows.indices.contains(selectedRow) ? stockRows[selectedRow] : nil }
    public var selectedListLine: ListLine? { view == .list && listLines.indices.contains(selectedRow) ? listLines[selectedRow] : nil }

    /// The expected total of the open list (entries without a known price count as nothing, and
    /// `unpricedCount` says how many).
    public var listTotal: Money { shoppingList.total(in: currency) }
    public var unpricedCount: Int { shoppingList.unpricedCount }

    // MARK: Handling keys

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Action.actions(for: view).action(for: key) else { return .ignored }
        guard let flow = perform(action) else { return .handled }
        return .requests([.present(flow)])
    }

    /// Does a browsing key; the flow it opens, if any.
    private func perform(_ action: Action) -> (any Flow)? {
        switch action {
        case .show(let v):
            view = v
            status = nil
            reload()
        case .move(let move):
            rows[view] = move.apply(to: selectedRow, count: rowCount)
            if view == .prices { reload() }
        case .add: return openPicker(forList: view == .list)
        case .use: return openTake(.use)
        case .waste: return openTake(.waste)
        case .itemSettings: return openItemSettings()
        case .buyNow: return buyNow()
        case .buyWithPrice: return openBuyForm()
        case .edit: return openListEdit()
        case .delete where view == .stock:
            guard let row = selectedStockRow else { status = StatusMessage("Nothing in stock to delete."); return nil }
            guard row.lot.isUntouched else {
                status = StatusMessage("Already used from: only untouched purchases can be deleted; w wastes the rest.")
                return nil
            }
            let purchase = RemovedPurchase(item: row.item, lot: row.lot, purchase: nil, shoppingListItemId: nil)
            return lotDeletion.confirmFlow(
                about: purchase, describe: { [unowned self] in describe($0) },
                delete: { [unowned self] in try book.removeMistake(lotId: $0) },
                status: { [unowned self] in status }, done: { [unowned self] in deleted($0, $1) })
        case .delete:
            guard let line = selectedListLine else { status = StatusMessage("Nothing to remove."); return nil }
            return deletion.confirmFlow(
                about: line.entry, describe: { [unowned self] in describe($0) },
                delete: { [unowned self] in try source.deleteShoppingListItem(id: $0) },
                status: { [unowned self] in status }, done: { [unowned self] in deleted($0, $1) })
        case .undo where view == .stock:
            let result = lotDeletion.undo(describe: describe) { try book.restore($0) }
            status = result.status
            reload()
        case .undo:
            let result = deletion.undo(describe: describe) { try source.addShoppingListItem($0) }
            status = result.status
            reload()
        case .belowMinimum: addBelowMinimum()
        case .replaceSoon: addReplacements()
        case .plan: return openPlan()
        case .setBudget:
            status = nil
            return PantryFormFlow(tab: self, form: PantryForm.budget(snapshot.budget, currency: currency))
        }
        return nil
    }

    /// "of Milk, 500 ml for €1.99, bought 13 Nov".
    func describe(_ removed: RemovedPurchase) -> String {
        let lot = removed.lot
        return "of \(removed.item.name), \(lot.initialQuantity.label)" + (lot.price.map { " for \($0.formatted)" } ?? "")
            + ", bought \(lot.purchasedOn.shortLabel(relativeTo: clock.today))"
    }

    func describe(_ entry: ShoppingListItem) -> String {
        let name = snapshot.item(id: entry.itemId)?.name ?? "item"
        return "“\(name)”" + (entry.quantity.map { " (\($0.label))" } ?? "")
    }

    /// A delete question's answer, either way: its status, and the views again when the store changed.
    private func deleted(_ message: StatusMessage, _ changed: Bool) {
        status = message
        if changed { reload() }
    }

    // MARK: Drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        PantryScreenView(model: self, today: clock.today).render(in: area, buffer: &buffer, context: context)
    }
}
