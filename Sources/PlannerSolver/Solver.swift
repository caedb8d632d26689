import Foundation

/// Solves a `LinearProgram` with CLP (no integer columns) or CBC. Deterministic: one thread, the
/// solvers' fixed seeds, and the model loaded in the order given.
public enum Solver {
    /// `timeLimit` in seconds bounds CBC's search; its best plan so far comes back as `.stopped`.
    public static func solve(_ program: LinearProgram, timeLimit: Double = 5) throws(SolverError) -> LPSolution {
        try check(program)
        // CBC's driver and COIN's message handlers keep process-wide state: two solves at once
        // (parallel tests, a CLI and a job) gave each other's answers. One at a time.
        gate.lock()
        defer { gate.unlock() }
        return program.hasIntegers ? try solveMIP(program, timeLimit: timeLimit) : try solveLP(program, timeLimit: timeLimit)
    }

    private static let gate = NSLock()

    static func check(_ p: LinearProgram) throws(SolverError) {
        for c in p.columns where c.lower.isNaN || c.upper.isNaN || !c.cost.isFinite || c.lower > c.upper {
            throw .badModel("column \(c.name) has bounds \(c.lower)…\(c.upper), cost \(c.cost)")
        }
        for r in p.rows where r.lower.isNaN || r.upper.isNaN || r.terms.contains(where: { !$0.coefficient.isFinite }) {
            throw .badModel("row \(r.name) has a bound or coefficient that is not a number")
        }
    }

    /// COIN-OR's infinity: its own DBL_MAX, not IEEE infinity.
    static func bound(_ v: Double) -> Double {
        v.isInfinite ? (v > 0 ? Double.greatestFiniteMagnitude : -Double.greatestFiniteMagnitude) : v
    }

    static func load(_ p: LinearProgram, into model: Model?, with loadProblem: LoadProblem) {
        let (starts, indices, values) = p.columnMajor()
        let colLower = p.columns.map { bound($0.lower) }, colUpper = p.columns.map { bound($0.upper) }
        let cost = p.columns.map(\.cost)
        let rowLower = p.rows.map { bound($0.lower) }, rowUpper = p.rows.map { bound($0.upper) }
        loadProblem(
            model, Int32(p.columns.count), Int32(p.rows.count), starts, indices, values, colLower, colUpper, cost, rowLower, rowUpper)
    }

    static func copy(_ pointer: UnsafePointer<Double>?, count: Int) -> [Double] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: count))
    }

    static func solveLP(_ p: LinearProgram, timeLimit: Double) throws(SolverError) -> LPSolution {
        let clp = try COINLibrary.clp.get()
        let model = clp.newModel()
        defer { clp.deleteModel(model) }
        clp.setLogLevel(model, 0)
        clp.setMaximumSeconds(model, timeLimit)
        load(p, into: model, with: clp.loadProblem)
        _ = clp.initialSolve(model)
        // Clp_status: 0 optimal, 1 primal infeasible, 2 dual infeasible (unbounded), 3 stopped, 4 errors.
        let status: LPSolution.Status =
            switch clp.status(model) {
            case 0: .optimal
            case 1: .infeasible
            case 2: .unbounded
            default: .stopped
            }
        return LPSolution(
            status: status, objective: clp.objectiveValue(model), values: copy(clp.colSolution(model), count: p.columns.count),
            rowActivities: copy(clp.rowActivity(model), count: p.rows.count), duals: copy(clp.rowPrice(model), count: p.rows.count))
    }

    /// True when `values` keep every bound and row of `p` (to 1e-6, relative above 1), integers whole.
    public static func satisfies(_ p: LinearProgram, _ values: [Double], tolerance: Double = 1e-6) -> Bool {
        guard values.count == p.columns.count else { return false }
        func slack(_ bound: Double) -> Double { tolerance * max(1, abs(bound)) }
        for (c, v) in zip(p.columns, values) {
            if v < c.lower - slack(c.lower) || v > c.upper + slack(c.upper) { return false }
            if c.isInteger, abs(v - v.rounded()) > 1e-5 { return false }
        }
        for r in p.rows {
            let a = r.activity(values)
            if a < r.lower - slack(r.lower) || a > r.upper + slack(r.upper) { return false }
        }
        return true
    }

    /// Enough for the planner's programs (a few hundred binaries) to close their gap or come near.
    public static let maximumNodes: Int32 = 20_000

    static func solveMIP(_ p: LinearProgram, timeLimit: Double) throws(SolverError) -> LPSolution {
        let cbc = try COINLibrary.cbc.get()
        let model = cbc.newModel()
        defer { cbc.deleteModel(model) }
        load(p, into: model, with: cbc.loadProblem)
        for (i, c) in p.columns.enumerated() where c.isInteger { cbc.setInteger(model, Int32(i)) }
        cbc.setLogLevel(model, 0)
        // No Cbc_setParameter: an option this build lacks ("threads") sends CBC's driver to read
        // commands from stdin. Nodes, not seconds, bound the search, so a busy machine gets the same plan.
        cbc.setMaximumNodes(model, maximumNodes)
        cbc.setMaximumSeconds(model, timeLimit)
        _ = cbc.solve(model)
        let values = copy(cbc.colSolution(model), count: p.columns.count)
        // CBC reports an infeasible root as "proven optimal" with zeros: the answer is believed only
        // when it satisfies every row and bound.
        let status: LPSolution.Status =
            if cbc.isProvenInfeasible(model) != 0 || !satisfies(p, values) {
                cbc.isContinuousUnbounded(model) != 0
                    ? .unbounded : (cbc.isProvenOptimal(model) != 0 || cbc.isProvenInfeasible(model) != 0 ? .infeasible : .stopped)
            } else if cbc.isProvenOptimal(model) != 0 {
                .optimal
            } else {
                .stopped
            }
        return LPSolution(
            status: status, objective: cbc.objValue(model), values: values,
            rowActivities: copy(cbc.rowActivity(model), count: p.rows.count), duals: [])
    }
}
