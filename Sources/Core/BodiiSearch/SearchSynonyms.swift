import Foundation

/// Everyday words for catalog foods (issue 15): the catalog is American and written the USDA's way
/// ("Squash, summer, zucchini", "Catsup", "Beef, ground"), people type "courgette", "ketchup",
/// "mince". Before a query is planned its words are rewritten into the catalog's: a British or
/// Australian word into the American one, a common name into the USDA's, a few one-word queries
/// into the food a person means by them ("chips" → potato chips). Words are compared as singulars,
/// so "prawns" is "prawn". A word still being typed is rewritten too once it is the start of a
/// rule's word and of no catalog word ("courg", "auberg", "ketch"): otherwise the list would stay
/// empty, or show typos ("praw": "Bananas, raw"), until the last letter.
/// A word the catalog has is the catalog's: a custom food named "Courgette soup" is found by
/// "courgette" (and "courg"), unless the rule is marked as meaning something else than the
/// catalog's word ("mince" is ground beef, not "Pie, mince").
public enum SearchSynonyms {
    struct Rule: Sendable {
        var from: [SearchText.Word]
        /// The last word of `from` as the table writes it: a word being typed may be the start of
        /// the plural ("fri" of "fries", whose singular is "fry").
        var lastAsWritten: SearchText.Word
        var to: [SearchText.Word]
        /// Only when these are all the query's words ("toast" alone is toasted bread; "french
        /// toast" is not).
        var wholeQuery: Bool
        /// Also when the vocabulary has every word of `from`.
        var always: Bool
    }

