import Foundation
import Testing

/// `bodii search` as scripts use it (PRODUCT.md §4), on the real binary.
@Suite struct SearchCLITests {
    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test func textIsAnAlignedTableThatFitsEightyColumns() throws {
        let db = folder.path("search.sqlite")
        let r = try runBodii(["search", "banana", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.isEmpty)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 11)  // a header and the default 10 foods
        #expect(lines.first == "id          name (per 100 g)                           kcal    P g    C g    F g")
        #expect(lines[1] == "usda:09040  Bananas, raw                                 89    1.1   22.8    0.3")
        for line in lines { #expect(line.count <= 80, "\(line)") }
        // Long names are cut with an ellipsis, the numbers stay in their columns.
        let cut = try #require(lines.first { $0.contains("…") })
        #expect(cut.count == 80)
        // Several words without quotes are one query; --db may come first.
        let words = try runBodii(["--db", db, "search", "chicken", "breast", "--limit", "1"])
        #expect(words.status == 0)
        #expect(words.stdout.contains("usda:05062  Chicken, broilers or fryers, breast, mea…"))
    }

    @Test func jsonHasTheContractKeysInOrder() throws {
        let db = folder.path("search.sqlite")
        let r = try runBodii(["search", "bananas", "--json", "--limit", "2", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                [{"id":"usda:09040","name":"Bananas, raw","kcal_per_100g":89,"protein_g":1.09,"carbs_g":22.84,"fat_g":0.33,"source":"USDA SR"},\
                {"id":"usda:09041","name":"Bananas, dehydrated, or banana powder","kcal_per_100g":346,"protein_g":3.89,"carbs_g":88.28,"fat_g":1.81,"source":"USDA SR"}]

                """)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        #expect(parsed.count == 2)
        // Typos, accents and an unquoted query work the same in JSON.
        let typo = try runBodii(["search", "jalapeño", "--json", "--limit", "1", "--db", db])
        #expect(typo.stdout.hasPrefix("[{\"id\":\"usda:11979\",\"name\":\"Peppers, jalapeno, raw\""))
    }

    @Test func withoutADatabaseSearchUsesTheShippedCatalogAndCreatesNothing() throws {
        let data = folder.path("xdg")
        let r = try runBodii(["search", "brocoli", "--limit", "1"], environment: ["XDG_DATA_HOME": data, "HOME": folder.path("home")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("usda:11090  Broccoli, raw"))
        #expect(!FileManager.default.fileExists(atPath: data))  // search only reads
    }

    /// Like grep and fzf: nothing matched exits 1, with `[]` for scripts or one line for a person.
    @Test func noMatchExitsOneWithAnEmptyArrayOrANote() throws {
        let db = folder.path("search.sqlite")
        let r = try runBodii(["search", "xyzzy", "--db", db])
        #expect(r.status == 1)
        #expect(r.stdout.isEmpty)
        #expect(
            r.stderr == "bodii: no food matches \"xyzzy\": no word of it is in a food's name"
                + " (add it as a custom food in the app: Diet, a, Ctrl-O)\n")
        let json = try runBodii(["search", "xyzzy", "--json", "--db", db])
        #expect(json.status == 1)
        #expect(json.stdout == "[]\n")
        #expect(json.stderr.isEmpty)
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [Any])
        #expect(parsed.isEmpty)
        // Without a database (the shipped catalog) the same.
        let shipped = try runBodii(
            ["search", "xyzzy", "--json"], environment: ["XDG_DATA_HOME": folder.path("xdg"), "HOME": folder.path("home")])
        #expect(shipped.status == 1)
        #expect(shipped.stdout == "[]\n")
        // One word the catalog does not use no longer empties the list (issue 24).
        let fresh = try runBodii(["search", "fresh", "blueberries", "--json", "--limit", "1", "--db", db])
        #expect(fresh.status == 0, "\(fresh.stderr)")
        #expect(fresh.stdout.hasPrefix("[{\"id\":\"usda:09050\""))
        // Control characters in the query are shown escaped, never sent to the terminal.
        let escape = try runBodii(["search", "zz\u{1B}[2J", "--db", db])
        #expect(escape.status == 1)
        #expect(escape.stderr.contains("\\u{1B}[2J"))
        #expect(!escape.stderr.contains("\u{1B}"))
    }

    @Test func aBadLimitOrNoQueryIsBadUsage() throws {
        let db = folder.path("search.sqlite")
        for (limit, problem) in [
            ("0", "is out of range"), ("101", "is out of range"), ("-1", "is out of range"),
            ("abc", "is not a number"), ("2.5", "is not a whole number"),
        ] {
            let r = try runBodii(["search", "egg", "--limit=\(limit)", "--db", db])
            #expect(r.status == 64, "\(limit): \(r.status) \(r.stderr)")
            let shown = limit.isEmpty ? "" : " \"\(limit)\""
            #expect(r.stderr == "bodii: --limit\(shown) \(problem): allowed 1–100\n", "\(limit): \(r.stderr)")
            #expect(r.stdout.isEmpty)
        }
        for query in [[], [""], ["  ", ","]] {
            let r = try runBodii(["search"] + query + ["--db", db])
            #expect(r.status == 64, "\(query)")
            #expect(r.stderr.contains("search needs a query"), "\(query): \(r.stderr)")
        }
        for empty in ["--limit= ", "--limit=\t"] {
            let r = try runBodii(["search", "egg", empty, "--db", db])
            #expect(r.status == 64)
            #expect(r.stderr == "bodii: --limit is empty: give a value or leave the option out\n")
        }
        // "--limit=" is no value at all: the next word would be taken, and is an option.
        let missing = try runBodii(["search", "egg", "--limit=", "--db", db])
        #expect(missing.status == 64)
        #expect(missing.stderr == "bodii: --limit needs a value, not the option \"--db\"\n")
        #expect(try runBodii(["search", "egg", "--limit", "100", "--db", db]).status == 0)
    }
}
