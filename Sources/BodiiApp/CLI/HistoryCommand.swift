import ArgumentParser
import BodiiDomain
import BodiiSearch
import Foundation
import TerminalKit

/// `bodii history QUERY [--limit N] [--json]` (issue 15): "when did I last eat X" — the log's
/// entries of a food (or of a day), newest first; the Diet tab's history (`h`) reads the same.
struct HistoryCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Search your food log: when you last ate a food, newest first (or a day's entries).")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
        "A food (\"rice\", words in any order, plurals alike) or a day (YYYY-MM-DD, today, yesterday).", valueName: "query"),
              completion: ShellCompletion.foods)
    var query: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp(
        "How many entries to show (\(EatingHistory.limitRange.lowerBound)–\(EatingHistory.limitRange.upperBound), default \(EatingHistory.defaultLimit)).",
        valueName: "n"))
    var limit: String?
    @Flag(name: .long, help: "Print JSON (date, meal, food_id, name, grams, kcal) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            var count = EatingHistory.defaultLimit
            if let limit {
                do throws(BodiiDomain.ValidationError) {
                    count = try Validation.integer(limit, field: "--limit", range: EatingHistory.limitRange, unit: nil)
                } catch {
                    throw CommandFailure.usage(error.message)
                }
            }
            let text = try PositionalWords.values(query).joined(separator: " ")
            let clock = try ProcessClock.current()
            guard EatingHistory.query(text, today: clock.today) != nil else {
                throw CommandFailure.usage("history needs a query: a food's name or a day, e.g. bodii history rice, bodii history yesterday")
            }
            let env = try AppEnvironment.open(databasePath: global.db, access: .readOnly)
            let entries = try EatingHistory.entries(text, today: clock.today, limit: count, in: env.repositories)
            guard !entries.isEmpty else {
                // As `bodii search`: nothing found is one line on stderr and exit 65.
                throw CommandFailure.data("nothing in your log matches \(ValidationError.quoted(text))")
            }
            json ? print(HistoryOutput.json(entries)) : PlainText.print(HistoryOutput.table(entries))
        }
    }
}

/// What `bodii history` prints.
enum HistoryOutput {
    /// `[{"date","meal","food_id","name","grams","kcal"}]`, in that key order.
    static func json(_ entries: [FoodRecord]) -> String {
        JSONValue.array(entries.map { r in
            .object([
                ("date", .string(r.date.iso)), ("meal", .string(r.meal.rawValue)), ("food_id", .string(r.foodId.rawValue)),
                ("name", .string(r.foodName)), ("grams", .decimal(r.grams)), ("kcal", .decimal(r.kcal)),
            ])
        }).text
    }

    static let width = 80

    /// Aligned lines: date, meal, name (cut with "…" to fit 80 columns), grams ("quick add" for a
    /// quick add) and kcal, each right column a space wider than its widest text.
    static func table(_ entries: [FoodRecord]) -> String {
        let grams = 10, kcal = 10, date = 10, meal = 9
        let nameWidth = width - date - meal - grams - kcal - 4
        return entries.map { r in
            TextWidth.fit(r.date.iso, to: date) + "  " + TextWidth.fit(r.meal.label, to: meal) + " "
                + TextWidth.fit(TerminalText.printable(r.foodName), to: nameWidth)
                + TextWidth.fit(NutrientFormat.amount(r), to: grams, alignment: .right)
                + TextWidth.fit("\(NutrientFormat.kcal(r.kcal)) kcal", to: kcal, alignment: .right)
        }.joined(separator: "\n")
    }
}
