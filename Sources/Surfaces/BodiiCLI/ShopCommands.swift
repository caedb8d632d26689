import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation

// `bodii shop` (PRODUCT.md §4, §10): the shopping list, and buying what is on it.

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
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "The unit of --qty (default: the unit it was last bought in, else piece, or g for a food not counted in pieces).",
            valueName: "unit"))
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
            let words = try PositionalWords.searchText(item)
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
                let lastBought = try chosen.id.map { try env.repositories.purchases(itemId: $0) }?.last?.quantity
                let usual = PantryDefaults.unit(lastBought: lastBought, minimum: chosen.minimumStock, food: food)
                let (u, factor) = try validated { () throws(BodiiDomain.ValidationError) in
                    try unit.map { text throws(BodiiDomain.ValidationError) in try PantryUnits.parse(text.text, food: food) } ?? (usual, 1)
                }
                let amount = try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.amount(qty.text, factor: factor) }
                if unit == nil, let problem = PantryDefaults.bareAmountProblem(
                    amount, typed: qty.text, name: chosen.name, lastBought: lastBought, minimum: chosen.minimumStock, food: food)
                {
                    throw CommandFailure.usage(problem)
                }
                quantity = PantryQuantity(amount, u)
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
            let words = try PositionalWords.searchText(item)
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
            var quantity =
                entry.quantity ?? history.last?.quantity
                ?? PantryQuantity(1, PantryDefaults.unit(lastBought: nil, minimum: listed.minimumStock, food: food))
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
