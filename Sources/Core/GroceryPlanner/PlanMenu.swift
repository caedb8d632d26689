import BodiiDomain

// The menu (issue 42): the meals the solve chose, laid out on the N days. The solve fixes only
// how many times each meal is eaten (so the averages hold); which day gets which is decided here,
// deterministically, to bring each day's kcal near the target: the largest first, each onto the
// emptiest day with its slot free (longest-processing-time scheduling), then a local search
// (`PlanMenuSearch`) that moves or swaps any meal or gap portion between any two days while that
// lowers the worse of the two days' distance from the target. A gap food's portions are placed
// the same way, at most two a day. When a day stays outside ±10 % of the target, the even layout
// (`placeEvenly`) is tried; a plan solved with the day band (`PlanModelDayBand`) always fits it.
// A plan solved day by day (`PlanModelDays`) brings its days: they are taken as solved.
// A day outside in the closest menu of an infeasible plan is said, not hidden.

/// One meal on a day of the menu.
public struct PlannedMeal: Equatable, Sendable {
    public var slot: Meal
    public var name: String
    public var source: PlanMealSource
    public var items: [PlanMealItem]
}

/// One day of the menu, with its kcal and protein (from the candidate foods' values).
public struct PlanDay: Equatable, Sendable {
    public var date: LocalDate
    public var meals: [PlannedMeal]
    public var kcal: Double
    public var proteinG: Double
}

enum PlanMenu {
    /// A meal (or one gap portion) to place: `key` is what a day holds at most `capacity` of.
    struct Unit {
        var meal: PlannedMeal
        var key: String
        var capacity: Int
        var kcal: Double
        var order: Int
    }

    /// The menu from the solved counts, and a note for each day outside ±10 % of the target.
    static func build(_ input: PlanInput, model: PlanModel, values: [Double]) -> (days: [PlanDay], notes: [String]) {
        func count(_ column: Int) -> Int { values.indices.contains(column) ? Int(max(0, values[column]).rounded()) : 0 }
        let figures = PlanFigures.Lookup(input)
        var units: [Unit] = []
        // Solved day by day (`PlanModelDays`): the day each unit was given.
        var solvedDays: [Int] = []
        func solvedOn(_ columns: [(day: Int, column: Int)]) -> [Int] {
            columns.flatMap { Array(repeating: $0.day, count: count($0.column)) }
        }
        for (m, meal) in input.meals.enumerated() where model.mealColumns.indices.contains(m) {
            let planned = PlannedMeal(slot: meal.slot, name: meal.name, source: meal.source, items: meal.items)
            let kcal = figures.kcal(meal.foods)
            for _ in 0..<count(model.mealColumns[m]) {
                units.append(Unit(meal: planned, key: meal.slot.rawValue, capacity: 1, kcal: kcal, order: units.count))
            }
            solvedDays += solvedOn(model.dayMeals.filter { $0.meal == m }.map { ($0.day, $0.column) })
        }
        for (g, gap) in model.gaps.enumerated() {
            let c = input.candidates[gap.index]
            let item = PlanMealItem(foodId: c.foodId, name: c.name, grams: max(c.portionGrams, 1))
            let planned = PlannedMeal(slot: .snacks, name: c.name, source: .gapFood, items: [item])
            for _ in 0..<count(gap.portions) {
                units.append(
                    Unit(
                        meal: planned, key: "gap:" + c.foodId.rawValue, capacity: PlanRules.gapPortionsPerDay,
                        kcal: figures.kcal(item.foods),
                        order: units.count))
            }
            solvedDays += solvedOn(model.dayGaps.filter { $0.gap == g }.map { ($0.day, $0.column) })
        }
        let target = input.targets.kcal
        let days: [[Unit]]
        if !model.dayMeals.isEmpty, solvedDays.count == units.count {
            var placed = Array(repeating: [Unit](), count: max(input.days, 1))
            for (u, d) in zip(units, solvedDays) where placed.indices.contains(d) { placed[d].append(u) }
            // The solve's days as they are, then only steps that bring the farthest days nearer.
            PlanMenuSearch.improve(&placed, target: target)
            days = placed.map { $0.sorted { (slotOrder($0.meal.slot), $0.order) < (slotOrder($1.meal.slot), $1.order) } }
        } else {
            days = place(units, days: input.days, target: target)
        }
        let menu = days.enumerated().map { d, placed in
            day(placed.map(\.meal), date: input.start.adding(days: d), figures: figures)
        }
        return (menu, notes(menu, target: input.targets.kcal))
    }

