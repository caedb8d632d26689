// A linear or mixed-integer program, solved by COIN-OR: CLP for a pure LP (with the rows' dual
// prices), CBC for one with integer or binary columns.
//
// Why COIN-OR: it is the maintained open-source LP/MIP pair in Debian (coinor-libclp-dev 1.17.6,
// coinor-libcbc-dev 2.10.8) under the EPL, which leaves Bodii's own licence alone. HiGHS is not
// packaged in this Debian release, and GLPK is GPL-3: linking it would bind the whole binary.
// A hand-written simplex would be a second, untested solver.

/// One variable: its bounds, its cost in the objective (minimised), and whether it must be whole.
public struct LPColumn: Equatable, Sendable {
    public var name: String
    public var lower: Double
    public var upper: Double
    public var cost: Double
    public var isInteger: Bool

    public init(_ name: String, lower: Double = 0, upper: Double = .infinity, cost: Double = 0, isInteger: Bool = false) {
        self.name = name
        self.lower = lower
        self.upper = upper
        self.cost = cost
        self.isInteger = isInteger
    }

    /// A 0/1 column.
    public static func binary(_ name: String, cost: Double = 0) -> LPColumn {
        LPColumn(name, lower: 0, upper: 1, cost: cost, isInteger: true)
    }
}

/// One constraint: lower ≤ Σ coefficient · column ≤ upper (a range; ±infinity for one side).
public struct LPRow: Equatable, Sendable {
    public var name: String
    public var lower: Double
    public var upper: Double
    public var terms: [(column: Int, coefficient: Double)]

    public init(_ name: String, lower: Double = -.infinity, upper: Double = .infinity, terms: [(column: Int, coefficient: Double)]) {
        self.name = name
        self.lower = lower
        self.upper = upper
        self.terms = terms
    }

    public static func == (l: LPRow, r: LPRow) -> Bool {
        l.name == r.name && l.lower == r.lower && l.upper == r.upper && l.terms.map(\.column) == r.terms.map(\.column)
            && l.terms.map(\.coefficient) == r.terms.map(\.coefficient)
    }

    /// Σ coefficient · values[column].
    public func activity(_ values: [Double]) -> Double {
        terms.reduce(0) { $0 + $1.coefficient * (values.indices.contains($1.column) ? values[$1.column] : 0) }
    }
}

/// Minimise Σ cost · column subject to the rows and the columns' bounds.
public struct LinearProgram: Equatable, Sendable {
    public var columns: [LPColumn] = []
    public var rows: [LPRow] = []
    /// CBC's node limit for this program; nil: `Solver.maximumNodes`.
    public var maximumNodes: Int32?

    public init() {}

    /// Adds a column and returns its index.
    @discardableResult
    public mutating func add(_ column: LPColumn) -> Int {
        columns.append(column)
        return columns.count - 1
    }

    /// Adds a row and returns its index.
    @discardableResult
    public mutating func add(_ row: LPRow) -> Int {
        rows.append(row)
        return rows.count - 1
    }

    public var hasIntegers: Bool { columns.contains { $0.isInteger } }

    /// The matrix column by column (CSC), as COIN-OR loads it; terms of one row on one column add up.
    func columnMajor() -> (starts: [Int32], rowIndices: [Int32], values: [Double]) {
        var perColumn = [[(Int32, Double)]](repeating: [], count: columns.count)
        for (r, row) in rows.enumerated() {
            var summed: [Int: Double] = [:]
            var order: [Int] = []
            for term in row.terms where columns.indices.contains(term.column) {
                if summed[term.column] == nil { order.append(term.column) }
                summed[term.column, default: 0] += term.coefficient
            }
            for c in order { perColumn[c].append((Int32(r), summed[c] ?? 0)) }
        }
        var starts: [Int32] = [0], indices: [Int32] = [], values: [Double] = []
        for entries in perColumn {
            for (r, v) in entries {
                indices.append(r)
                values.append(v)
            }
            starts.append(Int32(indices.count))
        }
        return (starts, indices, values)
    }
}

/// What a solve found.
public struct LPSolution: Equatable, Sendable {
    public enum Status: String, Sendable {
        case optimal, infeasible, unbounded
        /// Stopped at the time limit or abandoned: `values` hold the best found, if any.
        case stopped
    }

    public var status: Status
    public var objective: Double
    public var values: [Double]
    public var rowActivities: [Double]
    /// The rows' dual prices (CLP only; empty after CBC).
    public var duals: [Double]
}

public enum SolverError: Error, Equatable, CustomStringConvertible {
    /// The COIN-OR library could not be opened (not installed): its name and why.
    case libraryMissing(String)
    /// A bound or coefficient is not a number, or a lower bound is above its upper.
    case badModel(String)

    public var description: String {
        switch self {
        case .libraryMissing(let why): "the COIN-OR solver library could not be opened (\(why)); scripts/ensure-deps installs it"
        case .badModel(let why): "the plan's model is malformed: \(why)"
        }
    }
}
