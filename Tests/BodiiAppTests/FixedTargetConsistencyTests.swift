import BodiiDomain
import BodiiStore
import DashboardFeature
import DietFeature
import Foundation
import TerminalKit
import Testing

/// Issue 43 follow-up: a dietitian's 1,800 kcal set before the first weigh-in is the target on
/// every surface — the Dashboard, Diet, `today --json` and `bodii status` agree on the target and
/// what is left of it (one `TargetHistory`), and each says the grams wait for a weight instead of
/// showing made-up ones.
@MainActor
@Suite struct FixedTargetConsistencyTests {
    let folder: TemporaryFolder
    let db: String
    static let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 0)

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("fixed.sqlite")
        let environment = ConsistencyTests.now(Self.day)
        // A profile (sex, age, height) but no weigh-in: no BMR, no expenditure.
        for arguments in [
            ["profile", "set", "--name", "Ana", "--sex", "female", "--birth-date", "1985-03-01", "--height", "168"],
            ["targets", "set", "--kcal", "1800"],
            ["log", "food", "--kcal", "450", "--protein", "20"],
        ] {
            let out = try runBodii(arguments + ["--db", db], environment: environment)
            try #require(out.status == 0, "\(arguments): \(out.stderr)")
        }
    }

    @Test func everySurfaceShowsTheFixedTargetAndWhatIsLeft() throws {
        let out = try runBodii(["today", "--json", "--db", db], environment: ConsistencyTests.now(Self.day))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        let calories = try #require(json["calories"] as? [String: Any])
        func number(_ any: Any?) -> Double? { (any as? Double) ?? (any as? Int).map(Double.init) }
        let target = try #require(number(calories["target"]), "\(calories)")
        let left = try #require(number(calories["remaining"]), "\(calories)")
        #expect(target == 1800 && left == 1800 - 450 && calories["target_basis"] as? String == "fixed", "\(calories)")
        #expect(json["weight_kg"] is NSNull && calories["expenditure"] is NSNull, "no weigh-in, no burn")

        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let clock = ConsistencyTests.clock(Self.day)

        let dashboard = DashboardViewModel(source: database.repositories, clock: clock)
        dashboard.didBecomeVisible()
        let board = ConsistencyTests.render(dashboard)
        #expect(ConsistencyTests.ints(in: board, after: "Target ").first.map(Double.init) == target, "\(board)")
        #expect(ConsistencyTests.ints(in: board, after: "Left ").first.map(Double.init) == left, "\(board)")
        #expect(board.contains("Fixed target; macros need a weigh-in"), "\(board)")

        let diet = DietViewModel(source: database.repositories, clock: clock)
        diet.didBecomeVisible()
        let dayTotal = ConsistencyTests.render(diet)
        #expect(ConsistencyTests.ints(in: dayTotal, after: "│ kcal ").map(Double.init) == [450, target], "\(dayTotal)")
        #expect(dayTotal.contains("\(WholeNumber.text(left)) left"), "\(dayTotal)")
        // The narrow column takes the shorter words for the same thing.
        #expect(
            ["Fixed target; macros need a weigh-in", "Fixed; macros need a weight", "Fixed · macros: weigh in"].contains {
                dayTotal.contains($0)
            }, "\(dayTotal)")
        // Protein eaten, with no target of grams beside it.
        #expect(ConsistencyTests.ints(in: dayTotal, after: "│ Protein ") == [20], "\(dayTotal)")

        let status = try runBodii(["status", "--format", "{target}|{left}", "--db", db], environment: ConsistencyTests.now(Self.day))
        #expect(status.stdout == "\(WholeNumber.text(target))|\(WholeNumber.text(left))\n", "\(status.stdout)")
    }
}
