import Foundation

/// The custom food form's "Other nutrients" line: what a label lists beyond the form's own fields,
/// typed as a label prints it — "vitamin C 12 mg, iron 2.1 mg, vitamin D 5 mcg" — and written back
/// the same way when the food is edited, so nothing a food knows is lost by opening its form.
///
/// An item is a nutrient's name and an amount, in either order ("12 mg vitamin C"), with an
/// optional unit (g, mg, µg/ug/mcg; IU for vitamin D, 40 IU = 1 µg) converted to the nutrient's
/// own; without one the nutrient's unit is meant. Items are separated by ";" or by a comma that is
/// not a decimal comma ("1,5 mg" is 1.5). A label's "% DV" after the amount is ignored.
public enum NutrientAmountsText {
    public static let field = "other nutrients"
    public static let example = "vitamin C 12 mg, iron 2.1 mg"

    /// The nutrients of `text` in their keys' units, or the first item that can't be read. `limit`
    /// is the most any amount can be, in grams (the serving's weight: no food holds more of a
    /// nutrient than it weighs). `reserved` are the keys the form has fields of their own for.
    public static func parse(_ text: String, upToGrams limit: Double, reserved: Set<NutrientKey> = []) throws(ValidationError)
        -> [NutrientKey: Double]
    {
        var values: [NutrientKey: Double] = [:]
        for item in items(text) {
            let (key, amount) = try parseItem(item, upToGrams: limit)
            if reserved.contains(key) {
                throw ValidationError(
                    field: field, value: item, allowed: "\(key.label.lowercased()) in its own field above", problem: .invalidFormat)
            }
            if values[key] != nil {
                throw ValidationError(
                    field: field, value: item, allowed: "each nutrient once (\(key.label) is given twice)", problem: .invalidFormat)
            }
            values[key] = amount
        }
        return values
    }

    /// "Vitamin C 12 mg, Iron 2.1 mg": the form's text for stored values, in the nutrients' order,
    /// with ASCII units so it can be typed over.
    public static func format(_ values: [NutrientKey: Double]) -> String {
        values.filter { $0.value.isFinite && $0.value >= 0 }.sorted { $0.key < $1.key }
            .map { "\($0.key.label) \(DecimalText.format($0.value, decimals: 3)) \($0.key.unit.ascii)" }
            .joined(separator: ", ")
    }

