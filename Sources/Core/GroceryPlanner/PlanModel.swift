import BodiiDomain
import PlannerSolver

// The planner's program (PRODUCT.md §13), after the USDA Thrifty Food Plan: grams of each
// candidate over the N days, as close as possible to the user's usual amounts (weighted absolute
// deviation), bought in whole packs (integers: a MIP, solved by COIN-OR's CBC). With meals
// (`PlanInput.plansMeals`, issue 42) the grams are not free: they are what whole counts of the
// person's meals, in their slots, and at most 3 gap foods in whole typical portions (≤ 2 a day)
// hold (`addMeals`); the meals are laid out on days after the solve (`PlanMenu`).
//
// Hard — a plan that misses one is no plan (the diagnosis speaks instead):
// - kcal within ±5 % of the target on average; protein at least its target on average; sodium
//   and saturated fat at most their limits;
// - the budget, to the cent: whole packs × each pack's price in whole minor units;
// - stock first: the most of the lots expiring within the plan that any plan can eat within the
//   limits above (`PlanStages.expiringToEat`, solved first) is eaten; what a limit keeps uneaten is said;
// - a food is absent or at least a portion; at most K foods never eaten or stocked (with meals:
//   at most K gap foods); with meals, each slot its usual number of meals;
// - with meals, each day of the menu within ±10 % of the kcal target: the menu of the plain solve
//   when its layout holds every day so, else the solve again with the day band's rows
//   (`PlanModelDayBand`), whose even layout always does, and when they leave no plan and the
//   program is small, day by day (`PlanModelDays`, exact); no such plan is no plan.
// Soft, in this order (weights 1e4 ≫ 1 ≫ 1e-4 keep the order):
// 1. fiber and the §11 vitamins and minerals: each shortfall as a share of its target, and only
//    for a goal the foods can reach within the hard limits and budget (`PlanStages.reach`, solved
//    first): a goal above that gets no row, so it never drives the plan, and is named with the best the foods give;
// 2. closeness to the usual week, scaled to the kcal target (`PlanInput.usualScale`), per usual amount;
// 3. cost.
// `--cheapest` (`PlanInput.cheapest`) drops 2: the same hard limits and soft targets, then the least cost.

/// One constraint of the plan a person can be told about.
public enum PlanConstraint: Hashable, Sendable, Comparable {
    case kcalMinimum, kcalMaximum, protein
    case nutrientGoal(NutrientKey)
    case nutrientLimit(NutrientKey)
    case budget
    case newFoods
    /// Each day of the menu within ±10 % of the kcal target (meal mode).
    case dayKcal

    /// The JSON name: "kcal_min", "protein_g", "fiber_g", "sodium_mg_max", "budget", "new_foods", "kcal_day".
    public var key: String {
        switch self {
        case .kcalMinimum: "kcal_min"
        case .kcalMaximum: "kcal_max"
        case .protein: "protein_g"
        case .nutrientGoal(let k): k.rawValue
        case .nutrientLimit(let k): k.rawValue + "_max"
        case .budget: "budget"
        case .newFoods: "new_foods"
        case .dayKcal: "kcal_day"
        }
    }

    /// "protein", "sodium (limit)", "the budget".
    public var label: String {
        switch self {
        case .kcalMinimum: "kcal (at least 95 % of target)"
        case .kcalMaximum: "kcal (at most 105 % of target)"
        case .protein: "protein"
        case .nutrientGoal(let k): k.plannerName
        case .nutrientLimit(let k): k.plannerName + " (limit)"
        case .budget: "the budget"
        case .newFoods: "the cap on new foods"
        case .dayKcal: "kcal each day (within ±10 % of target)"
        }
    }
}

extension NutrientKey {
    /// "Fiber", "Vitamin D", "B12": the names the Nutrients view lists them under, in sentences too.
    var plannerName: String { label }
}

/// How the model holds each day of the menu within ±10 % of the kcal target (meal mode).
enum PlanDayRule {
    /// Not at all: only the average; the layout after the solve finds the days (`PlanMenu`).
    case average
    /// The band's rows: every even layout of the chosen meals is inside (`PlanModelDayBand`).
    case band
    /// Each meal and gap portion on its day, each day's kcal a row (`PlanModelDays`): exact, for small programs.
    case dayByDay
}

/// What the program is asked to minimise.
enum PlanObjective {
    /// Closest to the usual amounts, then cheapest; expiring stock pushed in.
    case closeToUsual
    /// The soft targets, then the least cost: no closeness (`--cheapest`).
    case cheapest
    /// The cheapest plan (how much budget a plan needs).
    case cost
    /// The fewest new foods (how many a plan needs).
    case newFoods
    /// Nothing: the caller sets the columns' costs (the most of a nutrient, of expiring stock).
    case none
}

