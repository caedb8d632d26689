import BodiiDomain
import BodiiStore
import Foundation
import Testing

/// The Pantry tab as a user does the week's shopping, in the real binary in tmux by keyboard:
/// bananas already in stock, a budget, a list of two items, both bought (one at its expected
/// price with `b`, one with the price typed), then the stock and the budget left.
@Suite(.serialized) struct PantryEndToEndTests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test(.enabled(if: tmuxAvailable, "tmux is not installed: run scripts/test, which installs it"))
    func aListBoughtInTwoKeysShowsInStockAndTheBudget() throws {
        let db = folder.path("pantry.sqlite")
        let demo = try runBodii(["demo", "--days", "14", "--db", db])
        try #require(demo.status == 0, "\(demo.stderr)")
        let t = try startAppInTmux(db: db)
        try t.waitFor(text: "Calories")
        try t.send("8")
        try t.waitFor(text: "Nothing in stock")
        // One banana bought earlier this week, with its price: the price a list expects.
        try t.send("a")
        try t.type("banana")
        try t.waitFor(text: "Bananas, raw")
        try t.send("Enter", "Tab", "Tab")
        try t.type("1,29")
        try t.send("Tab")
        try t.type("Lidl")
        try t.send("Enter")
        try t.waitFor(text: "Added 1 piece of Bananas, raw for €1.29.")
        try t.send("B")
        try t.type("60")
        try t.send("Enter")
        try t.waitFor(text: "Budget set: €60.00 a week.")

        try t.send("l", "a")
        try t.type("banana")
        try t.waitFor(text: "in pantry")
        try t.send("Enter")
        try t.type("6")
        try t.send("Enter")
        try t.waitFor(text: "Put Bananas, raw on the list.")
        try t.send("a")
        try t.type("kitchen roll")
        try t.send("End", "Enter")
        try t.waitFor(text: "Add to the list — kitchen roll")
        try t.type("2")
        try t.send("Enter")
        try t.waitFor("the list with its expected total") { $0.contains("[ ] kitchen roll") && $0.contains("2 to buy · €7.74 + 1 unpriced") }

        try t.send("k", "b")                                   // bananas at the expected 6 × €1.29
        try t.waitFor(text: "Bought Bananas, raw, 6 pieces for €7.74")
        try t.send("Enter")                                   // kitchen roll: no price known yet, typed
        try t.waitFor(text: "Buy — kitchen roll")
        try t.send("Tab", "Tab")
        try t.type("3,10")
        try t.send("Enter")
        try t.waitFor("both bought and the budget left") {
            $0.contains("[✓] kitchen roll") && $0.contains("paid €3.10") && $0.contains("week €60.00 · left €47.87")
        }
        try t.send("s")
        try t.waitFor("the stock") { $0.contains("6 pieces") && $0.contains("kitchen roll") && $0.contains("3 lots") }
        try t.send("q")
        try t.waitFor(text: "EXITED 0.")

        // The same numbers in the store.
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let r = database.repositories
        #expect(try r.shoppingListItems(includingBought: false).isEmpty)
        #expect(try r.stockLots(includingEmpty: false).count == 3)
        #expect(try r.pantryBudget()?.amount == Money(minorUnits: 6000))
    }
}
