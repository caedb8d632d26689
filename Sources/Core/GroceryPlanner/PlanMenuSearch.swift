// The menu's local search (issue 42: each day's kcal within ±10 % of the target). After the
// first layout, one step moves a meal or gap portion from one day to another, or swaps two,
// between any two days, keeping each day's slots (one breakfast…, two portions of a gap food).
// A step is taken only when it lowers the worse of the two days' distance from the target, so
// the days' distances, sorted worst first, fall every step: the search ends, and the same units
// always give the same menu. Each round looks at the worst day first and takes its best step.
// At the end no single move or swap can bring a day outside ±10 % inside without pushing the
// other day out: the check the tests make.
enum PlanMenuSearch {
    /// One step: `from` leaves day `a` for day `b`, `back` (if any) leaves `b` for `a`.
    struct Step {
        var a: Int
        var b: Int
        var from: Int?
        var back: Int?
        var worse: Double
    }

    /// Improves `placed` in place; bounded to a few rounds per unit.
    static func improve(_ placed: inout [[PlanMenu.Unit]], target: Double) {
        guard target > 0, placed.count > 1 else { return }
        var kcal = placed.map { $0.reduce(0) { $0 + $1.kcal } }
        let rounds = 4 * placed.reduce(0) { $0 + $1.count } + placed.count
        for _ in 0..<rounds {
            guard let step = best(placed, kcal: kcal, target: target) else { return }
            let u = step.from.map { placed[step.a][$0] }
            let v = step.back.map { placed[step.b][$0] }
            if let i = step.from { placed[step.a].remove(at: i) }
            if let j = step.back { placed[step.b].remove(at: j) }
            if let u {
                placed[step.b].append(u)
                kcal[step.a] -= u.kcal
                kcal[step.b] += u.kcal
            }
            if let v {
                placed[step.a].append(v)
                kcal[step.b] -= v.kcal
                kcal[step.a] += v.kcal
            }
        }
    }

    /// Whether `day` can take `unit` once `leaving` (a unit of that day) has gone.
    static func fits(_ day: [PlanMenu.Unit], _ unit: PlanMenu.Unit, leaving: PlanMenu.Unit?) -> Bool {
        let held = day.reduce(0) { $0 + ($1.key == unit.key ? 1 : 0) } - (leaving?.key == unit.key ? 1 : 0)
        return held < unit.capacity
    }

    /// The worst day's best step (else the next worst day's…), or nil when no step helps.
    static func best(_ placed: [[PlanMenu.Unit]], kcal: [Double], target: Double) -> Step? {
        func off(_ k: Double) -> Double { abs(k - target) }
        let order = kcal.indices.sorted { (off(kcal[$0]), -$0) > (off(kcal[$1]), -$1) }
        for (rank, a) in order.enumerated() {
            var found: Step?
            // Pairs with a worse day were looked at from that day.
            for b in order[(rank + 1)...] {
                // Half a kcal of gain at least: no step back and forth on rounding.
                let before = max(off(kcal[a]), off(kcal[b])) - 0.5
                func consider(_ from: Int?, _ back: Int?, _ delta: Double) {
                    let worse = max(off(kcal[a] - delta), off(kcal[b] + delta))
                    if worse < min(before, found?.worse ?? .infinity) { found = Step(a: a, b: b, from: from, back: back, worse: worse) }
                }
                for (i, u) in placed[a].enumerated() {
                    if fits(placed[b], u, leaving: nil) { consider(i, nil, u.kcal) }
                    for (j, v) in placed[b].enumerated() where v.kcal != u.kcal {
                        if fits(placed[b], u, leaving: v), fits(placed[a], v, leaving: u) { consider(i, j, u.kcal - v.kcal) }
                    }
                }
                for (j, v) in placed[b].enumerated() where fits(placed[a], v, leaving: nil) { consider(nil, j, -v.kcal) }
            }
            if let found { return found }
        }
        return nil
    }
}