/// The program for a `PlanInput`, with where each food's columns and each constraint's row are.
struct PlanModel {
    struct FoodColumns {
        var lots: [Int] = []
        var bought: Int?
        /// Whole units bought (foods bought by the piece or pack): the bought grams come out of these.
        var units: Int?
        var unitGrams = 1.0
        var plus = 0, minus = 0
        var used: Int?
        var all: [Int] { lots + (bought.map { [$0] } ?? []) }
    }

    var program = LinearProgram()
    var foods: [FoodColumns] = []
    var rows: [PlanConstraint: Int] = [:]
    /// Elastic columns (how far a constraint is missed): every nutrient row's when the model was
    /// built elastic, else the soft rows' (`PlanRules.isSoft`).
    var elastic: [PlanConstraint: Int] = [:]

    /// The columns of stock lots that go off within the plan.
    var expiring: [Int] = []
    /// Soft goals left out because the foods cannot reach them (`reach` below the target).
    var unreachable: Set<NutrientKey> = []
    /// Meal mode (`PlanInput.plansMeals`): each meal's count column, in the order of `input.meals`.
    var mealColumns: [Int] = []
    /// Meal mode: each gap food's whole portions, and its binary (whether it is added at all).
    var gaps: [(index: Int, portions: Int, used: Int?)] = []
    /// Meal mode with the day band (`addDayBand`): its two rows, the lightest and the heaviest day.
    var dayBandRows: (lightest: Int, heaviest: Int)?
    /// Meal mode day by day (`addDays`): each meal's and each gap food's (index into `gaps`) column per day.
    var dayMeals: [(meal: Int, day: Int, column: Int)] = []
    var dayGaps: [(gap: Int, day: Int, column: Int)] = []

    /// Cost weight per minor unit: a tie-breaker next to deviations, which weigh ~1 per usual amount.
    static let costWeight = 1e-4
    /// What an elastic gram, mg or cent of a missed target costs, per unit of the target: far above any deviation.
    static let elasticWeight = 1e4

    /// `budget` / `newFoodCap` nil leaves that constraint out; `elastic` lets the nutrient rows be missed at a price.
    /// `portions: false` leaves out the binaries and lets packs be fractional: the LP relaxation.
    /// `reach`: the most the foods give a day of each soft goal (`PlanStages.reach`); a goal above
    /// it gets no row. `expiringAtLeast`: the grams of expiring stock the plan must eat.
    init(
        _ input: PlanInput, objective: PlanObjective, budget: Money?, newFoodCap: Int?, elastic: Bool = false, portions: Bool = true,
        reach: [NutrientKey: Double] = [:], expiringAtLeast: Double? = nil, mealCounts: [Double]? = nil,
        wholeMeals: Bool = false, dayRule: PlanDayRule = .average
    ) {
        let n = Double(input.days), scale = input.usualScale
        foods.reserveCapacity(input.candidates.count)
        var usedColumns: [(index: Int, column: Int)] = []
        for (i, c) in input.candidates.enumerated() {
            var f = FoodColumns()
            let usual = c.usualGramsPerDay * scale * n
            let weight = objective == .closeToUsual ? 1 / max(usual, c.minimumGrams) : 0
            for (l, lot) in c.lots.enumerated() where lot.grams > 0 {
                // Expiring lots are a hard row (`expiringAtLeast`); the rest is worth a little more eaten than bought.
                let reward =
                    objective == .closeToUsual ? -weight * (lot.expires(within: input.days) ? 1.5 : 0.1) / (1 + Double(l) * 0.01) : 0
                f.lots.append(program.add(LPColumn("stock\(i).\(l)", upper: lot.grams, cost: reward)))
                if lot.expires(within: input.days) { expiring.append(f.lots[f.lots.count - 1]) }
            }
            let most = PlanRules.maxGramsPerDay * n
            if let cents = c.packCents {
                let perPack: Double =
                    switch objective {
                    case .closeToUsual, .cheapest: Self.costWeight * Double(cents)
                    case .cost: Double(cents)
                    case .newFoods, .none: 0
                    }
                // Whole packs paid for, up to their grams eaten (the rest stays in stock).
                f.unitGrams = c.pack.grams
                f.bought = program.add(LPColumn("buy\(i)", upper: most))
                f.units = program.add(
                    LPColumn("units\(i)", upper: max(1, (most / f.unitGrams).rounded(.up)), cost: perPack, isInteger: portions))
                program.add(LPRow("pack\(i)", upper: 0, terms: [(f.bought ?? 0, 1), (f.units ?? 0, -f.unitGrams)]))
            }
            f.plus = program.add(LPColumn("over\(i)", cost: weight))
            f.minus = program.add(LPColumn("under\(i)", cost: weight))
            // total − over + under = usual
            program.add(
                LPRow(
                    "usual\(i)", lower: usual, upper: usual,
                    terms: f.all.map { ($0, 1.0) } + [(f.plus, -1), (f.minus, 1)]))
            let reachable = min(c.stockGrams + (c.pricePer100g == nil ? 0 : most), most)
            // With meals, a food comes in its meals' grams or a gap food's portions (`addMeals`).
            if portions, reachable > 0, !input.plansMeals {
                let used = program.add(LPColumn.binary("eat\(i)", cost: objective == .newFoods && c.isNew ? 1 : 0))
                let least = min(c.minimumGrams, reachable)
                program.add(LPRow("least\(i)", lower: 0, terms: f.all.map { ($0, 1.0) } + [(used, -least)]))
                program.add(LPRow("most\(i)", upper: 0, terms: f.all.map { ($0, 1.0) } + [(used, -reachable)]))
                f.used = used
                usedColumns.append((i, used))
            }
            foods.append(f)
        }
        addNutrientRows(input, objective: objective, elastic: elastic, reach: reach)
        if let budget {
            // Whole minor units: whole packs times a whole price can never exceed the budget by a cent.
            let terms = input.candidates.indices.compactMap { i in
                input.candidates[i].packCents.flatMap { cents in foods[i].units.map { ($0, Double(cents)) } }
            }
            rows[.budget] = program.add(LPRow("budget", upper: Double(budget.minorUnits), terms: terms))
        }
        if let expiringAtLeast, !expiring.isEmpty {
            program.add(LPRow("expiring", lower: expiringAtLeast, terms: expiring.map { ($0, 1.0) }))
        }
        if input.plansMeals {
            addMeals(
                input, objective: objective, portions: portions, newFoodCap: newFoodCap, elastic: elastic, counts: mealCounts,
                wholeMeals: wholeMeals, dayRule: dayRule)
        } else if portions, let newFoodCap {
            let terms = usedColumns.filter { input.candidates[$0.index].isNew }.map { ($0.column, 1.0) }
            rows[.newFoods] = program.add(LPRow("new_foods", upper: Double(newFoodCap), terms: terms))
        }
    }