    /// Units onto `days` days: largest first onto the emptiest day with room, then a local search.
    /// When that leaves a day outside ±10 %, the even layout (`placeEvenly`, then the same search)
    /// is taken if it leaves fewer outside: the one whose every day the day band holds.
    static func place(_ units: [Unit], days: Int, target: Double) -> [[Unit]] {
        var placed = Array(repeating: [Unit](), count: max(days, 1))
        var kcal = Array(repeating: 0.0, count: placed.count)
        func room(_ d: Int, _ u: Unit) -> Bool { placed[d].filter { $0.key == u.key }.count < u.capacity }
        for u in units.sorted(by: { ($0.kcal, -$0.order) > ($1.kcal, -$1.order) }) {
            guard let d = placed.indices.filter({ room($0, u) }).min(by: { (kcal[$0], $0) < (kcal[$1], $1) }) else { continue }
            placed[d].append(u)
            kcal[d] += u.kcal
        }
        PlanMenuSearch.improve(&placed, target: target)
        if outside(placed, target: target) > 0 {
            var even = placeEvenly(units, days: placed.count)
            PlanMenuSearch.improve(&even, target: target)
            if outside(even, target: target) < outside(placed, target: target) { placed = even }
        }
        // A day shown in slot order, each gap food once with its portions together.
        return placed.map { day in
            day.sorted { (slotOrder($0.meal.slot), $0.order) < (slotOrder($1.meal.slot), $1.order) }
        }
    }

    /// The layout the day band (`PlanModelDayBand`) is proved on: each slot's meals, largest first,
    /// onto the lightest day without one; each gap food's p portions ⌊p/N⌋ a day, and one more on
    /// the p mod N lightest days. Any day then holds one meal a slot at most and the portions the
    /// band's rows count, so it is within the band whenever those rows hold.
    static func placeEvenly(_ units: [Unit], days: Int) -> [[Unit]] {
        var placed = Array(repeating: [Unit](), count: max(days, 1))
        var kcal = Array(repeating: 0.0, count: placed.count)
        func lightest(_ candidates: [Int]) -> [Int] { candidates.sorted { (kcal[$0], $0) < (kcal[$1], $1) } }
        func put(_ u: Unit, _ d: Int) {
            placed[d].append(u)
            kcal[d] += u.kcal
        }
        let meals = units.filter { !$0.key.hasPrefix("gap:") }, portions = units.filter { $0.key.hasPrefix("gap:") }
        for slot in PlanRules.slots {
            for u in meals.filter({ $0.key == slot.rawValue }).sorted(by: { ($0.kcal, -$0.order) > ($1.kcal, -$1.order) }) {
                guard let d = lightest(placed.indices.filter { d in !placed[d].contains { $0.key == u.key } }).first else { continue }
                put(u, d)
            }
        }
        var keys: [String] = []
        for u in portions where !keys.contains(u.key) { keys.append(u.key) }
        for key in keys {
            let mine = portions.filter { $0.key == key }
            let each = mine.count / placed.count, extra = mine.count % placed.count
            var next = mine.makeIterator()
            let more = Set(lightest(Array(placed.indices)).prefix(extra))
            for d in placed.indices {
                for _ in 0..<(each + (more.contains(d) ? 1 : 0)) { if let u = next.next() { put(u, d) } }
            }
        }
        return placed
    }

    /// How many days of a layout are outside ±10 % of `target`.
    static func outside(_ placed: [[Unit]], target: Double) -> Int {
        placed.filter { abs($0.reduce(0) { $0 + $1.kcal } - target) > target * PlanRules.dayKcalTolerance }.count
    }

    /// The days of a menu outside ±10 % of `target`.
    static func outside(_ menu: [PlanDay], target: Double) -> [PlanDay] {
        menu.filter { abs($0.kcal - target) > target * PlanRules.dayKcalTolerance }
    }

