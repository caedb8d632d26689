import BodiiDomain
import Foundation
import Testing
import USDACatalogData
@testable import BodiiStore

/// A small shipped catalog in the same text form as the real one.
func tinyCatalog(release: String, foods: [(id: String, name: String, kcal: String)], servings: [String] = []) -> ShippedCatalog {
    let header = "id\tname\tkcal\tprotein_g\tcarbs_g\tfat_g\tfiber_g"
    let lines = foods.map { "\($0.id)\t\($0.name)\t\($0.kcal)\t1\t2\t3\t" }
    return ShippedCatalog(
        source: "USDA SR", release: release, foods: ([header] + lines).joined(separator: "\n"),
        servings: (["food_id\tlabel\tgrams"] + servings).joined(separator: "\n"))
}

func customFood(_ name: String, kcal: Double = 250, servings: [FoodServing] = [FoodServing(label: "1 bar", grams: 40)]) -> Food {
    Food(
        id: FoodID("ignored"), name: name, source: "x",
        per100g: Nutrients(kcal: kcal, proteinG: 10, carbsG: 30, fatG: 9, fiberG: 4, sugarsG: nil, sodiumMg: 120),
        servings: servings)
}

@Suite struct FoodCatalogSeedingTests {
    /// The SR24 entries left out because energy or a macronutrient is unknown.
    static let leftOut: Set<String> = ["usda:14014", "usda:23999", "usda:46168"]

    @Test func theCatalogIsSeededOnFirstUseWithEveryFoodAndServing() throws {
        try withDatabase { db, repos throws in
            // Opening does not seed: databases that never touch the catalog do not pay for it.
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food") == ["0"])
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            #expect(banana.name == "Bananas, raw")
            #expect(banana.source == "USDA SR")
            #expect(banana.release == "24")
            #expect(banana.per100g.kcal == 89)
            #expect(banana.per100g.proteinG == 1.09)
            #expect(banana.per100g.sugarsG == 12.23)
            #expect(banana.per100g.vitaminDUg == 0)
            #expect(
                banana.servings.map(\.label) == [
                    "1 cup, mashed", "1 cup, sliced", "1 extra small (less than 6\" long)", "1 small (6\" to 6-7/8\" long)",
                    "1 medium (7\" to 7-7/8\" long)", "1 large (8\" to 8-7/8\" long)", "1 extra large (9\" or longer)",
                    "1 NLEA serving",
                ])
            #expect(banana.servings[4].grams == 118)

            #expect(USDASR24.foodCount == 8858)
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food WHERE id LIKE 'usda:%'") == ["\(8858 - Self.leftOut.count)"])
            let servingLines = USDASR24.servings.split(separator: "\n").dropFirst()
            let expectedServings = servingLines.filter { !Self.leftOut.contains(String($0.prefix(while: { $0 != "\t" }))) }.count
            #expect(servingLines.count == USDASR24.servingCount)
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_serving WHERE food_id LIKE 'usda:%'") == ["\(expectedServings)"])
            #expect(
                try db.fetchStrings("SELECT source || ' ' || release || ' ' || food_count FROM food_catalog WHERE source = 'USDA SR'")
                    == ["USDA SR 24 8855"])
            for id in Self.leftOut { #expect(try repos.food(id: FoodID(id)) == nil) }
            // Unknown stays unknown: SR24 has no fiber or sugars for the caraway cheese.
            let caraway = try #require(try repos.food(id: FoodID("usda:01008")))
            #expect(caraway.per100g.sugarsG == nil)
            #expect(caraway.per100g.fiberG == 0)
            // Vitamin D in µg (SR24 gives 51 IU for whole milk).
            #expect(try repos.food(id: FoodID("usda:01077"))?.per100g.vitaminDUg == 1.275)
        }
    }

    @Test func seedingHappensOnceAndIsKeptAcrossOpens() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let first = try BodiiDatabase(url: url)
            try first.repositories.prepareFoodCatalog()
            let stamp = try first.fetchStrings("SELECT seeded_at FROM food_catalog")
            try first.repositories.prepareFoodCatalog()
            try first.close()
            let second = try BodiiDatabase(url: url)
            defer { try? second.close() }
            _ = try second.repositories.food(id: FoodID("usda:09040"))
            #expect(try second.fetchStrings("SELECT seeded_at FROM food_catalog") == stamp)
            #expect(try second.fetchStrings("SELECT COUNT(*) FROM food") == ["\(8855 + CatalogSupplement.foodCount)"])
        }
    }

    @Test func aSeedIsOneTransaction() throws {
        // The last line is broken: nothing of the catalog may stay behind.
        var broken = tinyCatalog(release: "1", foods: [("usda:1", "Apple", "52"), ("usda:2", "Pear", "57")])
        broken.foods += "\nusda:3\tPlum\tforty-six\t1\t2\t3\t"
        try withTemporaryFolder { folder in
            let db = try BodiiDatabase(url: folder.appendingPathComponent("b.sqlite"), catalog: broken)
            defer { try? db.close() }
            #expect(throws: StoreError.self) { try db.repositories.food(id: FoodID("usda:1")) }
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food") == ["0"])
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_catalog") == ["0"])
        }
    }

    @Test func aNewReleaseReplacesTheShippedFoodsOnlyAndKeepsCustomFoodsAndTheLog() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let old = tinyCatalog(
                release: "1", foods: [("usda:1", "Apple", "52"), ("usda:2", "Pear", "57")],
                servings: ["usda:1\t1 medium\t182", "usda:2\t1 medium\t178"])
            let custom: Food
            do {
                let db = try BodiiDatabase(url: url, catalog: old)
                let apple = try #require(try db.repositories.food(id: FoodID("usda:1")))
                try db.repositories.addFoodRecord(FoodLogging.record(food: apple, grams: 182, meal: .snacks, date: day("2026-11-20")))
                custom = try db.repositories.addCustomFood(customFood("Flapjack"))
                try db.close()
            }
            let new = tinyCatalog(
                release: "2", foods: [("usda:1", "Apples, raw", "52"), ("usda:3", "Plum", "46")],
                servings: ["usda:1\t1 small\t149", "usda:1\t1 large\t223"])
            let db = try BodiiDatabase(url: url, catalog: new)
            defer { try? db.close() }
            let apple = try #require(try db.repositories.food(id: FoodID("usda:1")))
            #expect(apple.name == "Apples, raw")
            #expect(apple.servings == [FoodServing(label: "1 small", grams: 149), FoodServing(label: "1 large", grams: 223)])
            #expect(try db.repositories.food(id: FoodID("usda:2")) == nil)
            #expect(try db.repositories.food(id: FoodID("usda:3"))?.name == "Plum")
            #expect(try db.repositories.food(id: custom.id) == custom)
            #expect(try db.repositories.customFoods() == [custom])
            let log = try db.repositories.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20")))
            #expect(log.map(\.foodName) == ["Apple"])
            #expect(try db.fetchStrings("SELECT release FROM food_catalog") == ["2"])
        }
    }

    @Test func twoConnectionsSeedingAFreshDatabaseAtOnceSeedItOnce() async throws {
        try await withTemporaryFolderAsync { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let a = try BodiiDatabase(url: url)
            let b = try BodiiDatabase(url: url)
            defer { try? a.close(); try? b.close() }
            async let first: Void = Task.detached { try a.repositories.prepareFoodCatalog() }.value
            async let second: Void = Task.detached { try b.repositories.prepareFoodCatalog() }.value
            _ = try await (first, second)
            #expect(try a.fetchStrings("SELECT COUNT(*) FROM food") == ["\(8855 + CatalogSupplement.foodCount)"])
            #expect(try a.fetchStrings("SELECT COUNT(*) FROM food_catalog") == ["2"])  // SR24 and the supplement
        }
    }

    @Test func noCatalogMeansNoSeed() throws {
        try withTemporaryFolder { folder in
            let db = try BodiiDatabase(url: folder.appendingPathComponent("n.sqlite"), catalog: nil)
            defer { try? db.close() }
            #expect(try db.repositories.food(id: FoodID("usda:09040")) == nil)
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food") == ["0"])
        }
    }
}

