import Foundation

/// What the user's log says about a food: how often and how recently it was eaten.
public struct FoodHistory: Sendable, Equatable {
    /// The food's `FoodFrecency` points.
    public var points: Double
    public init(points: Double) { self.points = points }
}

/// Bodii's food ranking: the score of one food for one query, higher first, nil when the food does
/// not match every word. Pure, so it is tested without a database; the store finds the candidates
/// with its full-text index and sorts them by this score.
///
/// How a food scores, in order of weight:
/// 1. Each query word must match a word of the name: the same word (case, accents, singular or
///    plural aside) scores most, the start of a longer word (the word being typed) less, one typo
///    least. A word typed in full outranks everything below, so "cola" finds cola before collards.
/// 2. Where it matches: in the head (the food itself) beats the next part, which beats deeper.
///    A head made only of query words ("Bananas" for `banana`) scores extra: that is the food.
/// 3. What kind of food: baby food, fast food and restaurant dishes, brands (unless the query
///    names the brand: `cheerios`), USDA commodity packs, mixed dishes, luncheon meats (sliced
///    chicken breast is not what `chicken breast` means) and regional foods lose points.
/// 4. The plain form wins: parts like "raw", "whole", "plain" add points; offal, fat, powder,
///    diet and imitation forms, oils, flours and juices of the food lose some.
/// 5. Foods with more household measures are more commonly eaten (the USDA lists "1 medium", "1
///    cup, sliced"… for bananas, one measure for banana powder): a few points per measure.
/// 6. The user's history lifts foods they log often and lately, enough to reorder close
///    candidates but not to beat a better match of the words.
/// 7. Fewer and shorter parts: the general food before its particular variants.
public enum FoodRanking {
    /// The score of the food read as `profile` for the words planned by `plans` (the query's
    /// words, with the same vocabulary as the profile), nil when a word does not match.
    public static func score(
        _ plans: [WordPlan], profile: FoodNameProfile, servingCount: Int = 0,
        history: FoodHistory? = nil
    ) -> Double? {
        FoodMatcher(plans).score(profile, servingCount: servingCount, history: history)
    }

    enum Quality: Int, Comparable {
        case typo, prefix, exact
        static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
    }

    /// The weights, in points. A whole word matched outweighs all bonuses for position, kind and
    /// form together; everything else is tuned on the relevance set (Tests/Relevance).
    enum Points {
        static let exact = 300.0
        static let exactWhileTyping = 200.0  // "straw" may still become "strawberries"
        static let prefix = 150.0
        static let prefixCompleteness = 40.0  // "chick" is more of "chicken" than of "chickpeas"
        static let typo = 100.0
        static let inHead = 30.0
        static let nextPart = 15.0
        static let thirdPart = 5.0
        static let wholeHead = 60.0
        static let partialHead = 20.0
        static let babyFood = 120.0
        static let fastFood = 90.0
        static let brand = 70.0
        static let brandHead = 90.0
        static let commodity = 40.0
        static let mixedDish = 25.0
        static let luncheonMeat = 25.0
        static let regional = 40.0
        static let mixedHead = 15.0
        static let plainPart = 8.0
        static let unmatchedWord = 1.0
        static let missingWord = 100.0  // a query word the food lacks, times the word's weight
        static let alternative = 250.0  // a word matched by the catalog's word for it ("grilled": "dry heat")
        static let otherFood = 200.0  // the query names a word of the head, not the food it names
        static let part = 2.0
        static let serving = 4.0
        static let historyScale = 15.0
        static let historyMax = 60.0
        static let fillerMatch = 20.0
        static let derivedHead = 80.0  // more than a whole head: "Sauce, steak" after "Beef, …, steak"
        static let eatenForm = 25.0
        static let dryForm = 10.0
        static let common = 12.0
        static let salted = 4.0
        static let chain = 60.0  // a fast-food chain's or a restaurant's own dish
        static let uncooked = 60.0  // raw or unprepared when the query names a way of cooking
        static let modifierOnly = 60.0  // the query matches the head's "X" of "X Y", not its "Y"
    }

