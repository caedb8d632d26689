import Foundation

// Quantities in the pantry (PRODUCT.md §10): g, ml, piece, or one of the food's household measures
// ("1 medium (118 g)"), so "2 pieces", "2 medium" and "236 g" of bananas are the same stock.

/// The unit a quantity of stock is counted in.
public enum PantryUnit: Hashable, Sendable, CustomStringConvertible {
    case grams
    case millilitres
    case pieces
    /// One of the food's servings, by its label ("1 medium", "1 cup, sliced").
    case measure(String)

    /// As stored: "g", "ml", "piece", or "measure:" + the label.
    public var storageText: String {
        switch self {
        case .grams: "g"
        case .millilitres: "ml"
        case .pieces: "piece"
        case .measure(let label): Self.measurePrefix + label
        }
    }

    static let measurePrefix = "measure:"

    public init?(storageText text: String) {
        switch text {
        case "g": self = .grams
        case "ml": self = .millilitres
        case "piece": self = .pieces
        default:
            guard text.hasPrefix(Self.measurePrefix), text.count > Self.measurePrefix.count else { return nil }
            self = .measure(String(text.dropFirst(Self.measurePrefix.count)))
        }
    }

    /// "g", "ml", "piece", "medium" (a measure without its leading "1 ").
    public var shortName: String {
        switch self {
        case .grams: "g"
        case .millilitres: "ml"
        case .pieces: "piece"
        case .measure(let label): PantryUnits.withoutLeadingOne(label)
        }
    }

    public var description: String { shortName }
}

/// An amount of stock in a unit.
public struct PantryQuantity: Hashable, Sendable, CustomStringConvertible {
    public var amount: Double
    public var unit: PantryUnit

    public init(_ amount: Double, _ unit: PantryUnit) {
        self.amount = amount
        self.unit = unit
    }

    /// "236 g", "2 pieces", "1 piece", "2 medium", "1.5 × 1 cup, sliced".
    public var label: String {
        let number = DecimalText.format(amount, decimals: 2)
        switch unit {
        case .grams: return number + " g"
        case .millilitres: return number + " ml"
        case .pieces: return number + (amount == 1 ? " piece" : " pieces")
        case .measure(let label):
            return label.hasPrefix("1 ") ? number + " " + PantryUnits.withoutLeadingOne(label) : number + " × " + label
        }
    }

    public var description: String { label }
}

/// Conversions between pantry units through the catalog food's measures.
public enum PantryUnits {
    /// The largest amount one lot or request may hold, in any unit (100 kg of flour is a lot).
    public static let amountRange: ClosedRange<Double> = 0.01...100_000

    /// Millilitres are weighed as water (1 g per ml): the catalog gives grams, not densities, and
    /// prices per kg of milk or juice come out right to a few per cent.
    public static let gramsPerMillilitre = 1.0

    /// What one piece of `food` weighs: its "medium" measure, else its first measure that counts a
    /// whole thing ("1 large", "1 slice", "1 fruit"), never a volume or weight measure ("1 cup",
    /// "1 oz"). Nil without a catalog food or such a measure.
    public static func gramsPerPiece(of food: Food?) -> Double? {
        guard let food else { return nil }
        let whole = food.servings.filter { serving in
            let label = serving.label.lowercased()
            guard label.hasPrefix("1 ") else { return false }
            let word = label.dropFirst(2).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" }).first.map(String.init) ?? ""
            return !volumeOrWeightWords.contains(word)
        }
        if let medium = whole.first(where: { withoutLeadingOne($0.label).lowercased().hasPrefix("medium") }) { return medium.grams }
        return whole.first?.grams
    }

    static let volumeOrWeightWords: Set<String> = [
        "cup", "cups", "tbsp", "tsp", "tablespoon", "teaspoon", "oz", "fl", "lb", "pint", "quart",
        "gallon", "liter", "litre", "ml", "g", "serving", "package", "container",
    ]

