import Foundation

/// Solves a `LinearProgram` with CLP (no integer columns) or CBC. Deterministic: the same program
/// gives the same answer on every run, however busy the machine. One thread, the solvers' fixed
/// seeds, the model loaded in the order given, and no clock: CLP runs to its optimum, and CBC stops
/// only at a proven optimum or after `maximumNodes` branch-and-bound nodes — counted work, not
/// seconds. (A 5-second limit let a loaded machine stop at a different incumbent: the text plan
/// said B12 3.5 µg where the JSON of the same database said 3.6.)
public enum Solver {
    /// The answer of a mixed-integer program is `.stopped` (its best plan so far) when CBC used up `maximumNodes`.
    public static func solve(_ program: LinearProgram) throws(SolverError) -> LPSolution {
        try check(program)
        // CBC's driver and COIN's message handlers keep process-wide state: two solves at once
        // (parallel tests, a CLI and a job) gave each other's answers. One at a time.
        gate.lock()
        defer { gate.unlock() }
        return program.hasIntegers ? try solveMIP(program) : try solveLP(program)
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

    static func solveLP(_ p: LinearProgram) throws(SolverError) -> LPSolution {
        let clp = try COINLibrary.clp.get()
        let model = clp.newModel()
        defer { clp.deleteModel(model) }
        clp.setLogLevel(model, 0)
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

    /// The bound on CBC's search. The 10-year demo's programs close their gap in at most 6 nodes
    /// (0.15 s); 2,000 keeps a hard program's worst case to seconds, with its best plan after them.
    public static let maximumNodes: Int32 = 2_000

    static func solveMIP(_ p: LinearProgram) throws(SolverError) -> LPSolution {
        let cbc = try COINLibrary.cbc.get()
        let model = cbc.newModel()
        defer { cbc.deleteModel(model) }
        load(p, into: model, with: cbc.loadProblem)
        for (i, c) in p.columns.enumerated() where c.isInteger { cbc.setInteger(model, Int32(i)) }
        cbc.setLogLevel(model, 0)
        // No Cbc_setParameter: an option this build lacks ("threads") sends CBC's driver to read
        // commands from stdin. Nodes, not seconds, bound the search, so a busy machine gets the
        // same plan; CBC's own gaps stay at their defaults (1e-10 absolute, 0 relative): optimal means optimal.
        cbc.setMaximumNodes(model, p.maximumNodes ?? maximumNodes)
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
