import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 27: every nutrient of the catalog travels into the log and back out as a day's intake.
@Suite struct NutrientIntakeTests {
    /// A medium banana, checked by hand against SR24 (usda:09040, per 100 g: vitamin C 8.7 mg,
    /// potassium 358 mg, magnesium 27 mg, folate 20 µg): 118 g gives 10.266 mg vitamin C (10.3)
    /// and 422.44 mg potassium.
    @Test func aLoggedBananaGivesTheSR24AmountsBack() throws {
        try withDatabase { _, repos in
            guard let banana = try repos.food(id: FoodID("usda:09040")) else { throw StoreError.invalidCatalog("no banana") }
            #expect(banana.per100g[.vitaminCMg] == 8.7)
            #expect(banana.per100g[.potassiumMg] == 358)
            #expect(banana.per100g[.cholineMg] == 9.8)
            let entry = try repos.addFoodRecord(
                FoodLogging.record(food: banana, grams: 118, meal: .breakfast, date: day("2026-11-20"), loggedAt: instant(1_795_600_000)))
            let intakes = try repos.nutrientIntakes(in: DateRange(start: day("2026-11-19"), end: day("2026-11-21")))
            #expect(Array(intakes.keys) == [day("2026-11-20")])
            let intake = try #require(intakes[day("2026-11-20")])
            #expect(intake.entryCount == 1)
            #expect(abs((intake.amounts[.vitaminCMg] ?? 0) - 10.266) < 1e-9)
            #expect(abs((intake.amounts[.potassiumMg] ?? 0) - 422.44) < 1e-9)
            #expect(abs((intake.amounts[.magnesiumMg] ?? 0) - 31.86) < 1e-9)
            #expect(abs((intake.amounts[.folateUg] ?? 0) - 23.6) < 1e-9)
            #expect(intake.amounts[.caffeineMg] == 0)  // SR24 knows the banana has none: 0, not unknown
            #expect(intake.partial.isEmpty)
            // The entry keeps them: reading it back gives the same numbers.
            let stored = try repos.foodRecords(in: DateRange(start: day("2026-11-20"), end: day("2026-11-20")))
            #expect(stored == [entry])
            #expect(stored.first?.nutrients.count == NutrientKey.allCases.count)
        }
    }

    @Test func anEntryThatLacksANutrientMakesTheDayPartialNeverZero() throws {
        try withDatabase { _, repos in
            let day1 = day("2026-11-20")
            try repos.addFoodRecord(
                FoodRecord(
                    date: day1, meal: .lunch, foodId: FoodID("custom:1"), foodName: "Soup", grams: 300, kcal: 200, proteinG: 5,
                    carbsG: 20, fatG: 8, nutrients: [.vitaminCMg: 12, .ironMg: 1.5], loggedAt: instant(1_795_600_000)))
            try repos.addFoodRecord(
                FoodRecord(
                    date: day1, meal: .dinner, foodId: FoodID("custom:2"), foodName: "Bread", grams: 50, kcal: 130, proteinG: 4,
                    carbsG: 25, fatG: 1, nutrients: [.ironMg: 0.9], loggedAt: instant(1_795_610_000)))
            let intake = try #require(try repos.nutrientIntakes(in: DateRange(start: day1, end: day1))[day1])
            #expect(intake.entryCount == 2)
            #expect(intake.amounts[.vitaminCMg] == 12)
            #expect(intake.partial.contains(.vitaminCMg))
            #expect(abs((intake.amounts[.ironMg] ?? 0) - 2.4) < 1e-9)
            #expect(!intake.partial.contains(.ironMg))
            #expect(intake.amounts[.zincMg] == nil)
            #expect(intake.partial.contains(.zincMg))

            let sources = try repos.nutrientSources(on: day1, nutrient: .vitaminCMg)
            #expect(sources.map(\.foodName) == ["Soup", "Bread"])
            #expect(sources.map(\.amount) == [12, nil])
            #expect(sources.first?.grams == 300)
            #expect(sources.allSatisfy { !$0.isSupplement })
        }
    }

