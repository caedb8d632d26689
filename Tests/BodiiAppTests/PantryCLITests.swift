import BodiiDomain
import Foundation
import Testing

/// `bodii pantry`, `shop` and `budget` (PRODUCT.md §4, §10) with the real binary: the JSON shapes,
/// money as numbers in main units, first-expiring-first, the budget, and `today --json`'s cost.
@Suite struct PantryCLITests {
    let folder: TemporaryFolder
    let db: String
    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("pantry.sqlite")
    }

    @discardableResult
    func ok(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let r = try runBodii(arguments + ["--db", db])
        #expect(r.status == 0, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        #expect(r.stderr.isEmpty, "\(arguments): \(r.stderr)", sourceLocation: sourceLocation)
        return r.stdout
    }

    func json(_ arguments: [String]) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(try ok(arguments).utf8))
    }

    @Test func addListUseAndWasteWithTheJSONOfTheSpec() throws {
        try ok(["pantry", "add", "banana", "--qty", "6", "--price", "1,99", "--store", "Aldi", "--best-before", "2026-11-26"])
        try ok(["pantry", "add", "banana", "--qty", "6", "--price", "2.49", "--store", "Rewe", "--best-before", "2026-11-24"])
        try ok(["pantry", "add", "--name", "Dish soap", "--qty", "1", "--price", "2.49"])
        let list = try #require(try json(["pantry", "list", "--json"]) as? [[String: Any]])
        #expect(list.count == 3)
        for key in ["id", "name", "food_id", "quantity", "unit", "best_before", "days_left", "price", "store"] {
            #expect(list.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
        }
        // Use soon first: the Rewe lot expires in 2 days.
        #expect(list[0]["store"] as? String == "Rewe")
        #expect(list[0]["days_left"] as? Int == 2)
        #expect(list[0]["price"] as? Double == 2.49)
        #expect(list[0]["unit"] as? String == "piece")
        #expect(list[0]["food_id"] as? String == "usda:09040")
        #expect(list[2]["food_id"] is NSNull)
        #expect(try ok(["pantry", "list", "--json"]).contains("\"price\":1.99"))
        let soon = try #require(try json(["pantry", "list", "--soon", "2", "--json"]) as? [[String: Any]])
        #expect(soon.count == 1)
        // The status line's {use_soon} counts what `pantry list --soon 3` lists (the dashboard's "Use soon").
        let soon3 = try #require(try json(["pantry", "list", "--soon", "3", "--json"]) as? [[String: Any]])
        try ok(["pantry", "add", "--name", "Milk", "--qty", "1", "--best-before", "2026-11-23"])
        #expect(
            try ok(["status", "--format", "{use_soon} to use soon"]).trimmingCharacters(in: .newlines) == "\(soon3.count + 1) to use soon")
        let milk = try #require(
            (try json(["pantry", "list", "--json"]) as? [[String: Any]])?.first { $0["name"] as? String == "Milk" }?["id"] as? Int)
        try ok(["pantry", "use", String(milk)])

        // Using 8 bananas from the Aldi lot's id takes that lot first, then the rest first-expiring-first.
        let aldi = try #require(list.first { $0["store"] as? String == "Aldi" }?["id"] as? Int)
        let rewe = try #require(list[0]["id"] as? Int)
        #expect(try ok(["pantry", "use", String(aldi), "--qty", "8"]).contains("Used 8 pieces of Bananas, raw"))
        let after = try #require(try json(["pantry", "list", "--json"]) as? [[String: Any]])
        #expect(after.first { $0["id"] as? Int == rewe }?["quantity"] as? Double == 4)
        #expect(!after.contains { $0["id"] as? Int == aldi })
        // Wasting 236 g = 2 medium bananas of a lot counted in pieces.
        #expect(try ok(["pantry", "waste", String(rewe), "--qty", "236", "--unit", "g"]).contains("worth €0.83"))
        let budget = try #require(try json(["budget", "--json"]) as? [String: Any])
        #expect(budget["waste"] as? Double == 0.83)
        #expect(budget["spent"] as? Double == 6.97)
        #expect(budget["budget"] is NSNull)
        #expect(budget["period"] as? String == "week")
    }

    /// An item without a shelf life learns it from its first best-before (PantryBook.buy), on the
    /// command line as in the tab: the next lot defaults from it.
    @Test func theFirstBestBeforeTeachesTheShelfLife() throws {
        try ok(["pantry", "add", "--name", "Tofu", "--qty", "1", "--best-before", "2026-11-29"])
        try ok(["pantry", "add", "--name", "Tofu", "--qty", "1"])
        let list = try #require(try json(["pantry", "list", "--json"]) as? [[String: Any]])
        #expect(list.compactMap { $0["best_before"] as? String } == ["2026-11-29", "2026-11-29"], "\(list)")
    }

    @Test func aShoppingListIsBoughtAgainstTheBudget() throws {
        try ok(["budget", "set", "60", "--period", "week"])
        try ok(["pantry", "add", "banana", "--qty", "6", "--price", "1.99", "--store", "Aldi"])
        try ok(["shop", "add", "banana", "--qty", "12", "--store", "Aldi"])
        try ok(["shop", "add", "--name", "Oat milk", "--qty", "2"])
        let list = try #require(try json(["shop", "list", "--json"]) as? [String: Any])
        #expect(list["budget"] as? Double == 60)
        #expect(list["spent"] as? Double == 1.99)
        #expect(list["left"] as? Double == 58.01)
        let items = try #require(list["items"] as? [[String: Any]])
        #expect(items.count == 2)
        for key in ["id", "name", "quantity", "unit", "expected_price", "bought"] {
            #expect(items.allSatisfy { $0.keys.contains(key) }, "missing \(key)")
        }
        #expect(items[0]["expected_price"] as? Double == 3.98)  // the last price at Aldi, for twice the quantity
        #expect(items[1]["expected_price"] is NSNull)
        try ok(["shop", "buy", "banana"])
        try ok(["shop", "buy", "oat", "milk", "--price", "3,58"])
        let bought = try #require(try json(["shop", "list", "--json"]) as? [String: Any])
        #expect(bought["spent"] as? Double == 9.55)
        #expect(bought["left"] as? Double == 50.45)
        #expect((bought["items"] as? [[String: Any]])?.allSatisfy { $0["bought"] as? Bool == true } == true)
        #expect(try ok(["budget"]).contains("€50.45 left"))
        // Outside UTF-8 the symbol becomes its code.
        let ascii = try runBodii(["budget", "--db", db], environment: ["LC_ALL": "C"])
        #expect(ascii.stdout.contains("EUR 50.45 left"), "\(ascii.stdout)")
        let stock = try #require(try json(["pantry", "list", "--json"]) as? [[String: Any]])
        #expect(stock.count == 3)
        // Monthly: the same purchases, no weekly budget read as a monthly one.
        try ok(["budget", "set", "250,00", "--period", "month"])
        let month = try #require(try json(["budget", "--json"]) as? [String: Any])
        #expect(month["period"] as? String == "month")
        #expect(month["left"] as? Double == 240.45)
    }

    @Test func todaysCostComesFromThePricesOfItsFoods() throws {
        try ok(["budget", "set", "60"])
        let empty = try #require(try json(["today", "--json"]) as? [String: Any])
        let none = try #require(empty["cost"] as? [String: Any])
        #expect(none["amount"] is NSNull)
        #expect(none["currency"] as? String == "EUR")
        #expect(none["known_share"] is NSNull)
        try ok(["pantry", "add", "chicken", "breast", "--qty", "1", "--unit", "kg", "--price", "8.99"])
        try ok(["log", "food", "chicken", "breast", "--grams", "200"])
        try ok(["log", "food", "--kcal", "300"])
        let day = try #require(try json(["today", "--json"]) as? [String: Any])
        let cost = try #require(day["cost"] as? [String: Any])
        #expect(cost["amount"] as? Double == 1.8)  // 200 g at €8.99 a kg
        let share = try #require(cost["known_share"] as? Double)
        #expect(share > 0.4 && share < 0.5)
        #expect(try ok(["today"]).contains("Cost"))
    }

    @Test func nonsenseIsRefusedAndWritesNothing() throws {
        try ok(["pantry", "add", "--name", "Rice", "--qty", "1", "--unit", "kg", "--price", "1.50"])
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let cases: [([String], Int32)] = [
            (["pantry", "add", "--name", "Rice", "--qty", "-1"], 65), (["pantry", "add", "--name", "Rice", "--qty", "1e9"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "-2"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "1,234"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--price", "99999"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--unit", "bushel"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--best-before", "2026-11-21"], 65),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--best-before", "2099-01-01"], 65),
            (["pantry", "add", "--name", "Ri\u{1B}[2Jce", "--qty", "1"], 65), (["pantry", "add", "--name", " ", "--qty", "1"], 64),
            (["pantry", "add", "--name", "Rice"], 64), (["pantry", "add", "rice", "--name", "Rice", "--qty", "1"], 64),
            (["pantry", "add", "--name", "Rice", "--qty", "1", "--store", "\u{9B}x"], 65),
            (["pantry", "use", "999", "--qty", "1"], 65), (["pantry", "use", "1", "--qty", "5000"], 65), (["pantry", "waste", "x"], 65),
            (["pantry", "list", "--soon", "-1"], 65), (["shop", "buy", "nothing"], 65), (["budget", "set", "0"], 65),
            (["budget", "set", "60", "--period", "fortnight"], 64), (["budget", "set", "2000000"], 65),
            // Rice was bought by weight: a bare 2 would be 2 g, where a person means two packs.
            (["pantry", "add", "--name", "Rice", "--qty", "2"], 64), (["shop", "add", "--name", "Rice", "--qty", "2"], 64),
        ]
        for (arguments, status) in cases {
            let r = try runBodii(arguments + ["--db", db])
            #expect(r.status == status, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stderr.hasPrefix("bodii: ") && r.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(r.stderr)")
            #expect(r.stdout.isEmpty, "\(arguments): \(r.stdout)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        let bare = try runBodii(["pantry", "add", "--name", "Rice", "--qty", "2", "--db", db]).stderr
        #expect(bare.contains("--qty 2 without a unit would be 2 g of Rice") && bare.contains("--unit"), "\(bare)")
        // A weight that is one stays one.
        #expect(try ok(["pantry", "add", "--name", "Rice", "--qty", "500"]).contains("500 g of Rice"))
    }
}
