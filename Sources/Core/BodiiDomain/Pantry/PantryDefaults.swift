import Foundation

/// What the pantry assumes when the user does not say: the unit of a bare quantity, and which of a
/// food's catalog forms is the one people buy.
public enum PantryDefaults {
    /// The unit a quantity typed without one is in: the one the item was last bought in (chicken
    /// bought in grams stays in grams), else its minimum stock's, else a piece for something
    /// counted (a banana, a free name), else grams.
    public static func unit(lastBought: PantryQuantity?, minimum: PantryQuantity?, food: Food?) -> PantryUnit {
        if let known = lastBought?.unit ?? minimum?.unit { return known }
        return food == nil || PantryUnits.gramsPerPiece(of: food) != nil ? .pieces : .grams
    }

    /// Below this many grams (or ml), a bare quantity is a count of packs the person had in mind
    /// ("--qty 1" of peanut butter is a jar, of olive oil a bottle), not a weight: it is asked for.
    static let fewestGuessedGrams = 10.0

    /// Why a bare `amount` cannot be taken in the item's usual unit (`unit`) when that is grams or
    /// millilitres, with what to type instead; nil when it can.
    public static func bareAmountProblem(
        _ amount: Double, typed: String, name: String, lastBought: PantryQuantity?, minimum: PantryQuantity?, food: Food?
    ) -> String? {
        guard amount < fewestGuessedGrams else { return nil }
        let unit = unit(lastBought: lastBought, minimum: minimum, food: food)
        guard unit == .grams || unit == .millilitres else { return nil }
        return "--qty \(typed) without a unit would be \(typed) \(unit) of \(name): give --unit (g, kg, ml, l or one of its measures), "
            + "e.g. --qty 500 --unit g"
    }

    /// Words that say it was made ready to eat from what was bought: cooked rice, brewed coffee.
    static let preparedWords: Set<String> = [
        "cooked", "prepared", "brewed", "boiled", "steamed", "stewed", "microwaved", "reconstituted", "restaurant",
    ]

    /// `foods` in their order, prepared forms last: the picker that adds to the stock or the list
    /// offers raw rice before cooked rice, dry oats before oatmeal cooked with water, coffee
    /// powder before brewed coffee (the catalog sells no ground coffee), the search's order kept else.
    public static func asBoughtFirst(_ foods: [Food]) -> [Food] {
        func rank(_ food: Food) -> Int {
            Set(food.name.lowercased().split { !$0.isLetter }.map(String.init)).isDisjoint(with: preparedWords) ? 0 : 1
        }
        return foods.enumerated().sorted { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }
}
