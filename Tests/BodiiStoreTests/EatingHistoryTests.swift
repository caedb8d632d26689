import BodiiDomain
import BodiiSearch
import Foundation
import Testing
@testable import BodiiStore

/// "When did I last eat X" (issue 15) and the saved meals' and recipes' upkeep, on real databases.
@Suite struct EatingHistoryTests {
    let today = day("2026-11-22")

    private func entry(_ date: String, _ meal: Meal, _ name: String, id: String, grams: Double, kcal: Double, at seconds: Int) -> FoodRecord
    {
        FoodRecord(
            date: day(date), meal: meal, foodId: FoodID(id), foodName: name, grams: grams, kcal: kcal,
            proteinG: 1, carbsG: 2, fatG: 3, loggedAt: instant(seconds))
    }

    private func fill(_ repos: SQLiteRepositories) throws {
        for r in [
            entry(
                "2026-11-01", .lunch, "Rice, white, long-grain, regular, cooked, unenriched", id: "usda:20045", grams: 150, kcal: 195,
                at: 1_793_000_000),
            entry("2026-11-20", .dinner, "Rice, brown, long-grain, cooked", id: "usda:20037", grams: 200, kcal: 246, at: 1_795_100_000),
            entry("2026-11-20", .breakfast, "Bananas, raw", id: "usda:09040", grams: 118, kcal: 105, at: 1_795_000_000),
            entry("2026-11-21", .snacks, "Jalapeño poppers", id: "custom:1", grams: 50, kcal: 150, at: 1_795_200_000),
            entry("2026-11-22", .lunch, "Sauce, rice vinegar dressing", id: "custom:2", grams: 15, kcal: 20, at: 1_795_300_000),
        ] { try repos.addFoodRecord(r) }
    }

    @Test func aFoodIsFoundNewestFirstWithSearchsTextRules() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            let rice = try EatingHistory.entries("rice", today: today, limit: 20, in: repos)
            #expect(rice.map(\.date.iso) == ["2026-11-22", "2026-11-20", "2026-11-01"], "newest first")
            // Plurals, accents, word order and the start of a word, as food search reads them.
            #expect(try EatingHistory.entries("banana", today: today, limit: 20, in: repos).map(\.foodName) == ["Bananas, raw"])
            #expect(
                try EatingHistory.entries("JALAPENO popper", today: today, limit: 20, in: repos).map(\.foodName) == ["Jalapeño poppers"])
            #expect(
                try EatingHistory.entries("cooked rice brown", today: today, limit: 20, in: repos).map(\.foodName)
                    == ["Rice, brown, long-grain, cooked"])
            #expect(try EatingHistory.entries("ric", today: today, limit: 2, in: repos).count == 2, "the limit holds")
            #expect(try EatingHistory.entries("pizza", today: today, limit: 20, in: repos).isEmpty)
            #expect(try EatingHistory.entries("  ", today: today, limit: 20, in: repos).isEmpty)
        }
    }

    @Test func aDayListsThatDaysEntriesByMeal() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            #expect(try EatingHistory.entries("2026-11-20", today: today, limit: 20, in: repos).map(\.meal) == [.breakfast, .dinner])
            #expect(try EatingHistory.entries("yesterday", today: today, limit: 20, in: repos).map(\.foodName) == ["Jalapeño poppers"])
            #expect(try EatingHistory.entries("Today", today: today, limit: 20, in: repos).map(\.kcal) == [20])
        }
    }

    @Test func theStoreReadsNamesAndEntriesByName() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            #expect(Set(try repos.loggedFoodNames()).count == 5)
            let two = try repos.foodRecords(named: ["Bananas, raw", "Rice, brown, long-grain, cooked"], limit: 10)
            #expect(two.map(\.foodName) == ["Rice, brown, long-grain, cooked", "Bananas, raw"], "same day: the later logged first")
            #expect(try repos.foodRecords(named: [], limit: 10).isEmpty)
            #expect(try repos.foodRecords(named: ["Bananas, raw"], limit: 0).isEmpty)
        }
    }

    @Test func aSavedMealIsRenamedUnlessTheNameIsTaken() throws {
        try withDatabase { _, repos throws in
            let item = entry("2026-11-20", .breakfast, "Bananas, raw", id: "usda:09040", grams: 118, kcal: 105, at: 1_795_000_000)
            let a = try repos.saveMeal(SavedMeal(name: "Breakfast 2026-11-20", items: [item]))
            try repos.saveMeal(SavedMeal(name: "Usual", items: [item]))
            try repos.renameSavedMeal(id: try #require(a.id), to: "Banana morning")
            #expect(try repos.savedMeals().map(\.name) == ["Banana morning", "Usual"])
            #expect(throws: MealLibraryError.nameTaken("Usual")) { try repos.renameSavedMeal(id: try #require(a.id), to: "Usual") }
            try repos.renameSavedMeal(id: try #require(a.id), to: "Banana morning")  // its own name again is fine
        }
    }

    @Test func aRecipeIsListedAndDeletedWhileTheLogKeepsItsEntries() throws {
        try withDatabase { _, repos throws in
            let oats = try #require(try repos.food(id: FoodID("usda:08120")))
            let saved = try repos.saveRecipe(Recipe(name: "Porridge", servings: 2, ingredients: [.init(food: oats, grams: 80)]))
            let foodID = try #require(saved.foodID)
            let listed = try repos.recipeFoods()
            #expect(listed.map(\.name) == ["Porridge"] && listed.first?.servings == [FoodServing(label: "1 serving", grams: 40)])
            let logged = try repos.addFoodRecord(
                FoodLogging.record(food: try #require(try repos.food(id: foodID)), grams: 40, meal: .breakfast, date: today))
            try repos.deleteRecipe(foodID: foodID)
            #expect(try repos.recipeFoods().isEmpty)
            #expect(try repos.food(id: foodID) == nil && repos.recipe(foodID: foodID) == nil)
            #expect(try repos.foodRecords(in: DateRange(start: today, end: today)) == [logged])
            #expect(try repos.searchFoods("porridge", limit: 5).allSatisfy { $0.id != foodID })
        }
    }
}
