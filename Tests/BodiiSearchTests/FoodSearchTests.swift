import Foundation
import Testing
@testable import BodiiSearch

private func w(_ s: String) -> SearchText.Word { SearchText.Word(s.utf8) }
private func s(_ word: SearchText.Word) -> String { String(decoding: word, as: UTF8.self) }

@Suite struct SearchTextTests {
    @Test func wordsAreFoldedLikeTheIndex() {
        #expect(SearchText.wordStrings("Peppers, jalapeño, RAW (1/8\" fat)") == ["peppers", "jalapeno", "raw", "1", "8", "fat"])
        #expect(SearchText.wordStrings("McDONALD'S, BIG MAC") == ["mcdonald", "s", "big", "mac"])
        #expect(SearchText.wordStrings("Crème brûlée, ÇA") == ["creme", "brulee", "ca"])
        #expect(SearchText.wordStrings("  ,;  ").isEmpty)
        #expect(SearchText.wordStrings("ＴＯＦＵ") == ["tofu"])  // full-width letters
    }

    @Test func singularOfCommonPlurals() {
        let cases = [
            "bananas": "banana", "eggs": "egg", "berries": "berry", "cherries": "cherry", "tomatoes": "tomato",
            "peaches": "peach", "radishes": "radish", "boxes": "box", "glasses": "glass", "olives": "olive",
            "peas": "pea", "fries": "fry", "hummus": "hummus", "swiss": "swiss", "asparagus": "asparagus",
            "oats": "oat", "gas": "gas", "egg": "egg",
        ]
        for (plural, singular) in cases { #expect(s(SearchText.singular(w(plural))) == singular, "\(plural)") }
    }

    @Test func oneEditIsOneInsertDeleteReplaceOrSwap() {
        #expect(SearchText.withinOneEdit(w("brocoli"), w("broccoli")))  // a letter left out
        #expect(SearchText.withinOneEdit(w("bananna"), w("banana")))  // one too many
        #expect(SearchText.withinOneEdit(w("chease"), w("cheese")))  // one replaced
        #expect(SearchText.withinOneEdit(w("chikcen"), w("chicken")))  // neighbours swapped
        #expect(SearchText.withinOneEdit(w("egg"), w("egg")))
        #expect(!SearchText.withinOneEdit(w("chkcien"), w("chicken")))
        #expect(!SearchText.withinOneEdit(w("brocolli"), w("broccoli")))  // two edits
        #expect(!SearchText.withinOneEdit(w("ban"), w("banana")))
        #expect(SearchText.isPrefixWithinOneEdit(w("broco"), of: w("broccoli")))
        #expect(SearchText.isPrefixWithinOneEdit(w("chik"), of: w("chicken")))
        #expect(!SearchText.isPrefixWithinOneEdit(w("chkn"), of: w("chicken")))
    }

    @Test func queryWordsDropFillersAndKnowWhetherTheLastIsBeingTyped() {
        let q = FoodSearchQuery("Chicken and Rice")
        #expect(q.words.map(s) == ["chicken", "rice"])
        #expect(q.lastIsPrefix)
        #expect(!FoodSearchQuery("egg ").lastIsPrefix)
        #expect(FoodSearchQuery("and").words.map(s) == ["and"])
        let typing = FoodSearchQuery("chicken and")
        #expect(typing.words.map(s) == ["chicken"])
        #expect(!typing.lastIsPrefix)
        #expect(FoodSearchQuery(" \t ").isEmpty)
    }
}

@Suite struct SearchVocabularyTests {
    let vocabulary = SearchVocabulary(terms: [
        "banana", "bananas", "band", "broccoli", "chicken", "chickens", "chickpea",
        "chickpeas", "egg", "eggs", "eggplant", "rice", "price", "raw",
    ])

    @Test func aWordFindsItsSingularAndPluralForms() {
        let plan = vocabulary.plan(w("eggs"), isPrefix: false)
        #expect(Set(plan.exact) == ["eggs", "egg"])
        #expect(!plan.allowsTypos)
        #expect(plan.prefixTerms.isEmpty && !plan.indexPrefix)
    }

    @Test func aWordBeingTypedListsTheTermsItCanBecome() {
        let plan = vocabulary.plan(w("chick"), isPrefix: true)
        #expect(plan.prefixTerms == ["chicken", "chickens", "chickpea", "chickpeas"])
        #expect(!plan.indexPrefix)
        // Short prefixes are left to the index's own prefix tables.
        #expect(vocabulary.plan(w("ch"), isPrefix: true).indexPrefix)
        #expect(vocabulary.plan(w("ch"), isPrefix: true).prefixIDs.count == 4)
    }

