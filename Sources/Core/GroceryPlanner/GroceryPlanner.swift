import BodiiDomain
import PlannerSolver

/// One food of a plan: its grams over the N days, how much comes from stock, and what buying the
/// rest costs.
public struct PlanItem: Equatable, Sendable {
    public var foodId: FoodID
    public var name: String
    public var grams: Double
    public var fromStockGrams: Double
    public var boughtGrams: Double
    /// What is bought: whole packs (what is not eaten stays in stock).
    public var purchasedGrams: Double
    /// The packs times the pack's price in whole minor units; zero when all is from stock.
    public var cost: Money
    /// Whole packs to buy.
    public var quantity: Double
    /// The pack bought (`PlanCandidate.pack`).
    public var buyUnit: BuyUnit?
    /// Where the price is from: the store asked for when it had prices, else nil (anywhere).
    public var store: String? = nil
}

/// Stock a plan eats: one lot's grams, and its best-before.
public struct StockUse: Equatable, Sendable {
    public var foodId: FoodID
    public var name: String
    public var grams: Double
    public var bestBefore: LocalDate?
}

/// A soft goal the plan falls short of, a day: what it gives, the target, and the most the foods
/// could give within the hard limits and the budget (`PlanStages.reach`).
public struct ShortTarget: Equatable, Sendable {
    public var nutrient: NutrientKey
    public var amount: Double
    public var target: Double
    public var bestPossible: Double
}

/// A constraint that decides the plan, and by how much.
public struct BindingConstraint: Equatable, Sendable {
    public var constraint: PlanConstraint
    /// For a feasible plan: 0 (the plan sits at this bound). For an infeasible one: how far it is
    /// missed per day (nutrients, in their units), the money more needed (budget, minor units), or
    /// the new foods more needed.
    public var amount: Double
}

/// The answer: a plan, or (when none fits) why not.
public struct GroceryPlan: Equatable, Sendable {
    public var input: PlanInput
    public var feasible: Bool
    public var items: [PlanItem]
    public var cost: Money
    /// Per-day averages: "kcal", "protein_g" and each target nutrient's key (of the known values).
    public var perDay: [String: Double]
    public var binding: [BindingConstraint]
    /// One sentence when infeasible: "protein short by 12 g a day; it needs €4.20 more budget, or 2 more new foods".
    public var explanation: String?
    /// The nutrients some planned food lacks a value for: their per-day figure is at least that.
    public var partial: Set<NutrientKey> = []
    /// The soft goals missed, with the best the foods allow.
    public var short: [ShortTarget] = []
    /// The stock the plan eats, lot by lot.
    public var fromStock: [StockUse] = []
    /// Said beside the plan: prices in another currency than the config's, expiring stock a hard
    /// limit keeps uneaten, menu days outside ±10 % of the kcal target.
    public var notes: [String] = []
    /// The meals day by day (meal mode, `PlanInput.plansMeals`); empty when the plan chooses grams of foods.
    public var menu: [PlanDay] = []

    /// `perDay` as reported (`PlanFigures.reported`): what the JSON gives and the text reads.
    public var reportedPerDay: [String: Double] { perDay.mapValues(PlanFigures.reported) }
}