    /// Issue 48 item 8: a quick add of 0 kcal with nutrients (a Cronometer supplement) is listed
    /// among a nutrient's sources as a supplement; a quick add with energy is not.
    @Test func aZeroKcalQuickAddIsASupplementAmongTheSources() throws {
        try withDatabase { _, repos in
            let day1 = day("2026-11-20")
            for (name, kcal) in [("Zinc · 1.00 tablet", 0.0), ("Oysters · 1.00 serving", 80)] {
                try repos.addFoodRecord(
                    FoodRecord(
                        date: day1, meal: .breakfast, foodId: QuickAdd.foodID, foodName: name, grams: 1, kcal: kcal, proteinG: 0,
                        carbsG: 0, fatG: 0, nutrients: [.zincMg: 15], loggedAt: instant(1_795_600_000)))
            }
            let sources = try repos.nutrientSources(on: day1, nutrient: .zincMg)
            #expect(sources.map(\.isSupplement) == [true, false], "\(sources)")
            #expect(sources.map(\.kcal) == [0, 80])
        }
    }

    /// A database made by schema v11, with entries logged before issue 27: a custom food's entry
    /// gets the custom food's nutrients in the migration; a catalog food's gets SR24's once the
    /// catalog is seeded again; an entry whose food is gone keeps NULL; logged values stay.
    @Test func theMigrationFillsOldEntriesFromTheirFoodOnce() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v11 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v11"), timeZone: .current)
            try v11.executeRaw(
                """
                -- The catalog as a v11 Bodii seeded it: 14 nutrients per food.
                INSERT INTO food (id, name, source, release, kcal, protein_g, carbs_g, fat_g, potassium_mg, iron_mg, vitamin_c_mg)
                    VALUES ('usda:09040', 'Bananas, raw', 'USDA SR', '24', 89, 1.09, 22.84, 0.33, 358, 0.26, 8.7);
                INSERT INTO food_catalog (source, release, food_count, seeded_at) VALUES ('USDA SR', '24', 1, '2026-11-20T08:00:00+01:00');
                INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g, iron_mg, potassium_mg)
                    VALUES ('custom:1', 'Lentil soup', 'custom', 80, 5, 12, 1, 2, 300);
                INSERT INTO food_record (date, meal, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g, logged_at)
                    VALUES ('2026-11-20', 'lunch', 'custom:1', 'Lentil soup', 250, 200, 12.5, 30, 2.5, NULL, '2026-11-20T12:00:00+01:00'),
                           ('2026-11-20', 'breakfast', 'usda:09040', 'Bananas, raw', 118, 105, 1.3, 27, 0.4, 3.1, '2026-11-20T08:00:00+01:00'),
                           ('2026-11-20', 'dinner', 'custom:99', 'Gone', 100, 50, 1, 1, 1, NULL, '2026-11-20T19:00:00+01:00');
                """)
            try v11.close()

            let db = try BodiiDatabase(url: url)
            let row =
                "SELECT ifnull(iron_mg, '-') || '|' || ifnull(potassium_mg, '-') || '|' || ifnull(vitamin_c_mg, '-') || '|' || ifnull(fiber_g, '-') FROM food_record ORDER BY id"
            // Before any catalog use: the custom food's values are in; the catalog food has its
            // six old nutrients (potassium 422.44) but waits for the re-seed for the others.
            #expect(try db.fetchStrings(row) == ["5.0|750.0|-|-", "0.3068|422.44|10.266|3.1", "-|-|-|-"])
            #expect(try db.fetchStrings("SELECT magnesium_mg IS NULL FROM food_record WHERE id = 2") == ["1"])
            let day1 = day("2026-11-20")
            let intake = try #require(try db.repositories.nutrientIntakes(in: DateRange(start: day1, end: day1))[day1])
            // Reading intakes seeded the catalog and filled the banana's entry: magnesium 27 × 1.18.
            #expect(abs((intake.amounts[.magnesiumMg] ?? 0) - 31.86) < 1e-9)
            #expect(intake.partial.contains(.magnesiumMg))  // the soup and the gone food do not know it
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM food_record_nutrient_fill") == ["0"])
            #expect(try db.fetchStrings(row) == ["5.0|750.0|-|-", "0.3068|422.44|10.266|3.1", "-|-|-|-"])
            // Once: a later edit of the custom food does not reach the old entry.
            try db.executeRaw("UPDATE food SET iron_mg = 9 WHERE id = 'custom:1'")
            try db.repositories.prepareFoodCatalog()
            #expect(try db.fetchStrings(row).first == "5.0|750.0|-|-")
        }
    }
}
