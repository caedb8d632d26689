import ArgumentParser
import BodiiApp
import BodiiDocument
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
    @Argument(
        parsing: .allUnrecognized,
        help: ArgumentHelp(
            "A food (\"rice\", words in any order, plurals alike) or a day (YYYY-MM-DD, today, yesterday).", valueName: "query"),
        completion: ShellCompletion.foods)
    var query: [String] = []
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
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
            let text = try PositionalWords.searchText(query)
            let clock = try ProcessClock.current()
            guard EatingHistory.query(text, today: clock.today) != nil else {
                throw CommandFailure.usage(
                    "history needs a query: a food's name or a day, e.g. bodii history rice, bodii history yesterday")
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly)
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
        JSONValue.array(
            entries.map { r in
                .object([
                    ("date", .string(r.date.iso)), ("meal", .string(r.meal.rawValue)), ("food_id", .string(r.foodId.rawValue)),
                    ("name", .string(r.foodName)), ("grams", .decimal(r.grams)), ("kcal", .decimal(r.kcal)),
                ])
            }
        ).text
    }

    static let width = 80
    /// Between every two columns: columns never touch, whatever their contents.
    static let gap = "  "

    /// Aligned lines: date, meal, name (cut with "…" to what the other columns leave of 80),
    /// grams ("quick add" for a quick add) and kcal, each column as wide as its widest text and
    /// two spaces from the next (issue 26: fixed widths ran "400 g" into "1072 kcal").
    static func table(_ entries: [FoodRecord]) -> String {
        let rows = entries.map { r in
            (
                date: r.date.iso, meal: r.meal.label, name: TerminalText.printable(r.foodName),
                amount: NutrientFormat.amount(r), kcal: "\(NutrientFormat.kcal(r.kcal)) kcal"
            )
        }
        func widest(_ texts: [String]) -> Int { texts.map(TextWidth.of).max() ?? 0 }
        let date = widest(rows.map(\.date)), meal = widest(rows.map(\.meal))
        let amount = widest(rows.map(\.amount)), kcal = widest(rows.map(\.kcal))
        let fixed = date + meal + amount + kcal + 4 * gap.count
        let name = min(widest(rows.map(\.name)), max(minimumNameWidth, width - fixed))
        let names = DistinctNames.shorten(rows.map(\.name), width: name)
        return zip(rows, names).map { r, shown in
            [
                TextWidth.fit(r.date, to: date), TextWidth.fit(r.meal, to: meal), TextWidth.fit(shown, to: name),
                TextWidth.fit(r.amount, to: amount, alignment: .right), TextWidth.fit(r.kcal, to: kcal, alignment: .right),
            ]
            .joined(separator: gap)
        }.joined(separator: "\n")
    }

    /// The name keeps this much even when the numbers are wide (the line then passes 80).
    static let minimumNameWidth = 16
}
