import BodiiDomain
import PlannerSolver

// When no plan fits (PRODUCT.md §13): the smallest change that makes one exist, with its true
// amount. The hard targets are relaxed lexicographically, one at a time in `diagnosisOrder`: the
// least the first must be missed with every other hard row free, that fixed, then the next — so
// a plan 1 cent short of protein is "protein short by 0.03 g", not a weighted mix of every row
// (which said 23.5 g, and "kcal over by 397" beside it). Only the first two missed are named.
// Beside them, the budget alone (the cheapest plan that meets everything) and the cap on new
// foods alone (the fewest new foods that meet everything). Soft targets never make a plan infeasible.
extension GroceryPlanner {
    /// The order the hard targets are relaxed in: energy first (a plan the person can live on), then protein, then the rest.
    static func diagnosisOrder(_ c: PlanConstraint) -> Int {
        switch c {
        // The day band (only in its own diagnosis, `dayBandInfeasible`): what the meals allow at all comes first.
        case .dayKcal: -1
        case .kcalMinimum: 0
        case .kcalMaximum: 1
        case .protein: 2
        case .nutrientGoal: 3
        case .nutrientLimit: 4
        case .budget, .newFoods: 5
        }
    }

    /// The hard targets' smallest misses, lexicographically, within the budget and the cap; the model and values of that plan.
    static func smallestShortfalls(_ input: PlanInput, dayRule: PlanDayRule = .average) throws(SolverError) -> (
        PlanModel, [Double], [BindingConstraint]
    ) {
        var model = PlanModel(input, objective: .none, budget: input.budget, newFoodCap: input.maxNewFoods, elastic: true, dayRule: dayRule)
        // The band's binaries over every meal: each of these solves stops where its last try does.
        if dayRule != .average { model.program.maximumNodes = PlanModel.wholeSearchNodes }
        for column in model.elastic.values { model.program.columns[column].cost = 0 }
        let order = model.elastic.keys.sorted { (diagnosisOrder($0), $0) < (diagnosisOrder($1), $1) }
        var values: [Double] = []
        for constraint in order {
            guard let column = model.elastic[constraint] else { continue }
            model.program.columns[column].cost = 1
            let s = try Solver.solve(model.program)
            guard s.status == .optimal || (s.status == .stopped && Solver.satisfies(model.program, s.values)) else { break }
            values = s.values
            // Held at what was found (a hair above: the solver's tolerance), the next is minimised.
            model.program.columns[column].cost = 0
            model.program.columns[column].upper = max(0, s.values[column]) * (1 + 1e-9) + 1e-7
        }
        let missed = values.isEmpty ? [] : shortfalls(model, values, days: input.days, least: 0.005)
        let named = Array(
            missed.sorted { (diagnosisOrder($0.constraint), $0.constraint) < (diagnosisOrder($1.constraint), $1.constraint) }.prefix(2))
        return (model, values, named)
    }

    static func infeasible(_ input: PlanInput) throws(SolverError) -> GroceryPlan {
        let (elastic, values, missed) = try smallestShortfalls(input)
        var binding = missed
        if let budget = input.budget {
            let cheapest = PlanModel(input, objective: .cost, budget: nil, newFoodCap: input.maxNewFoods)
            let s = try Solver.solve(cheapest.program)
            let more = (s.objective - Double(budget.minorUnits)).rounded(.up)
            if s.status == .optimal, more > 0 { binding.append(BindingConstraint(constraint: .budget, amount: more)) }
        }
        let fewest = PlanModel(input, objective: .newFoods, budget: input.budget, newFoodCap: nil)
        let s = try Solver.solve(fewest.program)
        let more = (s.objective - Double(input.maxNewFoods)).rounded()
        if s.status == .optimal, more > 0 { binding.append(BindingConstraint(constraint: .newFoods, amount: more)) }

        var plan = result(input, model: elastic, values: values, feasible: false, binding: binding)
        if input.plansMeals, !values.isEmpty {
            // The closest the meals come, laid out as a menu too.
            let menu = PlanMenu.build(input, model: elastic, values: values).days
            plan = result(input, model: elastic, values: values, feasible: false, binding: binding, eaten: PlanMenu.eaten(menu))
            plan.menu = menu
        }
        plan.explanation = explanation(binding, input: input)
        return plan
    }

    /// "Vitamin D short by 7.5 µg a day (1 of your foods has no Vitamin D value, counted as 0)", one per missed target.
    static func missedTexts(_ binding: [BindingConstraint], input: PlanInput, reach: [NutrientKey: Double] = [:]) -> [String] {
        binding.compactMap { b -> String? in
            switch b.constraint {
            case .budget, .newFoods: return nil
            case .dayKcal: return "the days' kcal outside the band by up to \(amountText(b))"
            case .kcalMaximum, .nutrientLimit:
                return "\(b.constraint.label) over by \(amountText(b))"
            case .nutrientGoal(let key):
                let unknown = input.unknownCount(key)
                let note =
                    unknown == 0
                    ? "" : " (\(unknown) of your foods \(unknown == 1 ? "has" : "have") no \(key.label) value, counted as 0)"
                let target = input.targets.nutrients[key]?.amount ?? 0
                let best = reach[key].flatMap { most in
                    PlanStages.isUnreachable(target, reach: most)
                        ? ", \(NutrientFormat.reading(most)) of \(NutrientFormat.reading(target)) \(key.unit.rawValue) is the most your foods give"
                        : nil
                }
                return "\(b.constraint.label) short by \(amountText(b))\(note)\(best ?? "")"
            default:
                return "\(b.constraint.label) short by \(amountText(b))"
            }
        }
    }

