import Foundation

/// A logged meal kept by name (issue 15): its items with the values they were logged with, so
/// logging it again is one step and gives the same numbers, whatever became of the foods since.
public struct SavedMeal: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var name: String
    /// The meal it was saved from, where `a Enter` logs it again; nil for meals saved before
    /// Bodii kept it (they go to the meal of the hour).
    public var meal: Meal?
    /// The items as logged (their dates and ids are not used).
    public var items: [FoodRecord]

    public init(id: Int64? = nil, name: String, meal: Meal? = nil, items: [FoodRecord]) {
        self.id = id
        self.name = name
        self.meal = meal
        self.items = items
    }

    public var kcal: Double { items.reduce(0) { $0 + $1.kcal } }

    /// The whole meal's energy and nutrients: its entries' totals (a nutrient none records stays unknown).
    public var totals: Nutrients {
        var totals = Nutrients(
            kcal: kcal, proteinG: items.reduce(0) { $0 + $1.proteinG }, carbsG: items.reduce(0) { $0 + $1.carbsG },
            fatG: items.reduce(0) { $0 + $1.fatG })
        for item in items {
            for (key, value) in item.nutrients { totals.values[key, default: 0] += value }
        }
        return totals
    }

    /// Saved meals appear in the food search's list as rows with this id ("meal:3").
    public var listID: FoodID { FoodID("meal:\(id ?? 0)") }

    /// The meal's id when `id` is a saved meal's list id, nil for a food.
    public static func id(fromListID id: FoodID) -> Int64? {
        guard id.rawValue.hasPrefix("meal:") else { return nil }
        return Int64(id.rawValue.dropFirst(5))
    }

    /// The records that log it again on `date` at `meal`.
    public func records(on date: LocalDate, meal: Meal, loggedAt: Date) -> [FoodRecord] {
        FoodEntries.copies(of: items, to: date, meal: meal, loggedAt: loggedAt)
    }

    public static let nameLength: ClosedRange<Int> = 1...80

    /// A saved meal's name: 1–80 characters, no control characters.
    public static func name(_ text: String) throws(ValidationError) -> String {
        try Validation.name(text, field: "name", length: nameLength)
    }
}

/// A recipe (issue 15): ingredients with amounts and a number of servings. Its nutrients per 100 g
/// and per serving come from the ingredients; as a food (source "recipe") it is searched and
/// logged like any other, and editing it changes the food, never what was logged before.
public struct Recipe: Equatable, Sendable {
    public struct Ingredient: Equatable, Sendable {
        public var food: Food
        public var grams: Double
        public init(food: Food, grams: Double) {
            self.food = food
            self.grams = grams
        }
    }

    public var id: Int64?
    /// Its food's id ("recipe:N") once saved.
    public var foodID: FoodID?
    public var name: String
    public var servings: Double
    public var ingredients: [Ingredient]

    public init(id: Int64? = nil, foodID: FoodID? = nil, name: String, servings: Double, ingredients: [Ingredient]) {
        self.id = id
        self.foodID = foodID
        self.name = name
        self.servings = servings
        self.ingredients = ingredients
    }

    public static let servingsRange: ClosedRange<Double> = 0.1...100
    public static let source = "recipe"

    public var totalGrams: Double { ingredients.reduce(0) { $0 + $1.grams } }

