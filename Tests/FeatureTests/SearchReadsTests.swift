import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// The food search reads the saved meals and favourites when it opens and after their own keys
/// (`*`, Ctrl-R, Ctrl-X), not on every keystroke: they cannot change while a query is typed.
@MainActor
@Suite struct SearchReadsTests {
    /// The real store's meal library, counting the two reads the search used to make per key.
    final class CountingLibrary: MealLibraryRepository {
        let store: SQLiteRepositories
        private(set) var savedMealReads = 0, favouriteReads = 0
        init(_ store: SQLiteRepositories) { self.store = store }
        func favouriteFoods() throws -> [Food] { favouriteReads += 1; return try store.favouriteFoods() }
        func isFavourite(_ id: FoodID) throws -> Bool { try store.isFavourite(id) }
        func setFavourite(_ id: FoodID, _ favourite: Bool) throws { try store.setFavourite(id, favourite) }
        func savedMeals() throws -> [SavedMeal] { savedMealReads += 1; return try store.savedMeals() }
        func saveMeal(_ meal: SavedMeal) throws -> SavedMeal { try store.saveMeal(meal) }
        func deleteSavedMeal(id: Int64) throws { try store.deleteSavedMeal(id: id) }
        func renameSavedMeal(id: Int64, to name: String) throws { try store.renameSavedMeal(id: id, to: name) }
        func saveRecipe(_ recipe: Recipe) throws -> Recipe { try store.saveRecipe(recipe) }
        func recipe(foodID: FoodID) throws -> Recipe? { try store.recipe(foodID: foodID) }
        func recipeFoods() throws -> [Food] { try store.recipeFoods() }
        func deleteRecipe(foodID: FoodID) throws { try store.deleteRecipe(foodID: foodID) }
    }

    @Test func typingAQueryReadsTheLibraryOnceAndAStarReadsItAgain() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let library = CountingLibrary(db.repositories)
        var search = FoodSearch(catalog: db.repositories, log: db.repositories, library: library, day: TestDay.fixed, clock: db.clock)
        for c in "banana raw" { _ = search.handle(.char(c)) }
        for _ in 0..<4 { _ = search.handle(.backspace) }
        #expect(search.results.first?.name == "Bananas, raw")
        #expect(library.savedMealReads == 1 && library.favouriteReads == 1, "14 keystrokes, one read each when the search opened")
        _ = search.handle(.char("*"))
        #expect(search.favourites.count == 1)
        _ = search.handle(.ctrl("u"))
        #expect(library.favouriteReads == 2, "a star changes the favourites: read again at the next key")
        #expect(search.results.first.map { search.favourites.contains($0.id) } == true, "the new favourite is listed first")
    }
}