@Suite struct CustomFoodStoreTests {
    @Test func customFoodsGetNumbersThatAreNeverReused() throws {
        try withDatabase { db, repos throws in
            let bar = try repos.addCustomFood(customFood("Protein bar"))
            let jack = try repos.addCustomFood(customFood("Flapjack", kcal: 420))
            #expect(bar.id == FoodID("custom:1"))
            #expect(jack.id == FoodID("custom:2"))
            #expect(bar.source == "custom")
            #expect(bar.release == nil)
            #expect(try repos.food(id: bar.id) == bar)
            #expect(try repos.customFoods().map(\.name) == ["Flapjack", "Protein bar"])
            // Even when the newest custom food is gone, its number is not handed out again.
            try db.executeRaw("DELETE FROM food WHERE id = 'custom:2'")
            #expect(try repos.addCustomFood(customFood("Oat cookie")).id == FoodID("custom:3"))
        }
    }

    @Test func updatingReplacesNameNutrientsAndServings() throws {
        try withDatabase { _, repos throws in
            var bar = try repos.addCustomFood(customFood("Protein bar"))
            bar.name = "Protein bar (peanut)"
            bar.per100g.kcal = 380
            bar.per100g.sodiumMg = nil
            bar.servings = [FoodServing(label: "1 bar", grams: 45), FoodServing(label: "1 mini bar", grams: 20)]
            try repos.updateCustomFood(bar)
            #expect(try repos.food(id: bar.id) == bar)
        }
    }

    @Test func onlyStoredCustomFoodsCanBeUpdated() throws {
        try withDatabase { _, repos throws in
            var banana = try #require(try repos.food(id: FoodID("usda:09040")))
            banana.name = "Banana (mine)"
            #expect(throws: StoreError.customFoodNotFound("usda:09040")) { try repos.updateCustomFood(banana) }
            var ghost = customFood("Ghost")
            ghost.id = FoodID("custom:99")
            #expect(throws: StoreError.customFoodNotFound("custom:99")) { try repos.updateCustomFood(ghost) }
            #expect(try repos.food(id: FoodID("usda:09040"))?.name == "Bananas, raw")
        }
    }
}