    /// A plan that meets every strict target but misses some vitamins or minerals: what falls short.
    static func shortfallExplanation(_ short: [BindingConstraint], input: PlanInput, reach: [NutrientKey: Double]) -> String {
        let why = input.budget == nil ? "your foods cannot give more" : "your foods cannot give more within the budget"
        return "Short of some targets (\(why)): " + missedTexts(short, input: input, reach: reach).joined(separator: "; ") + "."
    }

    /// "No plan fits: protein short by 12 g a day; it needs €4.20 more budget, or 2 more new foods."
    static func explanation(_ binding: [BindingConstraint], input: PlanInput) -> String {
        if let nothing = nothingToPlanWith(input) { return nothing }
        let currency = input.currency
        let missed = missedTexts(binding, input: input)
        var fixes: [String] = []
        if let b = binding.first(where: { $0.constraint == .budget }) {
            fixes.append("\(Money(minorUnits: Int64(clamping: Int(b.amount.clamped())), currency: currency).formatted) more budget")
        }
        if let b = binding.first(where: { $0.constraint == .newFoods }) {
            let count = Int(b.amount.clamped())
            fixes.append("\(count) more new \(count == 1 ? "food" : "foods")")
        }
        var text = "No plan fits"
        if !missed.isEmpty { text += ": " + missed.joined(separator: ", ") }
        if !fixes.isEmpty {
            text += "; it needs " + fixes.joined(separator: ", or ")
        } else {
            text += "; neither more budget nor more new foods alone would fix it (the candidate foods cannot meet the targets)"
        }
        return text + "."
    }

    /// A new user's case: no food the plan could use at all, so every target is missed in full and
    /// the list of shortfalls would hide the one thing to do.
    static func nothingToPlanWith(_ input: PlanInput) -> String? {
        guard input.candidates.allSatisfy({ $0.pricePer100g == nil && $0.stockGrams <= 0 }) else { return nil }
        let start = "No plan fits: the plan buys foods at the prices you paid for them and uses what is in stock,"
        if input.candidates.isEmpty {
            return start
                + " and there are no foods yet (none eaten in the 28 days before today, none bought). Log meals and record purchases with their prices in the Pantry first."
        }
        let foods =
            input.candidates.count == 1
            ? "your one food (\(input.candidates[0].name)) has no price or stock"
            : "none of your \(input.candidates.count) foods has a price or stock"
        return start + " but \(foods) yet. Record purchases with their prices in the Pantry first."
    }

    static func amountText(_ b: BindingConstraint) -> String {
        switch b.constraint {
        case .kcalMinimum, .kcalMaximum, .dayKcal: return "\(DecimalText.format(b.amount, decimals: 0)) kcal a day"
        // Below 1, two decimals: "0.03 g", not "0.0 g".
        case .protein: return "\(DecimalText.format(b.amount, decimals: b.amount < 1 ? 2 : 1)) g a day"
        case .nutrientGoal(let k), .nutrientLimit(let k):
            return "\(DecimalText.format(b.amount, decimals: b.amount < 1 ? 2 : 1)) \(k.unit.rawValue) a day"
        case .budget, .newFoods: return DecimalText.format(b.amount, decimals: 0)
        }
    }
}

extension Double {
    /// Within what a whole count may hold (the diagnosis's amounts are small; this keeps `Int(_:)` from trapping).
    func clamped() -> Double { isFinite ? Swift.min(Swift.max(self, 0), 1e12) : 0 }
}

// When every hard limit holds on average but no plan keeps each day within ±10 % (the plain
// model's menu left `outside` days beyond it, and the model with the day band has no plan): the
// same lexicographic diagnosis with the band's rows in, its own miss first — what the meals
// allow at all — then the targets that give way to it. One sentence.
extension GroceryPlanner {
    static func dayBandInfeasible(_ input: PlanInput, proved: Bool, outside: [PlanDay]) throws(SolverError) -> GroceryPlan {
        let (elastic, values, missed) = try smallestShortfalls(input, dayRule: .band)
        var plan = result(input, model: elastic, values: values, feasible: false, binding: missed)
        if !values.isEmpty {
            // The closest the meals come with the band held, laid out as a menu too.
            let menu = PlanMenu.build(input, model: elastic, values: values).days
            plan = result(input, model: elastic, values: values, feasible: false, binding: missed, eaten: PlanMenu.eaten(menu))
            plan.menu = menu
        }
        let target = input.targets.kcal, band = target * PlanRules.dayKcalTolerance
        let worst = outside.max { abs($0.kcal - target) < abs($1.kcal - target) }
        let beyond = worst.map { abs($0.kcal - target) - band } ?? 0
        let bandMissed = missed.contains { $0.constraint == .dayKcal }
        plan.binding = (bandMissed ? [] : [BindingConstraint(constraint: .dayKcal, amount: beyond)]) + missed
        // Proved (solved day by day) or not (the band's rows ask more than the band): said so.
        var text =
            "No plan \(proved ? "keeps" : "was found that keeps") every day within ±10 % of the \(WholeNumber.text(target)) kcal target"
        let others = missedTexts(missed.filter { $0.constraint != .dayKcal }, input: input)
        if let band = missed.first(where: { $0.constraint == .dayKcal }) {
            text += ": your meals in a slot differ too much in kcal (an even menu misses it by up to \(amountText(band)))"
            if !others.isEmpty { text += ", and then " + others.joined(separator: ", ") }
        } else if !others.isEmpty {
            text += ": with each slot's meals close enough in kcal for that, " + others.joined(separator: ", ")
        } else if let worst {
            text +=
                ": the plan that meets every other limit has \(Plural.count(outside.count, "day")) outside, up to \(WholeNumber.text(worst.kcal)) kcal"
        }
        plan.explanation = text + "."
        return plan
    }
}