    /// `from` → `to`; a `=` before `from` makes the rule apply to the whole query only (and even
    /// to words the catalog has), a `!` to words the catalog has too.
    static let table: [(String, String)] = [
        // British / Australian → the catalog's (American) words
        ("courgette", "zucchini"), ("aubergine", "eggplant"), ("prawn", "shrimp"), ("rocket", "arugula"),
        ("capsicum", "peppers sweet"), ("ketchup", "catsup"), ("sweetcorn", "corn sweet"), ("beetroot", "beets"),
        ("swede", "rutabagas"), ("mangetout", "peas edible podded"), ("snow peas", "peas edible podded"),
        ("!sugar snap peas", "peas edible podded"), ("linseed", "flaxseed"), ("tinned", "canned"),
        ("wholemeal", "whole wheat"), ("wholewheat", "whole wheat"), ("jacket potato", "potatoes baked"),
        ("skimmed", "nonfat"), ("semi skimmed", "milk reduced fat"),
        ("!double cream", "cream heavy"), ("!single cream", "cream table"), ("soya", "soy"), ("haricot", "navy"),
        ("!icing sugar", "sugars powdered"), ("caster sugar", "sugars granulated"), ("!spring onion", "scallions"),
        ("!broad beans", "broadbeans"), ("!fava beans", "broadbeans"), ("!crisps", "potato chips"),
        ("!mince", "beef ground"), ("!minced beef", "beef ground"), ("!beef mince", "beef ground"),
        ("!pork mince", "pork ground"), ("!turkey mince", "turkey ground"), ("!lamb mince", "lamb ground"),
        ("porridge", "oats cooked water"), ("!pearl barley", "barley pearled"), ("!coriander leaves", "cilantro"),
        ("!garbanzo", "chickpeas"),
        ("!garbanzo beans", "chickpeas"), ("bicarbonate soda", "baking soda"), ("courgettes", "zucchini"),
        ("gammon", "ham"), ("streaky bacon", "pork cured bacon"), ("runner beans", "beans snap green"),
        ("!green beans", "beans snap green"), ("string beans", "beans snap green"), ("!bell pepper", "peppers sweet"),
        ("!red pepper", "peppers sweet red"), ("!green pepper", "peppers sweet green"),
        ("!yellow pepper", "peppers sweet yellow"), ("!fries", "potatoes french fried"),
        ("!french fries", "potatoes french fried"), ("!unsalted butter", "butter without salt"), ("!boiled egg", "egg hard-boiled"),
        ("!boiled eggs", "egg hard-boiled"), ("coke", "cola"), ("!coca cola", "cola"), ("!coca cola zero", "cola low calorie"),
        ("!coke zero", "cola low calorie"), ("!mayo", "mayonnaise"), ("!soda", "carbonated beverage"),
        ("oj", "orange juice"), ("pb", "peanut butter"), ("!heavy cream", "cream heavy"),
        ("!canned tuna", "tuna light canned"), ("tinned tuna", "tuna light canned"), ("donut", "doughnuts"),
        ("omelette", "omelet"), ("!mac cheese", "macaroni cheese"),  // "mac and cheese": "and" is dropped
        ("!fish fingers", "fish sticks"), ("lager", "beer"), ("!sparkling water", "club soda"),
        ("!diet coke", "cola low calorie"), ("=whisky", "distilled whiskey"), ("=whiskey", "distilled whiskey"),
        // One word alone: the food a person means by it
        ("=chips", "potato chips"), ("=toast", "bread toasted"), ("=oatmeal", "oats cooked water"), ("=coriander", "cilantro"),
        ("=noodles", "noodles egg"), ("=jam", "jams preserves"), ("=skimmed", "milk nonfat"),
        // The catalog's burgers, hot dogs, tacos and nachos are "Fast foods, …" (or a chain's);
        // its other foods with these words are buns, relish, shells and corn nuts.
        ("=burger", "fast foods hamburger"), ("=hamburger", "fast foods hamburger"), ("=hot dog", "fast foods hotdog"),
        ("=hotdog", "fast foods hotdog"), ("=taco", "fast foods taco"), ("=nachos", "fast foods nachos"),
        // Alone, the food most logged by the word; the catalog starts its name otherwise ("Pork, cured, bacon").
        ("=beef", "beef ground"), ("=wine", "wine table"), ("=sausage", "pork sausage"), ("=gin", "distilled gin"),
        ("=bacon", "pork cured bacon"),
        // Issue 24: drinks and dishes named the way people order them. Black coffee is brewed
        // coffee without milk; the catalog's generic sandwiches are "Fast foods, … sandwich" (its
        // other foods with the word are ice-cream sandwiches and cookies); bolognese is a meat sauce.
        ("!black coffee", "coffee brewed"), ("=sandwich", "fast foods sandwich"), ("bolognese", "meat sauce"),
        // Dishes and drinks SR24 lacks, as the food they are mostly made of: a gyro is served in
        // pita bread, a latte is espresso with steamed milk, an americano espresso with water.
        ("gyro", "bread pita"), ("latte", "espresso milk"), ("americano", "coffee espresso"),
        // Issue 41: dishes alone, as most people eat them (not the frozen vegetable lasagna, a
        // microwaved burrito or a tossed salad with chicken).
        ("=lasagna", "lasagna meat sauce"), ("=burrito", "fast foods burrito beans"),
        ("=chicken salad", "poultry salad sandwich spread"),
        // Plain pasta, dried and cooked as most people eat it: SR24 files it under its shapes
        // ("Spaghetti, cooked, enriched", 1 cup 140 g); its foods named "Pasta, …" are corn,
        // fresh-refrigerated, spinach and homemade pasta. A slice of pizza is a pizzeria's (the
        // frozen pizzas are measured by the package and the serving, never the slice).
        ("=pasta", "spaghetti cooked enriched"), ("=cooked pasta", "spaghetti cooked enriched"),
        ("=pasta cooked", "spaghetti cooked enriched"), ("=boiled pasta", "spaghetti cooked enriched"),
        ("=pizza slice", "pizza chain cheese regular crust"), ("=slice pizza", "pizza chain cheese regular crust"),
    ]

    /// A word and the catalog's word for the same food where the catalog has both and names the
    /// food by the other one: the word also matches the other, a little below itself
    /// (`FoodRanking.Points.alternative`). Oatmeal the cereal is "Cereals, oats, …"; oatmeal
    /// cookies keep their word.
    static let alsoTable: [(String, String)] = [("oatmeal", "oats")]

