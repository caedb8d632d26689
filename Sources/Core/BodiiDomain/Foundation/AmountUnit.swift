import Foundation

/// The units an amount of food is typed in (PRODUCT.md §3 "What people type"), as data: weights
/// (which any food can be counted in), volumes (which a food can be counted in through its own cup,
/// fl oz, tbsp or tsp measure), and the words for a serving that name one of the food's own
/// measures ("slice", "medium", "can"). Every amount field, `--grams`, `--qty`, the pantry and
/// `bodii log food TEXT` read units through this one table.
public enum AmountUnit: Hashable, Sendable {
    /// Grams per unit.
    case weight(String, grams: Double)
    /// Millilitres per unit.
    case volume(String, millilitres: Double)
    /// A measure's name ("slice", "medium"), matched against the food's own measures.
    case serving(String)

    /// The unit's short name: "g", "oz", "fl oz", "cup", "slice".
    public var name: String {
        switch self {
        case .weight(let n, _), .volume(let n, _), .serving(let n): return n
        }
    }

    static let ounce = Units.gramsPerOunce
    static let usCup = 236.5882365
    static let usFluidOunce = 29.5735295625

    /// Every spelling of a weight or volume unit, lowercased, and the unit it means.
    static let spellings: [String: AmountUnit] = {
        var table: [String: AmountUnit] = [:]
        func add(_ unit: AmountUnit, _ words: [String]) { for w in words { table[w] = unit } }
        add(.weight("g", grams: 1), ["g", "gr", "gram", "grams", "gramme", "grammes"])
        add(.weight("kg", grams: 1000), ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms"])
        add(.weight("mg", grams: 0.001), ["mg", "milligram", "milligrams"])
        add(.weight("oz", grams: ounce), ["oz", "ozs", "ounce", "ounces"])
        add(.weight("lb", grams: Units.kgPerPound * 1000), ["lb", "lbs", "pound", "pounds"])
        add(.volume("ml", millilitres: 1), ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "cc"])
        add(.volume("cl", millilitres: 10), ["cl", "centilitre", "centilitres", "centiliter", "centiliters"])
        add(.volume("dl", millilitres: 100), ["dl", "decilitre", "decilitres", "deciliter", "deciliters"])
        add(.volume("l", millilitres: 1000), ["l", "litre", "litres", "liter", "liters", "ltr"])
        add(.volume("fl oz", millilitres: usFluidOunce), ["fl oz", "floz", "fl. oz", "fl.oz", "fluid ounce", "fluid ounces"])
        add(.volume("cup", millilitres: usCup), ["cup", "cups", "c", "glass", "glasses", "mug", "mugs"])
        add(.volume("tbsp", millilitres: usCup / 16), ["tbsp", "tbsps", "tbs", "tbl", "tablespoon", "tablespoons", "tbsp."])
        add(.volume("tsp", millilitres: usCup / 48), ["tsp", "tsps", "teaspoon", "teaspoons", "tsp."])
        add(.volume("pint", millilitres: usCup * 2), ["pint", "pints", "pt"])
        add(.volume("quart", millilitres: usCup * 4), ["quart", "quarts", "qt"])
        return table
    }()

    /// Words that name a serving (one of a food's measures) after a number: "2 slices", "1 medium",
    /// "1 can". Plurals are read by `singular`.
    static let servingWords: Set<String> = [
        "slice", "piece", "medium", "large", "small", "extra large", "jumbo", "can", "pat", "stick", "clove", "leaf",
        "scoop", "serving", "bar", "packet", "package", "container", "bottle", "bowl", "handful", "spear", "stalk",
        "wedge", "fillet", "filet", "breast", "thigh", "drumstick", "wing", "strip", "link", "patty", "sprig",
        "cube", "square", "sheet", "envelope", "item",
    ]

    /// Serving words that mean a volume or a weight when the food has no measure of that name:
    /// a bowl is a cup, a handful an ounce.
    static let servingFallbacks: [String: AmountUnit] = [
        "bowl": .volume("cup", millilitres: usCup), "handful": .weight("oz", grams: ounce),
    ]

    /// The unit `word` means (any case, plural or not), or nil.
    public static func named(_ word: String) -> AmountUnit? {
        let w = word.trimmingCharacters(in: .whitespaces).lowercased()
        guard !w.isEmpty else { return nil }
        if let unit = spellings[w] { return unit }
        let one = singular(w)
        if servingWords.contains(one) { return .serving(one) }
        return nil
    }

    /// "slices" → "slice", "pieces" → "piece", "patties" → "patty", "leaves" → "leaf".
    static func singular(_ word: String) -> String {
        if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
        if word == "leaves" { return "leaf" }
        if word.hasSuffix("oes") { return String(word.dropLast(2)) }
        if word.hasSuffix("ches") || word.hasSuffix("shes") || word.hasSuffix("xes") { return String(word.dropLast(2)) }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 2 { return String(word.dropLast()) }
        return word
    }

    /// The volume a measure's label states, in millilitres: "1 cup, sliced" → 236.6, "2 tbsp" →
    /// 29.6, "1 cup (8 fl oz)" → 236.6; nil for a measure that is not a volume ("1 medium").
    public static func millilitres(inLabel label: String) -> Double? {
        let words = label.lowercased().split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" }).map(String.init)
        guard words.count >= 2, let count = AmountText.parse(words[0]), count > 0 else { return nil }
        let two = words.count >= 3 ? words[1] + " " + words[2] : ""
        if case .volume(_, let ml)? = spellings[two] { return count * ml }
        if case .volume(_, let ml)? = spellings[words[1]], words[1] != "c" { return count * ml }
        return nil
    }
}