public enum GroceryPlanner {
    public static func plan(_ asked: PlanInput) throws(SolverError) -> GroceryPlan {
        var input = asked
        // `--cheapest` is the classic diet problem: grams of foods, no meals, no menu.
        if input.cheapest { input.meals = [] }
        if input.plansMeals, input.gapFoods == nil { input.gapFoods = try PlanStages.gapShortlist(input) }
        let mustEat = try PlanStages.expiringToEat(input)
        let reach = try PlanStages.reach(input, expiringAtLeast: mustEat)
        func built(
            counts: [Double]? = nil, whole: Bool = false, relaxed: Bool = false, anyGap: Bool = false, rule: PlanDayRule = .average
        ) -> PlanModel {
            var input = input
            if anyGap { input.gapFoods = nil }
            var model = PlanModel(
                input, objective: input.cheapest ? .cheapest : .closeToUsual, budget: input.budget, newFoodCap: input.maxNewFoods,
                portions: !relaxed, reach: reach, expiringAtLeast: mustEat, mealCounts: counts, wholeMeals: whole, dayRule: rule)
            if whole, rule == .band { model.program.maximumNodes = PlanModel.wholeSearchNodes }
            return model
        }
        func usable(_ s: LPSolution, _ m: PlanModel) -> Bool {
            s.status == .optimal || (s.status == .stopped && Solver.satisfies(m.program, s.values))
        }
        // With meals, first the LP (`PlanModelMeals`: the counts to round); without, the plan itself.
        // A small program (the demo's 30 meals over 7 days) is searched whole from the start.
        let small = input.meals.count * input.days <= PlanRules.wholeMealSearchSize
        func solved(_ rule: PlanDayRule) throws(SolverError) -> (PlanModel, LPSolution) {
            var model = built(relaxed: input.plansMeals, rule: rule)
            var solution = try Solver.solve(model.program)
            guard input.plansMeals, usable(solution, model) else { return (model, solution) }
            // Meal counts solved continuous, then whole near them (`PlanModelMeals`).
            // Then, when that fails, with any food as a gap food; last, the counts searched whole.
            let counts = model.mealColumns.map { solution.values.indices.contains($0) ? max(0, solution.values[$0]) : 0 }
            let whole = { built(whole: true, anyGap: true, rule: rule) }
            let tries =
                small ? [whole] : [{ built(counts: counts, rule: rule) }, { built(counts: counts, anyGap: true, rule: rule) }, whole]
            for next in tries {
                let attempt = next()
                let s = try Solver.solve(attempt.program)
                (model, solution) = (attempt, s)
                if usable(s, attempt) { break }
            }
            return (model, solution)
        }
        var (model, solution) = try solved(.average)
        guard usable(solution, model) else {
            var plan = try infeasible(input)
            plan.notes = currencyNotes(input) + input.leftOutNote
            return plan
        }
        var menu: (days: [PlanDay], notes: [String]) = ([], [])
        if input.plansMeals {
            menu = PlanMenu.build(input, model: model, values: solution.values)
            // A day outside ±10 %: the meals chosen cannot be balanced; solved again with the band's
            // rows (`PlanModelDayBand`), whose every even layout keeps each day inside. They ask
            // more than the band, so when they leave no plan a small program is solved day by day
            // (`PlanModelDays`): exact, so its "no plan" is proved.
            if !menu.notes.isEmpty {
                let outside = PlanMenu.outside(menu.days, target: input.targets.kcal)
                (model, solution) = try solved(.band)
                var proved = false
                if !usable(solution, model), small {
                    (model, solution) = try solved(.dayByDay)
                    proved = solution.status == .infeasible
                }
                guard usable(solution, model) else {
                    var plan = try dayBandInfeasible(input, proved: proved, outside: outside)
                    plan.notes = currencyNotes(input) + input.leftOutNote
                    return plan
                }
                menu = PlanMenu.build(input, model: model, values: solution.values)
            }
        }
        // Soft rows missed: by how much a day, in place of the 0 of a row the plan merely sits on.
        var short = shortfalls(model, solution.values, days: input.days)
        var plan = result(input, model: model, values: solution.values, feasible: true, binding: [])
        if input.plansMeals {
            plan = result(input, model: model, values: solution.values, feasible: true, binding: [], eaten: PlanMenu.eaten(menu.days))
            plan.menu = menu.days
        }
        let menuNotes = menu.notes
        for key in model.unreachable.sorted() {
            let target = input.targets.nutrients[key]?.amount ?? 0, amount = plan.perDay[key.rawValue] ?? 0
            if target - amount > 0.05 { short.append(BindingConstraint(constraint: .nutrientGoal(key), amount: target - amount)) }
        }
        let missed = Set(short.map(\.constraint))
        plan.binding = binding(model, solution).filter { !missed.contains($0.constraint) } + short
        plan.short = shortTargets(plan, reach: reach)
        if !short.isEmpty { plan.explanation = shortfallExplanation(short, input: input, reach: reach) }
        plan.notes = currencyNotes(input) + input.leftOutNote + uneatenNotes(model, solution.values, input: input) + menuNotes
        return plan
    }

