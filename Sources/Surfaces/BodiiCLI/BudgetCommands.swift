import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation

// `bodii budget` (PRODUCT.md §4, §10), and how the pantry commands find the item a name means.

// MARK: - Budget

struct BudgetCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "budget", abstract: "The grocery budget: spent, left and wasted this week or month; `set` changes it.",
        subcommands: [BudgetShowCommand.self, BudgetSetCommand.self], defaultSubcommand: BudgetShowCommand.self)
}

struct BudgetShowCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show the budget (the default).", shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let status: BudgetStatus
            if let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, access: .readOnly, clock: clock) {
                status = try env.repositories.readingTogether {
                    try PantryBook(repository: env.repositories, currency: PantryCLI.currency, weekStart: clock.weekStart).budgetStatus(
                        today: clock.today)
                }
            } else {
                status = BudgetStatus(
                    budget: nil, today: clock.today, purchases: [], uses: [], currency: PantryCLI.currency, weekStart: clock.weekStart)
            }
            if json {
                print(PantryCLI.budget(status).text)
            } else {
                PlainText.print(TerminalText.printable(PantryCLI.budgetLine(status) + "."))
            }
        }
    }
}

struct BudgetSetCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "set", abstract: "Set the grocery budget per week or per month.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The amount: 60, 60.00 or 60,00.", valueName: "amount"))
    var amount: [String] = []
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("A week (Monday–Sunday) or a calendar month (default week).", valueName: "week|month"))
    var period: OptionText?
    @Flag(name: .long, help: "Print the budget as JSON afterwards.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let kind: BudgetPeriodKind =
                try period.map(\.text).map { text in
                    guard let kind = BudgetPeriodKind(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
                        throw CommandFailure.usage("period \(ValidationError.quoted(text)) is not one of week, month")
                    }
                    return kind
                } ?? .week
            let amount = try PositionalWords.single(self.amount, missing: "say the amount: bodii budget set 60 [--period week|month]")
            let currency = PantryCLI.currency
            let money = try validated { () throws(BodiiDomain.ValidationError) in
                try MoneyInput.parse(amount, currency: currency, field: "budget", minimum: 1, maximum: MoneyInput.maximumBudget(currency))
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            try env.repositories.setPantryBudget(PantryBudget(period: kind, amount: money, setOn: clock.today))
            let status = try PantryBook(repository: env.repositories, currency: currency, weekStart: clock.weekStart).budgetStatus(
                today: clock.today)
            if json {
                print(PantryCLI.budget(status).text)
            } else {
                PlainText.print(
                    TerminalText.printable("Budget set: \(money.formatted) per \(kind.rawValue). " + PantryCLI.budgetLine(status) + "."))
            }
        }
    }
}

// MARK: - Finding items

enum PantryItems {
    /// A catalog food from search words or an id, or a free `--name`: exactly one of them.
    static func resolveFood(words raw: [String], name: String?, databasePath: String?, clock: any Clock) throws -> (Food?, String) {
        let words = try PositionalWords.searchText(raw)
        switch (words.isEmpty, name) {
        case (false, .some): throw CommandFailure.usage("give a food or --name, not both")
        case (true, nil): throw CommandFailure.usage("say what: a food (search words or an id like usda:09040) or --name NAME")
        case (true, .some(let text)):
            return (nil, try validated { () throws(BodiiDomain.ValidationError) in try PantryInput.name(text) })
        case (false, nil): break
        }
        if words.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            throw CommandFailure.data(
                "food \(ValidationError.quoted(words)) contains control characters: allowed search words or a food id")
        }
        let repos = try LogFoodCommand.lookup(databasePath: databasePath, clock: clock).catalog
        if FoodID.isWritten(words) {
            guard let food = try repos.food(id: FoodID(words)) else {
                throw CommandFailure.data(
                    "no food with id \(ValidationError.quoted(words)) in the catalog: ids look like usda:09040 or custom:3")
            }
            return (food, food.name)
        }
        guard SearchText.hasSearchableWord(words) else {
            throw CommandFailure.data(
                "food \(ValidationError.quoted(words)) has no word to search by: give words of a food's name, or --name NAME")
        }
        guard let best = try repos.searchFoods(words, limit: 1).first, let food = try repos.food(id: best.id) else {
            throw CommandFailure.data(
                try LogFoodCommand.noMatch(words, in: repos) + "; or use --name NAME for something not in the catalog")
        }
        return (food, food.name)
    }


    /// The item a person means by `words`: the one named so (ignoring case), else the only one
    /// whose name has a word starting with each of them ("banana" is "Bananas, raw"; "nan" is nothing).
    static func match(_ words: String, in items: [GroceryItem]) -> GroceryItem? {
        guard SearchText.hasSearchableWord(words), !words.unicodeScalars.contains(where: TerminalText.isUnsafe) else { return nil }
        let wanted = words.lowercased()
        if let exact = items.first(where: { $0.name.lowercased() == wanted }) { return exact }
        func split(_ text: String) -> [Substring] { text.lowercased().split { !$0.isLetter && !$0.isNumber } }
        let query = split(wanted)
        guard !query.isEmpty else { return nil }
        let fitting = items.filter { item in
            let nameWords = split(item.name)
            return query.allSatisfy { q in nameWords.contains { $0.hasPrefix(q) } }
        }
        return fitting.count == 1 ? fitting[0] : nil
    }

    /// An open entry by its number, or by its item's name.
    static func entry(_ words: String, in open: [ShoppingListItem], items: [GroceryItem]) -> ShoppingListItem? {
        if let number = Int64(words) { return open.first { $0.id == number } }
        let listed = items.filter { item in open.contains { $0.itemId == item.id } }
        guard let item = match(words, in: listed) else { return nil }
        return open.first { $0.itemId == item.id }
    }

    /// "#12  Bananas, raw  4 pieces  best before 2026-11-25 (in 3 days)  €1.99 at Aldi".
    static func stockLine(_ r: StockRow) -> String {
        var line = "#\(r.lot.id.map(String.init) ?? "?")  \(r.item.name)  \(r.lot.leftQuantity.label)"
        if let date = r.lot.bestBefore, let days = r.daysLeft {
            let when = days < 0 ? "expired \(Plural.count(-days, "day")) ago" : days == 0 ? "today" : "in \(Plural.count(days, "day"))"
            line += "  best before \(date.iso) (\(when))"
        }
        if r.lot.opened { line += "  opened" }
        if let price = r.lot.price { line += "  \(price.formatted)" }
        if let store = r.lot.store { line += " at \(store)" }
        return (r.useSoon ? "! " : "  ") + line
    }
}
