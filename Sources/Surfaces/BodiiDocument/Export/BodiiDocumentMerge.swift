import BodiiDomain
import BodiiStore
import Foundation

extension BodiiDocumentImport {
    /// Custom foods (by name), recipes (by provenance), saved meals (by name) and favourites. A
    /// custom food or recipe keeps the document's id when it is free here; otherwise what names it
    /// (ingredients, saved meal items, favourites) follows it to its id here.
    static func mergeLibrary(_ d: BodiiExport.Document, into r: SQLiteRepositories, _ outcome: inout Outcome) throws {
        var ids: [FoodID: FoodID] = [:]
        let here = Dictionary(try r.customFoods().map { ($0.name, $0.id) }, uniquingKeysWith: { first, _ in first })
        for food in d.customFoods {
            if let id = try r.importCustomFood(food) {
                ids[food.id] = id
                outcome.customFoods += 1
            } else if let id = here[food.name] {
                ids[food.id] = id
            }
        }
        func mapped(_ id: FoodID) -> FoodID { ids[id] ?? id }
        for recipe in d.recipes {
            var r2 = recipe
            r2.ingredients = recipe.ingredients.map { RecipeIngredientRow(foodID: mapped($0.foodID), grams: $0.grams) }
            if let id = try r.importRecipe(r2) {
                ids[recipe.food.id] = id
                outcome.recipes += 1
            }
        }
        for meal in d.savedMeals {
            var m = meal
            m.items = meal.items.map { item in
                var i = item
                i.foodId = mapped(item.foodId)
                return i
            }
            if try r.importSavedMeal(m) { outcome.savedMeals += 1 }
        }
        for favourite in d.favourites
        where try r.importFavourite(LibraryFavourite(foodID: mapped(favourite.foodID), addedAt: favourite.addedAt)) {
            outcome.favourites += 1
        }
        // A nutrient's own target here wins; the document's fills only what this database leaves at the default.
        let own = try r.nutrientPreferences()
        for preference in d.nutrientPreferences where own[preference.key] == nil && !preference.isDefault {
            try r.saveNutrientPreference(preference)
            outcome.nutrientPreferences += 1
        }
    }

    /// Two records of one kind under one source and external id are two records: a database that
    /// had imported another Bodii's export wrote its own record 5 and the imported one both as
    /// "body/5". The second and later (in document order, after this database's own are set
    /// aside) become "body/5#2", "#3"…, so reading the same file again finds each of them.
    /// `seen` carries the count across the pages of one kind.
    static func separateCollisions(_ provenance: inout [Provenance], seen: inout [Provenance: Int]) {
        for i in provenance.indices {
            guard let id = provenance[i].externalId else { continue }
            let n = (seen[provenance[i]] ?? 0) + 1
            seen[provenance[i]] = n
            if n > 1 { provenance[i].externalId = "\(id)#\(n)" }
        }
    }

    static func separatingCollisions<T>(_ records: [T], _ path: WritableKeyPath<T, Provenance>, seen: inout [Provenance: Int]) -> [T] {
        var provenance = records.map { $0[keyPath: path] }
        separateCollisions(&provenance, seen: &seen)
        var out = records
        for i in out.indices { out[i][keyPath: path] = provenance[i] }
        return out
    }
}