    /// The ranking's word lists as ids of one vocabulary, built with it.
    struct Tables: Sendable {
        /// Points of `unusualWords`, by singular class.
        var unusualCost: [Float]
        var plainParts: Set<[Int32]>
        var categoryHeads: Set<[Int32]>
        var derivedHeads: Set<[Int32]>
        var fillerParts: Set<[Int32]>
        var commonFoods: Set<[[Int32]]>
        var cookedWords: Set<Int32>
        var dryParts: Set<[Int32]>
        var matureSeeds: [Int32]
        var saltedParts: Set<[Int32]>
        var and: Int32
        var with: Int32
        /// `FoodNameProfile.includingWords` as term ids: compared for every word of a name.
        var including: [Int32]
        /// The first two parts of the `commonFoods` of three parts: only names starting so are
        /// looked up by three.
        var commonStarts: Set<[[Int32]]>

        init(ids: (SearchText.Word) -> Int32?, classes: WordTable, classCount: Int) {
            unusualCost = Array(repeating: 0, count: classCount)
            for (singular, cost) in FoodRanking.unusualWords {
                if let c = classes[singular] { unusualCost[Int(c)] = Float(cost) }
            }
            func phrases(_ list: Set<[SearchText.Word]>) -> Set<[Int32]> {
                Set(
                    list.compactMap { words in
                        let mapped = words.compactMap(ids)
                        return mapped.count == words.count ? mapped : nil
                    })
            }
            plainParts = phrases(FoodRanking.plainParts)
            categoryHeads = phrases(FoodRanking.categoryHeads)
            derivedHeads = phrases(FoodRanking.derivedHeads)
            fillerParts = phrases(FoodRanking.fillerParts)
            dryParts = phrases(FoodRanking.dryParts)
            saltedParts = phrases(FoodRanking.saltedParts)
            matureSeeds = [ids(SearchText.Word("mature".utf8)) ?? -2, ids(SearchText.Word("seeds".utf8)) ?? -2]
            cookedWords = Set(FoodRanking.cookedWords.compactMap(ids))
            commonFoods = Set(
                FoodRanking.commonFoods.compactMap { parts in
                    let mapped = parts.map { $0.compactMap(ids) }
                    return zip(mapped, parts).allSatisfy { $0.count == $1.count } ? mapped : nil
                })
            and = ids(SearchText.Word("and".utf8)) ?? -2
            with = ids(SearchText.Word("with".utf8)) ?? -2
            including = FoodNameProfile.includingWords.compactMap(ids)
            commonStarts = Set(commonFoods.filter { $0.count == FoodRanking.commonFoodParts }.map { Array($0.prefix(2)) })
        }
    }

    private static func words(_ list: [String]) -> Set<SearchText.Word> { Set(list.map { SearchText.Word($0.utf8) }) }

    /// USDA heads that name a category; the food is in the next part ("Nuts, almonds").
    static let categoryHeads: Set<[SearchText.Word]> = Set(
        [
            "beverages", "alcoholic beverage", "carbonated beverage", "nuts", "seeds", "fish", "crustaceans", "mollusks",
            "snacks", "candies", "cereals", "cereals ready to eat", "spices", "oil", "game meat", "cheese", "beans",
            "peppers", "squash", "lettuce", "usda commodity", "salad dressing", "sauce", "soup", "fast foods",
        ].map { SearchText.words($0) })

    /// Category heads of dishes made from the food the next part names ("Sauce, cheese"): below the
    /// food itself unless the query names the dish.
    static let derivedHeads: Set<[SearchText.Word]> = Set(["sauce", "soup", "gravy"].map { SearchText.words($0) })

    /// Parts every food of a kind has, which say nothing of the food ("Chicken, broilers or fryers, …").
    static let fillerParts: Set<[SearchText.Word]> = Set(["broilers or fryers", "summer"].map { SearchText.words($0) })

    /// The first word of a part that says a grain, pasta or legume is cooked: the form people eat.
    static let cookedWords: [SearchText.Word] = ["cooked", "boiled", "prepared", "canned"].map { SearchText.Word($0.utf8) }
    /// Parts that say it is dry or raw: the form people buy.
    static let dryParts: Set<[SearchText.Word]> = Set(
        ["raw", "dry", "as purchased", "unprepared", "uncooked"].map { SearchText.words($0) })

    /// Parts that say salt was added: the same food without it is the usual entry.
    static let saltedParts: Set<[SearchText.Word]> = Set(
        ["with salt", "with added salt", "salt added in processing"].map { SearchText.words($0) })

