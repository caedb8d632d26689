import BodiiDomain
import Foundation
import TerminalKit

/// The food search's list keys and what they say: the saved meals renamed (Ctrl-R) and deleted
/// (Ctrl-X), favourites marked (`*`), and the search run on every keystroke (`FoodSearchList`).
extension FoodSearch {
    public var query: TextField { list.query }
    public internal(set) var results: [Food] {
        get { list.results }
        set { list.results = newValue }
    }
    public var showingRecent: Bool { list.showingRecent }
    public var answersQuery: Bool { list.answersQuery }
    public var selected: Int { list.selected }
    public var preview: Food? { list.preview }
    public var savedMeals: [SavedMeal] { list.savedMeals }
    public var favourites: Set<FoodID> { list.favourites }
    public var rowCount: Int { list.rowCount }
    public var isOnNewCustomFood: Bool { list.isOnNewCustomFood }
    public func savedMeal(for id: FoodID) -> SavedMeal? { list.savedMeal(for: id) }
    static func row(_ meal: SavedMeal) -> Food { FoodSearchList.row(meal) }

    /// The answer to the y/n after Ctrl-X: yes deletes the saved meal (what was logged from it stays).
    mutating func answerMealDelete(_ meal: SavedMeal, yes: Bool) {
        pendingMealDelete = nil
        guard yes else { notice = "Kept \(meal.name)."; return }
        do {
            guard try list.delete(meal) else { return }
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
            do {
                let name = try SavedMeal.name(field.text)
                guard let at = try list.rename(meal, to: name) else { renaming = nil; return }
                renaming = nil
                runSearch()
                list.select(results.firstIndex { $0.id == at } ?? 0)
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
        do {
            guard let (food, on) = try list.toggleFavourite() else { return }
            notice = on ? "★ \(food.name) is a favourite" : "\(food.name) is no longer a favourite"
        } catch {
            self.error = "Could not change favourites: \(ErrorLine.text(error))"
        }
    }

    /// Results change on every keystroke: the query is read as a line of foods, else searched.
    mutating func runSearch() {
        notice = nil
        readLine()
        if line != nil {
            list.clear()
            return
        }
        do {
            try list.search(queryText)
            error = nil
        } catch {
            self.error = "Search failed: \(ErrorLine.text(error))"
        }
        list.select(0)
        loadPreview()
    }

    /// The selected row read whole; the log's recent servings are read once, at the first preview.
    mutating func loadPreview() {
        if results.indices.contains(selected), recentGrams == nil { recentGrams = (try? servingHistory()) ?? [:] }
        list.loadPreview()
    }
}
