import BodiiDomain
import Foundation
import Testing

/// The Pantry tab as a user does the week's shopping, in the real binary in tmux by keyboard, on
/// the demo's pantry: a new entry on the list, two entries bought (one at its expected price with
/// `b`, one with the price typed), then the stock, the budget left — the same numbers as
/// `bodii budget`, `bodii shop list` and `bodii pantry list` — and the dashboard's "Use soon".
@Suite(.serialized) struct PantryEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func json(_ args: [String], db: String) throws -> Any {
        let out = try runBodii(args + ["--json", "--db", db])
        try #require(out.status == 0, "\(out.stderr)")
        return try JSONSerialization.jsonObject(with: Data(out.stdout.utf8))
    }

    /// A JSON amount (`1.99`) in cents, exactly.
    func cents(_ value: Any?) -> Int? { (value as? NSNumber).map { Int(($0.doubleValue * 100).rounded()) } }

    /// "€47.87" for 4787 cents.
    func euros(_ cents: Int) -> String { (cents < 0 ? "-" : "") + "€\(abs(cents) / 100)." + String(format: "%02d", abs(cents) % 100) }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func aListBoughtInTwoKeysShowsInStockTheBudgetAndTheDashboard() throws {
        let db = folder.path("pantry.sqlite")
        let demo = try runBodii(["demo", "--days", "30", "--db", db])
        try #require(demo.status == 0, "\(demo.stderr)")
        let budget = try #require(try json(["budget"], db: db) as? [String: Any])
        let leftBefore = try #require(cents(budget["left"]))
        let list = try #require(try json(["shop", "list"], db: db) as? [String: Any])
        let first = try #require((list["items"] as? [[String: Any]])?.first)
        let firstName = try #require(first["name"] as? String)
        let firstPrice = try #require(cents(first["expected_price"]))
        let lotsBefore = try #require(try json(["pantry", "list"], db: db) as? [[String: Any]]).count

        let t = try startAppInTmux(db: db)
        try t.waitFor(text: "Calories")
        try t.send("8")
        try t.waitFor("the stock, use soon first") { $0.contains("─ Stock ─") && $0.contains("use soon") }
        try t.send("l")
        try t.waitFor(text: "left \(euros(leftBefore))")
        // A free name, new to the pantry, on the list.
        try t.send("a")
        try t.type("kitchen roll")
        try t.send("C-o")
        try t.waitFor(text: "Add to the list — kitchen roll")
        try t.type("2")
        try t.send("Enter")
        try t.waitFor(text: "Put kitchen roll on the list.")
        // Bought with the price typed (none is known yet): Enter, then the price.
        try t.send("Enter")
        try t.waitFor(text: "Buy — kitchen roll")
        try t.send("Tab", "Tab")
        try t.type("3,10")
        try t.send("Enter")
        try t.waitFor(text: "Bought kitchen roll, 2 pieces for €3.10")
        // The list's first entry at its expected price: one key.
        try t.send("Home", "b")
        try t.waitFor(text: "Bought \(firstName)")
        let leftAfter = leftBefore - 310 - firstPrice
        try t.waitFor("the budget left after both") { $0.contains("left \(euros(leftAfter))") && $0.contains("paid €3.10") }
        try t.send("s")
        try t.waitFor(text: "kitchen roll")
        try t.send("1")
        try t.waitFor(text: "Use soon")
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")

        // The command line says the same.
        let after = try #require(try json(["budget"], db: db) as? [String: Any])
        #expect(cents(after["left"]) == leftAfter)
        #expect(try #require(try json(["pantry", "list"], db: db) as? [[String: Any]]).count == lotsBefore + 2)
        let open = try #require(try json(["shop", "list"], db: db) as? [String: Any])
        let names = (open["items"] as? [[String: Any]] ?? []).filter { $0["bought"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(!names.contains("kitchen roll") && !names.contains(firstName), "\(names)")
    }
}