    @Test func typosAreLookedForOnlyWhenTheWordMatchesNothing() {
        let typo = vocabulary.plan(w("brocoli"), isPrefix: false)
        #expect(typo.allowsTypos)
        #expect(typo.typos == ["broccoli"])
        #expect(Set(vocabulary.plan(w("chiken"), isPrefix: false).typos) == ["chicken", "chickens"])
        #expect(Set(vocabulary.plan(w("bananna"), isPrefix: true).typos) == ["banana", "bananas"])
        // Typed halfway with a typo: "brocc" was meant.
        #expect(vocabulary.plan(w("broco"), isPrefix: true).typos == ["broccoli"])
        // A real word is not corrected, a short one never.
        #expect(!vocabulary.plan(w("rice"), isPrefix: false).allowsTypos)
        #expect(!vocabulary.plan(w("egx"), isPrefix: false).allowsTypos)
        // …unless the query as typed finds nothing: then "rice" may be a typo of "price".
        #expect(vocabulary.plan(w("rice"), isPrefix: false, forcingTypos: true).typos == ["price"])
    }

    @Test func oneEditVariantsCoverEveryKindOfTypo() {
        let variants = SearchVocabulary.oneEditVariants(w("egg"))
        #expect(variants.contains(w("eg")))  // deleted
        #expect(variants.contains(w("geg")))  // swapped
        #expect(variants.contains(w("ega")))  // replaced
        #expect(variants.contains(w("eggs")))  // inserted
        #expect(!variants.contains(w("egg")))
    }
}

/// The ranking on hand-picked USDA names, without a database.
@Suite struct FoodRankingTests {
    /// The ids of `foods` matching `query`, best first.
    func ranked(
        _ query: String, _ foods: [(String, String)], servings: [String: Int] = [:],
        history: [String: Double] = [:]
    ) -> [String] {
        let vocabulary = SearchVocabulary(terms: foods.flatMap { SearchText.wordStrings($0.1) })
        let plans = vocabulary.plan(FoodSearchQuery(query))
        let scored = foods.compactMap { id, name -> (String, Double)? in
            let profile = FoodNameProfile(id: id, name: name, vocabulary: vocabulary)
            return FoodRanking.score(
                plans, profile: profile, servingCount: servings[id] ?? 0,
                history: history[id].map(FoodHistory.init(points:))
            ).map { (id, $0) }
        }
        return scored.sorted { $0.1 > $1.1 }.map(\.0)
    }

    let bananas = [
        ("usda:03141", "Babyfood, fruit, bananas with tapioca, strained"),
        ("usda:09040", "Bananas, raw"),
        ("usda:19400", "Snacks, banana chips"),
        ("usda:42149", "Orange-strawberry-banana juice"),
    ]

    @Test func theFoodItselfBeatsBabyFoodAndDishes() {
        #expect(ranked("banana", bananas).first == "usda:09040")
        #expect(ranked("bananas", bananas).first == "usda:09040")
        #expect(ranked("bana", bananas).first == "usda:09040")
        #expect(ranked("bananna", bananas).first == "usda:09040")
        #expect(ranked("banana", bananas).last == "usda:03141")
    }

    @Test func wholeEggsBeforeEggNoodlesAndEggplant() {
        let foods = [
            ("usda:20109", "Noodles, egg, dry, enriched"), ("usda:11209", "Eggplant, raw"),
            ("usda:01123", "Egg, whole, raw, fresh"), ("usda:01124", "Egg, white, raw, fresh"),
        ]
        #expect(ranked("egg", foods).first == "usda:01123")
        #expect(ranked("eggs", foods).first == "usda:01123")
        #expect(ranked("eggp", foods) == ["usda:11209"])
    }

    @Test func chickenBreastIsTheBreastOfAChickenWhicheverOrder() {
        let foods = [
            ("usda:05062", "Chicken, broilers or fryers, breast, meat only, raw"),
            ("usda:07933", "Chicken breast, oven-roasted, fat-free, sliced"),
            ("usda:21218", "Fast foods, chicken, breaded and fried, boneless pieces, plain"),
            ("usda:05011", "Chicken, broilers or fryers, meat only, raw"),
        ]
        #expect(ranked("chicken breast", foods).first == "usda:05062")
        #expect(ranked("breast chicken", foods).first == "usda:05062")
        #expect(ranked("chicken bre", foods).first == "usda:05062")
        #expect(!ranked("chicken", foods).prefix(2).contains("usda:21218"))
    }

