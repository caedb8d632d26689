import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation
import GroceryPlanner
import PlannerSolver

// `bodii plan` (PRODUCT.md §13): the grocery plan for the next N days, as text or JSON.

struct PlanCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Plan the next days' food: your targets, close to what you eat, stock first, within the budget.")

    /// The exit status when no plan fits (PRODUCT.md §13).
    static let noPlan: Int32 = 1

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Days to plan, 1–28 (default 7).", valueName: "N"))
    var days: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("What may be spent (default: what is left of the budget for those days).", valueName: "amount"))
    var budget: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Prices from this store when it has any.", valueName: "store"))
    var store: OptionText?
    @Flag(name: .long, help: "The cheapest plan within the same limits and targets, however far from what you eat.")
    var cheapest = false
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let currency = PantryCLI.currency
            let dayCount =
                try days.map { option -> Int in
                    let text = option.text.trimmingCharacters(in: .whitespaces)
                    guard let n = Int(text), PlanRules.daysRange.contains(n) else {
                        throw CommandFailure.usage(
                            "days \(ValidationError.quoted(option.text)) is not a whole number from \(PlanRules.daysRange.lowerBound) to \(PlanRules.daysRange.upperBound)"
                        )
                    }
                    return n
                } ?? PlanRules.defaultDays
            let money = try budget.map { option in
                try validated { () throws(BodiiDomain.ValidationError) in
                    try MoneyInput.parse(option.text, currency: currency, field: "budget", maximum: MoneyInput.maximumBudget(currency))
                }
            }
            let storeName = store.map { $0.text.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
            guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, access: .readOnly, clock: clock) else {
                throw CommandFailure.noInput("no database yet: log a weight and set a profile first (bodii profile, bodii log weight)")
            }
            var input: PlanInput
            do {
                input = try PlanLoader.input(
                    repositories: env.repositories, today: clock.today, weekStart: clock.weekStart, days: dayCount, budget: money,
                    store: storeName, currency: currency)
            } catch PlanLoader.Failure.noTargets {
                throw CommandFailure.noInput("no targets yet: a plan needs a profile and a weigh-in (bodii profile, bodii log weight)")
            }
            input.cheapest = cheapest
            let plan: GroceryPlan
            do { plan = try GroceryPlanner.plan(input) } catch { throw CommandFailure.io("\(error)") }
            if json {
                print(PlanJSON.plan(plan).text)
            } else {
                for line in PlanJSON.lines(plan) { PlainText.print(TerminalText.printable(line)) }
            }
            // No plan fits: an answer, not an error, but scripts must see it (exit 1, as `search` with no match).
            if !plan.feasible { throw ExitCode(Self.noPlan) }
        }
    }
}

enum PlanJSON {
    /// PRODUCT.md §13: `{"days","budget","cost","currency","items":[…],"per_day":{…},"targets":{…},"binding":[…]}`.
    static func plan(_ plan: GroceryPlan) -> JSONValue {
        let input = plan.input, perDay = plan.reportedPerDay
        let items: [JSONValue] = plan.items.map { item in
            .object([
                ("food_id", .string(item.foodId.rawValue)), ("name", .string(item.name)), ("grams", .number(item.grams)),
                ("quantity", .number(item.quantity)), ("unit", .string(item.buyUnit.map { PantryCLI.unitName($0.unit) } ?? "g")),
                ("cost", PantryCLI.json(item.cost)), ("from_stock", .number(item.fromStockGrams)),
            ])
        }
        return .object([
            ("days", .int(input.days)), ("budget", PantryCLI.json(input.budget)), ("cost", PantryCLI.json(plan.cost)),
            ("currency", .string(input.currency.code)), ("feasible", .bool(plan.feasible)), ("cheapest", .bool(input.cheapest)),
            ("items", .array(items)),
            ("per_day", .object(perDay.keys.sorted { order($0) < order($1) }.map { ($0, .number(perDay[$0] ?? 0)) })),
            ("targets", targets(input.targets)),
            (
                "binding",
                .array(
                    plan.binding.map { b in
                        .object([("constraint", .string(b.constraint.key)), ("amount", amount(b, currency: input.currency))])
                    })
            ),
            // The nutrients some planned food has no value for: per_day is at least the figure given.
            ("partial", .array(plan.partial.sorted().map { .string($0.rawValue) })),
            ("explanation", plan.explanation.map { .string($0) } ?? .null),
            ("shopping", .array(shopping(plan))),
            (
                "from_stock",
                .array(
                    plan.fromStock.map { s in
                        .object([
                            ("food_id", .string(s.foodId.rawValue)), ("name", .string(s.name)), ("grams", .number(s.grams)),
                            ("best_before", s.bestBefore.map { .string($0.description) } ?? .null),
                        ])
                    })
            ),
            (
                "short",
                .array(
                    plan.short.map { s in
                        .object([
                            ("nutrient", .string(s.nutrient.rawValue)), ("amount", .decimal(s.amount)), ("target", .decimal(s.target)),
                            ("best_possible", .decimal(s.bestPossible)), ("unit", .string(s.nutrient.unit.rawValue)),
                        ])
                    })
            ),
            ("notes", .array(plan.notes.map { .string($0) })),
            ("menu", .array(menu(plan))),
        ])
    }

