import Foundation

/// How much each word of a query counts (issue 24): a query matches foods by the share and weight
/// of it they answer, not only when every word is in the name. People add words the catalog does
/// not use ("raw almonds", "organic spinach", "Banana, Fresh", "White Bread, Store Bought"); such a
/// word must lower a food's score a little, never empty the list. The rules are data, with their
/// reasons, read by `SearchVocabulary.plan`; `FoodMatcher` only sees each word's weight and the
/// catalog words it may stand for.
public enum SearchQualifiers {
    /// A word that names the food: it finds the candidates, and a food without it ranks lower.
    public static let namingWeight = 1.0
    /// A word that says the form or the preparation: it picks among the food's forms.
    public static let formWeight = 0.4
    /// A word after the first comma, inside parentheses or after "with" ("Almonds, Raw",
    /// "Pinto Beans (Canned, Drained)", "coffee with milk"): trackers and people write the food
    /// first and what narrows it after, so these words pick among the foods the first ones name.
    public static let qualifierWeight = 0.4
    /// A word that describes rather than names: how it was bought, grown or cut, its size or colour.
    public static let describingWeight = 0.15

    /// Words that describe the food a person means without naming it. The catalog rarely says them
    /// (SR24 has no "organic", "ripe" or "hass"); when it does ("Egg, whole, raw, fresh"), a match
    /// adds a little.
    static let describing: Set<SearchText.Word> = Set(
        [
            "organic", "ripe", "natural", "range", "large", "small", "medium", "sliced", "chopped", "diced", "cubed",
            "shredded", "grated", "whole", "plain", "extra", "virgin", "hass", "red", "green", "yellow", "golden",
            "delicious", "gala", "fuji", "granny", "smith", "my", "some", "homestyle", "style", "type", "types", "other",
            "includes", "including", "regular", "quick", "semi", "local", "farm", "leaf", "bakery", "bought", "store",
            "shop", "bag", "packet", "can", "jar", "bottle", "glass", "mug", "bowl", "slice", "piece", "serving",
        ].map { SearchText.singular(SearchText.Word($0.utf8)) })

    /// A form or preparation word, or phrase, and the catalog words that say the same form: the
    /// food matches it when its name has every word of one of them. The word itself always counts.
    struct Form {
        var from: [SearchText.Word]
        var means: [[SearchText.Word]]
        /// True when the form is cooked: a name saying raw, dry or unprepared is not it.
        var cooks: Bool
    }

    /// Forms that say the food was cooked (`Form.cooks`).
    static let cookingForms: Set<String> = [
        "steamed", "boiled", "poached", "cooked", "baked", "grilled", "roasted", "roast", "broiled", "bbq", "fried",
        "pan fried", "cooked from frozen", "cooked from fresh",
    ]