    /// The grams in one `unit` of `food`; nil when the unit cannot be weighed (a piece of a free
    /// name, a measure the food does not have).
    public static func gramsPerUnit(_ unit: PantryUnit, food: Food?) -> Double? {
        switch unit {
        case .grams: return 1
        case .millilitres: return gramsPerMillilitre
        case .pieces: return gramsPerPiece(of: food)
        case .measure(let label): return food?.servings.first { $0.label == label }?.grams
        }
    }

    /// The quantity in grams, when it can be weighed.
    public static func grams(_ quantity: PantryQuantity, food: Food?) -> Double? {
        gramsPerUnit(quantity.unit, food: food).map { quantity.amount * $0 }
    }

    /// `quantity` counted in `unit`: the same unit as is; otherwise through grams. Nil when either
    /// side cannot be weighed.
    public static func convert(_ quantity: PantryQuantity, to unit: PantryUnit, food: Food?) -> Double? {
        if quantity.unit == unit { return quantity.amount }
        guard let grams = grams(quantity, food: food), let per = gramsPerUnit(unit, food: food), per > 0 else { return nil }
        return grams / per
    }

    /// "medium" from "1 medium"; other labels as they are.
    public static func withoutLeadingOne(_ label: String) -> String {
        label.hasPrefix("1 ") ? String(label.dropFirst(2)) : label
    }

    /// A unit as a person types it: g (gram, grams, kg, oz, lb), ml (l, fl oz), piece (pieces, pc, pcs), or one
    /// of the food's measures by name ("medium", "1 cup, sliced" — as `FoodLogging.serving`
    /// matches them). Returns the unit and the factor the typed amount is multiplied by (1000
    /// for kg and l). Throws naming the units allowed for this food.
    public static func parse(_ text: String, food: Food?, field: String = "unit") throws(ValidationError) -> (
        unit: PantryUnit, factor: Double
    ) {
        let measures = food?.servings.map { withoutLeadingOne($0.label) } ?? []
        let allowed = "g, kg, ml, l, piece" + (measures.isEmpty ? "" : "; or a measure: " + measures.joined(separator: "; "))
        guard text.count <= 80 else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .tooLong) }
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        guard !word.isEmpty else { throw ValidationError(field: field, value: text, allowed: allowed, problem: .empty) }
        if word.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .invalidCharacters)
        }
        // The units every amount is read in (`AmountUnit`): any weight; a volume that is not a
        // kitchen measure (a cup of a food is its own measure, below); a piece.
        switch AmountUnit.named(word) {
        case .weight(_, let grams)?: return (.grams, grams)
        case .volume(let name, let ml)? where !["cup", "tbsp", "tsp"].contains(name): return (.millilitres, ml)
        case .serving("piece")?: return (.pieces, 1)
        default: if word == "pc" || word == "pcs" { return (.pieces, 1) }
        }
        if let food, !food.servings.isEmpty {
            do throws(ValidationError) {
                return (.measure(try FoodLogging.serving(named: word, of: food, field: field).label), 1)
            } catch {
                let fitting = food.servings.map { withoutLeadingOne($0.label) }.filter { $0.lowercased().contains(word) }
                let choice =
                    fitting.count > 1
                    ? "one measure of those \(ValidationError.quoted(text)) fits: " + fitting.joined(separator: "; ") : allowed
                throw ValidationError(field: field, value: text, allowed: choice, problem: .unknown)
            }
        }
        throw ValidationError(field: field, value: text, allowed: allowed, problem: .unknown)
    }

    /// An amount as typed: a plain positive number within `amountRange` (times `factor`).
    public static func amount(_ text: String, factor: Double = 1, field: String = "quantity") throws(ValidationError) -> Double {
        let value = try Validation.amount(text, field: field, range: amountRange.lowerBound...(amountRange.upperBound / factor), unit: nil)
        guard value > 0 else {
            throw ValidationError(
                field: field, value: text,
                allowed: "more than 0, up to \(DecimalText.format(amountRange.upperBound / factor, decimals: 2))",
                problem: .outOfRange)
        }
        return value * factor
    }
}
