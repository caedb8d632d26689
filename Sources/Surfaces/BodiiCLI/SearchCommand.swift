import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation
import TerminalKit

/// `bodii search QUERY [--limit N] [--json]` (PRODUCT.md §4): the food search of the Diet tab, for
/// scripts and quick look-ups. Works on a fresh database: the catalog ships in the binary and is
/// seeded on first use.
struct SearchCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find foods in the catalog (USDA SR24 and your custom foods), best match first.",
        discussion: """
            Foods are ranked by how much of the query they answer, so a word the catalog does not use \
            ("fresh", "organic") lowers a food's place instead of emptying the list. Like grep and fzf, \
            the exit status is 1 when nothing matched (with --json the output is then [], otherwise one \
            line on stderr) and 0 otherwise.
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp("What to look for: a few letters or words of a food's name (\"chicken breast\").", valueName: "query"),
        completion: ShellCompletion.foods)
    var query: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many foods to show (1–100, default 10).", valueName: "n"))
    var limit: OptionText?
    @Flag(name: .long, help: "Print JSON (snake_case keys, per 100 g) for scripts.")
    var json = false

    static let limitRange = 1...100
    static let defaultLimit = 10
    /// The exit status when no food matched (PRODUCT.md §4).
    static let nothingMatched: Int32 = 1

    func run() throws {
        try reportingFailures { try Self.run(query: query, limit: limit, json: json, databasePath: global.db?.text) }
    }

    /// The search itself, with the arguments as parsed (by the parser, or by `PlainSearch`).
    static func run(query: [String], limit: OptionText?, json: Bool, databasePath: String?) throws {
        var count = Self.defaultLimit
        if let limit {
            do throws(BodiiDomain.ValidationError) {
                count = try Validation.integer(limit.text, field: "--limit", range: Self.limitRange, unit: nil)
            } catch {
                throw CommandFailure.usage(error.message)
            }
        }
        let text = try PositionalWords.searchText(query)
        guard !FoodSearchQuery(text).isEmpty else {
            throw CommandFailure.usage("search needs a query: a few letters or words of a food's name, e.g. bodii search banana")
        }
        let foods = try Self.searchFoods(text, limit: count, databasePath: databasePath)
        // Nothing matched is an answer, not an error: an empty array for scripts, a note for a
        // person, and exit 1 as grep and fzf give.
        if foods.isEmpty {
            if json {
                print("[]")
            } else {
                // One line, as the app offers it: Ctrl-O in food search makes a custom food.
                StandardError.write(
                    "bodii: no food matches \(ValidationError.quoted(text)): no word of it is in a food's name"
                        + " (add it as a custom food in the app: Diet, a, Ctrl-O)")
            }
            throw ExitCode(Self.nothingMatched)
        }
        json ? print(FoodSearchOutput.json(foods)) : PlainText.print(FoodSearchOutput.table(foods))
    }
}

extension SearchCommand {
    /// The foods as a list shows them (energy and macronutrients; see `searchFoodsForListing`).
    /// Search only reads: the database read-only when it holds the catalog; else the shipped
    /// catalog as compiled in (a missing database, or one no food was looked up in yet: seeding it
    /// would write), searched without any database. Nothing is created or changed either way.
    static func searchFoods(_ text: String, limit: Int, databasePath: String?) throws -> [Food] {
        do {
            let env = try AppEnvironment.open(databasePath: databasePath, access: .readOnly)
            defer { endOfProcess(env) }
            if try env.repositories.holdsShippedCatalog() {
                env.repositories.searchOnce()
                return try env.repositories.searchFoodsForListing(text, limit: limit)
            }
        } catch let failure as CommandFailure where failure.isNoDatabase {
            // nothing there yet: the shipped catalog alone
        }
        return try ShippedCatalogSearch.usdaSR24.get().searchFoods(text, limit: limit)
    }
}

/// The process ends once the foods are printed: the database is closed now (SQLite removes the
/// sidecars it made) and the rest is left for the exit to reclaim. Freeing the search's
/// vocabulary and caches piece by piece, and GRDB's observer removal, was 2.6 % of a `bodii
/// search` process.
private func endOfProcess(_ env: AppEnvironment) {
    try? env.database.close()
    _ = Unmanaged.passRetained(env)
}

/// What `bodii search` prints.
enum FoodSearchOutput {
    /// `[{"id","name","kcal_per_100g","protein_g","carbs_g","fat_g","source"}]`, in that key order.
    static func json(_ foods: [Food]) -> String {
        JSONValue.array(
            foods.map { f in
                .object([
                    ("id", .string(f.id.rawValue)), ("name", .string(f.name)),
                    ("kcal_per_100g", .number(f.per100g.kcal)), ("protein_g", .number(f.per100g.proteinG)),
                    ("carbs_g", .number(f.per100g.carbsG)), ("fat_g", .number(f.per100g.fatG)),
                    ("source", .string(f.source)),
                ])
            }
        ).text
    }

    /// Total width of the table: fits an 80-column terminal.
    static let width = 80

    /// An aligned table: id, name (cut with "…" to fit), kcal and protein / carbs / fat in grams,
    /// all per 100 g.
    static func table(_ foods: [Food]) -> String {
        let idWidth = max(2, foods.map { TextWidth.of($0.id.rawValue) }.max() ?? 2)
        let numbers = [("kcal", 5), ("P g", 6), ("C g", 6), ("F g", 6)]
        let numbersWidth = numbers.reduce(0) { $0 + $1.1 + 1 }
        let nameWidth = max(10, width - idWidth - 2 - numbersWidth)
        func line(_ id: String, _ name: String, _ values: [String]) -> String {
            var out = TextWidth.fit(id, to: idWidth) + "  " + TextWidth.fit(name, to: nameWidth)
            for (value, column) in zip(values, numbers) { out += " " + TextWidth.fit(value, to: column.1, alignment: .right) }
            return out
        }
        var lines = [line("id", "name (per 100 g)", numbers.map(\.0))]
        // Names cut to the column keep what tells them apart ("Cereals, …, cooked with water, with salt").
        let names = DistinctNames.shorten(foods.map { TerminalText.printable($0.name) }, width: nameWidth)
        for (f, name) in zip(foods, names) {
            let n = f.per100g
            lines.append(
                line(
                    TerminalText.printable(f.id.rawValue), name,
                    [String(Int(n.kcal.rounded())), grams(n.proteinG), grams(n.carbsG), grams(n.fatG)]))
        }
        return lines.joined(separator: "\n")
    }

    /// `FastFormat`, not `String(format:)`: its C varargs cost a conformance lookup per number
    /// (7 % of a `bodii search` process).
    static func grams(_ value: Double) -> String { FastFormat.oneDecimal(value) }
}