    static let formTable: [(String, [String])] = [
        // The catalog's plain uncooked form is "raw"; "fresh" is how people say it.
        ("fresh", ["raw"]), ("raw", ["raw"]), ("uncooked", ["raw"]),
        // Cooked in water or steam: the catalog says "cooked, boiled" (vegetables) or "moist heat".
        ("steamed", ["boiled", "cooked", "moist heat"]), ("boiled", ["boiled", "cooked", "moist heat"]),
        ("poached", ["poached", "moist heat"]), ("cooked", ["cooked", "boiled", "roasted", "prepared"]),
        // Dry heat: USDA names grilled, baked and roasted fish and meat "cooked, dry heat", poultry
        // "roasted", potatoes "baked", ground meat "broiled".
        ("baked", ["baked", "dry heat", "roasted"]), ("grilled", ["dry heat", "roasted", "broiled", "grilled"]),
        ("roasted", ["dry roasted", "roasted", "dry heat", "baked"]), ("roast", ["roasted", "dry heat"]),
        ("broiled", ["broiled", "dry heat", "roasted"]), ("bbq", ["dry heat", "roasted", "broiled"]),
        ("fried", ["fried", "pan fried"]), ("pan fried", ["fried", "hashed brown"]),
        ("cooked from frozen", ["frozen cooked", "frozen boiled"]), ("cooked from fresh", ["cooked", "boiled"]),
        ("frozen", ["frozen"]), ("canned", ["canned"]), ("tinned", ["canned"]), ("drained", ["drained"]),
        // Milk and other dairy: "skim" is the catalog's "nonfat" or "fat free".
        ("skim", ["nonfat", "fat free"]), ("low fat", ["lowfat", "low fat", "reduced fat"]),
        ("lowfat", ["lowfat", "low fat", "reduced fat"]), ("full fat", ["whole"]),
        // Salt: the catalog says "without salt" or "without salt added".
        ("unsalted", ["without salt", "unsalted"]), ("salted", ["with salt", "salted"]),
        // Meat without its skin: the catalog's "meat only".
        ("skinless", ["meat only", "skinless"]), ("skin removed before cooking", ["meat only"]),
        ("boneless", ["meat only", "boneless"]),
        // Bought or made: "commercially prepared" against "prepared from recipe" / "home-prepared".
        ("store bought", ["commercially prepared", "commercial"]), ("storebought", ["commercially prepared", "commercial"]),
        ("homemade", ["home prepared", "prepared from recipe"]), ("home made", ["home prepared", "prepared from recipe"]),
        ("homemade bakery", ["prepared from recipe", "commercially prepared"]),
        ("prepared from grounds", ["brewed grounds"]), ("dry", ["dry", "uncooked", "raw"]),
    ]

    static let forms: [Form] = formTable.map { from, means in
        Form(
            from: SearchText.words(from).map(SearchText.singular), means: means.map { SearchText.words($0) },
            cooks: cookingForms.contains(from))
    }.sorted { $0.from.count > $1.from.count }  // the longest phrase first

    /// The words of `text` that come after its first comma, inside parentheses, or after "with"
    /// once a food is named: they narrow the food the first words name.
    /// `added` holds the words after "with", which say what the food comes with; `either` the
    /// words of a list of three or more joined by "or" ("Onion, White, Yellow or Red"), which say
    /// any of them will do: they narrow nothing.
    public static func narrowingWords(
        _ text: String
    ) -> (narrowing: Set<SearchText.Word>, added: Set<SearchText.Word>, either: Set<SearchText.Word>) {
        var out = Set<SearchText.Word>()
        var added = Set<SearchText.Word>()
        var either = Set<SearchText.Word>()
        var depth = 0, pastComma = false
        var piece = ""
        var primary: [SearchText.Word] = []
        // The one-word pieces met since the last longer one: "White" of "White, Yellow or Red".
        var singles: [SearchText.Word] = []
        func flush() {
            let words = SearchText.words(piece)
            if depth > 0 || pastComma {
                out.formUnion(words)
                // Three or more: any of them ("White, Yellow or Red"); two often name one food
                // twice ("Lentils, Pink or Red").
                let list = singles + words.filter { $0 != orWord }
                if words.count >= 3, words.contains(orWord), list.count >= 3 { either.formUnion(list) }
                singles = words.count == 1 ? singles + words : []
            } else {
                primary += words
            }
            piece = ""
        }
        for character in text {
            switch character {
            case ",": flush(); if depth == 0 { pastComma = true }
            case "(", "[": flush(); depth += 1
            case ")", "]": flush(); depth = max(0, depth - 1)
            default: piece.append(character)
            }
        }
        flush()
        if let with = primary.firstIndex(of: SearchText.Word("with".utf8)), with > 0 {
            added.formUnion(primary[(with + 1)...])
            out.formUnion(added)
            primary.removeSubrange(with...)
        }
        // A word of the first part names the food even when it comes again later.
        out.subtract(primary)
        added.subtract(primary)
        either.subtract(primary)
        return (out, added, either)
    }

    static let orWord = SearchText.Word("or".utf8)
}