    /// Issue 24: foods are ranked by how much of the query they answer. A word no food has is left
    /// out, a form word ("raw", "fresh") picks among the forms, and only a query with no usable
    /// word finds nothing. Before, "banana xyzzy" and "fresh banana" found nothing.
    @Test func anExtraWordCostsLittleAndNeverEmptiesTheList() {
        #expect(ranked("banana xyzzy", bananas).first == "usda:09040")
        #expect(ranked("raw banana", bananas).first == "usda:09040")
        #expect(ranked("fresh banana", bananas).first == "usda:09040")
        #expect(ranked("organic ripe banana", bananas).first == "usda:09040")
        #expect(ranked("Banana, Fresh", bananas).first == "usda:09040")
        #expect(ranked("xyzzy", bananas).isEmpty)
        #expect(ranked("organic", bananas).isEmpty)
    }

    /// A food with every word that names a food comes before one with only some of them; one with
    /// none of them is not listed, even when it has a describing word.
    @Test func foodsWithEveryNamingWordComeFirstAndPartialOnesStillAppear() {
        let foods = [
            ("usda:09003", "Apples, raw, with skin"),
            ("usda:09016", "Apple juice, canned or bottled, unsweetened"),
            ("usda:11124", "Carrots, raw"),
            ("usda:11090", "Broccoli, raw"), ("usda:11091", "Broccoli, cooked, boiled, drained, without salt"),
        ]
        #expect(ranked("apple juice ", foods) == ["usda:09016", "usda:09003"])
        #expect(ranked("apple juice", foods) == ["usda:09016"])  // a word being typed must match
        #expect(ranked("steamed broccoli", foods).first == "usda:11091")
        #expect(ranked("raw broccoli", foods).first == "usda:11090")
        #expect(!ranked("fresh broccoli", foods).contains("usda:11124"))
    }

    /// What a food comes with ("with milk") names another food when it is in the food's name.
    @Test func whatAFoodComesWithIsNotTheFood() {
        let foods = [
            ("usda:19279", "Candies, milk chocolate coated coffee beans"),
            ("usda:14209", "Coffee, brewed from grounds, prepared with tap water"),
        ]
        #expect(ranked("coffee with milk", foods).first == "usda:14209")
    }

    /// What a name says the food lacks ("without salt") does not answer a query for it (issue 24,
    /// "Peanut Butter, Chunk Style, with Salt"); asked for without it, it does.
    @Test func whatANameSaysTheFoodLacksIsNotAMatch() {
        let foods = [
            ("usda:16397", "Peanut butter, chunk style, without salt"),
            ("usda:16097", "Peanut butter, chunk style, with salt"),
        ]
        #expect(ranked("Peanut Butter, Chunk Style, with Salt", foods).first == "usda:16097")
        #expect(ranked("peanut butter without salt", foods).first == "usda:16397")
    }

    /// "X Y" names a Y: "chocolate milk" is milk, not "milk chocolate"; USDA's inverted names
    /// ("Milk, chocolate") are the food.
    @Test func theLastWordNamesTheFood() {
        let foods = [
            ("usda:19120", "Candies, milk chocolate"),
            ("usda:01102", "Milk, chocolate, fluid, commercial, whole, with added vitamin A and vitamin D"),
        ]
        #expect(ranked("chocolate milk", foods).first == "usda:01102")
        #expect(ranked("milk chocolate", foods).first == "usda:19120")
    }

    /// A dish is not the product that shares one of its words: "caesar salad" is a salad, not
    /// "Salad dressing, caesar"; asked for by name, the dressing comes first.
    @Test func aDishComesBeforeAProductSharingOneOfItsWords() {
        let foods = [
            ("usda:43021", "Salad dressing, caesar, low calorie"),
            ("usda:21372", "McDONALD'S, Caesar Salad without chicken"),
        ]
        #expect(ranked("caesar salad", foods).first == "usda:21372")
        #expect(ranked("caesar dressing", foods).first == "usda:43021")
    }

