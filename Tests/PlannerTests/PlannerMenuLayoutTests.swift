import BodiiDomain
@testable import GroceryPlanner
import Testing

/// The menu's days (issue 42: each day's kcal within ±10 % of the target, a hard rule): on random
/// small databases, every day of every feasible plan is inside — checked here from the menu's own
/// meals, recomputed from the foods' kcal. The layout alone (no model behind it) leaves a day
/// outside only when no single move or swap of a meal or gap portion with another day would bring
/// it inside and keep that other day inside.
@Suite struct PlannerMenuLayoutTests {
    /// A meal or one gap portion on a day: `key` is what a day holds at most `capacity` of.
    struct Unit {
        var key: String
        var capacity: Int
        var kcal: Double
    }

    static func units(_ day: PlanDay, kcal: [FoodID: Double], portion: Double) -> [Unit] {
        day.meals.flatMap { meal -> [Unit] in
            let total = meal.items.flatMap(\.foods).reduce(0) { $0 + (kcal[$1.key] ?? 0) * $1.value / 100 }
            guard meal.source == .gapFood else { return [Unit(key: meal.slot.rawValue, capacity: 1, kcal: total)] }
            let n = max(1, Int((meal.items.reduce(0) { $0 + $1.grams } / portion).rounded()))
            return Array(repeating: Unit(key: "gap:" + meal.name, capacity: PlanRules.gapPortionsPerDay, kcal: total / Double(n)), count: n)
        }
    }

    static func fits(_ day: [Unit], _ unit: Unit, leaving: Unit?) -> Bool {
        day.filter { $0.key == unit.key }.count - (leaving?.key == unit.key ? 1 : 0) < unit.capacity
    }

    /// Whether one move or swap between days `a` and `b` brings both within `band` of `target`.
    static func oneStepFits(_ a: [Unit], _ b: [Unit], target: Double, band: Double) -> Bool {
        let ka = a.reduce(0) { $0 + $1.kcal }, kb = b.reduce(0) { $0 + $1.kcal }
        func ok(_ delta: Double) -> Bool { abs(ka - delta - target) <= band - 1 && abs(kb + delta - target) <= band - 1 }
        for u in a {
            if fits(b, u, leaving: nil), ok(u.kcal) { return true }
            for v in b where fits(b, u, leaving: v) && fits(a, v, leaving: u) && ok(u.kcal - v.kcal) { return true }
        }
        return b.contains { fits(a, $0, leaving: nil) && ok(-$0.kcal) }
    }

    @Test func everyDayOfEveryFeasiblePlanIsInsideTheBand() throws {
        var rng = PlannerPacksAndStockTests.Seeded(state: 7)
        var planned = 0
        for case_ in 0..<40 {
            let foods = (0..<Int.random(in: 5...8, using: &rng)).map { i in
                PlannerMealTests.food(
                    i + 1, .random(in: 40...400, using: &rng).rounded(), .random(in: 1...30, using: &rng).rounded(),
                    sodium: .random(in: 0...300, using: &rng).rounded(), sat: .random(in: 0...6, using: &rng).rounded(),
                    cents: .random(in: 10...200, using: &rng).rounded(), pack: [100, 250, 500, 1000][Int.random(in: 0...3, using: &rng)])
            }
            // Meals of very different sizes, so a plain layout leaves days apart.
            let meals = (0..<Int.random(in: 8...14, using: &rng)).map { m in
                PlannerMealTests.meal(
                    "Meal \(m)", PlanRules.slots[m % 4],
                    (0..<Int.random(in: 1...3, using: &rng)).map { _ in
                        (Int.random(in: 1...foods.count, using: &rng), Double.random(in: 30...400, using: &rng).rounded())
                    })
            }
            let days = Int.random(in: 5...14, using: &rng)
            var input = PlanInput(
                days: days, candidates: foods, targets: PlanTargets(kcal: 1800, proteinG: 40, nutrients: [:]),
                budget: Money(minorUnits: 100_000))
            input.meals = meals
            input.start = PlannerMealTests.start
            let plan = try GroceryPlanner.plan(input)
            guard plan.feasible else { continue }
            planned += 1
            #expect(plan.menu.count == days, "case \(case_)")
            let kcal = Dictionary(uniqueKeysWithValues: foods.map { ($0.foodId, $0.per100g.kcal) })
            let units = plan.menu.map { Self.units($0, kcal: kcal, portion: 100) }
            let band = 1800 * PlanRules.dayKcalTolerance
            for (o, day) in units.enumerated() {
                let k = day.reduce(0) { $0 + $1.kcal }
                #expect(abs(k - plan.menu[o].kcal) < 0.5, "case \(case_): day \(o) recomputed")
                #expect(abs(k - 1800) <= band, "case \(case_): day \(o) has \(Int(k)) kcal")
                #expect(Set(day.filter { !$0.key.hasPrefix("gap:") }.map(\.key)).count == day.filter { !$0.key.hasPrefix("gap:") }.count)
                for key in Set(day.map(\.key)) where key.hasPrefix("gap:") {
                    #expect(day.filter { $0.key == key }.count <= PlanRules.gapPortionsPerDay, "case \(case_): \(key)")
                }
            }
        }
        #expect(planned >= 20, "enough menus to say something: \(planned)")
    }

