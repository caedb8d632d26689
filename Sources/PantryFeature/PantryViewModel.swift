import BodiiDomain
import SharedCharts
import TerminalKit

/// One entry of the shopping list as the tab shows it: the entry, its item, and what it is
/// expected to cost (the last price paid, at its store when it names one).
public struct ListLine: Equatable, Sendable {
    public var entry: ShoppingListItem
    public var item: GroceryItem
    public var expected: Money?
    /// What was paid, for an entry bought this budget period.
    public var paid: Money?
}

/// One item of the Prices view: its latest priced purchase and that purchase's unit prices.
public struct PriceLine: Equatable, Sendable {
    public var item: GroceryItem
    public var latest: Purchase
    public var prices: UnitPrices
}

/// The Pantry tab (PRODUCT.md §10): what is in stock and when it expires (use soon first), the
/// shopping list against what is left of the budget, and prices and spending. `s` `l` `p` switch
/// the views; `a` adds to the stock or the list; Enter uses (stock) or buys (list); `b` buys a
/// list entry at its expected price in one keystroke; `B` sets the budget.
@MainActor
public final class PantryViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    public private(set) var view: PantryView = .stock
    public private(set) var status: StatusMessage?

    // What the views show, read on reload.
    public private(set) var snapshot = PantrySnapshot(items: [], lots: [], shoppingList: [], budget: nil)
    public private(set) var stockRows: [StockRow] = []
    public private(set) var listLines: [ListLine] = []
    /// Entries bought this budget period, shown checked under the list.
    public private(set) var boughtLines: [ListLine] = []
    public private(set) var budget: BudgetStatus?
    /// This week's and this month's money (the Prices view shows both).
    public private(set) var week: BudgetStatus?
    public private(set) var month: BudgetStatus?
    public private(set) var priceLines: [PriceLine] = []
    /// The selected price line's whole history, by date.
    public private(set) var history: [Purchase] = []
    public private(set) var cheapest: (protein: (purchase: Purchase, price: Money)?, energy: (purchase: Purchase, price: Money)?) = (nil, nil)
    /// Selected row per view.
    public private(set) var rows: [PantryView: Int] = [:]

    /// Catalog foods of the items, read once per visit (their measures convert units).
    private var foods: [FoodID: Food] = [:]

    enum Mode {
        case browsing
        case picking(ItemPicker, forList: Bool)
        case form(PantryForm)
        case confirmingDelete
    }
    private(set) var mode: Mode = .browsing
    private var deletion = DeleteUndo<ShoppingListItem>(noun: "list entry")
    /// `x` in the stock: a purchase entered by mistake, with its lot.
    private var lotDeletion = DeleteUndo<RemovedPurchase>(noun: "purchase")
    private var book: PantryBook { PantryBook(repository: source, currency: currency, weekStart: clock.weekStart) }

    /// `configured`: the config file's currency, what new prices are typed in until a budget says otherwise.
    public init(source: any Repositories, clock: any Clock, currency configured: Currency = .default) {
        self.configuredCurrency = configured
        self.source = source
        self.clock = clock
    }

    public let title = "Pantry"

    /// How far back the Prices view reads purchases for its table and the cheapest buys.
    public static let priceDays = 90

    private let configuredCurrency: Currency
    public var currency: Currency { snapshot.budget?.amount.currency ?? configuredCurrency }
    public var selectedRow: Int { rows[view] ?? 0 }

    // MARK: Keys

    enum Action: Sendable {
        case show(PantryView), add, use, waste, itemSettings, buyNow, buyWithPrice, edit, delete, undo, belowMinimum, replaceSoon,
             setBudget, move(ListMove)
    }

    static let viewKeys: [BoundKey<Action>] = [
        KeyBinding([.char("s"), .char("l"), .char("p")], label: "s l p", help: "stock / shopping list / prices", footer: true, brief: "views")
            .performs { key in
                switch key {
                case .char("l"): return .show(.list)
                case .char("p"): return .show(.prices)
                default: return .show(.stock)
                }
            },
        KeyBinding([.char("B")], help: "set the grocery budget (amount per week or month)").performs(.setBudget),
    ]

    static let stockActions = ActionKeyMap<Action>(title: "Pantry · Stock", [
        KeyBinding([.char("a")], help: "add to stock (a catalog food or any name)", footer: true, brief: "add").performs(.add),
        KeyBinding([.enter], help: "use some (from the lot that expires first)", footer: true, brief: "use").performs(.use),
        KeyBinding([.char("w")], help: "waste some (its price counts as waste)", footer: true, brief: "waste").performs(.waste),
        KeyBinding([.char("i")], help: "shelf life, minimum, take when logging").performs(.itemSettings),
        KeyBinding([.char("x")], help: "delete a purchase entered by mistake (nothing used from it)").performs(.delete),
        KeyBinding([.char("u")], help: "undo the last deleted purchase").performs(.undo),
    ] + viewKeys + ListMove.actions("in the stock") { .move($0) })

    static let listActions = ActionKeyMap<Action>(title: "Pantry · Shopping list", [
        KeyBinding([.char("b")], help: "buy at the expected price, in one key", footer: true, brief: "buy").performs(.buyNow),
        KeyBinding([.enter], help: "buy, typing the price paid", footer: true, brief: "buy at…").performs(.buyWithPrice),
        KeyBinding([.char("a")], help: "add to the list (a catalog food or any name)", footer: true, brief: "add").performs(.add),
        KeyBinding([.char("m")], help: "add the items below their minimum stock").performs(.belowMinimum),
        KeyBinding([.char("r")], help: "add replacements for what must be used soon").performs(.replaceSoon),
        KeyBinding([.char("e")], help: "edit the selected entry's quantity and store").performs(.edit),
        KeyBinding([.char("x")], help: "remove the selected entry").performs(.delete),
        KeyBinding([.char("u")], help: "undo the last removal").performs(.undo),
    ] + viewKeys + ListMove.actions("in the list") { .move($0) })

    static let priceActions = ActionKeyMap<Action>(title: "Pantry · Prices", viewKeys + ListMove.actions("in the items") { .move($0) })

    static func actions(for view: PantryView) -> ActionKeyMap<Action> {
        switch view {
        case .stock: return stockActions
        case .list: return listActions
        case .prices: return priceActions
        }
    }

    public var keyMap: KeyMap {
        switch mode {
        case .browsing: return Self.actions(for: view).keyMap
        case .picking(let picker, _): return picker.keyMap
        case .form(let f): return .formDialog(title: f.title)
        case .confirmingDelete: return deletion.keyMap
        }
    }

    public var documentedKeyMaps: [KeyMap] { PantryView.allCases.map { Self.actions(for: $0).keyMap } }

    public var isEditingText: Bool {
        switch mode {
        case .picking, .form: return true
        case .browsing, .confirmingDelete: return false
        }
    }

    public var hasUnsavedInput: Bool {
        switch mode {
        case .picking(let picker, _): return picker.hasInput
        case .form(let f): return f.hasInput
        case .browsing, .confirmingDelete: return false
        }
    }

    /// The open form, for tests.
    var form: PantryForm? { if case .form(let f) = mode { f } else { nil } }
    public var isPicking: Bool { if case .picking = mode { true } else { false } }
    public var formErrors: [String: String] { form?.form.errors ?? [:] }
    public var formTitle: String? { form?.title }
    public var formIntro: String? { form?.intro }
    /// What a field of the open form holds (its id, as in `formErrors`).
    public func formValue(_ id: String) -> String? { form?.form.value(id) }

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
                case .list:
                    let range = period.range
                    budget = try status(snapshot.budget?.period, range, today)
                    listLines = try snapshot.shoppingList.compactMap { entry in try line(entry, paid: nil) }
                    let purchases = try source.purchases(in: range)
                    boughtLines = try source.shoppingListItems(includingBought: true).filter { e in e.boughtOn.map(range.contains) ?? false }
                        .compactMap { e in try line(e, paid: purchases.first { $0.id == e.purchaseId }?.price, expected: false) }
                case .prices:
                    let w = BudgetPeriod(.week, containing: today, weekStart: clock.weekStart), m = BudgetPeriod(.month, containing: today, weekStart: clock.weekStart)
                    let start = min(w.start, m.start, today.adding(days: 1 - Self.priceDays))
                    let purchases = try source.purchases(in: DateRange(start: start, end: max(w.end, m.end)))
                    let uses = try source.stockUses(in: DateRange(start: min(w.start, m.start), end: max(w.end, m.end)))
                    week = BudgetStatus(budget: snapshot.budget, kind: .week, today: today, purchases: purchases, uses: uses, currency: currency, weekStart: clock.weekStart)
                    month = BudgetStatus(budget: snapshot.budget, kind: .month, today: today, purchases: purchases, uses: uses, currency: currency, weekStart: clock.weekStart)
                    budget = snapshot.budget?.period == .month ? month : week
                    let recent = purchases.filter { $0.date >= today.adding(days: 1 - Self.priceDays) && $0.date <= today }
                    try loadFoods(for: snapshot.items)
                    priceLines = priceTable(recent)
                    cheapest = PriceBook.cheapest(recent, items: snapshot.items, foods: foods)
                    let row = min(selectedRow, max(0, priceLines.count - 1))
                    history = try priceLines.indices.contains(row) ? priceLines[row].item.id.map { try source.purchases(itemId: $0) } ?? [] : []
                }
            }
            clampRows()
        } catch {
            status = StatusMessage("Could not read the pantry: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func status(_ kind: BudgetPeriodKind?, _ range: DateRange, _ today: LocalDate) throws -> BudgetStatus {
        BudgetStatus(budget: snapshot.budget, kind: kind, today: today, purchases: try source.purchases(in: range),
                     uses: try source.stockUses(in: range), currency: currency, weekStart: clock.weekStart)
    }

    private func line(_ entry: ShoppingListItem, paid: Money?, expected: Bool = true) throws -> ListLine? {
        guard let item = try snapshot.item(id: entry.itemId) ?? source.groceryItem(id: entry.itemId) else { return nil }
        var price: Money?
        if expected, let id = item.id {
            price = PriceBook.expectedPrice(history: try source.purchases(itemId: id), quantity: entry.quantity, store: entry.store,
                                            food: try food(of: item))
        }
        return ListLine(entry: entry, item: item, expected: price, paid: paid)
    }

    /// The latest priced purchase of each item bought in the window, cheapest per kg first
    /// within nothing: by name, so the list reads like the stock.
    private func priceTable(_ purchases: [Purchase]) -> [PriceLine] {
        var latest: [Int64: Purchase] = [:]
        for p in purchases where p.price != nil { latest[p.itemId] = p }
        return snapshot.items.compactMap { item in
            guard let id = item.id, let p = latest[id] else { return nil }
            return PriceLine(item: item, latest: p, prices: UnitPrices(p, food: item.foodId.flatMap { foods[$0] }))
        }
    }

    private func loadFoods(for items: [GroceryItem]) throws {
        for item in items { _ = try food(of: item) }
    }

    private func food(of item: GroceryItem) throws -> Food? {
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
    public var listTotal: Money {
        listLines.reduce(Money.zero(currency)) { $0 + ($1.expected ?? .zero(currency)) }
    }
    public var unpricedCount: Int { listLines.filter { $0.expected == nil }.count }

    // MARK: Handling keys

    public func handle(_ key: Key) -> KeyResult {
        switch mode {
        case .browsing:
            guard let action = Self.actions(for: view).action(for: key) else { return .ignored }
            perform(action)
        case .picking(var picker, let forList):
            switch picker.handle(key) {
            case .stay: mode = .picking(picker, forList: forList)
            case .close:
                mode = .browsing
                status = StatusMessage("Nothing added.")
            case .refused(let message):
                mode = .picking(picker, forList: forList)
                status = StatusMessage(message, kind: .error)
            case .chose(let item): open(item, forList: forList)
            }
        case .form(var f):
            switch f.form.route(key) {
            case .cancel:
                mode = .browsing
                status = StatusMessage("Nothing changed.")
            case .edited: mode = .form(f)
            case .submit:
                switch f.validate(today: clock.today) {
                case .failure(let failure):
                    _ = f.form.show(errors: [failure.fieldID: failure.message], first: failure.fieldID)
                    // The whole message in the status line too: under the field it may be cut at 80 columns.
                    status = StatusMessage(failure.fullMessage, kind: .error)
                    mode = .form(f)
                case .success(let outcome): store(outcome, from: f)
                }
            }
        case .confirmingDelete where lotDeletion.pending != nil:
            let result = lotDeletion.answer(key, describe: describe) { id in try book.removeMistake(lotId: id) }
            if let s = result.status { status = s }
            if lotDeletion.pending == nil { mode = .browsing }
            if result.changed { reload() }
        case .confirmingDelete:
            let result = deletion.answer(key, describe: describe) { id in try source.deleteShoppingListItem(id: id) }
            if let s = result.status { status = s }
            if deletion.pending == nil { mode = .browsing }
            if result.changed { reload() }
        }
        return .handled
    }

    private func perform(_ action: Action) {
        switch action {
        case .show(let v):
            view = v
            status = nil
            reload()
        case .move(let move): rows[view] = move.apply(to: selectedRow, count: rowCount)
            if view == .prices { reload() }
        case .add: openPicker(forList: view == .list)
        case .use: openTake(.use)
        case .waste: openTake(.waste)
        case .itemSettings: openItemSettings()
        case .buyNow: buyNow()
        case .buyWithPrice: openBuyForm()
        case .edit: openListEdit()
        case .delete where view == .stock:
            guard let row = selectedStockRow else { status = StatusMessage("Nothing in stock to delete."); return }
            guard row.lot.isUntouched else {
                status = StatusMessage("Already used from: only untouched purchases can be deleted; w wastes the rest.")
                return
            }
            lotDeletion.ask(about: RemovedPurchase(item: row.item, lot: row.lot, purchase: nil, shoppingListItemId: nil))
            mode = .confirmingDelete
        case .delete:
            guard let line = selectedListLine else { status = StatusMessage("Nothing to remove."); return }
            deletion.ask(about: line.entry)
            mode = .confirmingDelete
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
        case .setBudget:
            mode = .form(PantryForm.budget(snapshot.budget, currency: currency))
            status = nil
        }
    }

    /// "of Milk, 500 ml for €1.99, bought 13 Nov".
    private func describe(_ removed: RemovedPurchase) -> String {
        let lot = removed.lot
        return "of \(removed.item.name), \(lot.initialQuantity.label)" + (lot.price.map { " for \($0.formatted)" } ?? "")
            + ", bought \(lot.purchasedOn.shortLabel(relativeTo: clock.today))"
    }

    private func describe(_ entry: ShoppingListItem) -> String {
        let name = snapshot.item(id: entry.itemId)?.name ?? "item"
        return "“\(name)”" + (entry.quantity.map { " (\($0.label))" } ?? "")
    }

    // MARK: Opening forms

    private func openPicker(forList: Bool) {
        let known = snapshot.items.map { item -> PickedItem in
            if let id = item.foodId, let f = foods[id] { return .food(f) }
            return item.foodId.map { .food(Food(id: $0, name: item.name, source: "pantry", per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0))) }
                ?? .name(item.name)
        }
        mode = .picking(ItemPicker(catalog: source, known: known), forList: forList)
        status = nil
    }

    private func open(_ picked: PickedItem, forList: Bool) {
        do {
            let food: Food? = if case .food(let f) = picked { f } else { nil }
            let existing = try source.groceryItem(foodId: food?.id, name: picked.name)
            if forList {
                if let existing, let onList = listLines.first(where: { $0.item.id == existing.id }) {
                    mode = .browsing
                    rows[.list] = listLines.firstIndex { $0.entry.id == onList.entry.id } ?? selectedRow
                    status = StatusMessage("\(existing.name) is on the list already — e edits it.")
                    return
                }
                mode = .form(PantryForm.listEntry(picked, existing: existing, food: food, editing: nil, currency: currency))
            } else {
                let last = try existing?.id.map { try source.purchases(itemId: $0) }?.last
                mode = .form(PantryForm.addLot(picked, existing: existing, food: food, quantity: last?.quantity, price: nil,
                                               store: last?.store, today: clock.today, currency: currency))
            }
        } catch {
            mode = .browsing
            status = StatusMessage("Could not read the pantry: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func openTake(_ kind: StockUseKind) {
        guard let row = selectedStockRow else { status = StatusMessage("Nothing in stock: a adds something."); return }
        do {
            let lots = snapshot.lots.filter { $0.itemId == row.item.id }
            mode = .form(PantryForm.take(kind, row: row, lots: lots, food: try food(of: row.item), currency: currency))
            status = nil
        } catch {
            status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func openItemSettings() {
        guard let row = selectedStockRow else { status = StatusMessage("Select an item in stock first."); return }
        do {
            mode = .form(PantryForm.itemSettings(row.item, food: try food(of: row.item), currency: currency))
            status = nil
        } catch {
            status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func openListEdit() {
        guard let line = selectedListLine else { status = StatusMessage("Nothing to edit: a adds to the list."); return }
        do {
            let food = try food(of: line.item)
            let picked: PickedItem = food.map(PickedItem.food) ?? .name(line.item.name)
            mode = .form(PantryForm.listEntry(picked, existing: line.item, food: food, editing: line.entry, currency: currency))
            status = nil
        } catch {
            status = StatusMessage("Could not read the food: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// What a buy of `line` records when nothing is typed: the entry's quantity (else the last
    /// one bought, else one piece), its store (else the last one), the expected price.
    private func defaultPurchase(_ line: ListLine) throws -> (quantity: PantryQuantity, store: String?, food: Food?) {
        let last = try line.item.id.map { try source.purchases(itemId: $0) }?.last
        let food = try food(of: line.item)
        let quantity = line.entry.quantity ?? last?.quantity ?? PantryQuantity(1, food == nil || PantryUnits.gramsPerPiece(of: food) != nil ? .pieces : .grams)
        return (quantity, line.entry.store ?? last?.store, food)
    }

    private func openBuyForm() {
        guard let line = selectedListLine else { status = StatusMessage("The list is empty: a adds to it."); return }
        do {
            let d = try defaultPurchase(line)
            let picked: PickedItem = d.food.map(PickedItem.food) ?? .name(line.item.name)
            mode = .form(PantryForm.addLot(picked, existing: line.item, food: d.food, listEntry: line.entry, quantity: d.quantity,
                                           price: line.expected, store: d.store, today: clock.today, currency: currency))
            status = nil
        } catch {
            status = StatusMessage("Could not read the pantry: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `b`: checks the entry off at its expected price, in one keystroke. Without a known price it
    /// opens the buy form instead, so a purchase never counts as free.
    private func buyNow() {
        guard let line = selectedListLine else { status = StatusMessage("The list is empty: a adds to it."); return }
        guard let price = line.expected else {
            openBuyForm()
            status = StatusMessage("No price known for \(line.item.name) yet: type what you paid.")
            return
        }
        do {
            let d = try defaultPurchase(line)
            // Best-before from the item's shelf life: PantryBook.buy's default.
            let purchase = Purchase(itemId: line.item.id ?? 0, date: clock.today, quantity: d.quantity, price: price, store: d.store)
            store(.purchase(purchase, item: line.item, bestBefore: nil, listEntryId: line.entry.id), from: nil)
        } catch {
            status = StatusMessage("Could not buy: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: Lists from the stock

    /// `m`: every item under its minimum stock that is not on the list yet, for its minimum.
    private func addBelowMinimum() {
        do {
            try loadFoods(for: snapshot.items)
            let onList = Set(snapshot.shoppingList.map(\.itemId))
            let missing = StockOverview.belowMinimum(snapshot, foods: foods).filter { $0.id.map { !onList.contains($0) } ?? false }
            for item in missing {
                guard let id = item.id else { continue }
                try source.addShoppingListItem(ShoppingListItem(itemId: id, quantity: item.minimumStock, addedOn: clock.today))
            }
            reload()
            status = missing.isEmpty ? StatusMessage("Nothing is below its minimum stock (i sets an item's minimum in Stock).")
                : StatusMessage("Added \(Plural.count(missing.count, "item")) below minimum: " + missing.map(\.name).joined(separator: ", ") + ".",
                                kind: .success)
        } catch {
            status = StatusMessage("Could not add to the list: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `r`: a replacement for every item that must be used soon (or has expired), as last bought.
    private func addReplacements() {
        do {
            let onList = Set(snapshot.shoppingList.map(\.itemId))
            var added: [String] = []
            var seen = Set<Int64>()
            for row in StockOverview.rows(snapshot, today: clock.today) where row.useSoon {
                guard let id = row.item.id, !onList.contains(id), seen.insert(id).inserted else { continue }
                try source.addShoppingListItem(ShoppingListItem(itemId: id, quantity: row.lot.initialQuantity, store: row.lot.store,
                                                                addedOn: clock.today))
                added.append(row.item.name)
            }
            reload()
            status = added.isEmpty ? StatusMessage("Nothing to use soon that is not on the list already.")
                : StatusMessage("Added \(Plural.count(added.count, "replacement")): " + added.joined(separator: ", ") + ".", kind: .success)
        } catch {
            status = StatusMessage("Could not add to the list: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: Saving

    private func store(_ outcome: PantryForm.Outcome, from form: PantryForm?) {
        do {
            let message: String
            switch outcome {
            case .purchase(let purchase, let item, let bestBefore, let entryId):
                let saved = try book.buy(item, quantity: purchase.quantity, price: purchase.price, store: purchase.store, bestBefore: bestBefore,
                                         on: purchase.date, shoppingListItemId: entryId)
                let price = saved.purchase.price.map { " for \($0.formatted)" } ?? ""
                let until = saved.lot.bestBefore.map { ", best before \($0.shortLabel(relativeTo: clock.today))" } ?? ""
                message = entryId == nil ? "Added \(saved.purchase.quantity.label) of \(saved.item.name)\(price)\(until)."
                    : "Bought \(saved.item.name), \(saved.purchase.quantity.label)\(price) — now in stock\(until)."
            case .take(let uses, let quantity):
                try source.applyStockUses(uses)
                let kind = uses.first?.kind ?? .use
                let name = selectedStockRow?.item.name ?? "it"
                let value = uses.compactMap(\.value).reduce(Money.zero(currency), +)
                message = (kind == .use ? "Used " : "Wasted ") + "\(quantity.label) of \(name)"
                    + (kind == .waste && value.minorUnits > 0 ? " (\(value.formatted) wasted)" : "")
                    + (uses.count > 1 ? ", from \(uses.count) lots." : ".")
            case .listEntry(let entry, let item):
                var entry = entry
                var item = item
                if item.id == nil { item = try source.saveGroceryItem(item) }
                entry.itemId = item.id ?? entry.itemId
                if entry.id == nil {
                    try source.addShoppingListItem(entry)
                    message = "Put \(item.name) on the list."
                } else {
                    try source.updateShoppingListItem(entry)
                    message = "Saved \(item.name) on the list."
                }
            case .item(let item):
                try source.saveGroceryItem(item)
                message = "Saved \(item.name): " + (item.takeFromPantryWhenLogging ? "logging it takes it from stock." : "logging it leaves stock as it is.")
            case .budget(let b):
                try source.setPantryBudget(b)
                message = "Budget set: \(b.amount.formatted) a \(b.period.rawValue)."
            }
            mode = .browsing
            reload()
            // The entry just put on the list is the selected one.
            if case .listEntry(let entry, let item) = outcome, entry.id == nil,
               let row = listLines.lastIndex(where: { $0.item.id == item.id || $0.item.name == item.name }) {
                rows[.list] = row
            }
            status = StatusMessage(message, kind: .success)
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            if let form { mode = .form(form) }
        }
    }

    // MARK: Drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        PantryScreenView(model: self, today: clock.today).render(in: area, buffer: &buffer, context: context)
        switch mode {
        case .browsing: break
        case .picking(let picker, let forList):
            ItemPickerView(picker: picker, title: forList ? "Add to the shopping list" : "Add to stock").render(in: area, buffer: &buffer, context: context)
        case .form(let f):
            FormDialog(title: f.title, intro: f.intro, form: f.form, width: 76).render(in: area, buffer: &buffer, context: context)
        case .confirmingDelete:
            (lotDeletion.dialog(describe: describe) ?? deletion.dialog(describe: describe))?.render(in: area, buffer: &buffer, context: context)
        }
    }
}