    @Test func aBrandNamedInTheQueryIsNotPenalised() {
        let foods = [
            ("usda:08013", "Cereals ready-to-eat, GENERAL MILLS, CHEERIOS"),
            ("usda:21271", "PIZZA HUT 12\" Cheese Pizza, Hand-Tossed Crust"),
            ("usda:21224", "Pizza, cheese topping, regular crust, frozen, cooked"),
        ]
        #expect(ranked("cheerios", foods) == ["usda:08013"])
        // "pizza" is any pizza, not the chain: the generic one first.
        #expect(ranked("pizza", foods).first == "usda:21224")
        #expect(ranked("pizza hut", foods).first == "usda:21271")
    }

    @Test func wordsOfTheFoodBeatPrefixesOfOthers() {
        let foods = [("usda:11161", "Collards, raw"), ("usda:14400", "Carbonated beverage, cola, contains caffeine")]
        #expect(ranked("cola", foods).first == "usda:14400")
        #expect(ranked("col", foods).count == 2)
    }

    /// A word typed that is a word of its own is that word before a longer word starting with
    /// it, and "X Y" in a head is a Y (issue 24: `pita` found Pitanga, then pita chips).
    @Test func aWholeWordBeatsTheStartOfALongerWordAndAModifier() {
        let foods = [
            ("usda:09276", "Pitanga, (surinam-cherry), raw"), ("usda:25037", "Snacks, pita chips, salted"),
            ("usda:18041", "Bread, pita, white, enriched"),
        ]
        #expect(ranked("pita", foods).first == "usda:18041")
        #expect(ranked("pitan", foods).first == "usda:09276")
        #expect(ranked("pita chips", foods).first == "usda:25037")
    }

    /// A way of cooking asked for is not a raw or unprepared food (issue 24, "Potatoes, Pan Fried").
    @Test func aCookedFormIsNotTheUnpreparedOne() {
        let foods = [
            ("usda:11390", "Potatoes, hashed brown, frozen, plain, unprepared"),
            ("usda:11391", "Potatoes, hashed brown, frozen, plain, prepared"),
        ]
        #expect(ranked("Potatoes, Pan Fried", foods).first == "usda:11391")
        #expect(ranked("hashed brown potatoes", foods).first == "usda:11390")
    }

    /// A list of three or more joined by "or" says any will do ("Onion, White, Yellow or Red");
    /// two may name one food twice ("Lentils, Pink or Red").
    @Test func aListJoinedByOrNarrowsNothing() {
        let onions = [("usda:11286", "Onions, yellow, sauteed"), ("usda:11282", "Onions, raw")]
        #expect(ranked("Onion, White, Yellow or Red", onions).first == "usda:11282")
        let lentils = [("usda:16069", "Lentils, raw"), ("usda:16144", "Lentils, pink, raw")]
        #expect(ranked("Lentils, Pink or Red", lentils).first == "usda:16144")
    }

    /// The generic fast-food dish before a chain's, even when the chain writes a word of the query
    /// in capitals; "Fast foods" is a category, so the dish is the head.
    @Test func theGenericFastFoodBeforeAChainsDish() {
        let foods = [
            ("usda:21231", "McDOANLD'S, CHICKEN McGRILL Sandwich"),
            ("usda:21102", "Fast foods, chicken fillet sandwich, plain"),
            ("usda:22537", "HOT POCKETS Ham 'N Cheese Stuffed Sandwich, frozen"),
            ("usda:21116", "Fast foods, ham and cheese sandwich"),
        ]
        #expect(ranked("chicken sandwich", foods).first == "usda:21102")
        #expect(ranked("ham sandwich", foods).first == "usda:21116")
        #expect(ranked("mcgrill", foods).first == "usda:21231")
    }

    /// A filler part ("summer") is not a word the head lacks, and what the plain food includes
    /// ("includes skin") is not offal: zucchini is "Squash, summer, zucchini, includes skin, raw".
    @Test func fillerAndIncludedPartsCostNothing() {
        let foods = [
            ("usda:11953", "Squash, zucchini, baby, raw"), ("usda:11477", "Squash, summer, zucchini, includes skin, raw"),
        ]
        #expect(ranked("zucchini", foods).first == "usda:11477")
    }

    /// The catalog's other name for a food ("oatmeal": oats) counts as the word itself.
    @Test func theCatalogsOtherNameForAFoodCounts() {
        let foods = [
            ("usda:18180", "Cookies, oatmeal, dry mix"),
            ("usda:08120", "Cereals, oats, regular and quick, not fortified, dry"),
        ]
        #expect(ranked("Oatmeal, Regular or Quick, Dry", foods).first == "usda:08120")
        #expect(ranked("oatmeal cookies", foods).first == "usda:18180")
    }

