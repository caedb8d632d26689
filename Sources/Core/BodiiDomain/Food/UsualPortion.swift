import Foundation

/// The portion people mean when they give none (PRODUCT.md §3), as data, in one place: the
/// amount this person logged last time for this food; else the food's household measure a person
/// eats at once — a tablespoon of a spread, oil, butter or honey, an ounce of nuts or cheese, a
/// cup of a drink or cereal, a large egg, a slice of bread, else a piece (medium, slice, fillet…)
/// — never a cup of a spread, a whole stalk or bunch.
public enum UsualPortion {
    /// One kind of food and the measure its usual portion is.
    public struct Rule: Sendable {
        /// What the rule is called in tests and messages.
        public var kind: String
        /// SR24 food groups (the first two digits of an NDB number: 12 nuts and seeds, 14 beverages).
        var groups: Set<String> = []
        /// Name words, any of which (at a word's start in the lowercased name) makes a food this kind.
        var names: [String] = []
        /// Name words that keep a food out ("cottage" cheese is not eaten by the ounce).
        var except: [String] = []
        /// Food groups that keep a food out (peanut butter cookies are not a spread).
        var exceptGroups: Set<String> = []
        /// The portion: measures whose label (without its leading count) starts with one of these,
        /// in order; then the unit, converted through the food's measures.
        var measures: [String] = []
        var unit: TypedAmount?
    }

    static let tablespoon = TypedAmount(1, .volume("tbsp", millilitres: AmountUnit.usCup / 16))
    static let ounce = TypedAmount(1, .weight("oz", grams: AmountUnit.ounce))
    static let cup = TypedAmount(1, .volume("cup", millilitres: AmountUnit.usCup))

    /// Baked goods, sweets, snacks, cereals and dishes: a name word there is an ingredient.
    static let dishes: Set<String> = ["08", "18", "19", "21", "22", "25", "35", "36"]

    /// First match wins.
    public static let rules: [Rule] = [
        Rule(
            kind: "spread, oil, butter or honey", groups: ["04"],
            names: [
                "peanut butter", "almond butter", "cashew butter", "nut butter", "sesame butter", "tahini", "butter,", "butter ",
                "oil,", "oil ", "honey", "jams", "jam", "jellies", "marmalade", "syrup", "mayonnaise", "margarine", "nutella",
                "hazelnut spread", "cream cheese", "hummus", "ketchup", "catsup", "mustard", "salad dressing", "sauce,",
            ],
            except: ["buttermilk", "butterbur", "butternut", "butterhead", "butter beans"], exceptGroups: dishes,
            measures: ["tbsp", "tablespoon"], unit: tablespoon),
        Rule(
            kind: "salad spread", names: ["poultry salad", "chicken salad", "ham salad", "tuna salad", "egg salad"],
            unit: TypedAmount(3, .weight("oz", grams: AmountUnit.ounce))),
        Rule(kind: "egg", names: ["egg, whole", "eggs, whole", "egg,whole"], except: ["dried", "powder"], measures: ["large"]),
        Rule(kind: "nuts and seeds", groups: ["12"], except: ["flour", "meal", "milk", "oil"], unit: ounce),
        Rule(kind: "cheese", names: ["cheese,", "cheese "], except: ["cottage", "ricotta", "sauce", "spread", "fondue"],
            exceptGroups: dishes, unit: ounce),
        Rule(
            kind: "drink", groups: ["14"], names: ["milk,", "milk ", "juice", "soymilk", "beverage", "kefir", "smoothie"],
            except: ["powder", "dry", "condensed", "evaporated", "milk chocolate", "buttermilk, dried"],
            measures: ["can", "cup", "fl oz"], unit: cup),
        Rule(kind: "cereal", groups: ["08"], measures: ["cup"], unit: cup),
        Rule(kind: "soup", groups: ["06"], except: ["dry", "dehydrated", "condensed"], measures: ["cup"], unit: cup),
        Rule(kind: "bread", groups: ["18"], names: ["bread", "toast"], measures: ["slice", "piece", "medium", "large", "muffin", "roll"]),
        Rule(
            kind: "a piece",
            measures: [
                "medium", "large", "slice", "piece", "fillet", "breast", "thigh", "drumstick", "wing", "patty", "link", "strip",
                "nlea serving", "serving", "fruit", "whole", "each", "item", "sandwich", "burrito", "taco", "pizza", "bar",
                "cookie", "muffin", "bagel", "container", "cup",
            ]),
    ]

