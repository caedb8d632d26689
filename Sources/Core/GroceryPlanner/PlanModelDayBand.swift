import BodiiDomain
import PlannerSolver

// The day band in the model (issue 42: each day's kcal within ±10 % of the target, hard). The
// averages alone let the solve choose meals no layout can balance (the benchmark's 28 days: 7 of
// them at 2,848 or 2,126 kcal against 2,200). These rows make every even layout of the chosen
// counts fall within the band, so the layout cannot fail:
// - each slot's chosen meals lie between two kcal edges of that slot (`low_s`, `high_s`, solved):
//   a binary per meal says whether it is chosen, and only a chosen meal moves the edges;
// - each gap food's portions are spread evenly, ⌊p/N⌋ or ⌈p/N⌉ a day: `a` whole portions every
//   day, one more on some days when `b` (a binary) is set: N·a ≤ p ≤ N·(a + b);
// - the lightest day possible — every slot eaten every day at its low edge (a slot on fewer days
//   counts 0), `a` portions of each gap food — is at least 90 % of the target, and the heaviest —
//   every slot at its high edge, `a + b` portions — at most 110 %.
// Any layout with one meal a slot a day and the portions spread so (`PlanMenu.placeEvenly`) then
// holds every day within the band. It asks more than the band does (a heavy lunch and a light
// dinner on one day would balance), so it is added only when the plain model's menu leaves a day
// outside (`GroceryPlanner.plan`); when it leaves no plan, a small program is solved day by day
// (`PlanModelDays`), and the diagnosis says whether "no plan" is proved.
//
// Speed: the LP's meals only, each any whole count (`addMeals`): the benchmark's 150 meals
// searched whole with these binaries ran 2,000 nodes (45 s), so that last try stops at `wholeSearchNodes`.
extension PlanModel {
    /// CBC's node limit for the band searched over every meal (the last try).
    static let wholeSearchNodes: Int32 = 300

    /// Half a kcal inside the band on each side: the solver's tolerance never puts a day a hair outside.
    static let dayBandMargin = 0.5

    mutating func addDayBand(_ input: PlanInput, portions: Bool, elastic: Bool) {
        let n = Double(input.days), target = input.targets.kcal
        guard target > 0, !mealColumns.isEmpty else { return }
        let figures = PlanFigures.Lookup(input)
        var lowTerms: [(column: Int, coefficient: Double)] = [], highTerms: [(column: Int, coefficient: Double)] = []
        let counts = input.slotCounts
        for slot in PlanRules.slots {
            let meals = input.meals.indices.filter { input.meals[$0].slot == slot && program.columns[mealColumns[$0]].upper > 0 }
            guard !meals.isEmpty, let count = counts[slot] else { continue }
            let kcal = meals.map { figures.kcal(input.meals[$0].foods) }
            let most = kcal.max() ?? 0
            let high = program.add(LPColumn("high_\(slot.rawValue)", upper: most))
            let low = program.add(LPColumn("low_\(slot.rawValue)", upper: most))
            for (m, k) in zip(meals, kcal) {
                let column = mealColumns[m]
                let chosen = program.add(LPColumn("chosen\(m)", upper: 1, isInteger: portions))
                program.add(LPRow("chosen\(m)", upper: 0, terms: [(column, 1), (chosen, -program.columns[column].upper)]))
                // Chosen: the high edge at least its kcal, the low edge at most (else `most`, no bound).
                program.add(LPRow("high\(m)", upper: 0, terms: [(chosen, k), (high, -1)]))
                program.add(LPRow("low\(m)", upper: most, terms: [(low, 1), (chosen, most - k)]))
            }
            highTerms.append((high, 1))
            // The lightest day counts a slot only when it is eaten every day: surely (as many as
            // days asked), or when the solve chooses as many (snacks).
            let (least, upmost) = slotBounds(slot, count: count, days: input.days, elastic: false)
            if least >= input.days {
                lowTerms.append((low, 1))
            } else if upmost >= input.days {
                let everyDay = program.add(LPColumn("daily_\(slot.rawValue)", upper: 1, isInteger: portions))
                let counted = program.add(LPColumn("counted_\(slot.rawValue)", upper: most))
                let slotTerms = meals.map { (mealColumns[$0], 1.0) }
                program.add(LPRow("daily_\(slot.rawValue)", lower: 0, terms: slotTerms + [(everyDay, -n)]))
                program.add(LPRow("counted_low_\(slot.rawValue)", upper: 0, terms: [(counted, 1), (low, -1)]))
                program.add(LPRow("counted_\(slot.rawValue)", upper: 0, terms: [(counted, 1), (everyDay, -most)]))
                lowTerms.append((counted, 1))
            }
        }
        for gap in gaps {
            let c = input.candidates[gap.index]
            let kcal = c.per100g.kcal * max(c.portionGrams, 1) / 100
            let most = Double(PlanRules.gapPortionsPerDay)
            let every = program.add(LPColumn("gap_daily\(gap.index)", upper: most, isInteger: portions))
            let some = program.add(LPColumn("gap_some\(gap.index)", upper: 1, isInteger: portions))
            program.add(LPRow("gap_even_low\(gap.index)", lower: 0, terms: [(gap.portions, 1), (every, -n)]))
            program.add(LPRow("gap_even_high\(gap.index)", upper: 0, terms: [(gap.portions, 1), (every, -n), (some, -n)]))
            program.add(LPRow("gap_even\(gap.index)", upper: most, terms: [(every, 1), (some, 1)]))
            lowTerms.append((every, kcal))
            highTerms += [(every, kcal), (some, kcal)]
        }
        let band = target * PlanRules.dayKcalTolerance - Self.dayBandMargin
        if elastic {
            // The diagnosis: kcal a day by which the lightest or the heaviest day misses the band (N × it, as every elastic column).
            let slack = program.add(LPColumn("miss_\(PlanConstraint.dayKcal.key)", cost: Self.elasticWeight / target))
            lowTerms.append((slack, 1 / n))
            highTerms.append((slack, -1 / n))
            self.elastic[.dayKcal] = slack
        }
        dayBandRows = (
            program.add(LPRow("day_kcal_min", lower: target - band, terms: lowTerms)),
            program.add(LPRow("day_kcal_max", upper: target + band, terms: highTerms))
        )
    }
}