    @Test func theUsersLogLiftsCloseCandidates() {
        let foods = [("usda:01123", "Egg, whole, raw, fresh"), ("usda:01129", "Egg, whole, cooked, hard-boiled")]
        #expect(ranked("egg", foods).first == "usda:01123")
        #expect(ranked("egg", foods, history: ["usda:01129": 400]).first == "usda:01129")
        // Logged daily, a food typed halfway comes first ("egg" may be the start of "eggplant")…
        let withPlant = foods + [("usda:11209", "Eggplant, raw")]
        #expect(ranked("egg", withPlant).first == "usda:01123")
        #expect(ranked("egg", withPlant, history: ["usda:11209": 700]).first == "usda:11209")
        // …but a word typed in full is that word only.
        #expect(!ranked("egg ", withPlant, history: ["usda:11209": 700]).contains("usda:11209"))
    }

    /// A recipe changed from the usual one ("low calorie or diet", "calcium fortified", "honey
    /// roasted") comes after the usual food unless the query says so; before, each such word cost
    /// as little as "flavored", and `mayonnaise`, `skim milk`, `roasted almonds` put it first.
    /// (Servings as the catalog has them.)
    @Test func aChangedRecipeComesAfterTheUsualOne() {
        let mayonnaise = [
            ("usda:43355", "Mayonnaise, low sodium, low calorie or diet"),
            ("usda:42138", "Mayonnaise, reduced-calorie or diet, cholesterol-free"),
            ("usda:04641", "Salad dressing, mayonnaise, light"), ("usda:04025", "Salad dressing, mayonnaise, soybean oil, with salt"),
        ]
        let servings = ["usda:43355": 2, "usda:42138": 2, "usda:04641": 1, "usda:04025": 3]
        #expect(ranked("mayonnaise", mayonnaise, servings: servings).first == "usda:04025")
        #expect(ranked("diet mayonnaise", mayonnaise, servings: servings).first != "usda:04025")
        let milk = [
            ("usda:42290", "Milk, fluid, nonfat, calcium fortified (fat free or skim)"),
            ("usda:01085", "Milk, nonfat, fluid, with added vitamin A and vitamin D (fat free or skim)"),
        ]
        #expect(ranked("skim milk", milk, servings: ["usda:42290": 2, "usda:01085": 3]).first == "usda:01085")
        let almonds = [
            ("usda:12206", "Nuts, almonds, honey roasted, unblanched"), ("usda:12063", "Nuts, almonds, dry roasted, without salt added"),
        ]
        #expect(ranked("roasted almonds", almonds).first == "usda:12063")
        #expect(ranked("honey roasted almonds", almonds).first == "usda:12206")
        // "not fortified" is the plain food: the word after "not" is no alteration.
        let oats = [("usda:08402", "Cereals, oats, fortified, dry"), ("usda:08120", "Cereals, oats, not fortified, dry")]
        #expect(ranked("oats", oats, servings: ["usda:08402": 3, "usda:08120": 1]).first == "usda:08120")
    }

    /// A word after a comma, typed last, is whole when the name has it: a pasted "Cucumber, Raw,
    /// With Peel" means the cucumber with its peel, not the one whose name starts "peel…". Before,
    /// the last word counted as being typed and "peeled" (more household measures) came first.
    @Test func aQualifierTypedLastIsTheWholeWordTheNameHas() {
        let foods = [("usda:11206", "Cucumber, peeled, raw"), ("usda:11205", "Cucumber, with peel, raw")]
        let servings = ["usda:11206": 7, "usda:11205": 2]
        #expect(ranked("Cucumber, Raw, With Peel", foods, servings: servings).first == "usda:11205")
        #expect(ranked("Cucumber, Raw, Peeled", foods, servings: servings).first == "usda:11206")
        #expect(ranked("cucumber", foods, servings: servings).first == "usda:11206")
    }

