import Foundation

/// An amount of a serving as a person says it (issue 41): "2 slices", "1 slice", "4 tbsp" (two of
/// "2 tbsp"), "1.5 cups, chopped", "2 large". Every place that shows a counted portion (the CLI,
/// the Diet line and serving views) reads it here; JSON keeps the serving's own label as data.
public enum ServingWords {
    /// Words after a count that never take an "s": sizes and abbreviated units.
    static let invariable: Set<String> = [
        "medium", "large", "small", "extra", "jumbo", "whole", "tbsp", "tsp", "oz", "fl", "g", "kg", "mg", "ml", "l", "lb",
        "cc", "dl", "each", "half", "nlea", "serving,", "individual",
    ]

    /// `quantity` of `serving`, grams when it is nil: "2 slices", "4 tbsp", "150 g"; a label with
    /// no count of its own reads "2 × slice (28 g)".
    public static func amount(_ quantity: Double, of serving: FoodServing?) -> String {
        guard let serving else { return DecimalText.format(quantity, decimals: 1) + " g" }
        guard let (count, rest) = split(serving.label) else {
            return abs(quantity - 1) < 0.005 ? serving.label : DecimalText.format(quantity, decimals: 2) + " × " + serving.label
        }
        let total = count * quantity
        return DecimalText.format(total, decimals: 2) + " " + noun(rest, count: total)
    }

    /// `amount` with its grams: "2 slices (56 g)"; grams alone "150 g".
    public static func amount(grams: Double, of serving: FoodServing?) -> String {
        guard let serving, serving.grams > 0 else { return DecimalText.format(grams, decimals: 1) + " g" }
        return amount(grams / serving.grams, of: serving) + " (" + DecimalText.format(grams, decimals: 1) + " g)"
    }

    /// What follows a bare count of `serving` in an amount field: "slices" after 2, "slice" after
    /// 1; "× 2 tbsp" for a label that carries a count other than one.
    public static func unit(after quantity: Double, of serving: FoodServing) -> String {
        guard let (count, rest) = split(serving.label), count == 1 else { return "× " + serving.label }
        return noun(rest, count: quantity)
    }

    /// The label's leading count and the words after it: "1 cup, chopped" → (1, "cup, chopped").
    static func split(_ label: String) -> (Double, String)? {
        guard let space = label.firstIndex(of: " "), let count = AmountText.parse(String(label[..<space])), count > 0 else { return nil }
        let rest = label[label.index(after: space)...].trimmingCharacters(in: .whitespaces)
        return rest.isEmpty ? nil : (count, rest)
    }

    /// `words` with its first word plural when `count` is not one: "slice" → "slices",
    /// "cup, chopped" → "cups, chopped", "medium (7" long)" unchanged.
    static func noun(_ words: String, count: Double) -> String {
        // A fraction of one reads singular: "0.5 breast", "1.5 breasts", "0 slices".
        guard count > 1.005 || count < 0.005 else { return words }
        let end = words.firstIndex(where: { !$0.isLetter }) ?? words.endIndex
        let first = String(words[..<end])
        guard first.count > 1, !invariable.contains(first.lowercased()), first.lowercased() == first,
            !first.hasSuffix("s") || first.hasSuffix("ss")
        else { return words }
        return plural(first) + words[end...]
    }

    static func plural(_ word: String) -> String {
        if word.hasSuffix("ch") || word.hasSuffix("sh") || word.hasSuffix("x") || word.hasSuffix("ss") { return word + "es" }
        if word.hasSuffix("y"), let before = word.dropLast().last, !"aeiou".contains(before) { return word.dropLast() + "ies" }
        if word == "leaf" { return "leaves" }
        return word + "s"
    }
}