    /// The whole recipe's nutrients: each ingredient's per 100 g scaled to its amount, summed. A
    /// nutrient is known only when every ingredient knows it: one unknown makes the sum unknown,
    /// never a total that silently counts it as 0.
    public var total: Nutrients {
        var sum = Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)
        var known = Set(NutrientKey.allCases)
        for i in ingredients {
            let n = i.food.per100g.scaled(toGrams: i.grams)
            sum.kcal += n.kcal
            sum.proteinG += n.proteinG
            sum.carbsG += n.carbsG
            sum.fatG += n.fatG
            known.formIntersection(n.values.keys)
            for (key, value) in n.values { sum.values[key, default: 0] += value }
        }
        sum.values = sum.values.filter { known.contains($0.key) }
        for key in known where sum.values[key] == nil { sum.values[key] = 0 }  // no ingredients: nothing in it
        return sum
    }

    public var per100g: Nutrients { totalGrams > 0 ? total.scaled(toGrams: 100 * 100 / totalGrams) : total.scaled(toGrams: 0) }
    public var servingGrams: Double { totalGrams / servings }
    public var perServing: Nutrients { per100g.scaled(toGrams: servingGrams) }

    /// The recipe as a food: its nutrients per 100 g and one serving.
    public func asFood(id: FoodID) -> Food {
        Food(
            id: id, name: name, source: Self.source, per100g: per100g,
            servings: [FoodServing(label: "1 serving", grams: servingGrams)])
    }
}

extension Recipe {
    /// The fields of the recipe editor, as errors name them.
    public enum Field: String, CaseIterable, Sendable { case name, servings, ingredients }

    public static let nameLength: ClosedRange<Int> = 1...80
    /// Grams of one ingredient (the store's limit).
    public static let ingredientGrams: ClosedRange<Double> = 0.1...50_000

    /// The recipe typed in the editor, or every field's error at once: a name of 1–80
    /// characters, 0.1–100 servings, at least one ingredient.
    public static func validated(
        id: Int64?, foodID: FoodID?, name: String, servings: String,
        ingredients: [Ingredient]
    ) -> Result<Recipe, FieldErrors<Field>> {
        var errors = FieldErrors<Field>()
        let name = errors.capture(.name) { () throws(ValidationError) in try Validation.name(name, field: "name", length: nameLength) }
        let count = errors.capture(.servings) { () throws(ValidationError) in
            try Validation.amount(servings, field: "servings", range: servingsRange, unit: nil)
        }
        if ingredients.isEmpty {
            errors.add(
                .ingredients, ValidationError(field: "ingredients", value: "", allowed: "at least one food (a adds one)", problem: .empty))
        }
        guard errors.isEmpty, let name, let count else { return .failure(errors) }
        return .success(Recipe(id: id, foodID: foodID, name: name, servings: count, ingredients: ingredients))
    }
}

/// Favourite foods, saved meals and recipes (issue 15).
public protocol MealLibraryRepository {
    /// Favourite foods, the latest marked first, without servings.
    func favouriteFoods() throws -> [Food]
    func isFavourite(_ id: FoodID) throws -> Bool
    func setFavourite(_ id: FoodID, _ favourite: Bool) throws

    /// Saved meals by name.
    func savedMeals() throws -> [SavedMeal]
    /// Saves a meal under a new name (a name already taken throws `MealLibraryError.nameTaken`).
    @discardableResult
    func saveMeal(_ meal: SavedMeal) throws -> SavedMeal
    func deleteSavedMeal(id: Int64) throws
    /// Renames a saved meal (a name another one has throws `MealLibraryError.nameTaken`).
    func renameSavedMeal(id: Int64, to name: String) throws

    /// Inserts a recipe (nil `id`) or replaces one: its food row and ingredients. Logged entries
    /// made from it keep their values.
    @discardableResult
    func saveRecipe(_ recipe: Recipe) throws -> Recipe
    /// The recipe whose food has `foodID`, with its ingredients' foods.
    func recipe(foodID: FoodID) throws -> Recipe?
    /// Every recipe as its food (name, per 100 g, one serving), by name.
    func recipeFoods() throws -> [Food]
    /// Deletes the recipe and its food; entries logged with it keep their values.
    func deleteRecipe(foodID: FoodID) throws
}

public enum MealLibraryError: Error, Equatable, CustomStringConvertible {
    case nameTaken(String)
    case recipeWithoutIngredients

    public var description: String {
        switch self {
        case .nameTaken(let name): return "a saved meal is already called \(ValidationError.quoted(name))"
        case .recipeWithoutIngredients: return "a recipe needs at least one ingredient"
        }
    }
}
