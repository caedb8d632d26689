import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Food search on a real database with the shipped USDA catalog: what the relevance set measures
/// in bulk, here as cases that name the behaviour.
@Suite struct FoodSearchTests {
    func top(_ repos: SQLiteRepositories, _ query: String, _ n: Int = 1) throws -> [String] {
        try repos.searchFoods(query, limit: n).map(\.id.rawValue)
    }

    func log(_ repos: SQLiteRepositories, _ id: String, on iso: String) throws {
        let food = try #require(try repos.food(id: FoodID(id)))
        try repos.addFoodRecord(FoodLogging.record(food: food, grams: 100, meal: .lunch, date: day(iso)))
    }

    @Test func theProductExamples() throws {
        try withDatabase { _, repos throws in
            let bananas = try top(repos, "banana", 50)
            let raw = try #require(bananas.firstIndex(of: "usda:09040"))
            #expect(raw == 0)
            if let baby = bananas.firstIndex(where: { $0.hasPrefix("usda:03") }) { #expect(raw < baby) }
            let eggs = try repos.searchFoods("egg", limit: 30)
            #expect(eggs.first?.name.hasPrefix("Egg, whole") == true)
            let noodles = try #require(eggs.firstIndex { $0.name.hasPrefix("Noodles, egg") } ?? Optional(eggs.count))
            #expect(noodles > 0)
            #expect(try repos.searchFoods("chicken breast", limit: 1).first?.name.hasPrefix("Chicken, broilers or fryers, breast") == true)
        }
    }

    @Test func oneTypoPerWordIsForgiven() throws {
        try withDatabase { _, repos throws in
            #expect(try top(repos, "brocoli") == ["usda:11090"])
            #expect(try top(repos, "bananna") == ["usda:09040"])
            #expect(try top(repos, "strawbery") == ["usda:09316"])
            #expect(try repos.searchFoods("chiken brest", limit: 1).first?.name.hasPrefix("Chicken, broilers or fryers, breast") == true)
            // Two typos in one word are too many; short words are never corrected.
            #expect(try top(repos, "brokoly").isEmpty)
            #expect(try top(repos, "xgg").isEmpty)
        }
    }

    @Test func pluralsCaseAccentsAndWordOrderDoNotMatter() throws {
        try withDatabase { _, repos throws in
            for query in ["strawberry", "strawberries", "STRAWBERRIES", "Strawberries raw", "raw strawberries"] {
                #expect(try top(repos, query) == ["usda:09316"], "\(query)")
            }
            #expect(try top(repos, "jalapeño") == ["usda:11979"])
            #expect(try top(repos, "JALAPEÑOS") == ["usda:11979"])
            #expect(try top(repos, "cheese cheddar") == top(repos, "cheddar cheese"))
            #expect(try top(repos, "cheddar cheese") == ["usda:01009"])
        }
    }

    @Test func prefixesWorkAsTheUserTypes() throws {
        try withDatabase { _, repos throws in
            for typed in ["bana", "banan", "banana"] { #expect(try top(repos, typed) == ["usda:09040"], "\(typed)") }
            #expect(try top(repos, "broc") == ["usda:11090"])
            // Plain peanut butter, with or without salt (as the relevance set has it).
            #expect(
                try top(repos, "peanut but", 1).first.map { ["usda:16097", "usda:16098", "usda:16397", "usda:16398"].contains($0) } == true)
            // A word followed by a space is complete: "egg " does not find eggplant.
            #expect(try repos.searchFoods("egg ", limit: 100).allSatisfy { !$0.name.hasPrefix("Eggplant") })
            #expect(try repos.searchFoods("egg", limit: 100).contains { $0.name.hasPrefix("Eggplant") })
            // One letter already gives foods, plain ones first.
            #expect(try repos.searchFoods("b", limit: 10).count == 10)
        }
    }

    @Test func anEverydayWordFindsItsFoodWhileItIsStillBeingTyped() throws {
        // The catalog's words for these start otherwise: before, "courg" to "courgett" found
        // nothing, "praw" found "Bananas, raw", and "blue be" and "icing su" nothing.
        try withDatabase { _, repos throws in
            for (word, meant) in [("courgette", "zucchini"), ("aubergine", "Eggplant"), ("ketchup", "Catsup"), ("prawn", "shrimp")] {
                for length in 4...word.count {
                    let typed = String(word.prefix(length))
                    let first = try repos.searchFoods(typed, limit: 1).first?.name ?? "nothing"
                    #expect(first.contains(meant), "\(typed): \(first)")
                }
            }
            // A phrase's first word says what is meant before its second is finished, and words
            // typed apart or together are found from the second word's second letter.
            // A word that means one food alone means it from four letters ("minc", not "Pie, mince").
            for (typed, meant) in [
                ("jacket pot", "Potatoes, baked"), ("icing su", "Sugars, powdered"),
                ("blue be", "Blueberries"), ("peanutbu", "Peanut butter"),
                ("minc", "Beef, ground"), ("oatm", "Cereals, oats"), ("coria", "Coriander (cilantro)"),
            ] {
                let first = try repos.searchFoods(typed, limit: 1).first?.name ?? "nothing"
                #expect(first.hasPrefix(meant), "\(typed): \(first)")
            }
        }
    }

    @Test func aSauceOrSoupMadeForAFoodComesAfterTheFood() throws {
        // "Sauce, steak" named steak in its head and came before every steak.
        try withDatabase { _, repos throws in
            for (typed, meant) in [("steak", "Beef"), ("tomato", "Tomatoes"), ("cheese", "Cheese")] {
                let first = try repos.searchFoods(typed, limit: 1).first?.name ?? "nothing"
                #expect(first.hasPrefix(meant), "\(typed): \(first)")
            }
            // Unless the query names the dish.
            #expect(try repos.searchFoods("steak sauce", limit: 1).first?.name.hasPrefix("Sauce, steak") == true)
        }
    }

    @Test func aCustomFoodIsFoundRightAfterItIsSavedAndRenamed() throws {
        try withDatabase { _, repos throws in
            #expect(try top(repos, "zorblax").isEmpty)
            let saved = try repos.addCustomFood(customFood("Zorblax stew with pesto"))
            #expect(try top(repos, "zorblax") == [saved.id.rawValue])
            #expect(try top(repos, "zorb") == [saved.id.rawValue])
            #expect(try top(repos, "zorbalx") == [saved.id.rawValue])  // its new word is known to typo search too
            var renamed = saved
            renamed.name = "Courgette spaghetti"
            try repos.updateCustomFood(renamed)
            #expect(try top(repos, "zorblax").isEmpty)
            #expect(try top(repos, "courgette") == [saved.id.rawValue])
            // Capitals in the user's own food are not a brand to rank down.
            let bbq = try repos.addCustomFood(customFood("BBQ chicken breast"))
            #expect(try top(repos, "bbq") == [bbq.id.rawValue])
        }
    }

    @Test func theUsersRecentAndFrequentFoodsAreLifted() throws {
        try withDatabase { _, repos throws in
            let before = try top(repos, "egg", 5)
            #expect(before.first == "usda:01123")
            #expect(!before.prefix(1).contains("usda:01129"))
            for d in 14...20 { try log(repos, "usda:01129", on: "2026-11-\(d)") }  // hard-boiled, every day
            #expect(try top(repos, "egg") == ["usda:01129"])
            // A food from the log must still match the query.
            #expect(try !top(repos, "banana", 20).contains("usda:01129"))
        }
    }

    @Test func emptyQueryGivesRecentFoodsAndLimitIsKept() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.searchFoods("", limit: 5).isEmpty)
            try log(repos, "usda:09040", on: "2026-11-20")
            #expect(try top(repos, "  ", 5) == ["usda:09040"])
            #expect(try repos.searchFoods("cheese", limit: 7).count == 7)
            #expect(try repos.searchFoods("cheese", limit: 0).isEmpty)
            #expect(try repos.searchFoods("cheese", limit: -3).isEmpty)
            #expect(try repos.searchFoods("cheese", limit: 3).allSatisfy { $0.servings.isEmpty })
        }
    }

    @Test func indexQuerySyntaxInTheInputIsJustText() throws {
        try withDatabase { _, repos throws in
            for nasty in ["\"", "NEAR(banana", "{name}: banana", "(", "*", "AND", "\u{0}"] {
                #expect(throws: Never.self) { try repos.searchFoods(nasty, limit: 5) }
            }
            for banana in ["banana\"", "banana*", "^banana", "banana OR", "\"banana\" AND"] {
                #expect(try top(repos, banana) == ["usda:09040"], "\(banana)")
            }
        }
    }

    @Test func aNewReleaseReindexesTheCatalog() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let db = try BodiiDatabase(
                    url: url, catalog: tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52"), ("usda:2", "Pear", "57")]))
                #expect(try db.repositories.searchFoods("pear", limit: 5).map(\.name) == ["Pear"])
                try db.close()
            }
            let db = try BodiiDatabase(
                url: url, catalog: tinyCatalog(release: "2", foods: [("usda:1", "Apples, raw", "52"), ("usda:3", "Plum", "46")]))
            defer { try? db.close() }
            #expect(try db.repositories.searchFoods("pear", limit: 5).isEmpty)
            #expect(try db.repositories.searchFoods("plum", limit: 5).map(\.name) == ["Plum"])
            #expect(try db.repositories.searchFoods("apples", limit: 5).map(\.name) == ["Apples, raw"])
            // The index holds exactly the foods: no leftovers of release 1.
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_fts_vocab WHERE term = 'pear'") == ["0"])
            #expect(try db.fetchStrings("SELECT term FROM food_search_term ORDER BY term") == ["apples", "plum", "raw"])
        }
    }

    @Test func aDatabaseWithFoodsBeforeVersion3GetsThemIndexed() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v2 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v2"), timeZone: .current, catalog: nil)
                try v2.executeRaw(
                    """
                    INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g) VALUES
                        ('custom:1', 'Grandma''s zucchini loaf', 'custom', 290, 5, 40, 12),
                        ('custom:2', 'Jalapeño poppers', 'custom', 250, 7, 20, 15)
                    """)
                try v2.close()
            }
            let db = try BodiiDatabase(url: url, catalog: nil)
            defer { try? db.close() }
            #expect(try db.appliedMigrations() == Schema.migrations.map(\.id))
            #expect(try db.repositories.searchFoods("zucchini", limit: 5).map(\.id.rawValue) == ["custom:1"])
            #expect(try db.repositories.searchFoods("jalapeno popper", limit: 5).map(\.id.rawValue) == ["custom:2"])
        }
    }
}
