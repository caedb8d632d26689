import BodiiDomain
import Foundation
import TerminalKit

/// The food search's serving and amount steps: the chosen food, its servings (the one it was last
/// eaten in preselected) and the amount typed, which opens holding that portion's count and is
/// replaced by the first key typed. `FoodSearch` owns one and moves between the steps.
public struct FoodPortionPick {
    /// The food chosen with Enter, with its servings.
    public internal(set) var food: Food?
    public internal(set) var servings: [ServingChoice] = []
    public internal(set) var index = 0
    public internal(set) var amount = TextField(maxLength: Validation.maxInputLength)
    /// The amount still holds its default: the first key typed replaces it.
    public internal(set) var amountIsDefault = true
    /// Why the amount typed is refused, in one line.
    public internal(set) var error: String?
    /// The chosen food's default portion (`UsualPortion.portion`): its serving is preselected and
    /// its count fills the amount field.
    private var defaultPortion: FoodPortion?

    public var serving: ServingChoice? { servings.indices.contains(index) ? servings[index] : nil }

    /// The grams the amount typed stands for (nil without a serving); throws when it is no amount.
    func grams() throws(ValidationError) -> Double? { try serving?.grams(amount.text, food: food) }

    /// `food`, with the servings it is measured in; `preselect` then picks one.
    mutating func choose(_ food: Food, unitSystem: UnitSystem) {
        self.food = food
        servings = ServingChoice.all(for: food, unitSystem: unitSystem)
    }

    /// Preselects the serving of the food's usual portion, from `history` (its recent grams, newest first).
    mutating func preselect(history: [Double]) {
        guard let food else { return }
        let preselected = ServingChoice.preselect(in: servings, food: food, history: history)
        index = preselected.index
        defaultPortion = preselected.portion
    }

    mutating func move(_ by: Int) { index = min(max(0, index + by), servings.count - 1) }

    /// Fills the amount: with `first` typed, else the default portion (the amount eaten last time,
    /// else the usual one) when it is in this serving, else one serving or 100 g. False without a serving.
    mutating func startAmount(_ first: Character?) -> Bool {
        guard let serving else { return false }
        if let first {
            amount.setText(String(first))
            amountIsDefault = false
        } else {
            if let p = defaultPortion, ServingChoice(p.serving) == serving {
                amount.setText(serving.amountText(forGrams: p.grams))
            } else {
                amount.setText(serving.defaultAmountText)
            }
            amountIsDefault = true
        }
        error = nil
        return true
    }

    /// A key typed into the amount. The default is "selected": typing replaces it, deleting clears it.
    mutating func type(_ key: Key) {
        if amountIsDefault {
            amountIsDefault = false
            switch key {
            case .char: amount.setText("")
            case .backspace, .delete, .ctrl("u"):
                amount.setText("")
                return
            default: break
            }
        }
        _ = amount.handle(key)
        error = nil
    }
}
