import BodiiDomain
import PlannerSolver

// The plan's program in meal mode (issue 42): the foods' grams are no longer free. Each candidate
// meal has a whole count over the N days (at most one a day), each slot gets the meals it usually
// has (`PlanInput.slotCounts`), and a gap food comes in whole typical portions, at most two a day,
// at most `newFoodCap` gap foods in all. A food's grams (stock lots + bought) equal what its meals
// and portions hold, so packs, budget, stock first and every nutrient row work on meals unchanged.
// Which day gets which meal is decided after the solve (`PlanMenu`).
//
// Speed (issue 42's budget: 28 days, 300 foods, 150 meals ≤ 1 s): the counts are solved
// as an LP, then as a MIP with each count whole between the LP's floor and ceiling (a choice of
// two, not of 29): both as small as the food-level program. Branching on 150 counts up to 28 each ran into CBC's
// node limit at 20 s of CPU. When the rounded counts break a hard limit, the counts are solved whole.
// Likewise the gap foods: the LP's few most used, and those with stock going off, are the only
// ones the MIPs choose among (`PlanStages.gapShortlist`) — 250 binaries made the search 10 s.
extension PlanModel {
    /// `counts` (the LP's) keeps each meal's whole count between their floor and ceiling (nil: free,
    /// whole when `portions` and `wholeMeals`).
    mutating func addMeals(
        _ input: PlanInput, objective: PlanObjective, portions: Bool, newFoodCap: Int?, elastic: Bool, counts: [Double]?,
        wholeMeals: Bool = false,
        dayRule: PlanDayRule = .average
    ) {
        let n = input.days, dayBand = dayRule != .average
        let indexOf = Dictionary(input.candidates.enumerated().map { ($1.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        let usable = input.usableMeals
        var link: [[(column: Int, coefficient: Double)]] = Array(repeating: [], count: input.candidates.count)
        for (m, meal) in input.meals.enumerated() {
            let foods = meal.foods
            // A meal with a food the plan cannot get is never chosen (`PlanInput.usableMeals`).
            let most = usable.contains(m) ? Double(n) : 0
            // Near the LP's count: its floor to its ceiling, whole.
            let near = counts.flatMap { $0.indices.contains(m) ? min($0[m], most) : nil }
            // With the day band, the LP's meals only, each any whole count: the band may leave some out.
            let lower = dayBand ? 0 : near.map { ($0 + 1e-6).rounded(.down) } ?? 0
            let upper = near.map { dayBand ? ($0 > 1e-6 ? most : 0) : ($0 - 1e-6).rounded(.up) } ?? most
            let column = program.add(LPColumn("meal\(m)", lower: lower, upper: upper, isInteger: portions && (wholeMeals || near != nil)))
            mealColumns.append(column)
            for (id, grams) in foods.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                if let i = indexOf[id] { link[i].append((column, -grams)) }
            }
        }
        for (slot, count) in input.slotCounts.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let terms = input.meals.indices.filter { input.meals[$0].slot == slot }.map { (mealColumns[$0], 1.0) }
            let (least, most) = slotBounds(slot, count: count, days: n, elastic: elastic && !dayBand)
            program.add(LPRow("slot_\(slot.rawValue)", lower: Double(least), upper: Double(most), terms: terms))
        }
        var used: [(Int, Double)] = []
        for (i, c) in input.candidates.enumerated()
        where (c.pricePer100g != nil || c.stockGrams > 0) && (input.gapFoods?.contains(c.foodId) ?? true) {
            let most = Double(PlanRules.gapPortionsPerDay * n)
            let column = program.add(LPColumn("gap\(i)", upper: most, isInteger: portions))
            link[i].append((column, -max(c.portionGrams, 1)))
            var binary: Int?
            if portions {
                let b = program.add(LPColumn.binary("gapfood\(i)", cost: objective == .newFoods ? 1 : 0))
                program.add(LPRow("gapcap\(i)", upper: 0, terms: [(column, 1), (b, -most)]))
                binary = b
                used.append((b, 1))
            }
            gaps.append((i, column, binary))
        }
        for i in input.candidates.indices {
            program.add(LPRow("meals\(i)", lower: 0, upper: 0, terms: foods[i].all.map { ($0, 1.0) } + link[i]))
        }
        if portions, let newFoodCap {
            rows[.newFoods] = program.add(LPRow("new_foods", upper: Double(newFoodCap), terms: used))
        }
        switch dayRule {
        case .average: break
        case .band: addDayBand(input, portions: portions, elastic: elastic)
        case .dayByDay: addDays(input, portions: portions, elastic: elastic)
        }
    }

    /// How many meals a slot gets over the plan: snacks may be added to fill a day, the main meals
    /// are as many as usual; the diagnosis (`elastic`) may leave meals out, then the targets say what
    /// is missed — but not the day band's diagnosis: a menu missing its lunches would meet the band by it.
    func slotBounds(_ slot: Meal, count: Int, days: Int, elastic: Bool) -> (least: Int, most: Int) {
        (elastic ? 0 : count, slot == .snacks ? days : count)
    }
}