    /// The menu day by day: each meal with its slot, where it comes from and its items' grams and kcal.
    static func menu(_ plan: GroceryPlan) -> [JSONValue] {
        let figures = PlanFigures.Lookup(plan.input)
        return plan.menu.map { day in
            .object([
                ("date", .string(day.date.iso)),
                (
                    "meals",
                    .array(
                        day.meals.map { meal in
                            .object([
                                ("meal", .string(meal.slot.rawValue)), ("name", .string(meal.name)), ("source", .string(meal.source.label)),
                                (
                                    "items",
                                    .array(
                                        meal.items.map { item in
                                            .object([
                                                ("food_id", .string(item.foodId.rawValue)), ("name", .string(item.name)),
                                                ("grams", .decimal(item.grams)), ("kcal", .decimal(figures.kcal(item.foods))),
                                            ])
                                        })
                                ),
                            ])
                        })
                ),
                ("kcal", .decimal(day.kcal)), ("protein_g", .decimal(day.proteinG)),
            ])
        }
    }

    /// What to buy: whole packs, each pack's label, the grams they hold, their cost and the store.
    static func shopping(_ plan: GroceryPlan) -> [JSONValue] {
        plan.items.filter { $0.quantity > 0 }.map { item in
            let pack = item.buyUnit ?? .hundredGrams
            return .object([
                ("food_id", .string(item.foodId.rawValue)), ("name", .string(item.name)), ("packs", .number(item.quantity)),
                ("pack", .string(pack.label(packs: 1))), ("grams", .number(item.purchasedGrams)), ("cost", PantryCLI.json(item.cost)),
                ("store", item.store.map { .string($0) } ?? .null),
            ])
        }
    }

    /// kcal, protein first, then the nutrients by key.
    static func order(_ key: String) -> String { key == "kcal" ? "0" : key == "protein_g" ? "1" : "2" + key }

    static func targets(_ t: PlanTargets) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("kcal_min", .decimal(t.kcal * (1 - PlanRules.kcalTolerance))), ("kcal_max", .decimal(t.kcal * (1 + PlanRules.kcalTolerance))),
            ("protein_g", .decimal(t.proteinG)),
        ]
        for key in t.nutrients.keys.sorted() {
            guard let target = t.nutrients[key] else { continue }
            pairs.append((target.kind == .limit ? key.rawValue + "_max" : key.rawValue, .decimal(target.amount)))
        }
        return .object(pairs)
    }

    static func amount(_ b: BindingConstraint, currency: Currency) -> JSONValue {
        b.constraint == .budget
            ? PantryCLI.json(Money(minorUnits: Int64(b.amount.isFinite ? min(max(b.amount, 0), 1e12) : 0), currency: currency))
            : .decimal(b.amount)
    }

    /// The plan as text: the list to buy, what comes from stock, the total and the day's nutrients.
    static func lines(_ plan: GroceryPlan) -> [String] {
        var out: [String] = []
        let input = plan.input
        if let why = plan.explanation { out.append(why) }
        out += plan.notes
        out.append(
            (input.cheapest ? "Cheapest plan" : "Plan") + " for \(input.days) days" + (plan.feasible ? "" : " (the closest the foods come)")
                + ":")
        for item in plan.items {
            var line = "  \(item.name): \(WholeNumber.text(item.grams)) g"
            if item.quantity > 0 {
                line += ", buy \((item.buyUnit ?? .hundredGrams).label(packs: item.quantity)) (\(item.cost.formatted))"
            }
            if item.fromStockGrams > 0 { line += ", \(WholeNumber.text(item.fromStockGrams)) g from stock" }
            out.append(line)
        }
        out += menuLines(plan)
        let budgetText = input.budget.map { " of \($0.formatted)" } ?? ""
        out.append("Cost: \(plan.cost.formatted)\(budgetText).")
        // The figures the JSON gives, read as the Nutrients view writes them: the two never disagree.
        let d = plan.reportedPerDay, t = input.targets
        out.append(
            "A day: \(WholeNumber.text(d["kcal"])) kcal (target \(WholeNumber.text(t.kcal))), protein \(WholeNumber.text(d["protein_g"])) g "
                + "(at least \(WholeNumber.text(t.proteinG))).")
        // Under the Nutrients view's names, amounts as it writes them (`NutrientFormat.reading`):
        // "Potassium 5406 mg (≥ 3400)"; "≥ 12" where a food lacks a value. The planner's strict
        // three first, then the other targets of Settings → Nutrients.
        let strict: [NutrientKey] = [.fiberG, .sodiumMg, .saturatedFatG]
        let keys = strict + t.nutrients.keys.sorted().filter { !strict.contains($0) }
        let nutrients = keys.compactMap { key -> String? in
            let target = t.nutrients[key]
            guard target?.amount != nil || strict.contains(key) else { return nil }
            let value = (plan.partial.contains(key) ? "≥ " : "") + NutrientFormat.reading(d[key.rawValue] ?? 0)
            let bound = target.flatMap { target in
                target.amount.map { " (\(target.kind == .goal ? "≥" : "≤") \(NutrientFormat.reading($0)))" }
            }
            return "\(key.label) \(value) \(key.unit.rawValue)" + (bound ?? "")
        }
        out.append("Nutrients a day: " + nutrients.joined(separator: ", ") + ".")
        return out
    }
}


extension PlanJSON {
    /// "Menu:", then each day: "  2026-12-05 · 2105 kcal, 150 g protein" and its meals.
    static func menuLines(_ plan: GroceryPlan) -> [String] {
        guard !plan.menu.isEmpty else { return [] }
        var out = ["Menu:"]
        for day in plan.menu {
            out.append("  \(day.date.iso) · \(WholeNumber.text(day.kcal)) kcal, \(WholeNumber.text(day.proteinG)) g protein")
            for meal in day.meals {
                let items = meal.items.map { "\($0.name) \(WholeNumber.text($0.grams)) g" }.joined(separator: ", ")
                out.append("    \(meal.slot.label): \(items) (\(meal.source.label))")
            }
        }
        return out
    }
}
