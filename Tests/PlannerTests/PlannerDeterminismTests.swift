import Testing
@testable import BodiiDomain
@testable import GroceryPlanner
import PlannerSamples
@testable import PlannerSolver

/// The same program gives the same answer on every run (issue 42): no clock decides where CBC
/// stops. With a 5-second limit a loaded machine stopped at another incumbent, and the text and
/// JSON of one database disagreed (B12 3.5 against 3.6 µg).
@Suite struct PlannerDeterminismTests {
    /// A market-split program (Cornuéjols and Dawande): 4 equality rows over 24 binaries with
    /// made-up weights up to 999, each missed at a price; no split is exact, and proving it is not
    /// takes far more nodes than the limit. Branch and bound cannot close it in
    /// `Solver.maximumNodes`, so where it stops is decided by the node count alone — a clock
    /// would stop it at a different incumbent on a slower run.
    static func marketSplit() -> LinearProgram {
        var seed: UInt64 = 42
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % 1000
        }
        var p = LinearProgram()
        let xs = (0..<24).map { p.add(LPColumn.binary("x\($0)")) }
        for r in 0..<4 {
            let weights = xs.map { _ in Double(next()) }
            let over = p.add(LPColumn("over\(r)", cost: 1)), under = p.add(LPColumn("under\(r)", cost: 1))
            let half = (weights.reduce(0, +) / 2).rounded(.down)
            p.add(LPRow("split\(r)", lower: half, upper: half, terms: zip(xs, weights).map { ($0, $1) } + [(over, -1), (under, 1)]))
        }
        return p
    }

    @Test func aSearchTheNodeLimitCutsStopsAtTheSameIncumbentEveryTime() throws {
        let program = Self.marketSplit()
        let first = try Solver.solve(program)
        #expect(first.status == .stopped, "the search must be cut for this to test where it stops: \(first.status) \(first.objective)")
        #expect(Solver.satisfies(program, first.values))
        // Another program solved in between: the solver keeps no state from one solve to the next.
        _ = try Solver.solve(GroceryPlanner.relaxedProgram(PlannerSamples.catalog(foods: 40)))
        let second = try Solver.solve(program)
        #expect(second == first)
    }

    @Test func aPlanIsTheSameWhenSolvedTwice() throws {
        let input = PlannerSamples.catalog(foods: 120)
        let first = try GroceryPlanner.plan(input)
        #expect(first.feasible, "\(first.explanation ?? "")")
        #expect(!first.items.isEmpty)
        let second = try GroceryPlanner.plan(input)
        #expect(second == first)
        // Every figure, not just the items: the per-day nutrients the text and the JSON print.
        #expect(second.perDay == first.perDay && second.cost == first.cost && second.short == first.short)
    }

    /// The JSON and the text read one rounded figure: B12 at 3.55 µg a day was 3.6 in the JSON
    /// (tenths, half away from zero) and 3.5 in the text (`%.1f` of the double just below 3.55).
    @Test func theTextReadsTheFigureTheJSONGives() {
        for (value, json, text) in [(3.55, 3.6, "3.6"), (0.845, 0.85, "0.85"), (38.45, 38.5, "39"), (9.96, 10, "10"), (-0.0001, 0, "0")] {
            let reported = PlanFigures.reported(value)
            #expect(reported == json, "\(value)")
            // What a JSON reader gets back, read as the text reads it.
            #expect(NutrientFormat.reading(Double("\(reported)") ?? .nan) == text && NutrientFormat.reading(reported) == text, "\(value)")
        }
    }
}