    /// `alsoTable` by the singular of its first word.
    static let also: [SearchText.Word: SearchText.Word] = Dictionary(
        alsoTable.map { (SearchText.singular(SearchText.Word($0.0.utf8)), SearchText.Word($0.1.utf8)) },
        uniquingKeysWith: { a, _ in a })

    /// Activities (issue 24): the catalog's names are the Compendium's; what people also call an
    /// activity is in its search words (ActivityCatalogData.swift). These are the words that mean
    /// one activity alone, and those whose meaning depends on where the user is: `football` is
    /// soccer outside the US, American football to someone who uses US units.
    static let activityTable: [(String, String)] = [
        // One word alone: the activity a person means by it, where another's name also has the
        // word ("Stationary bike", "Mountain biking", "Stair climbing").
        ("=bike", "cycling"), ("=biking", "cycling"), ("=climbing", "rock climbing"),
    ]
    static let metricActivityTable: [(String, String)] = [("=football", "soccer")]
    static let imperialActivityTable: [(String, String)] = [("=football", "american football")]

    /// The rules one search applies: the food catalog's, or the activity catalog's for the user's units.
    public struct RuleSet: Sendable {
        let rules: [Rule]

        init(_ table: [(String, String)]) { rules = SearchSynonyms.compile(table) }

        public static let foods = RuleSet(table)
        static let metricActivities = RuleSet(activityTable + metricActivityTable)
        static let imperialActivities = RuleSet(activityTable + imperialActivityTable)

        public static func activities(imperial: Bool) -> RuleSet { imperial ? imperialActivities : metricActivities }
    }

    static func compile(_ table: [(String, String)]) -> [Rule] {
        table.map { from, to in
            let whole = from.hasPrefix("="), always = from.hasPrefix("!")
            let written = SearchText.words(whole || always ? String(from.dropFirst()) : from)
            return Rule(
                from: written.map(SearchText.singular), lastAsWritten: written.last ?? [],
                to: SearchText.words(to), wholeQuery: whole, always: whole || always)
        }.sorted { ($0.from.count, $0.wholeQuery ? 1 : 0) > ($1.from.count, $1.wholeQuery ? 1 : 0) }
        // The longest phrase first, and of the same length a whole query's rule before a word's.
    }

    /// A word being typed is matched to the start of a rule's word from this many letters on; the
    /// last word of a phrase whose first words are typed whole, from `shortestTypedEnd` on.
    static let shortestTypedStart = 3
    static let shortestTypedEnd = 2
    /// A word whose rule overrides the catalog's word ("minc", "coria", "oatm") takes it from this
    /// many letters on, even though catalog words begin so too.
    static let shortestTypedOverride = 4