    /// Whole counts from a solve's (continuous) ones: per slot, each count rounded down, then the
    /// slot's rounded total made up by the largest remainders (ties: the earlier meal).
    static func roundedCounts(_ input: PlanInput, model: PlanModel, values: [Double]) -> [Int] {
        let raw = model.mealColumns.map { values.indices.contains($0) ? max(0, values[$0]) : 0 }
        var counts = raw.map { Int(($0 + 1e-6).rounded(.down)) }
        for slot in PlanRules.slots {
            let meals = input.meals.indices.filter { input.meals[$0].slot == slot && raw.indices.contains($0) }
            let total = Int(meals.reduce(0.0) { $0 + raw[$1] }.rounded())
            var missing = total - meals.reduce(0) { $0 + counts[$1] }
            for m in meals.sorted(by: { (raw[$0] - Double(counts[$0]), -$0) > (raw[$1] - Double(counts[$1]), -$1) }) where missing > 0 {
                counts[m] += 1
                missing -= 1
            }
        }
        return counts
    }

    static func slotOrder(_ slot: Meal) -> Int { PlanRules.slots.firstIndex(of: slot) ?? PlanRules.slots.count }

    /// A day's meals, a gap food's portions merged into one item, with its kcal and protein.
    static func day(_ meals: [PlannedMeal], date: LocalDate, figures: PlanFigures.Lookup) -> PlanDay {
        var merged: [PlannedMeal] = []
        for meal in meals {
            if meal.source == .gapFood, let i = merged.firstIndex(where: { $0.source == .gapFood && $0.name == meal.name }),
                let item = meal.items.first, let have = merged[i].items.first
            {
                merged[i].items = [have.scaled(by: (have.grams + item.grams) / have.grams)]
            } else {
                merged.append(meal)
            }
        }
        let foods = merged.flatMap(\.items).reduce(into: [FoodID: Double]()) { sum, item in
            for (id, g) in item.foods { sum[id, default: 0] += g }
        }
        return PlanDay(date: date, meals: merged, kcal: figures.kcal(foods), proteinG: figures.protein(foods))
    }

    /// "2026-12-07: 1650 kcal" for each day outside ±10 % of the target, in one note.
    static func notes(_ menu: [PlanDay], target: Double) -> [String] {
        let off = outside(menu, target: target)
        guard !off.isEmpty, target > 0 else { return [] }
        let list = off.prefix(4).map { "\($0.date.iso) \(WholeNumber.text($0.kcal)) kcal" }.joined(separator: ", ")
        let more = off.count > 4 ? " and \(off.count - 4) more" : ""
        return [
            "\(Plural.count(off.count, "day")) of the menu \(off.count == 1 ? "is" : "are") outside ±10 % of the \(WholeNumber.text(target)) kcal target (\(list)\(more)): the meals chosen do not spread more evenly."
        ]
    }

    /// Grams of each food the menu holds over all its days, to a tenth of a gram: what the plan
    /// eats, buys and reports.
    static func eaten(_ menu: [PlanDay]) -> [FoodID: Double] {
        menu.flatMap(\.meals).flatMap(\.items).reduce(into: [FoodID: Double]()) { sum, item in
            for (id, g) in item.foods { sum[id, default: 0] += g }
        }.mapValues { ($0 * 10).rounded() / 10 }
    }
}

extension PlanFigures {
    /// The candidates' values by food: a meal's or a day's kcal and protein, one computation.
    public struct Lookup {
        let byId: [FoodID: PlanCandidate]

        public init(_ input: PlanInput) {
            byId = Dictionary(input.candidates.map { ($0.foodId, $0) }, uniquingKeysWith: { a, _ in a })
        }

        public func total(_ foods: [FoodID: Double], _ value: (Nutrients) -> Double?) -> Double {
            foods.keys.sorted { $0.rawValue < $1.rawValue }.reduce(0) { sum, id in
                sum + (byId[id].flatMap { value($0.per100g) } ?? 0) * (foods[id] ?? 0) / 100
            }
        }

        public func kcal(_ foods: [FoodID: Double]) -> Double { total(foods) { $0.kcal } }
        public func protein(_ foods: [FoodID: Double]) -> Double { total(foods) { $0.proteinG } }
    }
}