    /// The layout alone, on random meals whose total is the days' target: the same property, and
    /// fewer days outside than the first (largest-first) layout leaves.
    @Test func theLayoutBringsDaysInThatTheFirstLayoutLeftOut() {
        var rng = PlannerPacksAndStockTests.Seeded(state: 11)
        var before = 0, after = 0
        for case_ in 0..<60 {
            let days = Int.random(in: 4...28, using: &rng)
            var units: [PlanMenu.Unit] = []
            for slot in PlanRules.slots {
                let count = slot == .snacks ? Int.random(in: 0...days, using: &rng) : days
                for _ in 0..<count {
                    let meal = PlannedMeal(slot: slot, name: "\(slot)", source: .savedMeal, items: [])
                    units.append(
                        PlanMenu.Unit(
                            meal: meal, key: slot.rawValue, capacity: 1, kcal: .random(in: 100...900, using: &rng).rounded(),
                            order: units.count))
                }
            }
            let target = units.reduce(0) { $0 + $1.kcal } / Double(days)
            let band = target * PlanRules.dayKcalTolerance
            let laid = PlanMenu.place(units, days: days, target: target)
            #expect(laid.flatMap { $0 }.count == units.count, "case \(case_): every meal placed")
            let mine = laid.map { $0.map { Unit(key: $0.key, capacity: $0.capacity, kcal: $0.kcal) } }
            for (o, day) in mine.enumerated() {
                #expect(Set(day.map(\.key)).count == day.count, "case \(case_): one meal a slot")
                guard abs(day.reduce(0) { $0 + $1.kcal } - target) > band else { continue }
                after += 1
                for d in mine.indices where d != o {
                    #expect(!Self.oneStepFits(day, mine[d], target: target, band: band), "case \(case_): day \(o) fits with day \(d)")
                }
            }
            // The first layout alone: largest first onto the emptiest day with the slot free.
            var first = Array(repeating: [Unit](), count: days)
            for u in units.sorted(by: { ($0.kcal, -$0.order) > ($1.kcal, -$1.order) }) {
                let mine = Unit(key: u.key, capacity: u.capacity, kcal: u.kcal)
                guard
                    let d = first.indices.filter({ Self.fits(first[$0], mine, leaving: nil) })
                        .min(by: { (first[$0].reduce(0) { $0 + $1.kcal }, $0) < (first[$1].reduce(0) { $0 + $1.kcal }, $1) })
                else { continue }
                first[d].append(mine)
            }
            before += first.filter { abs($0.reduce(0) { $0 + $1.kcal } - target) > band }.count
        }
        #expect(after < before, "days outside: \(after) after the search, \(before) after the first layout")
    }

    /// The even layout the day band is proved on (`PlanModelDayBand`): each slot's meals between
    /// two edges, each gap food's p portions spread ⌊p/N⌋ or ⌈p/N⌉ a day — every day then lies
    /// between the lightest day the rows count (full slots at their low edge, ⌊p/N⌋ portions) and
    /// the heaviest (every slot at its high edge, ⌈p/N⌉ portions).
    @Test func theEvenLayoutKeepsEveryDayBetweenTheBandsEdges() {
        var rng = PlannerPacksAndStockTests.Seeded(state: 23)
        for case_ in 0..<80 {
            let days = Int.random(in: 1...28, using: &rng)
            var units: [PlanMenu.Unit] = []
            var lightest = 0.0, heaviest = 0.0
            func add(_ key: String, _ capacity: Int, _ kcal: Double) {
                let meal = PlannedMeal(slot: .snacks, name: key, source: .savedMeal, items: [])
                units.append(PlanMenu.Unit(meal: meal, key: key, capacity: capacity, kcal: kcal, order: units.count))
            }
            for slot in PlanRules.slots {
                let low = Double.random(in: 0...900, using: &rng).rounded(), high = low + Double.random(in: 0...300, using: &rng).rounded()
                let count = Int.random(in: 0...days, using: &rng)
                for _ in 0..<count { add(slot.rawValue, 1, .random(in: low...high, using: &rng).rounded()) }
                if count == days { lightest += low }
                if count > 0 { heaviest += high }
            }
            for g in 0..<Int.random(in: 0...3, using: &rng) {
                let portions = Int.random(in: 0...(2 * days), using: &rng), kcal = Double.random(in: 20...400, using: &rng).rounded()
                for _ in 0..<portions { add("gap:\(g)", PlanRules.gapPortionsPerDay, kcal) }
                lightest += kcal * Double(portions / days)
                heaviest += kcal * Double((portions + days - 1) / days)
            }
            let laid = PlanMenu.placeEvenly(units, days: days)
            #expect(laid.flatMap { $0 }.count == units.count, "case \(case_): every unit placed")
            for (d, day) in laid.enumerated() {
                let k = day.reduce(0) { $0 + $1.kcal }
                #expect(k >= lightest - 1e-6 && k <= heaviest + 1e-6, "case \(case_): day \(d) \(k) not in \(lightest)…\(heaviest)")
                for key in Set(day.map(\.key)) {
                    #expect(
                        day.filter { $0.key == key }.count <= (key.hasPrefix("gap:") ? PlanRules.gapPortionsPerDay : 1), "case \(case_)")
                }
            }
        }
    }
}