    /// A word the catalog writes both joined and apart matches both ways: `milkshake` is "Milk
    /// shakes, thick vanilla" as well as "Beverage, milkshake mix"; the two words must be side by
    /// side. Before, `milkshake` found only the dry mix.
    @Test func aWordTheCatalogAlsoWritesApartMatchesBothWays() {
        let foods = [
            ("usda:43078", "Beverage, milkshake mix, dry, not chocolate"), ("usda:01111", "Milk shakes, thick vanilla"),
            ("usda:01110", "Milk shakes, thick chocolate"), ("usda:14347", "Shake, fast food, vanilla, with milk"),
        ]
        let found = ranked("milkshake", foods)
        #expect(found.first == "usda:01111")
        #expect(found.contains("usda:43078") && found.contains("usda:01110"))
        #expect(!found.contains("usda:14347"))  // "shake" and "milk", but not side by side
        #expect(ranked("milkshake mix", foods).first == "usda:43078")
    }

    /// Among species the query does not tell apart, the everyday one (`FoodRanking.commonFoods`
    /// by three parts): `cod` is Atlantic cod. Before, the two tied and the shorter name won.
    @Test func theEverydaySpeciesComesFirst() {
        let foods = [
            ("usda:15019", "Fish, cod, Pacific, raw"), ("usda:15015", "Fish, cod, Atlantic, raw"),
            ("usda:15192", "Fish, cod, Pacific, cooked, dry heat"), ("usda:15016", "Fish, cod, Atlantic, cooked, dry heat"),
        ]
        #expect(ranked("cod", foods).first == "usda:15015")
        #expect(ranked("baked cod", foods).first == "usda:15016")
        #expect(ranked("pacific cod", foods).first == "usda:15019")
    }

    /// What a food is packed in, and what the plain food includes (in parentheses too), is not a
    /// variant of it: "Tomatoes, …, canned, packed in tomato juice" is canned tomatoes, not a juice;
    /// "(includes honey buns)" is no honey-glazed doughnut.
    @Test func whatAFoodIsPackedInOrIncludesIsNoVariant() {
        let tomatoes = [
            ("usda:11693", "Tomatoes, crushed, canned"), ("usda:11531", "Tomatoes, red, ripe, canned, packed in tomato juice"),
        ]
        #expect(ranked("tinned tomatoes", tomatoes, servings: ["usda:11531": 6]).first == "usda:11531")  // as the catalog has them
        #expect(profile("usda:18255", "Doughnuts, yeast-leavened, glazed, enriched (includes honey buns)").unusualPoints == 0)
    }

    @Test func moreHouseholdMeasuresMeanAMoreCommonFood() {
        let foods = [("usda:11527", "Tomatoes, green, raw"), ("usda:11529", "Tomatoes, red, ripe, raw, year round average")]
        #expect(ranked("tomato", foods, servings: ["usda:11529": 13, "usda:11527": 5]).first == "usda:11529")
        #expect(ranked("tomato", foods, servings: ["usda:11529": 5, "usda:11527": 13]).first == "usda:11527")
    }

    /// A profile read with a vocabulary of its own words, as the index would have them.
    func profile(_ id: String, _ name: String) -> FoodNameProfile {
        FoodNameProfile(id: id, name: name, vocabulary: SearchVocabulary(terms: SearchText.wordStrings(name)))
    }

    @Test func profilesReadHeadsBrandsAndKinds() {
        #expect(profile("usda:03141", "Babyfood, fruit, bananas").kind == .babyFood)
        #expect(profile("usda:21138", "Fast foods, potato, french fried").kind == .fastFood)
        #expect(profile("usda:21237", "McDONALD'S, BIG MAC").kind == .brand)
        #expect(profile("usda:05353", "USDA Commodity, chicken fajita strips").kind == .commodity)
        #expect(profile("usda:06117", "CAMPBELL Soup Company, Bean with Bacon").kind == .brand)
        // The user's own foods are never brands, whatever their capitals.
        #expect(profile("custom:3", "BBQ sauce").kind == .generic)
        let almonds = profile("usda:12061", "Nuts, almonds")
        #expect(almonds.kind == .generic)
        #expect(almonds.headParts == 2)
        #expect(almonds.usdaGroup == 12)
        #expect(profile("custom:3", "Nuts").headParts == 1)
        #expect(profile("custom:3", "Nuts").usdaGroup == -1)
        #expect(profile("usda:01123", "Egg, whole, raw, fresh").plainParts == 3)
        #expect(profile("usda:01123", "Egg, whole, raw, fresh").partCount == 4)
        #expect(profile("usda:22900", "Pasta with meatballs, canned").mixedHead)
        // Names with accents are read like the index reads them.
        let accented = profile("usda:19999", "Jalapeño poppers, FRITOS, raw")
        #expect(accented.tokens.count == 4)
        #expect(accented.kind == .brand)
        #expect(accented.plainParts == 1)
    }
}

/// Everyday words put into the catalog's (issue 15): synonyms, words typed together or apart,
/// abbreviations. Store-level effects are in the relevance sets (Tests/Relevance).
@Suite struct SearchResolveTests {
    let vocabulary = SearchVocabulary(terms: [
        "peanut", "butter", "pineapple", "pine", "apple", "chicken", "breast",
        "broilers", "zucchini", "beef", "ground", "hot", "dog", "hotdog", "ice",
        "cream", "potato", "chips", "chocolate", "chip", "cookies",
    ])

