import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// Issue 41's keystroke budget, measured on the real binary in tmux: a new user's first 5-item
/// breakfast typed as one line is logged in ≤ 45 keys including the text (it took 58 before), and
/// the same breakfast the next day in ≤ 3 keys.
@Suite(.serialized) struct MealLineEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// Counts every key sent, text included, one per character.
    final class Keys {
        let t: TmuxSession
        var count = 0
        init(_ t: TmuxSession) { self.t = t }
        func send(_ key: String) throws {
            count += 1
            try t.send(key)
        }
        func type(_ text: String) throws {
            count += text.count
            try t.type(text)
        }
    }

    /// The app started, then `3` (one key, counted) to the Diet tab.
    static func diet(_ t: TmuxSession) throws -> Keys {
        try t.waitFor(text: "1 Dashboard")
        let keys = Keys(t)
        try keys.send("3")
        try t.waitFor(text: "Meals")
        return keys
    }

    func foods(_ db: String, on day: LocalDate) throws -> [FoodRecord] {
        let repos = try BodiiDatabase(url: URL(fileURLWithPath: db)).repositories
        return try repos.foodRecords(in: DateRange(start: day, end: day))
    }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func aFiveFoodBreakfastInOneLineThenTheSameNextDay() throws {
        let db = folder.path("line.sqlite")
        let profile = ["profile", "set", "--name", "Sam", "--sex", "female", "--birth-date", "1990-04-02", "--height", "168"]
        #expect(try runBodii(profile + ["--db", db]).status == 0)
        #expect(try runBodii(["log", "weight", "70", "--db", db]).status == 0)
        let env = ["LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        let line = "2 eggs, toast, banana, coffee with milk"

        let first = try TmuxSession(command: "\(BodiiBinary.url.path) --db \(db)", width: 80, height: 24, environment: env)
        let keys = try Self.diet(first)
        try keys.send("a")
        try first.waitFor(text: "Search")
        try keys.type(line)
        try first.waitFor(text: "Enter logs 5 foods")
        try keys.send("Enter")
        try first.waitFor(text: "Logged 5 foods")
        print("First 5-item breakfast as one line: \(keys.count) keys (budget 45; 58 before issue 41)")
        #expect(keys.count <= 45)
        let logged = try foods(db, on: TestClock.today)
        #expect(logged.count == 5)
        let names = logged.map(\.foodName).joined(separator: " | ")
        for word in ["Egg", "Bread", "Banana", "Coffee", "Milk"] { #expect(names.contains(word), "\(names)") }
        // Two large eggs (SR24: 50 g each), not 100 g of "egg" nor a cup of it.
        #expect(logged.first { $0.foodName.hasPrefix("Egg") }?.grams == 100)
        try first.send("q")

        let nextDay = TestClock.today.adding(days: 1)
        let second = try TmuxSession(
            command: "\(BodiiBinary.url.path) --db \(db)", width: 100, height: 30,
            environment: env.merging(["BODII_NOW": "\(nextDay.iso)T08:00:00+01:00"]) { _, b in b })
        let again = try Self.diet(second)
        // `p` copies from yesterday (its default), Enter confirms.
        try again.send("p")
        try second.waitFor(text: "Copy food")
        try again.send("Enter")
        try second.waitFor(text: "Breakfast")
        try second.waitFor("5 entries copied") { _ in (try? foods(db, on: nextDay).count) == 5 }
        print("The same breakfast next day: \(again.count) keys (budget 3)")
        #expect(again.count <= 3)
        #expect(try foods(db, on: nextDay).map(\.grams) == logged.map(\.grams))
    }
}
