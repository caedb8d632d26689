import BodiiDomain
import BodiiSearch
import Foundation
import TerminalKit

/// The food search's first step: the query, the list it finds (the saved meals it names first,
/// then foods; for an empty query the favourites, then recent and frequent foods), the selected
/// row and its preview. The saved meals and favourites change only by their own keys (Ctrl-X,
/// Ctrl-R, `*`), so they are read when the search opens and after those, not per keystroke.
///
/// `FoodSearch` owns one: it decides when to search and says what went wrong; this type reads.
public struct FoodSearchList {
    static let resultLimit = 50
    static let recentLimit = 20
    /// The source of a saved meal's row, so the preview knows its figures are the whole meal's.
    static let savedMealSource = "meal"

    let catalog: any FoodCatalogRepository
    let library: (any MealLibraryRepository)?
    public internal(set) var query = TextField(
        placeholder: "a food, or a line: 2 eggs, toast, 1 cup milk", maxLength: Validation.maxSearchLength)
    public internal(set) var results: [Food] = []
    /// True while the query is empty and `results` are the recent and frequent foods.
    public internal(set) var showingRecent = true
    /// False when the catalog lacks what the query names: `results` are the closest foods, and
    /// the list offers Ctrl-O (a custom food) in its title.
    public internal(set) var answersQuery = true
    /// Index into `results`; `results.count` is the "+ New custom food" row.
    public internal(set) var selected = 0
    /// The selected result with its servings (search results carry none).
    public internal(set) var preview: Food?
    private var previews: [FoodID: Food] = [:]
    /// The saved meals, listed first (all of them for an empty query, those named by it else).
    public internal(set) var savedMeals: [SavedMeal] = []
    /// Ids of the favourite foods (marked ★ and listed first for an empty query).
    public internal(set) var favourites: Set<FoodID> = []
    /// The favourite foods, listed first for an empty query.
    private var favouriteFoods: [Food] = []
    /// The saved meals and favourites must be read again (the search just opened, or one of
    /// their own keys changed them).
    private var libraryIsStale = true

    init(catalog: any FoodCatalogRepository, library: (any MealLibraryRepository)?) {
        self.catalog = catalog
        self.library = library
    }

    /// Rows in the list: the foods and the "+ New custom food" action.
    var rowCount: Int { results.count + 1 }
    var isOnNewCustomFood: Bool { selected == results.count }

    /// The saved meal a row of the list stands for.
    func savedMeal(for id: FoodID) -> SavedMeal? {
        SavedMeal.id(fromListID: id).flatMap { mealID in savedMeals.first { $0.id == mealID } }
    }

    /// A saved meal as a row of the list: its name, item count and total energy.
    static func row(_ meal: SavedMeal) -> Food {
        Food(
            id: meal.listID, name: "\(meal.name) — saved meal, \(Plural.count(meal.items.count, "item", plural: "items"))",
            // Not per 100 g: the whole meal's totals, which the preview shows as such.
            source: savedMealSource, per100g: meal.totals)
    }

    /// Lists what `text` finds, the selection left to the caller. On a throw the list is empty.
    mutating func search(_ text: String) throws {
        showingRecent = text.isEmpty
        do {
            if let library {
                if libraryIsStale {
                    savedMeals = try library.savedMeals()
                    favouriteFoods = try library.favouriteFoods()
                    favourites = Set(favouriteFoods.map(\.id))
                    libraryIsStale = false
                }
                let words = SearchText.words(text)
                let named = savedMeals.filter { meal in
                    let nameWords = SearchText.words(meal.name)
                    return words.allSatisfy { w in nameWords.contains { SearchText.hasPrefix($0, w) } }
                }
                let found =
                    text.isEmpty
                    ? FoodSearchResult(foods: favouriteFoods + (try catalog.recentFoods(limit: Self.recentLimit)), answersQuery: true)
                    : try catalog.searchCatalog(text, limit: Self.resultLimit)
                var seen = Set<FoodID>()
                results = named.map(Self.row) + found.foods.filter { seen.insert($0.id).inserted }
                answersQuery = found.answersQuery || !named.isEmpty
            } else {
                let found =
                    text.isEmpty
                    ? FoodSearchResult(foods: try catalog.recentFoods(limit: Self.recentLimit), answersQuery: true)
                    : try catalog.searchCatalog(text, limit: Self.resultLimit)
                results = found.foods
                answersQuery = found.answersQuery
            }
        } catch {
            results = []
            answersQuery = true
            throw error
        }
    }

    /// The query is a line of foods (`MealLineEditor`): no list.
    mutating func clear() {
        results = []
        selected = 0
        preview = nil
    }

    mutating func select(_ index: Int) {
        selected = min(max(0, index), rowCount - 1)
    }

    /// Reads the selected row whole, once per food (a row from the store can fail: then the row as listed).
    mutating func loadPreview() {
        guard results.indices.contains(selected) else { preview = nil; return }
        let id = results[selected].id
        if let cached = previews[id] { preview = cached; return }
        preview = (try? catalog.food(id: id)) ?? results[selected]
        previews[id] = preview
    }

    /// Deletes a saved meal (what was logged from it stays); false when there is nothing to delete.
    mutating func delete(_ meal: SavedMeal) throws -> Bool {
        guard let library, let id = meal.id else { return false }
        try library.deleteSavedMeal(id: id)
        libraryIsStale = true
        return true
    }

    /// Renames a saved meal; the id of its row after, nil when there is nothing to rename.
    mutating func rename(_ meal: SavedMeal, to name: String) throws -> FoodID? {
        guard let library, let id = meal.id else { return nil }
        try library.renameSavedMeal(id: id, to: name)
        let at = SavedMeal(id: id, name: name, items: meal.items).listID
        previews[at] = nil  // the panel shows the new name
        libraryIsStale = true
        return at
    }

    /// `*`: marks the selected food a favourite, or unmarks it; the food and whether it is one
    /// now, nil when the row is no food (a saved meal, the "+ New custom food" row).
    mutating func toggleFavourite() throws -> (food: Food, on: Bool)? {
        guard let library, results.indices.contains(selected), savedMeal(for: results[selected].id) == nil else { return nil }
        let food = results[selected]
        let on = !favourites.contains(food.id)
        try library.setFavourite(food.id, on)
        if on { favourites.insert(food.id) } else { favourites.remove(food.id) }
        libraryIsStale = true  // the list of favourites is read again at the next keystroke
        return (food, on)
    }
}
