import BodiiDomain
import BodiiSearch
import Foundation
import TerminalKit

/// The saved meals and favourites in the food search: listed first, renamed (Ctrl-R), deleted
/// (Ctrl-X) and marked (`*`) in place; and the search itself, run on every keystroke.
extension FoodSearch {
    /// The saved meal a row of the list stands for.
    public func savedMeal(for id: FoodID) -> SavedMeal? {
        SavedMeal.id(fromListID: id).flatMap { mealID in savedMeals.first { $0.id == mealID } }
    }

    /// The answer to the y/n after Ctrl-X: yes deletes the saved meal (what was logged from it stays).
    mutating func answerMealDelete(_ meal: SavedMeal, yes: Bool) {
        pendingMealDelete = nil
        guard yes else { notice = "Kept \(meal.name)."; return }
        guard let library, let id = meal.id else { return }
        do {
            try library.deleteSavedMeal(id: id)
            libraryIsStale = true
            runSearch()
            notice = "Deleted the saved meal \(meal.name); what you logged with it stays."
        } catch {
            self.error = "Could not delete the saved meal: \(ErrorLine.text(error))"
        }
    }

    /// Ctrl-R's name field: Enter renames, Esc keeps the name.
    mutating func handleRename(_ key: Key) {
        guard let (meal, typed) = renaming else { return }
        var field = typed
        switch key {
        case .escape:
            renaming = nil
            notice = "Name unchanged."
        case .enter:
            guard let library, let id = meal.id else { renaming = nil; return }
            do {
                let name = try SavedMeal.name(field.text)
                try library.renameSavedMeal(id: id, to: name)
                renaming = nil
                let at = SavedMeal(id: id, name: name, items: meal.items).listID
                previews[at] = nil  // the panel shows the new name
                libraryIsStale = true
                runSearch()
                selected = results.firstIndex { $0.id == at } ?? 0
                loadPreview()
                notice = "Renamed to \(name)."
            } catch let error as ValidationError {
                notice = error.inlineMessage
            } catch {
                notice = "Could not rename: \(ErrorLine.text(error))"
            }
        default:
            _ = field.handle(key)
            renaming = (meal, field)
            notice = nil
        }
    }

    /// `*`: marks the selected food a favourite, or unmarks it.
    mutating func toggleFavourite() {
        guard let library, results.indices.contains(selected), savedMeal(for: results[selected].id) == nil else { return }
        let food = results[selected]
        let on = !favourites.contains(food.id)
        do {
            try library.setFavourite(food.id, on)
            if on { favourites.insert(food.id) } else { favourites.remove(food.id) }
            libraryIsStale = true  // the list of favourites is read again at the next keystroke
            notice = on ? "★ \(food.name) is a favourite" : "\(food.name) is no longer a favourite"
        } catch {
            self.error = "Could not change favourites: \(ErrorLine.text(error))"
        }
    }

    /// The source of a saved meal's row, so the preview knows its figures are the whole meal's.
    static let savedMealSource = "meal"

    /// A saved meal as a row of the list: its name, item count and total energy.
    static func row(_ meal: SavedMeal) -> Food {
        Food(
            id: meal.listID, name: "\(meal.name) — saved meal, \(Plural.count(meal.items.count, "item", plural: "items"))",
            // Not per 100 g: the whole meal's totals, which the preview shows as such.
            source: savedMealSource, per100g: meal.totals)
    }

    /// Results change on every keystroke; an empty query lists saved meals, favourites, then
    /// recent and frequent foods. The saved meals and favourites change only by their own keys
    /// (Ctrl-X, Ctrl-R, `*`), so they are read when the search opens and after those, not per key.
    mutating func runSearch() {
        let text = query.text.trimmingCharacters(in: .whitespaces)
        notice = nil
        readLine()
        if line != nil {
            results = []
            selected = 0
            preview = nil
            return
        }
        do {
            showingRecent = text.isEmpty
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
            error = nil
        } catch {
            results = []
            answersQuery = true
            self.error = "Search failed: \(ErrorLine.text(error))"
        }
        selected = 0
        loadPreview()
    }

    mutating func loadPreview() {
        guard results.indices.contains(selected) else { preview = nil; return }
        if recentGrams == nil { recentGrams = (try? servingHistory()) ?? [:] }
        let id = results[selected].id
        if let cached = previews[id] { preview = cached; return }
        preview = (try? catalog.food(id: id)) ?? results[selected]
        previews[id] = preview
    }

}