    private func resolved(_ text: String) -> (words: [String], prefixes: [Bool]) {
        let q = vocabulary.resolve(FoodSearchQuery(text))
        return (q.words.map(s), q.words.indices.map(q.isPrefix))
    }

    @Test func britishAndEverydayWordsBecomeTheCatalogs() {
        #expect(resolved("courgette").words == ["zucchini"])
        #expect(resolved("Courgettes ").words == ["zucchini"])  // plural, case
        #expect(resolved("mince").words == ["beef", "ground"])
        #expect(resolved("beef mince").words == ["beef", "ground"])  // no word twice
        #expect(resolved("courg").words == ["zucchini"])  // begun, and no catalog word begins so
        #expect(resolved("courg").prefixes == [false])
        #expect(resolved("co").words == ["co"])  // too short to tell
        #expect(resolved("beef min").words == ["beef", "ground"])  // the phrase's first word says it
        #expect(resolved("beef m").words == ["beef", "ground"])  // from one letter: "!beef mince"
        #expect(resolved("french fri").words == ["potatoes", "french", "fried"])  // "fries", not its singular
        #expect(!resolved("courgette").prefixes[0])  // the catalog's word is whole
        #expect(resolved("chips").words == ["potato", "chips"])  // alone: the food meant
        #expect(resolved("chocolate chips").words == ["chocolate", "chips"])
        #expect(resolved("skimmed").words == ["milk", "nonfat"])  // alone, it is milk
        #expect(resolved("skimmed yogurt").words == ["nonfat", "yogurt"])
        #expect(resolved("semi skimmed").words == ["milk", "reduced", "fat"])
        // The user's own word wins over a synonym: their custom food "Courgette soup".
        let mine = SearchVocabulary(terms: ["courgette", "soup", "zucchini"])
        #expect(mine.resolve(FoodSearchQuery("courgette")).words.map(s) == ["courgette"])
        #expect(mine.resolve(FoodSearchQuery("courg")).words.map(s) == ["courg"])  // it begins their word
        // A rule that overrides the catalog's word takes it from four letters: "mince" is beef.
        let pies = SearchVocabulary(terms: ["mince", "minced", "pie", "beef", "ground"])
        #expect(pies.resolve(FoodSearchQuery("minc")).words.map(s) == ["beef", "ground"])
        #expect(pies.resolve(FoodSearchQuery("min")).words.map(s) == ["min"])
    }

    @Test func wordsTypedTogetherOrApartAreFound() {
        #expect(resolved("peanutbutter").words == ["peanut", "butter"])
        #expect(resolved("icecream ").words == ["ice", "cream"])
        #expect(resolved("pine apple").words == ["pineapple"])
        #expect(resolved("pine app").words == ["pineapp"] && resolved("pine app").prefixes == [true])
        #expect(resolved("pine ap").words == ["pineap"])  // two letters of the second word do
        #expect(resolved("peanutbu").words == ["peanut", "bu"] && resolved("peanutbu").prefixes == [false, true])
        #expect(resolved("relish hot do").words == ["relish", "hot", "do"])  // on its way to "hot dog", kept apart
        #expect(resolved("hot dog relish").words == ["hot", "dog", "relish"])  // the catalog writes both
        #expect(resolved("hot dog").words == ["fast", "foods", "hotdog"])  // alone: the food meant
        #expect(resolved("chiken").words == ["chiken"])  // a typo, not "chik" + "en"
    }

    @Test func anAbbreviatedWordIsMatchedAsAPrefix() {
        #expect(resolved("chick br").words == ["chick", "br"])
        #expect(resolved("chick br").prefixes == [true, true])
        #expect(resolved("beef gr").prefixes == [false, true])  // a whole word stays whole
    }
}
