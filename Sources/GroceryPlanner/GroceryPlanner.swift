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
    /// What is bought: whole units for a food bought by the piece or pack (what is not eaten stays
    /// in stock), else the bought grams.
    public var purchasedGrams: Double
    /// What the purchased grams cost at the food's median price; zero when all is from stock.
    public var cost: Money
    /// How much to buy in the unit the user buys it in (nil unit: by weight).
    public var quantity: Double
    public var buyUnit: BuyUnit?
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
}

public enum GroceryPlanner {
    /// MIP search bounds: fixed node counts (not seconds) keep the answer the same on a busy machine.
    static let timeLimit = 5.0

    public static func plan(_ input: PlanInput) throws(SolverError) -> GroceryPlan {
        let model = PlanModel(input, objective: .closeToUsual, budget: input.budget, newFoodCap: input.maxNewFoods)
        let solution = try Solver.solve(model.program, timeLimit: timeLimit)
        guard solution.status == .optimal || (solution.status == .stopped && Solver.satisfies(model.program, solution.values)) else {
            return try infeasible(input)
        }
        // Soft rows missed: by how much a day, in place of the 0 of a row the plan merely sits on.
        let short = shortfalls(model, solution.values, days: input.days)
        let missed = Set(short.map(\.constraint))
        var plan = result(
            input, model: model, values: solution.values, feasible: true,
            binding: binding(model, solution).filter { !missed.contains($0.constraint) } + short)
        if !short.isEmpty { plan.explanation = shortfallExplanation(short, input: input) }
        return plan
    }

    /// The constraints whose elastic column is used, with how far they are missed a day (more than
    /// 0.05 of their unit: below is the solver's rounding).
    static func shortfalls(_ model: PlanModel, _ values: [Double], days: Int) -> [BindingConstraint] {
        model.elastic.keys.sorted().compactMap { c in
            guard let column = model.elastic[c], values.indices.contains(column) else { return nil }
            let missed = values[column] / Double(max(days, 1))
            return missed > 0.05 ? BindingConstraint(constraint: c, amount: missed) : nil
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

    /// The plan's items and per-day nutrients, recomputed from the grams chosen.
    static func result(_ input: PlanInput, model: PlanModel, values: [Double], feasible: Bool, binding: [BindingConstraint]) -> GroceryPlan
    {
        func value(_ c: Int?) -> Double { c.map { values.indices.contains($0) ? max(0, values[$0]) : 0 } ?? 0 }
        var items: [PlanItem] = []
        for (i, c) in input.candidates.enumerated() {
            let f = model.foods[i]
            let stock = f.lots.reduce(0) { $0 + value($1) }, bought = value(f.bought)
            // Below a gram is the solver's rounding, not food.
            let stockGrams = stock < 0.5 ? 0 : stock.rounded(), boughtGrams = bought < 0.5 ? 0 : bought.rounded()
            guard stockGrams + boughtGrams > 0 else { continue }
            let units = f.units.map { value($0).rounded() }
            let purchased = units.map { $0 * f.unitGrams } ?? boughtGrams
            items.append(
                PlanItem(
                    foodId: c.foodId, name: c.name, grams: stockGrams + boughtGrams, fromStockGrams: stockGrams,
                    boughtGrams: boughtGrams, purchasedGrams: purchased,
                    cost: PlanFigures.cost(of: purchased, candidate: c, currency: input.currency),
                    quantity: units ?? c.buyUnit?.quantity(for: boughtGrams) ?? boughtGrams, buyUnit: c.buyUnit))
        }
        let cost = items.reduce(Money.zero(input.currency)) { $0 + $1.cost }
        return GroceryPlan(
            input: input, feasible: feasible, items: items, cost: cost, perDay: PlanFigures.perDay(items, input: input),
            binding: binding, explanation: nil, partial: PlanFigures.partial(items, input: input))
    }
}

/// The figures of a plan from its grams: one computation, shared by the plan and its checks.
public enum PlanFigures {
    /// What `grams` of a candidate cost at its price per 100 g (rounded to the minor unit).
    public static func cost(of grams: Double, candidate: PlanCandidate, currency: Currency) -> Money {
        guard grams > 0, let price = candidate.pricePer100g else { return .zero(currency) }
        return Money(minorUnits: 1, currency: currency).scaled(by: price * grams / 100, over: 1) ?? .zero(currency)
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

    /// The target nutrients some food of the plan has no value for.
    public static func partial(_ items: [PlanItem], input: PlanInput) -> Set<NutrientKey> {
        let byId = Dictionary(input.candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        return Set(input.targets.nutrients.keys.filter { key in items.contains { byId[$0.foodId]?.per100g[key] == nil } })
    }
}