    /// The items of a list: split at ";", at line ends, and at a comma that is not a decimal comma
    /// (one between two digits).
    static func items(_ text: String) -> [String] {
        var items: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            let decimalComma = c == "," && i > 0 && chars[i - 1].isNumber && chars.indices.contains(i + 1) && chars[i + 1].isNumber
            if c == ";" || c.isNewline || (c == "," && !decimalComma) {
                items.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        items.append(current)
        return items.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func parseItem(_ item: String, upToGrams limit: Double) throws(ValidationError) -> (NutrientKey, Double) {
        let allowedName = "a nutrient and an amount, e.g. iron 2 mg"
        guard !DecimalText.isScientific(item) else {
            throw ValidationError(field: field, value: item, allowed: allowedName, problem: .invalidFormat)
        }
        var words = tokens(item)
        // A label's "15%" or "15 % DV" beside the amount says nothing the amount doesn't.
        if let percent = words.firstIndex(where: { $0.hasSuffix("%") }), words.contains(where: { DecimalText.parse($0) != nil }) {
            words.removeSubrange(
                percent..<min(words.count, percent + (words.indices.contains(percent + 1) && words[percent + 1] == "dv" ? 2 : 1)))
        }
        let numbers = words.indices.filter { DecimalText.parse(words[$0]) != nil }
        guard numbers.count == 1, let at = numbers.first else {
            // "calcium 30%": a share of a daily value that differs by label and country, not an amount.
            if numbers.isEmpty, words.contains(where: { $0.hasSuffix("%") }) {
                throw ValidationError(field: field, value: item, allowed: "g, mg or µg (not % DV)", problem: .unknownUnit)
            }
            throw ValidationError(field: field, value: item, allowed: allowedName, problem: .invalidFormat)
        }
        guard let amount = DecimalText.parse(words[at]) else {
            throw ValidationError(field: field, value: item, allowed: allowedName, problem: .notANumber)
        }
        var unit: String?
        if words.indices.contains(at + 1), unitFactors[words[at + 1]] != nil || words[at + 1] == "iu" {
            unit = words[at + 1]
            words.remove(at: at + 1)
        }
        words.remove(at: at)
        // "Folate 400 mcg DFE", "Vitamin A 90 mcg RAE": the label's basis, which is Bodii's.
        words.removeAll { $0 == "dfe" || $0 == "rae" }
        guard let key = key(named: words.joined(separator: " ")) else {
            throw ValidationError(field: field, value: item, allowed: "a name from the Nutrients view", problem: .unknown)
        }
        let inKeyUnit: Double
        switch unit {
        case nil: inKeyUnit = amount
        case "iu"?:
            // Only vitamin D has one IU for every form of it (0.025 µg); vitamin A's and E's depend on the form.
            guard key == .vitaminDUg else {
                throw ValidationError(
                    field: field, value: item, allowed: "\(key.label) in \(key.unit.ascii) (IU only for vitamin D)", problem: .unknownUnit)
            }
            inKeyUnit = amount / 40
        case let unit?: inKeyUnit = amount / (unitFactors[unit] ?? 1) * key.unitsPerGram
        }
        let most = limit * key.unitsPerGram
        guard inKeyUnit >= 0, inKeyUnit <= most else {
            throw ValidationError(
                field: field, value: item,
                allowed: "\(key.label) 0–\(DecimalText.format(most, decimals: 2)) \(key.unit.ascii) (at most the serving weight)",
                problem: .outOfRange)
        }
        return (key, inKeyUnit)
    }

    /// Units per gram of each unit a label may use.
    private static let unitFactors: [String: Double] = [
        "g": 1, "mg": 1_000, "µg": 1_000_000, "ug": 1_000_000, "mcg": 1_000_000, "μg": 1_000_000,
    ]

    /// Lower-case words, with an amount taken off its unit ("12mg"), "%" kept on its number, and a
    /// name's number kept on its name ("omega-3", "omega 3", "b 12", "d3" are one word each).
    private static func tokens(_ item: String) -> [String] {
        var spaced = ""
        var previous: Character?
        for c in item.lowercased() {
            if let p = previous, p.isNumber, c.isLetter { spaced.append(" ") }
            if c == "-", let p = previous, p.isLetter {
                // "omega-3", "b-12": one name. A minus before a number stays, to be refused as out of range.
            } else {
                spaced.append(c == "_" || c == "(" || c == ")" || c == ":" ? " " : c)
            }
            previous = c
        }
        var words: [String] = []
        for word in spaced.split(separator: " ").map(String.init) {
            if word == "%", let last = words.last {
                words[words.count - 1] = last + "%"
            } else if let last = words.last, namesTakingANumber[last]?.contains(word) ?? false {
                words[words.count - 1] = last + word
            } else {
                words.append(word)
            }
        }
        return words
    }

    /// Names whose number is part of them when typed apart ("omega 3", "b 12").
    private static let namesTakingANumber: [String: Set<String>] = [
        "omega": ["3", "6"], "n": ["3", "6"], "b": ["1", "2", "3", "5", "6", "12"], "d": ["3"],
    ]

    /// The key a name means: the Nutrients view's label, the JSON key, or a name labels use.
    static func key(named name: String) -> NutrientKey? {
        let words = name.split(separator: " ").map { $0 == "vit" || $0 == "vit." ? "vitamin" : String($0) }
        let normal = words.joined(separator: " ")
        guard !normal.isEmpty else { return nil }
        if let key = byName[normal] { return key }
        // "vitamin b12" is "b12"; "vitamin c" stays as it is.
        if words.first == "vitamin", words.count == 2, words[1].hasPrefix("b") { return byName[words[1]] }
        return nil
    }

    private static let byName: [String: NutrientKey] = {
        var names: [String: NutrientKey] = [:]
        for key in NutrientKey.allCases {
            names[tokens(key.label).joined(separator: " ")] = key
            names[tokens(key.rawValue).joined(separator: " ")] = key
        }
        for (key, others) in otherNames { for other in others { names[tokens(other).joined(separator: " ")] = key } }
        return names
    }()

    /// Names labels and other trackers print (US and EU labels, Cronometer's columns).
    private static let otherNames: [NutrientKey: [String]] = [
        .fiberG: ["fibre", "dietary fiber", "dietary fibre"], .sugarsG: ["sugar", "total sugars"],
        .saturatedFatG: ["sat fat", "saturated", "saturates"], .monounsaturatedFatG: ["monounsaturated", "mono fat", "monounsaturates"],
        .polyunsaturatedFatG: ["polyunsaturated", "poly fat", "polyunsaturates"], .omega3G: ["omega-3 fat", "n-3"],
        .omega6G: ["omega-6 fat", "n-6"], .thiaminMg: ["thiamin", "thiamine", "b1"], .riboflavinMg: ["riboflavin", "b2"],
        .niacinMg: ["niacin", "b3"], .pantothenicAcidMg: ["pantothenic acid", "b5"], .vitaminB6Mg: ["pyridoxine", "b6"],
        .vitaminB12Ug: ["cobalamin", "b12"], .folateUg: ["folic acid", "folates"], .vitaminCMg: ["ascorbic acid"],
        .vitaminDUg: ["vitamin d3", "d3"], .alcoholG: ["ethanol"],
    ]
}