    /// `words` with everyday words replaced by the catalog's; `lastIsPrefix` is false when the last
    /// word was replaced (the catalog's words are whole).
    /// `knows` says whether the catalog has a word, `begins` whether a catalog word starts with it.
    public static func rewrite(
        _ words: [SearchText.Word], lastIsPrefix: Bool, rules: RuleSet = .foods, knows: (SearchText.Word) -> Bool,
        begins: (SearchText.Word) -> Bool
    ) -> (words: [SearchText.Word], lastIsPrefix: Bool) {
        let rules = rules.rules
        guard !words.isEmpty else { return (words, lastIsPrefix) }
        let singulars = words.map(SearchText.singular)
        // Whether `rule`, from word `i`, ends in the word being typed, which starts its last word.
        // A phrase's first words, typed whole, say what is meant ("jacket po", "pork mi"), from
        // the first letter on when one of them is no catalog word ("snow p") or the phrase
        // overrides the catalog's words (marked `!`: "green b", "minced b"); until the last word
        // is whole it is the rule's even when the user's own foods have the phrase. A single word
        // begun is the rule's when no catalog word begins so, or when the rule overrides the
        // catalog's word (marked `!` or `=`) and four letters are typed.
        func typing(_ rule: Rule, at i: Int) -> Bool {
            guard lastIsPrefix, i + rule.from.count == words.count, let typed = words.last, let whole = rule.from.last,
                Array(singulars[i..<(words.count - 1)]) == Array(rule.from.dropLast()),
                typed.count < max(whole.count, rule.lastAsWritten.count),
                whole.starts(with: typed) || rule.lastAsWritten.starts(with: typed)
            else { return false }
            if rule.from.count == 1 {
                return typed.count >= shortestTypedStart && (!begins(typed) || (rule.always && typed.count >= shortestTypedOverride))
            }
            return rule.always || typed.count >= shortestTypedEnd || !words[i..<(words.count - 1)].allSatisfy(knows)
        }
        var out: [SearchText.Word] = []
        var prefix = lastIsPrefix
        var i = 0
        while i < words.count {
            let rule = rules.first { r in
                guard !r.wholeQuery || (i == 0 && r.from.count == words.count), i + r.from.count <= words.count else { return false }
                let span = i..<(i + r.from.count)
                if Array(singulars[span]) == r.from { return r.always || !words[span].allSatisfy(knows) }
                return typing(r, at: i)
            }
            guard let rule else {
                out.append(words[i])
                i += 1
                continue
            }
            for w in rule.to where !out.contains(w) { out.append(w) }
            i += rule.from.count
            if i == words.count { prefix = false }
        }
        // A word of the replacement may repeat one typed ("beef mince" → beef ground): keep one.
        var seen = Set<SearchText.Word>()
        out = out.filter { seen.insert($0).inserted }
        return (out, prefix && out.last == words.last)
    }
}

extension SearchVocabulary {
    /// Pairs of words the catalog writes both together and apart ("hot dog" and "hotdog",
    /// "apple sauce" and "applesauce", "Milk shakes" and "milkshake mix"): typed apart, they stay
    /// apart; typed together, they also match the two words side by side (`WordPlan.apart`).
    static let keptApartPairs = [
        "apple sauce", "baby food", "back ribs", "butter fat", "fresh water", "ginger snaps", "gum drops",
        "head cheese", "home style", "hot dog", "low fat", "meat loaf", "milk fat", "multi grain", "pepper pot",
        "poppy seed", "pre cooked", "rib eye", "short ribs", "won ton", "pigeon peas", "lambs quarters", "milk shake",
    ]
    static let keptApart: Set<SearchText.Word> = Set(keptApartPairs.map { SearchText.Word($0.utf8) })
    /// `keptApartPairs` by the singular of the joined word: "milkshake" → ("milk", "shake").
    static let apartOfJoined: [SearchText.Word: (SearchText.Word, SearchText.Word)] = Dictionary(
        keptApartPairs.compactMap { pair in
            let w = SearchText.words(pair)
            return w.count == 2 ? (SearchText.singular(w[0] + w[1]), (w[0], w[1])) : nil
        }, uniquingKeysWith: { a, _ in a })

    /// The phrases and classes of `WordPlan.apart` for `word`, when the catalog writes it apart too.
    func apart(_ word: SearchText.Word) -> (terms: [String], classes: [Int32])? {
        guard let (first, second) = Self.apartOfJoined[SearchText.singular(word)] else { return nil }
        let a = singularClass(of: first), b = singularClass(of: second)
        guard a >= 0, b >= 0 else { return nil }
        let firstText = String(decoding: first, as: UTF8.self)
        return (termsOfClass[Int(b)].map { firstText + " " + String(decoding: terms[Int($0)], as: UTF8.self) }, [a, b])
    }

