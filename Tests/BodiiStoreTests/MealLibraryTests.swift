import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// Favourites, saved meals and recipes (migration v8, issue 15) on a real database with the
/// shipped USDA catalog.
@Suite struct MealLibraryTests {
    let day = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_414)

    private func food(_ repos: SQLiteRepositories, _ id: String) throws -> Food {
        try #require(try repos.food(id: FoodID(id)))
    }

    @Test func migrationV8IsRecorded() throws {
        try withDatabase { db, _ throws in
            #expect(try db.appliedMigrations().contains("v8"))
            #expect(Schema.migrations.map(\.id).contains("v8"))
        }
    }

    @Test func favouritesAreKeptLatestFirst() throws {
        try withDatabase { _, repos throws in
            #expect(try repos.favouriteFoods().isEmpty)
            try repos.setFavourite(FoodID("usda:09040"), true)
            try repos.setFavourite(FoodID("usda:01009"), true)
            #expect(try repos.favouriteFoods().map(\.id.rawValue) == ["usda:01009", "usda:09040"])
            #expect(try repos.isFavourite(FoodID("usda:09040")))
            try repos.setFavourite(FoodID("usda:09040"), false)
            #expect(try repos.favouriteFoods().map(\.id.rawValue) == ["usda:01009"])
            #expect(try !repos.isFavourite(FoodID("usda:09040")))
        }
    }

    @Test func aSavedMealKeepsItsItemsAndLogsAgainWithTheSameValues() throws {
        try withDatabase { _, repos throws in
            let banana = FoodLogging.record(food: try food(repos, "usda:09040"), grams: 118, meal: .breakfast, date: day)
            let oats = FoodLogging.record(food: try food(repos, "usda:08120"), grams: 40, meal: .breakfast, date: day)
            let saved = try repos.saveMeal(SavedMeal(name: "Usual breakfast", items: [banana, oats]))
            #expect(saved.id != nil)
            #expect(throws: MealLibraryError.nameTaken("Usual breakfast")) {
                try repos.saveMeal(SavedMeal(name: "Usual breakfast", items: [banana]))
            }
            let read = try #require(try repos.savedMeals().first)
            #expect(read.name == "Usual breakfast" && read.items.map(\.foodName) == ["Bananas, raw", oats.foodName])
            #expect(read.items.map(\.kcal) == [banana.kcal, oats.kcal])
            let next = day.adding(days: 1)
            for r in read.records(on: next, meal: .lunch, loggedAt: Date()) { try repos.addFoodRecord(r) }
            let logged = try repos.foodRecords(in: DateRange(start: next, end: next))
            #expect(logged.map(\.kcal) == [banana.kcal, oats.kcal] && logged.allSatisfy { $0.meal == .lunch })
            try repos.deleteSavedMeal(id: try #require(read.id))
            #expect(try repos.savedMeals().isEmpty)
        }
    }

    @Test func aRecipeIsAFoodWhoseEditsNeverRewriteTheLog() throws {
        try withDatabase { _, repos throws in
            let oats = try food(repos, "usda:08120"), milk = try food(repos, "usda:01079")
            var recipe = Recipe(
                name: "Overnight oats", servings: 2,
                ingredients: [.init(food: oats, grams: 80), .init(food: milk, grams: 400)])
            // 80 g oats (379 kcal/100 g) + 400 g 2% milk (50 kcal/100 g) = 503.2 kcal in 480 g.
            #expect(abs(recipe.total.kcal - 503.2) < 1e-9)
            #expect(abs(recipe.per100g.kcal - 503.2 / 4.8) < 1e-9)
            #expect(recipe.servingGrams == 240 && abs(recipe.perServing.kcal - 251.6) < 1e-9)
            recipe = try repos.saveRecipe(recipe)
            let foodID = try #require(recipe.foodID)
            let asFood = try #require(try repos.food(id: foodID))
            #expect(asFood.source == "recipe" && asFood.servings == [FoodServing(label: "1 serving", grams: 240)])
            #expect(try repos.searchFoods("overnight oats", limit: 3).first?.id == foodID)
            let entry = try repos.addFoodRecord(FoodLogging.record(food: asFood, grams: 240, meal: .breakfast, date: day))
            #expect(abs(entry.kcal - 251.6) < 1e-9)

            recipe.servings = 4
            recipe.ingredients.append(.init(food: try food(repos, "usda:09040"), grams: 120))
            try repos.saveRecipe(recipe)
            let edited = try #require(try repos.recipe(foodID: foodID))
            #expect(edited.ingredients.map(\.grams) == [80, 400, 120] && edited.servings == 4)
            #expect(try repos.food(id: foodID)?.servings == [FoodServing(label: "1 serving", grams: 150)])
            #expect(try repos.foodRecords(in: DateRange(start: day, end: day)) == [entry], "the log keeps what it copied")
            #expect(throws: MealLibraryError.recipeWithoutIngredients) {
                try repos.saveRecipe(Recipe(name: "Air", servings: 1, ingredients: []))
            }
        }
    }
}

/// Issue 26: a saved meal keeps the meal it was saved from (v12); one saved before reads nil.
@Suite struct SavedMealMealTests {
    @Test func aSavedMealKeepsItsMealAndItsItemsReadItBack() throws {
        try withDatabase { db, repos throws in
            #expect(try db.appliedMigrations().contains("v12"))
            let oats = FoodLogging.record(
                food: try #require(try repos.food(id: FoodID("usda:08120"))), grams: 40, meal: .breakfast, date: day("2026-11-22"))
            _ = try repos.saveMeal(SavedMeal(name: "Porridge", meal: .breakfast, items: [oats]))
            let read = try #require(try repos.savedMeals().first)
            #expect(read.meal == .breakfast)
            #expect(read.items.map(\.meal) == [.breakfast], "the items were read back as snacks")
        }
    }

    @Test func aMealSavedBeforeV12HasNoMealAndACheckedColumn() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let v11 = try BodiiDatabase(url: url, migrator: Schema.migrator(through: "v11"), timeZone: .current)
            try v11.executeRaw(
                """
                INSERT INTO saved_meal (name, created_at) VALUES ('Old lunch', '2026-11-20T12:00:00+01:00');
                INSERT INTO saved_meal_item (saved_meal_id, position, food_id, food_name, grams, kcal, protein_g, carbs_g, fat_g)
                    VALUES (1, 0, 'usda:09040', 'Bananas, raw', 118, 105, 1.3, 27, 0.4);
                """)
            try v11.close()
            let db = try BodiiDatabase(url: url)
            defer { try? db.close() }
            let read = try #require(try db.repositories.savedMeals().first)
            #expect(read.name == "Old lunch" && read.meal == nil && read.items.count == 1)
            #expect(throws: (any Error).self) { try db.executeRaw("UPDATE saved_meal SET meal = 'brunch'") }
        }
    }
}