    /// Measures never a usual portion, whatever their name: a whole stalk, head, loaf, pie.
    static let tooMuch: Set<String> = [
        "bunch", "stalk", "head", "loaf", "pie", "cake", "package", "pkg", "quart", "gallon", "lb", "recipe", "pizza",
    ]
    /// The most a usual portion of a food that is not a drink weighs.
    static let largestSolid = 350.0

    /// The rule `food` falls under (the last, "a piece", when none other does).
    public static func rule(for food: Food) -> Rule {
        let name = food.name.lowercased()
        let group = food.id.rawValue.hasPrefix("usda:") ? String(food.id.rawValue.dropFirst(5).prefix(2)) : ""
        return rules.first { r in
            guard !r.except.contains(where: { name.contains($0) }) else { return false }
            if r.groups.contains(group) || r.names.contains(where: { name.hasPrefix($0) }) { return true }
            // A name word inside a baked good's or a dish's name is an ingredient of it.
            return !r.exceptGroups.contains(group) && r.names.contains { name.contains(" " + $0) }
        } ?? rules[rules.count - 1]
    }

    /// The portion for `food` when none is typed: `lastGrams` (the person's last entry of it),
    /// else its rule's measure. The one default of every path that logs a food without an amount:
    /// a line's part (`MealLine`), the Diet search's preview, its preselected serving and amount
    /// (`ServingChoice.preselect`), `bodii log food TEXT`. The last amount is counted in the usual
    /// portion's measure when it is a whole or quarter number of it ("2 medium"), else in the
    /// first measure it is ("1 cup, sliced"), else in grams.
    public static func portion(for food: Food, lastGrams: Double? = nil) -> FoodPortion {
        let usual = household(for: food)
        if let lastGrams, lastGrams > 0 {
            let measures = (usual.serving.map { [$0] } ?? []) + food.servings
            let choice = ServingChoice.likely(forGrams: lastGrams, among: measures.map { ServingChoice($0) })
            return FoodPortion(grams: lastGrams, serving: choice.serving, source: .lastTime)
        }
        return usual
    }

    /// The household portion of `food` (what `portion` gives with no history).
    public static func household(for food: Food) -> FoodPortion {
        let r = rule(for: food)
        // "2 pieces (434 g)" is eaten one piece at a time.
        let single = food.servings.map { s -> FoodServing in
            let n = FoodPortions.countOf(s.label)
            guard n > 1, n == n.rounded(), AmountUnit.millilitres(inLabel: s.label) == nil else { return s }
            return FoodServing(label: "1 " + AmountUnit.singular(FoodPortions.nameOf(s.label)), grams: s.grams / n)
        }
        let usable = single.filter { s in
            let words = s.label.lowercased().split { !$0.isLetter }.map(String.init)
            return s.grams > 0 && !words.contains(where: tooMuch.contains) && (r.kind == "drink" || s.grams <= largestSolid)
        }
        // A piece named as the food is ("1 potato", "1 tortilla", "1 fruit"): what one of it weighs.
        let own = AmountUnit.singular(String(food.name.lowercased().prefix { $0.isLetter }))
        for word in ["a piece", "bread"].contains(r.kind) ? [own, "fruit"] + r.measures : r.measures where word.count > 1 {
            let named = usable.first { FoodPortions.nameOf($0.label) == word }
            if let s = named ?? usable.first(where: { FoodPortions.nameOf($0.label).hasPrefix(word) }) {
                return FoodPortions.one(of: s, source: .household)
            }
        }
        if let unit = r.unit, var p = try? FoodPortions.portion(unit, of: food) {
            p.source = .household
            return p
        }
        if let s = usable.first { return FoodPortions.one(of: s, source: .household) }
        return FoodPortion(grams: 100, serving: nil, source: .household)
    }
}
