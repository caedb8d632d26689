import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Issue 27 for saved meals (migration v17): items saved before v13 get their food's nutrients
/// once, as v13 did for the log — a custom food's in the migration, a catalog food's once the
/// catalog is seeded with every nutrient; an item whose food is gone keeps unknown.
@Suite struct SavedMealNutrientFillTests {
    @Test func aMealSavedBeforeV13GetsItsFoodsNutrientsOnce() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v12 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v12"), timeZone: .current)
            try v12.executeRaw(
                """
                -- The catalog as a v12 Bodii seeded it: 14 nutrients per food.
                INSERT INTO food (id, name, source, release, kcal, protein_g, carbs_g, fat_g, potassium_mg, iron_mg, vitamin_c_mg)
                    VALUES ('usda:09040', 'Bananas, raw', 'USDA SR', '24', 89, 1.09, 22.84, 0.33, 358, 0.26, 8.7);
                INSERT INTO food_catalog (source, release, food_count, seeded_at) VALUES ('USDA SR', '24', 1, '2026-11-20T08:00:00+01:00');
                INSERT INTO food (id, name, source, kcal, protein_g, carbs_g, fat_g, iron_mg, potassium_mg)
                    VALUES ('custom:1', 'Lentil soup', 'custom', 80, 5, 12, 1, 2, 300);
                INSERT INTO saved_meal (name, created_at, meal) VALUES ('Old lunch', '2026-11-20T12:00:00+01:00', 'lunch');
                INSERT INTO saved_meal_item (saved_meal_id, position, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g, fiber_g)
                    VALUES (1, 0, 'custom:1', 'Lentil soup', 250, 200, 12.5, 30, 2.5, NULL),
                           (1, 1, 'usda:09040', 'Bananas, raw', 118, 105, 1.3, 27, 0.4, 3.1),
                           (1, 2, 'custom:99', 'Gone', 100, 50, 1, 1, 1, NULL);
                """)
            try v12.close()

            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            #expect(try db.appliedMigrations().contains("v17"))
            let row =
                "SELECT ifnull(iron_mg, '-') || '|' || ifnull(potassium_mg, '-') || '|' || ifnull(magnesium_mg, '-') || '|' || ifnull(fiber_g, '-') FROM saved_meal_item ORDER BY position"
            // The migration: the custom food's values, the catalog food's six old ones; magnesium waits for the seed.
            #expect(try db.fetchStrings(row) == ["5.0|750.0|-|-", "0.3068|422.44|-|3.1", "-|-|-|-"])
            // Reading the saved meals seeds the catalog first and fills the banana: magnesium 27 × 1.18.
            let meal = try #require(try db.repositories.savedMeals().first)
            let banana = try #require(meal.items.first { $0.foodId == FoodID("usda:09040") })
            #expect(abs((banana.nutrients[.magnesiumMg] ?? 0) - 31.86) < 1e-9)
            #expect(banana.nutrients[.fiberG] == 3.1, "a value the item had is kept")
            #expect(meal.items.first { $0.foodName == "Gone" }?.nutrients[.ironMg] == nil)
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM saved_meal_item_nutrient_fill") == ["0"])
            // Once: a later edit of the custom food does not reach the saved item.
            try db.executeRaw("UPDATE food SET iron_mg = 9 WHERE id = 'custom:1'")
            _ = try db.repositories.savedMeals()
            #expect(try db.fetchStrings(row).first == "5.0|750.0|-|-")
        }
    }
}
