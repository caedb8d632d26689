import Foundation

/// An amount of one food: its grams, and the serving and count it reads as ("2 × 1 slice").
public struct FoodPortion: Equatable, Sendable {
    public enum Source: String, Sendable { case typed, lastTime, household }
    public var grams: Double
    /// The serving counted (nil: grams). A volume or weight unit is a serving of its own ("1 tbsp").
    public var serving: FoodServing?
    public var source: Source
    /// Something the reader should know: "2 measures are called slice; took 1 slice (28 g)".
    public var note: String?

    public init(grams: Double, serving: FoodServing?, source: Source = .typed, note: String? = nil) {
        self.grams = grams
        self.serving = serving
        self.source = source
        self.note = note
    }

    /// How many of `serving` (grams when there is none).
    public var quantity: Double { serving.map { $0.grams > 0 ? grams / $0.grams : 0 } ?? grams }

    /// "1 medium (118 g)", "2 slices (56 g)", "250 ml (262 g)", "150 g", as `ServingWords` says it.
    public var label: String { ServingWords.amount(grams: grams, of: serving) }
}

/// What a typed amount (`TypedAmount`) weighs for one food (PRODUCT.md §3): weight units always
/// work; volume units convert through the food's own cup, fl oz, tbsp or tsp measure; other units
/// name one of the food's measures ("slice", "medium", "can"); a bare number counts the food's
/// usual portion ("2 eggs").
public enum FoodPortions {
    /// The portion `amount` means for `food`, or a one-line error naming what the food allows.
    public static func portion(_ amount: TypedAmount, of food: Food, field: String = "amount") throws(ValidationError) -> FoodPortion {
        let q = amount.quantity
        switch amount.unit {
        case nil:
            let usual = UsualPortion.household(for: food)
            return FoodPortion(grams: q * usual.grams, serving: usual.serving)
        case .weight(let name, let grams)?:
            if grams == 1 { return FoodPortion(grams: q, serving: nil) }
            return FoodPortion(grams: q * grams, serving: FoodServing(label: "1 \(name)", grams: grams))
        case .volume(let name, let ml)?:
            guard let perMl = gramsPerMillilitre(of: food, preferring: name) else {
                throw ValidationError(
                    field: field, value: "\(DecimalText.format(q, decimals: 2)) \(name)",
                    allowed: "\(food.name) has no cup or spoon measure: give grams, oz" + measureList(food), problem: .unknownUnit)
            }
            return FoodPortion(grams: q * ml * perMl, serving: FoodServing(label: "1 \(name)", grams: ml * perMl))
        case .serving(let word)?:
            if let (s, others) = measure(named: word, of: food) {
                let one = FoodServing(label: s.label, grams: s.grams / max(1, countOf(s.label)))
                return FoodPortion(grams: q * one.grams, serving: one, note: others.isEmpty ? nil : sameNameNote(s, others, of: food))
            }
            if let fallback = AmountUnit.servingFallbacks[word] { return try portion(TypedAmount(q, fallback), of: food, field: field) }
            if ["piece", "item", "serving", "medium", "large", "small", "whole"].contains(word) {
                return try portion(TypedAmount(q), of: food, field: field)
            }
            throw ValidationError(
                field: field, value: "\(DecimalText.format(q, decimals: 2)) \(word)",
                allowed: "\(food.name) has no measure called \(word): give grams, oz" + measureList(food), problem: .unknownUnit)
        }
    }

    /// The portion `text` means for `food` as a whole amount field ("150g", "2 slices", "½ cup");
    /// a bare number counts `serving` (grams when nil), as the amount field always has.
    public static func portion(_ text: String, of food: Food?, counting serving: FoodServing?, field: String = "amount") throws(
        ValidationError
    ) -> FoodPortion {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let typed = TypedAmount.parse(trimmed), let unit = typed.unit {
            let p: FoodPortion
            if let food {
                p = try portion(typed, of: food, field: field)
            } else if case .weight(_, let g) = unit {
                p = FoodPortion(grams: typed.quantity * g, serving: nil)
            } else {
                throw ValidationError(field: field, value: text, allowed: "grams, oz or lb", problem: .unknownUnit)
            }
            guard FoodLogging.gramsRange.contains(p.grams) else {
                throw ValidationError(
                    field: field, value: text, allowed: "one entry 0.1–5000 g (this is \(FoodLogging.gramsLabel(p.grams.rounded())))",
                    problem: .outOfRange)
            }
            return p
        }
        do throws(ValidationError) {
            guard let serving else { return FoodPortion(grams: try FoodLogging.grams(text, field: field), serving: nil) }
            return FoodPortion(
                grams: FoodLogging.grams(try FoodLogging.quantity(text, of: serving, field: field), of: serving), serving: serving)
        } catch where error.problem == .notANumber {
            // Units are allowed too: say so.
            throw ValidationError(
                field: field, value: text, allowed: error.allowed + ", or with a unit: 150 g, 6 oz, 250 ml, 2 slices",
                problem: .notANumber)
        }
    }

