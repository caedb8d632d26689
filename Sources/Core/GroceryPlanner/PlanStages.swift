import BodiiDomain
import PlannerSolver

// What is solved before the plan itself (PRODUCT.md §13), so that the plan's soft targets and its
// stock-first rule are measured against what is possible, not against a wish:
// - the most of each soft goal (a vitamin, a mineral) the candidate foods give a day within every
//   hard limit and the budget — a goal above it gets no row, so a target no food can meet never
//   drives the plan, and the plan names it with this best;
// - the most expiring stock a plan can eat within the hard limits: the plan must eat that much.
enum PlanStages {
    /// Per soft goal, the most a day the foods give (the LP relaxation: packs need not be whole,
    /// so this is the best they allow). Empty when the hard limits cannot be met at all: then the
    /// plan is infeasible and the diagnosis speaks, with every target.
    /// A goal the LP reaches by less than this margin is solved again in whole packs and portions:
    /// the relaxation can reach what no whole-pack plan does, and a goal the plan cannot meet would
    /// drive it (600 g of broccoli a day for 50 µg more vitamin A, on the demo).
    static let closeCall = 1.25

    static func reach(_ input: PlanInput, expiringAtLeast: Double?) throws(SolverError) -> [NutrientKey: Double] {
        let keys = input.targets.nutrients.keys.sorted().filter { key in
            guard let target = input.targets.nutrients[key] else { return false }
            return PlanRules.isSoft(key) && target.kind == .goal && target.amount != nil
        }
        guard !keys.isEmpty else { return [:] }
        let relaxed = PlanModel(input, objective: .none, budget: input.budget, newFoodCap: nil, portions: false)
        var whole: PlanModel?
        var out: [NutrientKey: Double] = [:]
        for key in keys {
            guard let most = try most(key, relaxed, input) else { return [:] }
            out[key] = most
            // With meals, the LP's best stands: a whole-pack search per goal took 15 s over 150 meals.
            guard !input.plansMeals, let target = input.targets.nutrients[key]?.amount, most < target * closeCall else { continue }
            let exact =
                whole
                ?? PlanModel(
                    input, objective: .none, budget: input.budget, newFoodCap: input.maxNewFoods, expiringAtLeast: expiringAtLeast)
            whole = exact
            out[key] = try self.most(key, exact, input) ?? most
        }
        return out
    }

    /// The most of `key` a day `model`'s rows allow; nil when they allow nothing.
    static func most(_ key: NutrientKey, _ model: PlanModel, _ input: PlanInput) throws(SolverError) -> Double? {
        var program = model.program
        for (i, food) in model.foods.enumerated() {
            let value = (input.candidates[i].per100g[key] ?? 0) / 100
            for column in food.all { program.columns[column].cost = -value }
        }
        let s = try Solver.solve(program)
        guard s.status == .optimal || (s.status == .stopped && Solver.satisfies(program, s.values)) else { return nil }
        return max(0, -s.objective) / Double(max(input.days, 1))
    }

    /// Whether `reach` leaves `amount` a day out of reach (a hair's tolerance: the LP's rounding).
    static func isUnreachable(_ amount: Double, reach: Double?) -> Bool { reach.map { $0 < amount * (1 - 1e-6) } ?? false }

    /// The grams of stock going off within the plan that a plan can eat within every hard limit,
    /// the budget and the cap on new foods; nil when there is none (or no plan at all).
    static func expiringToEat(_ input: PlanInput) throws(SolverError) -> Double? {
        var model = PlanModel(input, objective: .none, budget: input.budget, newFoodCap: input.maxNewFoods)
        guard !model.expiring.isEmpty else { return nil }
        for column in model.expiring { model.program.columns[column].cost = -1 }
        let s = try Solver.solve(model.program)
        guard s.status == .optimal || (s.status == .stopped && Solver.satisfies(model.program, s.values)) else { return nil }
        let eaten = model.expiring.reduce(0.0) { $0 + (s.values.indices.contains($1) ? s.values[$1] : 0) }
        // Half a gram under what was found: the solver's tolerance must not make the plan infeasible.
        return max(0, eaten - 0.5)
    }

    /// How many gap foods the LP may put forward: the cap, so the MIPs never choose among them.
    static let gapShortlistSize = PlanRules.maxGapFoods

    /// The foods the plan's MIPs may add as gap foods: the LP relaxation's most used (by portions,
    /// ties by id), as many as the cap allows.
    static func gapShortlist(_ input: PlanInput) throws(SolverError) -> Set<FoodID> {
        let model = PlanModel(
            input, objective: input.cheapest ? .cheapest : .closeToUsual, budget: input.budget, newFoodCap: nil, portions: false)
        let s = try Solver.solve(model.program)
        let used = model.gaps.compactMap { gap -> (id: FoodID, portions: Double)? in
            let v = s.values.indices.contains(gap.portions) ? s.values[gap.portions] : 0
            return v > 1e-6 ? (input.candidates[gap.index].foodId, v) : nil
        }
        let top = used.sorted { ($0.portions, $1.id.rawValue) > ($1.portions, $0.id.rawValue) }.prefix(gapShortlistSize).map(\.id)
        return Set(top)
    }
}