    /// The query in the catalog's words: everyday words rewritten (`SearchSynonyms`), a word typed
    /// as two ("pine apple", "chick peas") joined when the catalog has the joined word, and a word
    /// the catalog does not have split when it is two that it has ("peanutbutter", "icecream").
    public func resolve(_ query: FoodSearchQuery, synonyms: SearchSynonyms.RuleSet = .foods) -> FoodSearchQuery {
        let rewritten = SearchSynonyms.rewrite(
            query.words, lastIsPrefix: query.lastIsPrefix, rules: synonyms,
            knows: { singularClass(of: $0) >= 0 }, begins: { !prefixRange($0).isEmpty })
        var words: [SearchText.Word] = []
        let lastIsPrefix = rewritten.lastIsPrefix
        let n = rewritten.words.count
        var i = 0
        while i < n {
            let word = rewritten.words[i]
            let isLast = i == n - 1
            let typing = isLast && lastIsPrefix
            // Joined with the next word?
            if i + 1 < n, word.count >= 3 {
                let next = rewritten.words[i + 1]
                let nextTyping = i + 1 == n - 1 && lastIsPrefix
                let joined = word + next, apart = word + [0x20] + next
                // While the next word is typed, "meat lo" may become "meat loaf", kept apart too.
                if nextTyping ? !Self.keptApart.contains(where: { $0.starts(with: apart) }) : !Self.keptApart.contains(apart),
                    nextTyping
                        ? next.count >= 2 && !prefixRange(joined).isEmpty
                        : next.count >= 3 && singularClass(of: joined) >= 0
                {
                    words.append(joined)
                    i += 2
                    continue
                }
            }
            if let (left, right) = split(word, typing: typing) {
                words.append(left)
                words.append(right)
            } else {
                words.append(word)
            }
            i += 1
        }
        // A word the catalog does not have but starts words of is an abbreviation: "chick br".
        var abbreviated = Set<Int>()
        for (i, word) in words.enumerated() where i < words.count - 1 || !lastIsPrefix {
            if word.count >= 3, singularClass(of: word) < 0, !prefixRange(word).isEmpty { abbreviated.insert(i) }
        }
        if words == query.words && lastIsPrefix == query.lastIsPrefix && abbreviated.isEmpty { return query }
        var out = query
        out.words = words
        out.lastIsPrefix = lastIsPrefix
        out.abbreviated = abbreviated
        return out
    }

    /// `word` as two words the vocabulary has, when it has not the word itself (nor, while it is
    /// typed, a term starting with it): the longest first word wins.
    func split(_ word: SearchText.Word, typing: Bool) -> (SearchText.Word, SearchText.Word)? {
        if let cut = Self.digitBoundary(word), singularClass(of: word) < 0, !typing || prefixRange(word).isEmpty {
            // A number run into its unit ("6mph", "10km"): the words the names write apart, both
            // whole words, the unit of two letters or more ("2j" is no number and unit).
            let left = Array(word[..<cut]), right = Array(word[cut...])
            let letters = (0x30...0x39).contains(word[0]) ? right : left
            if letters.count >= 2, singularClass(of: left) >= 0, singularClass(of: right) >= 0 {
                return (left, right)
            }
        }
        // While typed, the second word may have only two letters yet ("peanutbu", "icecr").
        let shortestRight = typing ? 2 : 3
        // A typo of a word it has is a typo, not two words ("chiken" is not "chik" + "en").
        guard word.count >= 3 + shortestRight, singularClass(of: word) < 0, !typing || prefixRange(word).isEmpty,
            typoTerms(word, isPrefix: typing).isEmpty
        else { return nil }
        var cut = word.count - shortestRight
        while cut >= 3 {
            let left = Array(word[..<cut]), right = Array(word[cut...])
            if singularClass(of: left) >= 0,
                typing ? !prefixRange(right).isEmpty : singularClass(of: right) >= 0
            {
                return (left, right)
            }
            cut -= 1
        }
        return nil
    }

    /// Where the digits of a word meet its letters, when they meet once ("6mph": 1, "v8": 1).
    static func digitBoundary(_ word: SearchText.Word) -> Int? {
        func isDigit(_ b: UInt8) -> Bool { (0x30...0x39).contains(b) }
        var cut: Int?
        for i in word.indices.dropFirst() where isDigit(word[i]) != isDigit(word[i - 1]) {
            if cut != nil { return nil }
            cut = i
        }
        return cut
    }
}
