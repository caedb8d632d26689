import ArgumentParser
import BodiiApp
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
        help: ArgumentHelp(
            "g, kg, ml, l, piece, or one of the food's measures (default: the unit it was last bought in, else piece, or g for a food not counted in pieces).",
            valueName: "unit"))
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
            // A typed unit is checked before anything is opened; without one, the item's usual unit.
            let typedUnit = try unit.map { text in
                try validated { () throws(BodiiDomain.ValidationError) in try PantryUnits.parse(text.text, food: catalogFood) }
            }
            let amount = try validated { () throws(BodiiDomain.ValidationError) in
                try PantryUnits.amount(qty.text, factor: typedUnit?.factor ?? 1)
            }

            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            if catalogFood != nil { try env.repositories.prepareFoodCatalog() }
            let book = PantryBook(repository: env.repositories, currency: PantryCLI.currency, weekStart: clock.weekStart)
            let item = try book.item(for: catalogFood, name: itemName)
            let lastBought = try item.id.map { try env.repositories.purchases(itemId: $0) }?.last?.quantity
            if typedUnit == nil, let problem = PantryDefaults.bareAmountProblem(
                amount, typed: qty.text, name: item.name, lastBought: lastBought, minimum: item.minimumStock, food: catalogFood)
            {
                throw CommandFailure.usage(problem)
            }
            let unitChoice =
                typedUnit?.unit ?? PantryDefaults.unit(lastBought: lastBought, minimum: item.minimumStock, food: catalogFood)
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