    /// One of `s`, counted as it is labelled ("2 tbsp" is one serving of 2 tbsp).
    static func one(of s: FoodServing, source: FoodPortion.Source) -> FoodPortion {
        FoodPortion(grams: s.grams, serving: s, source: source)
    }

    /// Grams per millilitre of `food`, from its measure in `unit` when it has one ("cup"), else its
    /// first volume measure in the catalog's order; nil when it has none.
    public static func gramsPerMillilitre(of food: Food, preferring unit: String? = nil) -> Double? {
        let volumes = food.servings.compactMap { s -> (String, Double)? in
            guard s.grams > 0, let ml = AmountUnit.millilitres(inLabel: s.label), ml > 0 else { return nil }
            return (nameOf(s.label), s.grams / ml)
        }
        if let unit, let same = volumes.first(where: { $0.0 == unit || $0.0.hasPrefix(unit + " ") || $0.0.hasPrefix(unit + ",") }) {
            return same.1
        }
        return volumes.first?.1
    }

    /// The measure of `food` a unit word names ("slice", "can", "medium"), the first of several
    /// with one name, and the others.
    public static func measure(named word: String, of food: Food) -> (FoodServing, others: [FoodServing])? {
        let w = word.lowercased()
        let rules: [(String) -> Bool] = [
            { $0 == w }, { $0.hasPrefix(w + " ") || $0.hasPrefix(w + ",") || $0.hasPrefix(w + "(") },
            { $0.split(whereSeparator: { !$0.isLetter }).contains { AmountUnit.singular(String($0)) == w } },
        ]
        for rule in rules {
            let fitting = food.servings.filter { $0.grams > 0 && rule(nameOf($0.label)) }
            if let first = fitting.first {
                let same = fitting.dropFirst().filter { nameOf($0.label) == nameOf(first.label) }
                return (first, Array(same))
            }
        }
        return nil
    }

    /// The measure `text` picks among several that share one name: "slice (25 g)" that one, "slice"
    /// the first (and the others); nil when no two measures share the name.
    public static func sameNamed(_ text: String, of food: Food) -> (FoodServing, others: [FoodServing])? {
        var name = text.trimmingCharacters(in: .whitespaces).lowercased()
        var grams: Double?
        if name.hasSuffix(" g)"), let open = name.lastIndex(of: "(") {
            grams = DecimalText.parse(name[name.index(after: open)...].dropLast(3))
            name = name[..<open].trimmingCharacters(in: .whitespaces)
        }
        if name.hasPrefix("1 ") { name = String(name.dropFirst(2)) }
        let same = food.servings.filter { nameOf($0.label) == name }
        if let grams {
            return same.first { abs($0.grams - grams) < 0.05 }.map { ($0, []) }
        }
        guard same.count > 1, let first = same.first else { return nil }
        return (first, Array(same.dropFirst()))
    }

    /// "2 measures are called slice: took 1 slice (28 g), not 1 slice (25 g)".
    public static func sameNameNote(_ took: FoodServing, _ others: [FoodServing], of food: Food) -> String {
        "\(others.count + 1) measures are called \(nameOf(took.label)): took \(distinct(took, among: food.servings)), not "
            + others.map { distinct($0, among: food.servings) }.joined(separator: " or ")
    }

    /// A measure's name without its leading count, lowercased: "1 slice, large" → "slice, large".
    static func nameOf(_ label: String) -> String {
        let words = label.lowercased().split(separator: " ", maxSplits: 1)
        guard words.count == 2, AmountText.parse(words[0]) != nil else { return label.lowercased() }
        return String(words[1])
    }

    /// The count a measure's label starts with ("2 tbsp" → 2), 1 when none.
    static func countOf(_ label: String) -> Double {
        guard let first = label.split(separator: " ").first, let n = AmountText.parse(first), n > 0 else { return 1 }
        return n
    }

    /// A measure's label, with its grams when another measure of `all` has the same label:
    /// "1 slice (28 g)".
    public static func distinct(_ s: FoodServing, among all: [FoodServing]) -> String {
        all.filter { $0.label == s.label }.count > 1 ? "\(s.label) (\(DecimalText.format(s.grams, decimals: 1)) g)" : s.label
    }

    private static func measureList(_ food: Food) -> String {
        food.servings.isEmpty ? " or lb" : ", lb or " + food.servings.map { distinct($0, among: food.servings) }.joined(separator: "; ")
    }
}
