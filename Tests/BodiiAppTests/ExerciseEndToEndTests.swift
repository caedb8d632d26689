import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The Exercise tab in the real binary in tmux: a session added by keyboard alone shows in the
/// tab and in `bodii today --json`; Esc writes nothing.
@Suite(.serialized) struct ExerciseEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func exercise(_ db: String) throws -> (minutes: Double, calories: Double) {
        let e = try #require(try todayJSON(db: db)["exercise"] as? [String: Any])
        return (try #require(num(e["minutes"])), try #require(num(e["calories"])))
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func addASessionByKeyboardAndFindItInTheTabAndTodayJSON() throws {
        let db = folder.path("exercise.sqlite")
        #expect(try runBodii(["demo", "--days", "20", "--db", db]).status == 0)
        let before = try exercise(db)
        let repos = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        let weight = try #require(try repos.latestBodyRecord(onOrBefore: TestClock.today)?.weightKg)
        // Basketball, high: game, 8.0 MET (15040): (8 − 1) × weight × 35/60 h.
        let kcal = ExerciseLogging.kcal(met: 8.0, weightKg: weight, minutes: 35)

        let t = try startAppInTmux(db: db)
        try t.waitFor(text: "Calories")
        try t.send("4")
        try t.waitFor(text: "Minutes per week")

        // Esc in the form writes nothing.
        try t.send("a")
        try t.waitFor(text: "choose an activity")
        try t.type("yoga")
        try t.send("Enter")
        try t.waitFor(text: "Estimate")
        try t.type("20")
        // Esc with typed minutes asks first (issue 26); yes closes it and writes nothing.
        try t.send("Escape")
        try t.waitFor(text: "Close and lose what you typed?")
        try t.type("y")
        try t.waitFor(text: "Nothing logged.")
        #expect(try exercise(db).minutes == before.minutes)

        // Search with a typo, move down and back up, choose, then minutes, intensity, date.
        try t.send("a")
        try t.waitFor(text: "choose an activity")
        try t.type("baskteball")
        try t.waitFor(text: "8.0")
        try t.send("C-n")
        try t.send("C-p")
        try t.send("Enter")
        try t.waitFor(text: "Log exercise")
        try t.type("35")
        try t.waitFor(text: "Estimate  \(Int(ExerciseLogging.kcal(met: 6.5, weightKg: weight, minutes: 35).rounded())) kcal")
        try t.send("Enter")
        try t.type("h")
        try t.waitFor(text: "Estimate  \(Int(kcal.rounded())) kcal")
        try t.send("Enter")
        try t.send("Enter")
        let screen = try t.waitFor(text: "Logged 35 min of Basketball (high)")
        #expect(screen.contains("Basketball"))
        #expect(screen.contains("High"))
        #expect(!screen.contains("Log exercise"), "the form closed")

        try t.send("q")
        try t.waitFor(text: "EXITED 0.")

        let after = try exercise(db)
        #expect(after.minutes == before.minutes + 35)
        #expect(abs(after.calories - (before.calories + kcal)) < 0.05)
        let saved = try repos.exerciseRecords(in: DateRange(ending: TestClock.today, days: 1)).filter { $0.activity == "Basketball" }
        #expect(saved.count == 1)
        #expect(saved.first?.intensity == .high && saved.first?.met == 8.0 && saved.first?.minutes == 35)
    }
}