    /// The everyday food among siblings that the words of a query do not tell apart: `cheese`
    /// means cheddar before cream cheese or blue, `ice cream` vanilla. The name's first parts, as
    /// USDA writes them: two (or its only one), or three where the species decides ("Fish, cod,
    /// Atlantic": Atlantic cod is the cod sold and eaten most; Pacific cod is the regional one).
    static let commonFoods: Set<[[SearchText.Word]]> = Set(
        [
            "Cheese, cheddar", "Ice creams, vanilla", "Cream, sour", "Rice, white", "Bread, white",
            "Fish, cod, Atlantic", "Milk, whole", "Milk, reduced fat", "Milk, lowfat", "Milk, nonfat", "Grapes, red or green (European type, such as Thompson seedless)",
            "Peas, green", "Bagels, plain", "Noodles, egg", "Tea, black", "Ham, sliced", "Spaghetti, cooked",
        ].map { name in name.split(separator: ",").prefix(commonFoodParts).map { SearchText.words(String($0)) } })
    /// The most parts of a name `commonFoods` compares.
    static let commonFoodParts = 3

    /// Whole parts that say "the plain form of the food".
    static let plainParts: Set<[SearchText.Word]> = Set(
        [
            "raw", "whole", "plain", "regular", "fresh", "all types", "all varieties", "all commercial varieties",
            "all classes", "all grades", "brewed", "granulated", "year round average", "unprepared",
        ].map { SearchText.words($0) })

    /// Capitalised words of USDA names that are not brands.
    static let notBrands = words(["usda", "nfs", "ns", "dha", "ara", "uht", "pbm", "us", "usa", "rte", "rtf", "ii"])

    /// Words of a less usual form, with the points they cost when the query does not ask for them:
    /// offal and parts, preserved and processed forms (12); diet, flavoured and prepared variants
    /// (6); other foods made from the food (15: almond oil, orange juice, grape leaves).
    static let unusualWords: [SearchText.Word: Double] = {
        var out: [SearchText.Word: Double] = [:]
        let offalAndParts = [
            "giblets", "liver", "gizzard", "heart", "neck", "feet", "skin", "back", "kidneys", "tongue",
            "brain", "tripe", "lungs", "spleen", "pancreas", "thymus", "variety", "mechanically",
            "separated", "separable", "dehydrated", "powder", "industrial", "dried", "frozen", "canned",
            "babyfood", "formula", "mix", "concentrate", "restaurant",
        ]
        // A stand-in for the food named ("Sausage, meatless", "Fish sticks, meatless"): only when asked for.
        let standIns = ["imitation", "substitute", "meatless", "tofu"]  // "Mayonnaise, made with tofu"
        let variants = [
            "made", "less", "free", "added", "flavored", "sweetened", "instant", "dry", "mashed", "flakes",
            "granules", "toasted", "baby", "chocolate", "recipe", "double", "triple",
        ]
        // A recipe changed from the usual one (less fat or sugar, something added or coated):
        // a real food of its own, but never the one a query that does not say so means. They cost
        // more than a variant: "mayo" is mayonnaise, not "…, low calorie or diet"; "roasted almonds"
        // not "honey roasted"; "skim milk" not "…, calcium fortified".
        let alteredRecipes = ["low", "reduced", "calorie", "diet", "lite", "light", "fortified", "honey"]
        let derived = [
            "oil", "flour", "paste", "leaves", "juice", "sprouted", "bits", "sticks", "spread", "buttermilk",
            "sauce", "soup", "salad", "sandwich", "pie", "cake", "drink", "beverage", "dressing",
        ]
        // Keyed by singular, as names are read: "giblets" and "giblet" cost the same.
        for w in offalAndParts { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 12 }
        for w in variants { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 6 }
        for w in derived { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 15 }
        for w in alteredRecipes { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 20 }
        for w in standIns { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 90 }
        // Another animal's milk or meat than the one people mean by the plain word (issue 41:
        // "milk" is cow's milk, not sheep's, buffalo's or human milk), and the farm's raw milk.
        for w in otherAnimals { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 40 }
        return out
    }()

    /// Animals whose milk USDA names next to cow's milk ("Milk, sheep, fluid"), and a farm's own milk.
    static let otherAnimals = ["sheep", "goat", "buffalo", "human", "producer", "camel", "indian"]


}
