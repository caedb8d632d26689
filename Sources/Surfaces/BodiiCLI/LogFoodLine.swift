import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation

/// `bodii log food TEXT [--meal M] [--date D] [--dry-run] [--json]` (PRODUCT.md §3, §4): one line,
/// one or more foods with amounts ("2 eggs, 1 slice whole wheat toast and a coffee with milk"),
/// each found by the food search and logged at its amount, the usual portion where none is given.
/// Exit 0 when every part matched, 3 when some did (they are logged; the others are named), 1 when
/// none did (nothing is written). Run by `LogFoodCommand` and, in its plain form, by `PlainLogFood`.
struct LogFoodLine {
    var meal: OptionText?
    var date: OptionText?
    var dryRun = false
    var json = false
    var databasePath: String?

    /// How far back a food's last amount is looked for.
    static let lastAmountDays = 90

    /// The command from its search words on, as `LogFoodCommand.run` reads them when no amount,
    /// id or quick-add option is given.
    func run(words query: [String]) throws {
        let clock = try ProcessClock.current()
        // Everything that needs no database first: a bad argument must not create or touch one.
        let words = try PositionalWords.searchText(query)
        guard !words.isEmpty else { throw LogFoodCommand.noFood }
        guard SearchText.hasSearchableWord(words) else { throw LogFoodCommand.noSearchableWord(words) }
        try log(words, clock: clock)
    }

    func log(_ text: String, clock: any Clock) throws {
        let mealChoice = try LogFoodCommand.meal(meal, clock: clock)
        let day = try LogFoodCommand.day(date, clock: clock)
        let lookup = try LogFoodCommand.lookup(databasePath: databasePath, clock: clock)
        // The process ends after this: the read-only handle is finished, not torn down.
        defer { lookup.finishReading() }
        let repos = lookup.catalog
        let log = repos as? any FoodLogRepository
        // The last amount before the day logged, as the Diet search reads it for its selected day.
        let recent = DateRange(ending: day, days: Self.lastAmountDays)
        let result = try MealLine.resolve(text, catalog: repos, lastGrams: { id in (try? log?.lastGrams(of: id, in: recent)) ?? nil })
        let records = result.entries.map { e in
            FoodLogging.record(food: e.food, grams: e.portion.grams, meal: mealChoice, date: day, loggedAt: clock.now)
        }
        if !records.isEmpty, !dryRun {
            var batch = HistoryBatch()
            batch.food = records
            try LogFoodCommand.writable(databasePath, clock: clock).write(batch)
        }
        if json {
            print(Self.json(result))
        } else {
            let verb = dryRun ? "Would log" : "Logged"
            for e in result.entries {
                PlainText.print(
                    TerminalText.printable(
                        "\(verb) \(e.portion.label) \(e.food.name) (\(e.food.id)): \(WholeNumber.text(e.kcal)) kcal"))
            }
            if !result.entries.isEmpty {
                let total = result.entries.reduce(0) { $0 + $1.kcal }
                PlainText.print(
                    "\(dryRun ? "Would be" : "Was") \(mealChoice.label) on \(day.iso): \(WholeNumber.text(total)) kcal"
                        + (dryRun ? " (--dry-run: nothing written)" : ""))
            }
            for note in result.notes where !result.unmatched.isEmpty || !note.hasPrefix("no food") {
                StandardError.write("bodii: " + note)
            }
        }
        if result.entries.isEmpty {
            if !json { StandardError.write("bodii: nothing matched \(ValidationError.quoted(text)); nothing was logged") }
            throw ExitCode(1)
        }
        if !result.unmatched.isEmpty { throw ExitCode(3) }
    }

    /// `{"entries": [{"text","food_id","name","grams","quantity","serving","kcal"}], "unmatched": [...],
    /// "unmatched_reasons": [{"text","reason","message"}]}`: the reasons are parallel to
    /// `unmatched` (same order, the order typed), a key of their own so `unmatched` stays as it was.
    static func json(_ result: MealLine.Result) -> String {
        JSONValue.object([
            (
                "entries",
                .array(
                    result.entries.map { e in
                        .object([
                            ("text", .string(e.text)), ("food_id", .string(e.food.id.rawValue)), ("name", .string(e.food.name)),
                            ("grams", .decimal(e.portion.grams)), ("quantity", .number((e.portion.quantity * 100).rounded() / 100)),
                            ("serving", e.portion.serving.map { .string($0.label) } ?? .string("g")),
                            ("kcal", .decimal(e.kcal)),
                        ])
                    })
            ),
            ("unmatched", .array(result.unmatched.map { .string($0) })),
            (
                "unmatched_reasons",
                .array(
                    zip(result.unmatched, result.misses).map { text, miss in
                        .object([("text", .string(text)), ("reason", .string(miss.kind.rawValue)), ("message", .string(miss.message))])
                    })
            ),
        ]).text
    }
}

extension LogFoodCommand {
    /// The database opened for writing, with the catalog the app's search and recent foods need.
    static func writable(_ path: String?, clock: any Clock) throws -> SQLiteRepositories {
        let env = try AppEnvironment.open(databasePath: path, clock: clock)
        try env.repositories.prepareFoodCatalog()
        return env.repositories
    }

    func chosenMeal(clock: any Clock) throws -> Meal { try Self.meal(meal, clock: clock) }

    func chosenDay(clock: any Clock) throws -> LocalDate { try Self.day(date, clock: clock) }

    /// `--meal`, or the meal the time of day suggests.
    static func meal(_ meal: OptionText?, clock: any Clock) throws -> Meal {
        guard let meal else { return Meal.likely(now: clock) }
        do throws(BodiiDomain.ValidationError) { return try FoodLogging.meal(meal.text) } catch {
            throw CommandFailure.usage("--meal \(ValidationError.quoted(meal.text)) is not a meal: allowed breakfast, lunch, dinner or snacks")
        }
    }

    /// `--date`, or today.
    static func day(_ date: OptionText?, clock: any Clock) throws -> LocalDate {
        try date.map { text in
            try validated { () throws(BodiiDomain.ValidationError) in try Validation.date(text.text, today: clock.today) }
        } ?? clock.today
    }
}
