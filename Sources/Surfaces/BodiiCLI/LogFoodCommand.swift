import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiSearch
import BodiiStore
import Foundation

struct LogFoodCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "food",
        abstract: "Record a food eaten: found by search words or --id, by grams or by servings; or quick add kcal.",
        discussion: """
            One line, one or more foods with amounts (amount first or last; a food without one is \
            logged at the amount you logged last time, else its usual portion): parts are split at \
            , + & and "and" / "with"; units g, kg, oz, lb, ml, l, fl oz, cup, tbsp, tsp or a measure \
            of the food (slice, medium, can). Exit status: 0 when every part matched, 3 when some \
            did (those are logged, the others named on stderr and in "unmatched"), 1 when none did.
            With --grams, --serving, --qty or --id, the best match of the words is logged, and the \
            output names it and the runners-up (log one of those with --id). Examples:
              bodii log food "2 eggs, 1 slice whole wheat toast and a coffee with milk"
              bodii log food "150g chicken breast" --dry-run --json
              bodii log food banana --serving medium
              bodii log food --id usda:09040 --grams 118 --meal breakfast
              bodii log food salmon --qty 6 --unit oz   (also lb, or g)
              bodii log food --kcal 850 --protein 40 --name "Burrito at lunch"   (quick add, no food)
            """)

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Words to search the food catalog for (or use --id).", valueName: "query"),
        completion: ShellCompletion.foods)
    var query: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The food's id: usda:09040, custom:3.", valueName: "id"))
    var id: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Grams eaten (0.1–5000), or an amount with a unit: 150g, 6 oz, 250 ml, 2 slices.", valueName: "g"))
    var grams: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "One of the food's servings: \"medium\", \"1 cup, sliced\"; \"slice (28 g)\" picks one of two with one name.",
            valueName: "name"))
    var serving: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How many servings, or of --unit (default 1): 2, 0.5, 1/2 or 1 1/2.", valueName: "n"))
    var qty: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("A weight unit --qty is in, instead of --grams or --serving: g, oz or lb.", valueName: "unit"))
    var unit: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("breakfast, lunch, dinner or snacks (default: by the time of day).", valueName: "meal"))
    var meal: OptionText?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quick add: energy without a food (1–10000 kcal).", valueName: "kcal"))
    var kcal: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quick add: protein (0–1000 g).", valueName: "g"))
    var protein: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quick add: carbs (0–1000 g).", valueName: "g"))
    var carbs: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quick add: fat (0–1000 g).", valueName: "g"))
    var fat: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Quick add: what it was (default \"Quick add\").", valueName: "text"))
    var name: OptionText?
    @Flag(name: .long, help: "Print what would be logged and write nothing.")
    var dryRun = false
    @Flag(name: .long, help: "Print {\"entries\": [{\"text\",\"food_id\",\"name\",\"grams\",\"quantity\",\"serving\",\"kcal\"}], \"unmatched\": [...], \"unmatched_reasons\": [{\"text\",\"reason\",\"message\"}]}; a reason is not_found or bad_amount.")
    var json = false

    /// How much, as given on the command line.
    enum Amount {
        case grams(Double)
        /// `--grams "2 slices"`: an amount in a unit the food must be weighed in.
        case typed(TypedAmount, text: String)
        case servings(name: String, quantity: String)
        /// `--qty N --unit oz|lb|g`: N of a weight unit.
        case weight(quantity: Double, unit: FoodServing)
    }

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            // Everything that needs no database first: a bad argument must not create or touch one.
            let words = try PositionalWords.searchText(query)
            if kcal != nil || protein != nil || carbs != nil || fat != nil || name != nil {
                return try quickAdd(words: words, clock: clock)
            }
            switch (words.isEmpty, id) {
            case (false, .some): throw CommandFailure.usage("give search words or --id, not both")
            case (true, nil): throw Self.noFood
            default: break
            }
            if id == nil, grams == nil, serving == nil, qty == nil, unit == nil, SearchText.hasSearchableWord(words) {
                let line = LogFoodLine(meal: meal, date: date, dryRun: dryRun, json: json, databasePath: global.db?.text)
                return try line.log(words, clock: clock)
            }
            if id == nil, !SearchText.hasSearchableWord(words) { throw Self.noSearchableWord(words) }
            let amount = try Self.amount(grams: grams?.text, serving: serving?.text, qty: qty?.text, unit: unit?.text)
            let mealChoice = try chosenMeal(clock: clock)
            let day = try chosenDay(clock: clock)

            // The food is found without writing (a refused command leaves the file as it was, or
            // creates none); logging needs no profile, so the database may be new.
            let lookup = try Self.lookup(databasePath: global.db?.text, clock: clock)
            let repos = lookup.catalog
            var note: String?
            let food: Food
            if let id {
                guard let found = try repos.food(id: FoodID(id.text)) else {
                    throw CommandFailure.data(
                        "no food with id \(ValidationError.quoted(id.text)) in the catalog: ids look like usda:09040 or custom:3")
                }
                food = found
            } else {
                let matches = try repos.searchFoods(words, limit: 3)
                guard let best = matches.first, let found = try repos.food(id: best.id) else {
                    throw CommandFailure.data(try Self.noMatch(words, in: repos))
                }
                food = found
                if matches.count > 1 {
                    let others = matches.dropFirst().map { "\($0.name) (\($0.id))" }.joined(separator: "; ")
                    note = "Best match for \(ValidationError.quoted(words)); also found: \(others). Use --id to log another."
                }
            }

            let grams: Double
            var portion = ""
            switch amount {
            case .grams(let g):
                grams = g
            case .typed(let typed, let text):
                let p = try validated { () throws(BodiiDomain.ValidationError) in try FoodPortions.portion(typed, of: food, field: "--grams") }
                guard FoodLogging.gramsRange.contains(p.grams) else {
                    throw CommandFailure.data("--grams \(ValidationError.quoted(text)) is out of range: one entry 0.1–5000 g")
                }
                grams = p.grams
                portion = p.label.replacingOccurrences(of: " (\(DecimalText.format(p.grams, decimals: 1)) g)", with: "") + " = "
                if let n = p.note { note = [n, note].compactMap { $0 }.joined(separator: " ") }
            case .weight(let quantity, let unit):
                grams = quantity * unit.grams
                if unit.grams != 1 { portion = ServingWords.amount(quantity, of: FoodServing(label: unit.label, grams: unit.grams)) + " = " }
            case .servings(let name, let quantityText):
                let serving: FoodServing
                do throws(BodiiDomain.ValidationError) { serving = try FoodLogging.serving(named: name, of: food) } catch {
                    // Two measures with one name: "slice (28 g)" picks one, "slice" the first, with a note.
                    guard let (first, others) = FoodPortions.sameNamed(name, of: food) else {
                        throw CommandFailure.data(Self.noSuchServing(name, of: food))
                    }
                    serving = first
                    if !others.isEmpty { note = [FoodPortions.sameNameNote(first, others, of: food), note].compactMap { $0 }.joined(separator: " ") }
                }
                let quantity = try validated { () throws(BodiiDomain.ValidationError) in try FoodLogging.quantity(quantityText, of: serving)
                }
                grams = FoodLogging.grams(quantity, of: serving)
                portion = ServingWords.amount(quantity, of: serving) + " = "
            }
            let record = FoodLogging.record(food: food, grams: grams, meal: mealChoice, date: day, loggedAt: clock.now)
            if dryRun || json {
                // The line's output for one food: --dry-run writes nothing, --json prints the entry.
                let entry = MealLine.Entry(
                    text: words.isEmpty ? food.id.rawValue : words, food: food, portion: FoodPortion(grams: grams, serving: nil))
                if !dryRun { _ = try FoodDiary(store: try Self.writable(global.db?.text, clock: clock)).log(record) }
                if json {
                    print(LogFoodLine.json(MealLine.Result(entries: [entry])))
                } else {
                    PlainText.print(
                        TerminalText.printable(
                            "Would log \(portion)\(FoodLogging.gramsLabel(grams)) \(food.name) (\(food.id)): "
                                + "\(WholeNumber.text(record.kcal)) kcal (--dry-run: nothing written)"))
                }
                return
            }
            // Taken from the pantry too when its item says so (off by default), in the same transaction.
            let takes = try FoodDiary(store: try Self.writable(global.db?.text, clock: clock)).log(record).taken
            PlainText.print(
                TerminalText.printable(
                    "Logged \(portion)\(FoodLogging.gramsLabel(grams)) \(food.name) (\(food.id)) to \(mealChoice.label) on \(day.iso): "
                        + "\(WholeNumber.text(record.kcal)) kcal"))
            if !takes.isEmpty {
                let lots = takes.map { "#\($0.lotId)" }.joined(separator: ", ")
                PlainText.print("Taken from the pantry (lot \(lots)).")
            }
            if let note { PlainText.print(TerminalText.printable(note)) }
        }
    }

    /// `--kcal N [--protein G --carbs G --fat G] [--name TEXT]`: logged without a food (`QuickAdd`).
    private func quickAdd(words: String, clock: any Clock) throws {
        guard let kcal else {
            throw CommandFailure.usage(
                "--protein, --carbs, --fat and --name go with --kcal (quick add): e.g. bodii log food --kcal 600 --protein 30")
        }
        guard words.isEmpty, id == nil else {
            throw CommandFailure.usage("quick add (--kcal) logs no food: leave out the search words and --id")
        }
        guard grams == nil, serving == nil, qty == nil, unit == nil else {
            throw CommandFailure.usage("quick add (--kcal) has no amount: leave out --grams, --serving, --qty and --unit")
        }
        let mealChoice = try chosenMeal(clock: clock)
        let day = try chosenDay(clock: clock)
        let input = QuickAdd.Input(
            kcal: kcal.text, protein: protein?.text ?? "", carbs: carbs?.text ?? "", fat: fat?.text ?? "", name: name?.text ?? "")
        let record: FoodRecord
        switch QuickAdd.record(input, meal: mealChoice, date: day, loggedAt: clock.now, fieldName: { "--" + $0.rawValue }) {
        case .failure(let errors): throw CommandFailure.data(errors.first?.message ?? "quick add is not valid")
        case .success(let r): record = r
        }
        let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
        try env.repositories.addFoodRecord(record)
        let macros =
            " (P \(DecimalText.format(record.proteinG, decimals: 1)) g, C \(DecimalText.format(record.carbsG, decimals: 1)) g, "
            + "F \(DecimalText.format(record.fatG, decimals: 1)) g)"
        PlainText.print(
            TerminalText.printable(
                "Logged \(record.foodName) to \(mealChoice.label) on \(day.iso): "
                    + "\(WholeNumber.text(record.kcal)) kcal" + macros))
    }

    /// Where foods are looked up, and the read-only database it is, if one.
    struct Lookup {
        let catalog: any FoodCatalogRepository
        let readOnly: BodiiDatabase?

        /// Once the process has read what it prints: the read-only handle ends as SQLite needs and
        /// is not torn down (its search caches, freed piece by piece, were ~5 M instructions of a
        /// `log food` process). `catalog` must not be used afterwards.
        func finishReading() {
            readOnly?.finishReading()
        }
    }

    /// Where foods are looked up: the database read-only when it holds the catalog, the shipped
    /// catalog in memory when there is no database yet; a database without the catalog yet (or
    /// that needs upgrading) is opened for writing, as logging will.
    static func lookup(databasePath: String?, clock: any Clock) throws -> Lookup {
        do {
            let env = try AppEnvironment.open(databasePath: databasePath, access: .readOnly, clock: clock)
            if try env.repositories.holdsShippedCatalog() {
                env.repositories.searchOnce()
                return Lookup(catalog: env.repositories, readOnly: env.database)
            }
        } catch let failure as CommandFailure where failure.isNoDatabase {
            return Lookup(catalog: try BodiiDatabase.shippedCatalogInMemory(), readOnly: nil)
        } catch let failure as CommandFailure where failure.needsUpgrade {
            // upgraded by the write below
        }
        return Lookup(catalog: try AppEnvironment.open(databasePath: databasePath, clock: clock).repositories, readOnly: nil)
    }

    static let noFood = CommandFailure.usage("say which food: search words (bodii log food banana …) or --id ID")

    /// Nothing to search by ("!!!", "🍌") would log the most-used food, and "x" or "the" whatever
    /// happens to contain them.
    static func noSearchableWord(_ words: String) -> CommandFailure {
        CommandFailure.data(
            "food \(ValidationError.quoted(words)) has no word to search by: "
                + "give words of a food's name (two letters or more), e.g. bodii log food banana --grams 120")
    }

    /// Why nothing was logged for `words`, with the foods its single words find, if any.
    static func noMatch(_ words: String, in repos: any FoodCatalogRepository) throws -> String {
        var close: [String] = []
        for word in words.split(separator: " ") where close.count < 3 {
            for food in try repos.searchFoods(String(word), limit: 2) where !close.contains(food.name) { close.append(food.name) }
        }
        let hint =
            close.isEmpty ? "try fewer or other words" : "close names: " + close.prefix(3).map { "\"\($0)\"" }.joined(separator: ", ")
        return "no food matches \(ValidationError.quoted(words)); nothing was logged: \(hint)"
    }

    /// Why `name` picks no serving of `food`, with the servings it has.
    static func noSuchServing(_ name: String, of food: Food) -> String {
        guard !food.servings.isEmpty else { return "\(food.name) has no servings: give --grams instead" }
        let wanted = name.trimmingCharacters(in: .whitespaces).lowercased()
        let matching = food.servings.filter { !wanted.isEmpty && $0.label.lowercased().contains(wanted) }
        let list = (matching.count > 1 ? matching : food.servings).map(\.label).joined(separator: "; ")
        return matching.count > 1
            ? "serving \(ValidationError.quoted(name)) fits several servings of \(food.name): \(list)"
            : "\(food.name) has no serving \(ValidationError.quoted(name)): allowed \(list)"
    }

    /// --grams, or --serving with an optional --qty, or --unit with an optional --qty; one of them.
    static func amount(grams: String?, serving: String?, qty: String?, unit: String?) throws -> Amount {
        if let unit {
            guard grams == nil, serving == nil else {
                throw CommandFailure.usage("--unit goes with --qty alone: leave out --grams and --serving")
            }
            guard let weight = FoodServing.weightUnit(unit) else {
                throw CommandFailure.usage(
                    "--unit \(ValidationError.quoted(unit)) is not a weight unit: allowed g, oz or lb "
                        + "(a food's own measures go with --serving)")
            }
            let text = qty ?? "1"
            // Grams keep their own range (0.1–5000); oz and lb count like a serving of that weight.
            let quantity = try validated { () throws(BodiiDomain.ValidationError) in
                weight.grams == 1 ? try FoodLogging.grams(text, field: "--qty") : try FoodLogging.quantity(text, of: weight, field: "--qty")
            }
            return .weight(quantity: quantity, unit: weight)
        }
        switch (grams, serving) {
        case (.some, .some):
            throw CommandFailure.usage("give --grams or --serving, not both")
        case (nil, nil):
            throw CommandFailure.usage("say how much: --grams G, --serving NAME [--qty N], or --qty N --unit g|oz|lb")
        case (.some(let text), nil):
            if qty != nil { throw CommandFailure.usage("--qty counts servings: use it with --serving, not --grams") }
            if let typed = TypedAmount.parse(text), let unit = typed.unit {
                if case .weight(_, let g) = unit {
                    let total = typed.quantity * g
                    guard FoodLogging.gramsRange.contains(total) else {
                        throw CommandFailure.data("--grams \(ValidationError.quoted(text)) is out of range: allowed 0.1–5000 g")
                    }
                    return .grams(total)
                }
                return .typed(typed, text: text)
            }
            return .grams(try validated { () throws(BodiiDomain.ValidationError) in try FoodLogging.grams(text) })
        case (nil, .some(let name)):
            let quantity = qty ?? "1"
            _ = try validated { () throws(BodiiDomain.ValidationError) in try FoodLogging.quantity(quantity) }
            return .servings(name: name, quantity: quantity)
        }
    }
}

/// Runs a validator; its error becomes bad data (exit 65) with the validator's one-line message.
func validated<T>(_ body: () throws(BodiiDomain.ValidationError) -> T) throws -> T {
    do throws(BodiiDomain.ValidationError) { return try body() } catch { throw CommandFailure.data(error.message) }
}
