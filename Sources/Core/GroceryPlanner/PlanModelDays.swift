import BodiiDomain
import PlannerSolver

// The day band exactly, for a small program (meals × days ≤ `PlanRules.wholeMealSearchSize`, the
// demo's week): which meal and how many portions of each gap food go on which day are columns of
// the model (a binary per meal and day, a whole 0–2 per gap food and day), each day's kcal a row
// within ±10 % of the target. A plan exists exactly when some menu keeps every day inside, and the
// menu is read from these columns (`PlanMenu.build`). The days are interchangeable, so they are
// kept in order of kcal (heaviest first): the search does not visit one menu N! times.
// It is the fallback when the band's sufficient rows (`PlanModelDayBand`) leave no plan, and only
// for a small program: 150 meals over 28 days are 4,200 binaries, past what CBC closes in its node limit.
extension PlanModel {
    /// CBC's node limit here: a week of 14 meals that has a plan closes in a few dozen nodes; one
    /// without took 2,000 nodes and 37 s, so the search stops sooner and its "no plan" is not called proved.
    static let dayByDayNodes: Int32 = 300

    mutating func addDays(_ input: PlanInput, portions: Bool, elastic: Bool) {
        let days = input.days, n = Double(days), target = input.targets.kcal
        guard target > 0, !mealColumns.isEmpty else { return }
        let figures = PlanFigures.Lookup(input)
        var kcal: [[(column: Int, coefficient: Double)]] = Array(repeating: [], count: days)
        for (m, meal) in input.meals.enumerated() where program.columns[mealColumns[m]].upper > 0 {
            let k = figures.kcal(meal.foods)
            let columns = (0..<days).map { d in program.add(LPColumn("meal\(m)_day\(d)", upper: 1, isInteger: portions)) }
            program.add(LPRow("meal\(m)_days", lower: 0, upper: 0, terms: [(mealColumns[m], 1)] + columns.map { ($0, -1.0) }))
            for (d, column) in columns.enumerated() {
                kcal[d].append((column, k))
                dayMeals.append((meal: m, day: d, column: column))
            }
        }
        // One meal a slot a day.
        for slot in PlanRules.slots {
            for d in 0..<days {
                let terms = dayMeals.filter { $0.day == d && input.meals[$0.meal].slot == slot }.map { ($0.column, 1.0) }
                if !terms.isEmpty { program.add(LPRow("\(slot.rawValue)_day\(d)", upper: 1, terms: terms)) }
            }
        }
        for (g, gap) in gaps.enumerated() {
            let c = input.candidates[gap.index]
            let k = c.per100g.kcal * max(c.portionGrams, 1) / 100
            let columns = (0..<days).map { d in
                program.add(LPColumn("gap\(gap.index)_day\(d)", upper: Double(PlanRules.gapPortionsPerDay), isInteger: portions))
            }
            program.add(LPRow("gap\(gap.index)_days", lower: 0, upper: 0, terms: [(gap.portions, 1)] + columns.map { ($0, -1.0) }))
            for (d, column) in columns.enumerated() {
                kcal[d].append((column, k))
                dayGaps.append((gap: g, day: d, column: column))
            }
        }
        program.maximumNodes = Self.dayByDayNodes
        let band = target * PlanRules.dayKcalTolerance - Self.dayBandMargin
        var slack: Int?
        if elastic {
            // The diagnosis: kcal a day by which the farthest day misses the band (N × it, as every elastic column).
            slack = program.add(LPColumn("miss_\(PlanConstraint.dayKcal.key)", cost: Self.elasticWeight / target))
            self.elastic[.dayKcal] = slack
        }
        for d in 0..<days {
            program.add(LPRow("day\(d)_kcal_min", lower: target - band, terms: kcal[d] + (slack.map { [($0, 1 / n)] } ?? [])))
            program.add(LPRow("day\(d)_kcal_max", upper: target + band, terms: kcal[d] + (slack.map { [($0, -1 / n)] } ?? [])))
            // Heaviest first: one order of the interchangeable days.
            if d + 1 < days {
                program.add(LPRow("day\(d)_order", lower: 0, terms: kcal[d] + kcal[d + 1].map { ($0.column, -$0.coefficient) }))
            }
        }
    }
}