    /// The totals over the N days: kcal in its ±5 % band, protein and goals at least, limits at most.
    /// Vitamin and mineral rows are soft (`PlanRules.isSoft`): missed only at a price far above any
    /// deviation, so the plan meets them where the foods and the budget can and says by how much
    /// it falls short where they cannot. The cheapest and fewest-new-foods diagnoses leave them out.
    mutating func addNutrientRows(_ input: PlanInput, objective: PlanObjective, elastic: Bool, reach: [NutrientKey: Double]) {
        let n = Double(input.days), t = input.targets
        func terms(_ per100g: (Nutrients) -> Double?) -> [(column: Int, coefficient: Double)] {
            input.candidates.indices.flatMap { i in
                let value = (per100g(input.candidates[i].per100g) ?? 0) / 100
                return value == 0 ? [] : foods[i].all.map { ($0, value) }
            }
        }
        func add(
            _ constraint: PlanConstraint, lower: Double = -.infinity, upper: Double = .infinity,
            _ terms: [(column: Int, coefficient: Double)], soft: Bool = false
        ) {
            var terms = terms
            if elastic || soft {
                let scale = max(abs(lower.isFinite ? lower : upper), 1)
                // Per share of the target: a tenth of vitamin C missed weighs what a tenth of iron does.
                let slack = program.add(LPColumn("miss_\(constraint.key)", cost: Self.elasticWeight / scale))
                terms.append((slack, lower.isFinite ? 1 : -1))
                self.elastic[constraint] = slack
            }
            rows[constraint] = program.add(LPRow(constraint.key, lower: lower, upper: upper, terms: terms))
        }
        let kcal = terms { $0.kcal }
        add(.kcalMinimum, lower: t.kcal * n * (1 - PlanRules.kcalTolerance), kcal)
        add(.kcalMaximum, upper: t.kcal * n * (1 + PlanRules.kcalTolerance), kcal)
        add(.protein, lower: t.proteinG * n, terms { $0.proteinG })
        for key in t.nutrients.keys.sorted() {
            guard let target = t.nutrients[key], let amount = target.amount else { continue }
            let soft = PlanRules.isSoft(key)
            if soft, objective != .closeToUsual, objective != .cheapest { continue }
            if soft, !elastic, target.kind == .goal, PlanStages.isUnreachable(amount, reach: reach[key]) {
                unreachable.insert(key)
                continue
            }
            let worst = input.worstKnown(key)
            if target.kind == .limit, worst == nil { continue }
            let row = input.candidates.indices.flatMap { i in
                let value = (input.plannedValue(i, key, worst: worst) ?? 0) / 100
                return value == 0 ? [] : foods[i].all.map { ($0, value) }
            }
            switch target.kind {
            case .goal: add(.nutrientGoal(key), lower: amount * n, row, soft: soft)
            case .limit: add(.nutrientLimit(key), upper: amount * n, row, soft: soft)
            }
        }
    }
}
