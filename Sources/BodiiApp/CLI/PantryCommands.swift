import ArgumentParser
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation

// `bodii pantry`, `bodii shop` and `bodii budget` (PRODUCT.md §4, §10). Every value is checked
// before the database is opened for writing: a refused command writes nothing.

struct PantryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pantry", abstract: "What is in stock and when it expires: add, list, use and waste.",
        subcommands: [PantryAddCommand.self, PantryListCommand.self, PantryUseCommand.self, PantryWasteCommand.self])
}

struct PantryAddCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Put a purchase in stock: a catalog food (search words or an id) or --name for anything else.",
        discussion: """
            The price is what was paid for the whole quantity; it counts as spending in this budget period. Examples:
              bodii pantry add banana --qty 6 --price 1.99 --store Aldi
              bodii pantry add usda:01077 --qty 1 --unit l --price 1,19 --best-before 2026-12-01
              bodii pantry add --name "Dish soap" --qty 1 --price 2.49
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Words to search the food catalog for, or a food id (usda:09040).", valueName: "food")
    )
    var food: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A name for something that is not a catalog food.", valueName: "name"))
    var name: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How much (more than 0, up to 100000).", valueName: "n"))
    var qty: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("g, kg, ml, l, piece, or one of the food's measures (default piece).", valueName: "unit"))
    var unit: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Price paid for the quantity: 3.49 or 3,49.", valueName: "amount"))
    var price: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Where it was bought.", valueName: "name"))
    var store: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Best-before date (YYYY-MM-DD, today or later; default: the item's shelf life).", valueName: "date"))
    var bestBefore: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let today = clock.today
            guard let qty else { throw CommandFailure.usage("say how much: --qty N (with --unit g, ml, piece or a measure)") }
            let paid = try price.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try MoneyInput.parse(text.text, currency: PantryCLI.currency) }
            }
            let shop = try store.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.name(text.text, field: "store") }
            }
            let due = try bestBefore.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.bestBefore(text.text, today: today) }
            }
            let (catalogFood, itemName) = try PantryItems.resolveFood(
                words: food, name: name?.text, databasePath: global.db?.text, clock: clock)
            let (unitChoice, factor) = try validated { () throws(BodiiDomain.ValidationError) in
                try PantryUnits.parse(unit?.text ?? "piece", food: catalogFood)
            }
            let amount = try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text, factor: factor) }

            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            if catalogFood != nil { try env.repositories.prepareFoodCatalog() }
            let book = PantryBook(repository: env.repositories, currency: PantryCLI.currency, weekStart: clock.weekStart)
            let item = try book.item(for: catalogFood, name: itemName)
            let saved = try book.buy(
                item, quantity: PantryQuantity(amount, unitChoice), price: paid, store: shop, bestBefore: due, on: today)
            var line = "Added \(saved.lot.initialQuantity.label) of \(saved.item.name)"
            if let id = saved.item.foodId { line += " (\(id))" }
            if let paid { line += " for \(paid.formatted)" }
            if let shop { line += " at \(shop)" }
            if let date = saved.lot.bestBefore { line += ", best before \(date.iso)" }
            line += ": lot #\(saved.lot.id.map(String.init) ?? "?")."
            PlainText.print(TerminalText.printable(line))
        }
    }
}

struct PantryListCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the stock, what to use soon first.")

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Only what expires within this many days (0–365), expired included.", valueName: "days"))
    var soon: OptionText?
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let within = try soon.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.soonDays(text.text) }
            }
            let snapshot =
                try AppEnvironment.openIfPresent(databasePath: global.db?.text, access: .readOnly, clock: clock)?.repositories
                .pantrySnapshot()
                ?? PantrySnapshot(items: [], lots: [], shoppingList: [], budget: nil)
            let rows = StockOverview.rows(snapshot, today: clock.today, onlyWithin: within)
            if json {
                print(PantryCLI.stock(rows).text)
                return
            }
            guard !rows.isEmpty else {
                PlainText.print(
                    within == nil
                        ? "The pantry is empty: bodii pantry add FOOD --qty N adds to it."
                        : "Nothing expires within \(Plural.count(within ?? 0, "day")).")
                return
            }
            PlainText.print(rows.map { TerminalText.printable(PantryItems.stockLine($0)) }.joined(separator: "\n"))
        }
    }
}

/// `use` and `waste`: the lot's id and how much.
struct StockTakeArguments: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The lot's number (see `bodii pantry list`).", valueName: "id"))
    var id: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How much (default: all that is left of the lot).", valueName: "n"))
    var qty: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The unit of --qty (default: the lot's).", valueName: "unit"))
    var unit: OptionText?

    func run(_ kind: StockUseKind, global: GlobalOptions) throws {
        let clock = try ProcessClock.current()
        let id = try PositionalWords.single(self.id, missing: "say which lot: its number (see bodii pantry list)")
        let number = try validated { () throws(BodiiDomain.ValidationError) in
            try Validation.integer(id, field: "id", range: 1...Int(Int32.max), unit: nil)
        }
        if qty == nil, unit != nil { throw CommandFailure.usage("--unit goes with --qty") }
        if let qty { _ = try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text) } }
        guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock),
            let lot = try env.repositories.stockLot(id: Int64(number)), let item = try env.repositories.groceryItem(id: lot.itemId)
        else {
            throw CommandFailure.data("lot \(ValidationError.quoted(id)) does not exist: see `bodii pantry list`")
        }
        let book = PantryBook(repository: env.repositories, currency: PantryCLI.currency, weekStart: clock.weekStart)
        let food = try book.food(of: item)
        var quantity: PantryQuantity?
        if let qty {
            let (u, factor) = try validated { () throws(BodiiDomain.ValidationError) in
                try unit.map { text throws(BodiiDomain.ValidationError) in try PantryUnits.parse(text.text, food: food) } ?? (
                    lot.initialQuantity.unit, 1
                )
            }
            quantity = PantryQuantity(
                try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text, factor: factor) }, u)
        }
        let uses: [StockUse]
        do {
            uses = try book.take(fromLot: Int64(number), quantity: quantity, kind: kind, on: clock.today)
        } catch let error as BodiiDomain.ValidationError {
            throw CommandFailure.data(error.message)
        }
        let taken = uses.reduce(0.0) { $0 + $1.amount }
        let lots = Set(uses.map(\.lotId)).sorted().map { "#\($0)" }.joined(separator: ", ")
        var line =
            (kind == .use ? "Used " : "Wasted ")
            + "\(quantity?.label ?? PantryQuantity(taken, lot.initialQuantity.unit).label) of \(item.name) (lot \(lots))"
        let value = uses.compactMap(\.value).reduce(Money.zero(PantryCLI.currency)) { $0 + $1 }
        if kind == .waste, value.minorUnits > 0 { line += ", worth \(value.formatted)" }
        PlainText.print(TerminalText.printable(line + "."))
    }
}

struct PantryUseCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "use", abstract: "Take from stock what was eaten: that lot first, then the one that expires first.")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var arguments: StockTakeArguments
    func run() throws { try reportingFailures { try arguments.run(.use, global: global) } }
}

struct PantryWasteCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "waste", abstract: "Take from stock what was thrown away (counted as waste in money).")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var arguments: StockTakeArguments
    func run() throws { try reportingFailures { try arguments.run(.waste, global: global) } }
}

// MARK: - Shopping

struct ShopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shop", abstract: "The shopping list against the budget: add, list, buy.",
        subcommands: [ShopAddCommand.self, ShopListCommand.self, ShopBuyCommand.self])
}

struct ShopAddCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Put an item on the shopping list: one bought before, a catalog food, or --name.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("An item's name, search words or a food id.", valueName: "item"))
    var item: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("A name for something that is not a catalog food.", valueName: "name"))
    var name: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How much to buy (default: as much as last time).", valueName: "n"))
    var qty: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The unit of --qty (default piece).", valueName: "unit"))
    var unit: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Where to buy it: the expected price is the last one paid there.", valueName: "name"))
    var store: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            if qty == nil, unit != nil { throw CommandFailure.usage("--unit goes with --qty") }
            let shop = try store.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.name(text.text, field: "store") }
            }
            if let qty { _ = try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text) } }
            let words = try PositionalWords.values(item).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            var known: GroceryItem?
            if name == nil, !words.isEmpty, let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock) {
                known = PantryItems.match(words, in: try env.repositories.groceryItems())
            }
            var catalogFood: Food?
            var itemName = known?.name ?? ""
            if known == nil {
                (catalogFood, itemName) = try PantryItems.resolveFood(
                    words: item, name: name?.text, databasePath: global.db?.text, clock: clock)
            }

            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            if catalogFood != nil || known?.foodId != nil { try env.repositories.prepareFoodCatalog() }
            let book = PantryBook(repository: env.repositories, currency: PantryCLI.currency, weekStart: clock.weekStart)
            let chosen = try known ?? book.item(for: catalogFood, name: itemName)
            let food = try book.food(of: chosen)
            var quantity: PantryQuantity?
            if let qty {
                let (u, factor) = try validated { () throws(BodiiDomain.ValidationError) in
                    try PantryUnits.parse(unit?.text ?? "piece", food: food)
                }
                quantity = PantryQuantity(
                    try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text, factor: factor) }, u)
            }
            let saved = try env.repositories.saveGroceryItem(chosen)
            guard let itemId = saved.id else { throw CommandFailure.io("the item could not be saved") }
            let entry = try env.repositories.addShoppingListItem(
                ShoppingListItem(itemId: itemId, quantity: quantity, store: shop, addedOn: clock.today))
            let expected = PriceBook.expectedPrice(
                history: try env.repositories.purchases(itemId: itemId), quantity: quantity, store: shop, food: food)
            var line =
                "Added #\(entry.id.map(String.init) ?? "?") \(quantity.map { "\($0.label) of " } ?? "")\(saved.name) to the shopping list"
            if let expected { line += ", expected \(expected.formatted)" }
            PlainText.print(TerminalText.printable(line + "."))
        }
    }
}

struct ShopListCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Show the shopping list, its expected total and the budget left.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, access: .readOnly, clock: clock) else {
                let empty = ShoppingOverview(
                    lines: [], total: .zero(PantryCLI.currency),
                    budget: BudgetStatus(
                        budget: nil, today: clock.today, purchases: [], uses: [], currency: PantryCLI.currency, weekStart: clock.weekStart))
                if json { print(PantryCLI.shopping(empty, bought: []).text) } else { PlainText.print("The shopping list is empty.") }
                return
            }
            let repos = env.repositories
            let book = PantryBook(repository: repos, currency: PantryCLI.currency, weekStart: clock.weekStart)
            let (overview, bought) = try repos.readingTogether { () throws -> (ShoppingOverview, [(ShoppingLine, Money?)]) in
                let overview = try book.shoppingOverview(today: clock.today)
                let range = overview.budget.period.range
                let purchases = try repos.purchases(in: range)
                var bought: [(ShoppingLine, Money?)] = []
                for entry in try repos.shoppingListItems(includingBought: true) {
                    guard let day = entry.boughtOn, range.contains(day), let item = try repos.groceryItem(id: entry.itemId) else {
                        continue
                    }
                    let paid = purchases.first { $0.id == entry.purchaseId }?.price
                    bought.append((ShoppingLine(entry: entry, item: item, expectedPrice: paid), paid))
                }
                return (overview, bought)
            }
            if json {
                print(PantryCLI.shopping(overview, bought: bought).text)
                return
            }
            var lines: [String] = []
            for l in overview.lines {
                lines.append(
                    "#\(l.entry.id.map(String.init) ?? "?")  \(l.item.name)" + (l.entry.quantity.map { "  \($0.label)" } ?? "")
                        + (l.entry.store.map { "  at \($0)" } ?? "") + "  "
                        + (l.expectedPrice.map { "~\($0.formatted)" } ?? "price unknown"))
            }
            for (l, paid) in bought {
                lines.append("[x] \(l.item.name)" + (paid.map { "  \($0.formatted)" } ?? "") + "  bought \(l.entry.boughtOn?.iso ?? "")")
            }
            if overview.lines.isEmpty && bought.isEmpty { lines.append("The shopping list is empty: bodii shop add ITEM adds to it.") }
            lines.append(
                "Expected total \(overview.total.formatted). " + PantryCLI.budgetLine(overview.budget)
                    + (overview.leftAfterList.map { "; after the list: \($0.formatted)" } ?? ""))
            PlainText.print(lines.map(TerminalText.printable).joined(separator: "\n"))
        }
    }
}

struct ShopBuyCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "buy", abstract: "Check an item off the list: records the price paid and adds it to stock.",
        discussion: "Without --price the expected price (the last one paid) is recorded; without --qty the listed quantity.")

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("The entry's number or its item's name (see `bodii shop list`).", valueName: "item"))
    var item: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Price paid for the quantity: 3.49 or 3,49.", valueName: "amount"))
    var price: OptionText?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("How much was bought, in the listed unit (or --unit).", valueName: "n"))
    var qty: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The unit of --qty.", valueName: "unit"))
    var unit: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Where it was bought (default: the listed store).", valueName: "name"))
    var store: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Best-before date (YYYY-MM-DD, today or later).", valueName: "date"))
    var bestBefore: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let today = clock.today
            let words = try PositionalWords.values(item).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !words.isEmpty else { throw CommandFailure.usage("say which entry: its number or its name (see bodii shop list)") }
            if qty == nil, unit != nil { throw CommandFailure.usage("--unit goes with --qty") }
            let paid = try price.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try MoneyInput.parse(text.text, currency: PantryCLI.currency) }
            }
            let shop = try store.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.name(text.text, field: "store") }
            }
            let due = try bestBefore.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.bestBefore(text.text, today: today) }
            }
            if let qty { _ = try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text) } }
            if words.unicodeScalars.contains(where: TerminalText.isUnsafe) {
                throw CommandFailure.data(
                    "item \(ValidationError.quoted(words)) contains control characters: allowed an entry's number or name")
            }

            guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock) else {
                throw CommandFailure.data("the shopping list is empty: add to it with bodii shop add ITEM")
            }
            let repos = env.repositories
            let open = try repos.shoppingListItems(includingBought: false)
            let items = try repos.groceryItems()
            guard let entry = PantryItems.entry(words, in: open, items: items), let listed = items.first(where: { $0.id == entry.itemId })
            else {
                throw CommandFailure.data("no open shopping list entry \(ValidationError.quoted(words)): see bodii shop list")
            }
            if listed.foodId != nil { try repos.prepareFoodCatalog() }
            let book = PantryBook(repository: repos, currency: PantryCLI.currency, weekStart: clock.weekStart)
            let food = try book.food(of: listed)
            let history = try repos.purchases(itemId: entry.itemId)
            var quantity = entry.quantity ?? history.last?.quantity ?? PantryQuantity(1, .pieces)
            if let qty {
                let (u, factor) = try validated { () throws(BodiiDomain.ValidationError) in
                    try unit.map { text throws(BodiiDomain.ValidationError) in try PantryUnits.parse(text.text, food: food) } ?? (
                        quantity.unit, 1
                    )
                }
                quantity = PantryQuantity(
                    try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text, factor: factor) }, u)
            }
            let where_ = shop ?? entry.store
            let expected = PriceBook.expectedPrice(history: history, quantity: quantity, store: where_, food: food)
            let recorded = paid ?? expected
            let saved = try book.buy(
                listed, quantity: quantity, price: recorded, store: where_, bestBefore: due, on: today, shoppingListItemId: entry.id)
            var line = "Bought \(quantity.label) of \(listed.name)"
            if let recorded { line += " for \(recorded.formatted)" + (paid == nil ? " (the expected price)" : "") }
            if let where_ { line += " at \(where_)" }
            line += ": lot #\(saved.lot.id.map(String.init) ?? "?")."
            PlainText.print(TerminalText.printable(line))
            PlainText.print(TerminalText.printable(PantryCLI.budgetLine(try book.budgetStatus(today: today)) + "."))
        }
    }
}