    /// The soft goals the plan gives less of than their target.
    static func shortTargets(_ plan: GroceryPlan, reach: [NutrientKey: Double]) -> [ShortTarget] {
        plan.input.targets.nutrients.keys.sorted().compactMap { key in
            guard PlanRules.isSoft(key), let t = plan.input.targets.nutrients[key], t.kind == .goal, let target = t.amount else {
                return nil
            }
            let amount = plan.perDay[key.rawValue] ?? 0
            guard target - amount > 0.05 else { return nil }
            return ShortTarget(nutrient: key, amount: amount, target: target, bestPossible: reach[key].map { min($0, target) } ?? amount)
        }
    }

    /// "Prices are in EUR, not the USD of your settings: the plan and its budget are in EUR."
    static func currencyNotes(_ input: PlanInput) -> [String] {
        guard let configured = input.configuredCurrency, configured.code != input.currency.code else { return [] }
        return [
            "Prices are in \(input.currency.code), not the \(configured.code) of your settings: the plan and its budget are in \(input.currency.code)."
        ]
    }

    /// Expiring stock the plan leaves uneaten: only when eating it would break a hard limit.
    static func uneatenNotes(_ model: PlanModel, _ values: [Double], input: PlanInput) -> [String] {
        var out: [String] = []
        for (i, c) in input.candidates.enumerated() {
            for (l, lot) in c.lots.enumerated() where lot.expires(within: input.days) && model.foods[i].lots.indices.contains(l) {
                let column = model.foods[i].lots[l]
                let left = lot.grams - (values.indices.contains(column) ? values[column] : 0)
                guard left >= 1 else { continue }
                let when = lot.bestBefore.map { " (best before \($0))" } ?? ""
                let why =
                    input.plansMeals
                    ? "no meal of yours or gap portion holds them within the plan's limits" : "eating them would break a limit of the plan"
                out.append("\(WholeNumber.text(left)) g of \(c.name)\(when) stay uneaten: \(why).")
            }
        }
        return out
    }

    /// The constraints whose elastic column is used, with how far they are missed a day (more than
    /// 0.05 of their unit: below is the solver's rounding).
    static func shortfalls(_ model: PlanModel, _ values: [Double], days: Int, least: Double = 0.05) -> [BindingConstraint] {
        model.elastic.keys.sorted().compactMap { c in
            guard let column = model.elastic[c], values.indices.contains(column) else { return nil }
            let missed = values[column] / Double(max(days, 1))
            return missed > least ? BindingConstraint(constraint: c, amount: missed) : nil
        }
    }

    /// The plan's program without portions or the new-food cap: the LP the MIP branches from (the benchmark times it).
    public static func relaxedProgram(_ input: PlanInput) -> LinearProgram {
        PlanModel(input, objective: .closeToUsual, budget: input.budget, newFoodCap: nil, portions: false).program
    }

    /// The constraints the plan sits on (within a gram, a cent or a kcal of a bound).
    static func binding(_ model: PlanModel, _ solution: LPSolution) -> [BindingConstraint] {
        model.rows.keys.sorted().compactMap { c in
            guard let r = model.rows[c], solution.rowActivities.indices.contains(r) else { return nil }
            let row = model.program.rows[r], a = solution.rowActivities[r]
            let tight = (row.lower.isFinite && a - row.lower < 0.5) || (row.upper.isFinite && row.upper - a < 0.5)
            return tight ? BindingConstraint(constraint: c, amount: 0) : nil
        }
    }