@Suite struct RecentAndSearchTests {
    func log(_ repos: SQLiteRepositories, _ id: String, on iso: String) throws {
        let food = try #require(try repos.food(id: FoodID(id)))
        try repos.addFoodRecord(FoodLogging.record(food: food, grams: 100, meal: .lunch, date: day(iso)))
    }

    @Test func recentFoodsMixFrequencyAndRecency() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.recentFoods(limit: 10).isEmpty)
            // Oats every day for a week, a banana yesterday, an egg today, milk five times two months ago.
            for d in 14...20 { try log(repos, "usda:08120", on: "2026-11-\(d)") }
            try log(repos, "usda:09040", on: "2026-11-19")
            try log(repos, "usda:01123", on: "2026-11-20")
            for d in 10...14 { try log(repos, "usda:01077", on: "2026-09-\(d)") }
            // Far outside the window: not recent any more.
            try log(repos, "usda:11124", on: "2025-01-01")
            let recent = try repos.recentFoods(limit: 10).map(\.id.rawValue)
            #expect(recent == ["usda:08120", "usda:01077", "usda:01123", "usda:09040"])
            #expect(try repos.recentFoods(limit: 2).count == 2)
            #expect(try repos.recentFoods(limit: 1).first?.servings == [])
        }
    }

    @Test func aListingSearchGivesTheSameFoodsWithoutTheirOtherNutrients() throws {
        try withDatabase { _, repos throws in
            try log(repos, "usda:01123", on: "2026-11-20")  // the log lifts it: the same in both
            for query in ["banana", "egg", "chicken breast", "mince", "rise pudding", "  "] {
                let whole = try repos.searchFoods(query, limit: 10)
                let listed = try repos.searchFoodsForListing(query, limit: 10)
                #expect(!listed.isEmpty)
                #expect(listed.map(\.id) == whole.map(\.id))
                #expect(listed.map(\.name) == whole.map(\.name))
                #expect(listed.map(\.source) == whole.map(\.source))
                #expect(listed.map(\.release) == whole.map(\.release))
                #expect(listed.map { [$0.per100g.kcal, $0.per100g.proteinG, $0.per100g.carbsG, $0.per100g.fatG] }
                    == whole.map { [$0.per100g.kcal, $0.per100g.proteinG, $0.per100g.carbsG, $0.per100g.fatG] })
                #expect(whole.contains { !$0.per100g.values.isEmpty })  // the whole foods do have them
                #expect(query.trimmingCharacters(in: .whitespaces).isEmpty || listed.allSatisfy { $0.per100g.values.isEmpty })
            }
        }
    }

    @Test func searchFindsEveryWordAndFallsBackToRecentFoods() throws {
        try withDatabase { _, repos throws in
            let bananas = try repos.searchFoods("banana", limit: 5)
            #expect(bananas.first?.name == "Bananas, raw")
            #expect(bananas.count == 5)
            #expect(try repos.searchFoods("raw BANANA", limit: 50).contains { $0.id == FoodID("usda:09040") })
            // Full-text query syntax in the input is just punctuation between words.
            #expect(try repos.searchFoods("\"banana\" OR", limit: 5).first?.name == "Bananas, raw")
            #expect(try repos.searchFoods("xyzzy", limit: 5).isEmpty)
            try log(repos, "usda:01123", on: "2026-11-20")
            #expect(try repos.searchFoods("  ", limit: 5).map(\.id.rawValue) == ["usda:01123"])
        }
    }
}

@Suite struct FoodCatalogMigrationTests {
    @Test func aVersion1DatabaseGainsTheFoodRecordNutrientsAndKeepsItsLog() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            do {
                let v1 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v1"), timeZone: .current)
                #expect(try v1.appliedMigrations() == ["v1"])
                try v1.executeRaw(
                    """
                    INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at)
                    VALUES ('2026-11-20', 'lunch', 'usda:09040', 'Bananas, raw', 118, 105, 1.3, 27, 0.4, 3.1, '2026-11-20T12:00:00+01:00')
                    """)
                try v1.close()
            }
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            #expect(db.backupURL?.lastPathComponent == "bodii.sqlite.backup-v1")
            #expect(try db.appliedMigrations() == Schema.migrations.map(\.id))
            let records = try db.repositories.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20")))
            #expect(records.count == 1)
            #expect(records.first?.kcal == 105)
            #expect(records.first?.sugarsG == nil)
            #expect(records.first?.sodiumMg == nil)
            var edited = try #require(records.first)
            edited.sugarsG = 14.4
            try db.repositories.updateFoodRecord(edited)
            #expect(try db.repositories.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20"))) == [edited])
            #expect(try db.repositories.dailyLog(on: day("2026-11-20"))?.caloriesIn == 105)
        }
    }
}

@Suite struct DemoMenuCatalogTests {
    @Test func everyDemoFoodIsInTheShippedCatalog() throws {
        try withDatabase { _, repos throws in
            for id in DemoHistory.menuFoodIDs {
                #expect(try repos.food(id: id) != nil, "\(id)")
            }
        }
    }
}
