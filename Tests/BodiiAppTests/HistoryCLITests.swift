import Foundation
import Testing

/// `bodii history` (issue 15): "when did I last eat X", on the real binary.
@Suite struct HistoryCLITests {
    let folder: TemporaryFolder
    let db: String
    static let now = ["BODII_NOW": "2026-11-22T21:00:00Z"]

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("history.sqlite")
        for (query, grams, date, meal) in [
            ("banana", "118", "2026-11-01", "breakfast"), ("rice cooked", "150", "2026-11-20", "lunch"),
            ("banana", "100", "2026-11-21", "snacks"),
        ] {
            let r = try runBodii(
                ["log", "food", query, "--grams", grams, "--date", date, "--meal", meal, "--db", db], environment: Self.now)
            #expect(r.status == 0, "\(r.stderr)")
        }
    }

    @Test func textIsAlignedLinesNewestFirst() throws {
        let r = try runBodii(["history", "bananas", "--db", db], environment: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                "2026-11-21  Snacks     Bananas, raw  100 g   89 kcal",
                "2026-11-01  Breakfast  Bananas, raw  118 g  105 kcal",
            ])
        for line in lines { #expect(line.count <= 80) }
        // A day instead of a food; --limit; --db first.
        let day = try runBodii(["--db", db, "history", "yesterday"], environment: Self.now)
        #expect(day.stdout.hasPrefix("2026-11-21  Snacks  Bananas, raw  100 g  89 kcal"))
        let one = try runBodii(["history", "banana", "--limit", "1", "--db", db], environment: Self.now)
        #expect(one.stdout.split(separator: "\n").count == 1)
    }

    @Test func jsonHasTheContractKeysInOrder() throws {
        let r = try runBodii(["history", "banana", "--json", "--db", db], environment: Self.now)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                [{"date":"2026-11-21","meal":"snacks","food_id":"usda:09040","name":"Bananas, raw","grams":100,"kcal":89},\
                {"date":"2026-11-01","meal":"breakfast","food_id":"usda:09040","name":"Bananas, raw","grams":118,"kcal":105}]

                """)
    }

    @Test func badInputIsAUsageErrorAndNoMatchIsBadData() throws {
        for args in [
            ["history"], ["history", "  "], ["history", "banana", "--limit", "0"], ["history", "banana", "--limit", "x"],
            ["history", "banana", "--limit", "1001"],
        ] {
            let r = try runBodii(args + ["--db", db], environment: Self.now)
            #expect(r.status == 64, "\(args)")
            #expect(r.stdout.isEmpty)
            #expect(r.stderr.hasPrefix("bodii: ") && r.stderr.split(separator: "\n").count == 1, "\(r.stderr)")
        }
        // As `bodii search`: nothing found is one line on stderr, exit 65.
        let none = try runBodii(["history", "pizza", "--db", db], environment: Self.now)
        #expect(none.status == 65)
        #expect(none.stdout.isEmpty)
        #expect(none.stderr == "bodii: nothing in your log matches \"pizza\"\n")
        let escape = try runBodii(["history", "zz\u{1B}[2J", "--db", db], environment: Self.now)
        #expect(escape.status == 65 && escape.stderr.contains("\\u{1B}[2J"))
    }
}