    /// The plan's items and per-day nutrients, recomputed from the grams chosen; in meal mode from
    /// `eaten`, the menu's grams of each food (stock first, lot by lot, then what is bought).
    static func result(
        _ input: PlanInput, model: PlanModel, values: [Double], feasible: Bool, binding: [BindingConstraint],
        eaten: [FoodID: Double]? = nil
    ) -> GroceryPlan {
        func value(_ c: Int?) -> Double { c.map { values.indices.contains($0) ? max(0, values[$0]) : 0 } ?? 0 }
        var items: [PlanItem] = []
        var fromStock: [StockUse] = []
        for (i, c) in input.candidates.enumerated() {
            let f = model.foods[i]
            // Below a gram is the solver's rounding, not food.
            var lotGrams = f.lots.map { value($0) < 0.5 ? 0 : value($0).rounded() }
            let packs = f.units.map { value($0).rounded() } ?? 0
            let purchased = packs * f.unitGrams
            var bought = min(value(f.bought) < 0.5 ? 0 : value(f.bought).rounded(), purchased)
            if let eaten {
                var left = eaten[c.foodId] ?? 0
                lotGrams = f.lots.map { column in
                    let take = min(value(column), left)
                    left -= take
                    return take
                }
                bought = left < 1e-6 ? 0 : left
            }
            let stock = lotGrams.reduce(0, +)
            guard stock + bought > 0 else { continue }
            for (l, grams) in lotGrams.enumerated() where grams > 0 && c.lots.indices.contains(l) {
                fromStock.append(StockUse(foodId: c.foodId, name: c.name, grams: grams, bestBefore: c.lots[l].bestBefore))
            }
            items.append(
                PlanItem(
                    foodId: c.foodId, name: c.name, grams: stock + bought, fromStockGrams: stock, boughtGrams: bought,
                    purchasedGrams: purchased, cost: PlanFigures.cost(packs: packs, candidate: c, currency: input.currency),
                    quantity: packs, buyUnit: c.pricePer100g == nil ? c.buyUnit : c.pack, store: c.priceStore))
        }
        let cost = items.reduce(Money.zero(input.currency)) { $0 + $1.cost }
        return GroceryPlan(
            input: input, feasible: feasible, items: items, cost: cost, perDay: PlanFigures.perDay(items, input: input),
            binding: binding, explanation: nil, partial: PlanFigures.partial(items, input: input), fromStock: fromStock)
    }
}

/// The figures of a plan from its grams: one computation, shared by the plan and its checks.
public enum PlanFigures {
    /// What `packs` whole packs of a candidate cost: packs × the pack's price, in whole minor units.
    public static func cost(packs: Double, candidate: PlanCandidate, currency: Currency) -> Money {
        guard packs > 0, let cents = candidate.packCents else { return .zero(currency) }
        return Money(minorUnits: Int64(packs) * cents, currency: currency)
    }

    /// The average per day of kcal, protein and each target nutrient.
    public static func perDay(_ items: [PlanItem], input: PlanInput) -> [String: Double] {
        let byId = Dictionary(input.candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        func total(_ value: (Nutrients) -> Double?) -> Double {
            items.reduce(0) { sum, item in sum + (byId[item.foodId].flatMap { value($0.per100g) } ?? 0) * item.grams / 100 }
                / Double(max(input.days, 1))
        }
        var out = ["kcal": total { $0.kcal }, "protein_g": total { $0.proteinG }]
        for key in Set(input.targets.nutrients.keys).union([.fiberG, .sodiumMg, .saturatedFatG]) {
            out[key.rawValue] = total { $0[key] }
        }
        return out
    }

    /// A per-day figure as the plan reports it, in the JSON and the text alike: to 0.01 below 1,
    /// else to 0.1 (half away from zero). Rounded once, here: the JSON rounding B12's 3.55 µg
    /// to 3.6 while the text's `%.1f` read the same double as 3.5 made the two disagree.
    public static func reported(_ value: Double) -> Double {
        guard value.isFinite, abs(value) < 1e15 else { return value }
        let scale = abs(value) < 1 ? 100.0 : 10.0
        return (value * scale).rounded() / scale + 0  // + 0: no "-0"
    }

    /// The target nutrients some food of the plan has no value for.
    public static func partial(_ items: [PlanItem], input: PlanInput) -> Set<NutrientKey> {
        let byId = Dictionary(input.candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(input.targets.nutrients.keys.filter { key in items.contains { byId[$0.foodId]?.per100g[key] == nil } })
    }
}
