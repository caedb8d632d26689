import Foundation

/// A food name read the way Bodii's ranking reads it. USDA names go from the general to the
/// particular: "Chicken, broilers or fryers, breast, meat only, raw" — the head ("Chicken") names
/// the food, later comma parts narrow it down. Brands are written in capitals ("McDONALD'S, BIG
/// MAC", "Cereals ready-to-eat, GENERAL MILLS, CHEERIOS"), baby food starts "Babyfood", fast food
/// "Fast foods". Category heads ("Nuts, almonds", "Fish, salmon", "Beverages, …") name the food in
/// their second part.
public struct FoodNameProfile: Sendable {
    public enum Kind: Sendable, Equatable {
        case generic, brand, babyFood, fastFood, commodity
    }

    /// A word of the name as ids of the vocabulary it was read with: the term (-1 when the index
    /// does not have it) and its singular class (-1 likewise).
    public struct Token: Sendable {
        public var term: Int32
        public var singularClass: Int32
        public var part: Int16
        /// Letters (UTF-8 bytes) of the word.
        public var length: Int16
        /// Points of `FoodRanking.unusualWords` this word costs when the query does not match it.
        public var unusual: Float
        public var isBrand: Bool
        /// In a part every food of its kind has ("broilers or fryers"): a word typed is rarely
        /// meant for it ("chick br" means breast).
        public var isFiller: Bool = false
    }

    public var tokens: [Token]
    /// How many comma parts name the food: 1, or 2 after a category head.
    public var headParts: Int
    public var partCount: Int
    public var kind: Kind
    /// The USDA food group (first two digits of an SR id: 3 baby foods, 35 American Indian /
    /// Alaska Native foods…), -1 for other foods.
    public var usdaGroup: Int
    /// Parts that say "the plain form": "raw", "whole", "plain", "all commercial varieties"…
    public var plainParts: Int
    /// Penalty points of words that mark a less usual form (offal, fat, powder, low-fat, meatless…).
    public var unusualPoints: Double
    /// True when a part says salt was added ("with salt").
    public var salted: Bool
    /// True when the head is a mixture ("Pasta with meatballs", "Ham and cheese loaf").
    public var mixedHead: Bool
    /// The form a grain, pasta or legume is in (USDA groups 16 and 20): 1 cooked or prepared, -1
    /// raw or dry (the form people buy, not the one they eat), 0 when the name does not say.
    public var eatenForm: Int8
    /// True when the head is a dish made from the food named after it: "Sauce, cheese", "Soup,
    /// cheese" — the food itself is "Cheese, …".
    public var derivedHead: Bool
    /// True for the everyday food of its kind (`FoodRanking.commonFoods`: "Cheese, cheddar").
    public var isCommon: Bool

    /// Reads `name` with the terms of `vocabulary`; the profile is only valid with that vocabulary.
    /// Runs for every food a search meets for the first time, so ASCII names (all of USDA's) are
    /// read byte by byte in one pass.
    public init(id: String, name: String, vocabulary: SearchVocabulary) {
        var reader = NameReader(vocabulary: vocabulary, brands: !id.hasPrefix("custom:") && !id.hasPrefix("recipe:"))
        if name.utf8.allSatisfy({ $0 < 0x80 }) {
            reader.readASCII(name)
        } else {
            for part in name.split(separator: ",") { reader.readFolded(part) }
        }
        reader.endPart()
        let tables = vocabulary.ranking
        tokens = reader.tokens
        partCount = max(1, reader.partWords.count)
        plainParts = reader.partWords.filter { tables.plainParts.contains($0) }.count
        unusualPoints = reader.unusual
        mixedHead = reader.mixedHead
        headParts = reader.partWords.count > 1 && tables.categoryHeads.contains(reader.partWords[0]) ? 2 : 1
        usdaGroup = Self.usdaGroup(of: id)
        salted = reader.partWords.contains { tables.saltedParts.contains($0) }
        derivedHead = headParts == 2 && tables.derivedHeads.contains(reader.partWords[0])
        isCommon = reader.partWords.count >= 2 && tables.commonFoods.contains(Array(reader.partWords.prefix(2)))
            || reader.partWords.count == 1 && tables.commonFoods.contains(reader.partWords)
        var form: Int8 = 0
        // Legumes as seeds ("Beans, kidney, mature seeds, …"), not peanuts or soy products.
        if usdaGroup == 20 || usdaGroup == 16 && reader.partWords.contains(where: { tables.matureSeeds == $0 }) {
            for part in reader.partWords.dropFirst() {
                if let first = part.first, tables.cookedWords.contains(first) { form = 1; break }
                if tables.dryParts.contains(part) { form = -1 }
            }
        }
        eatenForm = form
        let head = reader.headText
        func starts(_ prefix: String) -> Bool { SearchText.hasPrefix(head, SearchText.Word(prefix.utf8)) }
        if starts("babyfood") || starts("infant formula") || starts("child formula") || starts("toddler formula") {
            kind = .babyFood
        } else if starts("fast food") || head == SearchText.Word("restaurant".utf8) {
            kind = .fastFood
        } else if tokens.contains(where: \.isBrand) {
            kind = .brand
        } else if starts("usda commodity") {
            kind = .commodity
        } else {
            kind = .generic
        }
    }

    /// 9 for "usda:09040", -1 for ids of other sources.
    static func usdaGroup(of id: String) -> Int {
        let bytes = Array(id.utf8.prefix(7))
        guard bytes.count == 7, bytes[..<5].elementsEqual("usda:".utf8),
              (0x30...0x39).contains(bytes[5]), (0x30...0x39).contains(bytes[6]) else { return -1 }
        return Int(bytes[5] - 0x30) * 10 + Int(bytes[6] - 0x30)
    }

    /// Collects the tokens of a name part by part.
    struct NameReader {
        let vocabulary: SearchVocabulary
        let brands: Bool
        var tokens: [Token] = []
        /// Term ids of each non-empty part.
        var partWords: [[Int32]] = []
        var current: [Int32] = []
        var unusual = 0.0
        var mixedHead = false
        /// The head's words, lowercase, one space between.
        var headText: SearchText.Word = []

        init(vocabulary: SearchVocabulary, brands: Bool) {
            self.vocabulary = vocabulary
            self.brands = brands
            tokens.reserveCapacity(12)
        }

        mutating func endPart() {
            if vocabulary.ranking.fillerParts.contains(current), partWords.count > 0 {
                // Not a part of its own: its words count as the next part's, and as filler.
                for i in tokens.indices.suffix(current.count) { tokens[i].isFiller = true }
            } else if !current.isEmpty {
                partWords.append(current)
            }
            current.removeAll(keepingCapacity: true)
        }

        mutating func add(_ word: SearchText.Word, capitalised: Bool) {
            let tables = vocabulary.ranking
            let term = vocabulary.id(of: word) ?? -1
            let singularClass = term >= 0 ? vocabulary.classOfTerm[Int(term)] : vocabulary.singularClass(of: word)
            let cost = singularClass >= 0 ? Double(tables.unusualCost[Int(singularClass)])
                : FoodRanking.unusualWords[SearchText.singular(word)] ?? 0
            let isBrand = brands && capitalised && !FoodRanking.notBrands.contains(word)
            let part = partWords.count
            tokens.append(Token(term: term, singularClass: singularClass, part: Int16(clamping: part),
                                length: Int16(clamping: word.count), unusual: Float(cost), isBrand: isBrand))
            current.append(term)
            unusual += cost
            if part == 0 {
                if term >= 0, term == tables.and || term == tables.with { mixedHead = true }
                if !headText.isEmpty { headText.append(0x20) }
                headText += word
            }
        }

        /// One pass over an ASCII name: words of letters and digits, parts between commas, a word
        /// with two capitals in a row is a brand ("CHEERIOS", "McDONALD'S").
        mutating func readASCII(_ name: String) {
            var word: SearchText.Word = []
            word.reserveCapacity(24)
            var run = 0, capitalised = false
            func flush(_ reader: inout NameReader) {
                if !word.isEmpty { reader.add(word, capitalised: capitalised) }
                word.removeAll(keepingCapacity: true)
                run = 0
                capitalised = false
            }
            for byte in name.utf8 {
                switch byte {
                case 0x41...0x5A:
                    word.append(byte + 0x20)
                    run += 1
                    if run >= 2 { capitalised = true }
                case 0x61...0x7A, 0x30...0x39:
                    word.append(byte)
                    run = 0
                case UInt8(ascii: ","):
                    flush(&self)
                    endPart()
                default:
                    flush(&self)
                }
            }
            flush(&self)
        }

        /// A part of a name with other than ASCII letters: folded like the index folds it.
        mutating func readFolded(_ part: Substring) {
            let capitalised = brands ? FoodNameProfile.brandWords(String(part)) : []
            for word in SearchText.words(String(part)) { add(word, capitalised: capitalised.contains(word)) }
            endPart()
        }
    }

    /// The folded words of `text` written with two capitals in a row ("CHEERIOS", "McDONALD'S"),
    /// except capitalised abbreviations that are not brands.
    static func brandWords(_ text: String) -> Set<SearchText.Word> {
        var out = Set<SearchText.Word>()
        var current: [UInt8] = []
        var capitalsInRow = 0, mostInRow = 0
        func flush() {
            if mostInRow >= 2, !current.isEmpty {
                let word = current.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
                if !FoodRanking.notBrands.contains(word) { out.insert(word) }
            }
            current.removeAll(keepingCapacity: true)
            capitalsInRow = 0
            mostInRow = 0
        }
        for byte in text.utf8 {
            let upper = byte >= 0x41 && byte <= 0x5A
            let lower = byte >= 0x61 && byte <= 0x7A
            let digit = byte >= 0x30 && byte <= 0x39
            if upper || lower || digit || byte >= 0x80 {
                current.append(byte)
                capitalsInRow = upper ? capitalsInRow + 1 : 0
                mostInRow = max(mostInRow, capitalsInRow)
            } else {
                flush()
            }
        }
        flush()
        return out
    }
}

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
    public static func score(_ plans: [WordPlan], profile: FoodNameProfile, servingCount: Int = 0,
                             history: FoodHistory? = nil) -> Double? {
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
        static let exactWhileTyping = 200.0   // "straw" may still become "strawberries"
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
        static let missingWord = 100.0   // a query word the food lacks, times the word's weight
        static let alternative = 250.0   // a word matched by the catalog's word for it ("grilled": "dry heat")
        static let otherFood = 200.0     // the query names a word of the head, not the food it names
        static let part = 2.0
        static let serving = 4.0
        static let historyScale = 15.0
        static let historyMax = 60.0
        static let fillerMatch = 20.0
        static let derivedHead = 80.0   // more than a whole head: "Sauce, steak" after "Beef, …, steak"
        static let eatenForm = 25.0
        static let dryForm = 10.0
        static let common = 12.0
        static let salted = 4.0
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

        init(ids: (SearchText.Word) -> Int32?, classes: [TermKey: Int32], classCount: Int) {
            unusualCost = Array(repeating: 0, count: classCount)
            for (singular, cost) in FoodRanking.unusualWords {
                if let c = classes[TermKey(singular)] { unusualCost[Int(c)] = Float(cost) }
            }
            func phrases(_ list: Set<[SearchText.Word]>) -> Set<[Int32]> {
                Set(list.compactMap { words in
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
            commonFoods = Set(FoodRanking.commonFoods.compactMap { parts in
                let mapped = parts.map { $0.compactMap(ids) }
                return zip(mapped, parts).allSatisfy { $0.count == $1.count } ? mapped : nil
            })
            and = ids(SearchText.Word("and".utf8)) ?? -2
            with = ids(SearchText.Word("with".utf8)) ?? -2
        }
    }

    private static func words(_ list: [String]) -> Set<SearchText.Word> { Set(list.map { SearchText.Word($0.utf8) }) }

    /// USDA heads that name a category; the food is in the next part ("Nuts, almonds").
    static let categoryHeads: Set<[SearchText.Word]> = Set([
        "beverages", "alcoholic beverage", "carbonated beverage", "nuts", "seeds", "fish", "crustaceans", "mollusks",
        "snacks", "candies", "cereals", "cereals ready to eat", "spices", "oil", "game meat", "cheese", "beans",
        "peppers", "squash", "lettuce", "usda commodity", "salad dressing", "sauce", "soup",
    ].map { SearchText.words($0) })

    /// Category heads of dishes made from the food the next part names ("Sauce, cheese"): below the
    /// food itself unless the query names the dish.
    static let derivedHeads: Set<[SearchText.Word]> = Set(["sauce", "soup", "gravy"].map { SearchText.words($0) })

    /// Parts every food of a kind has, which say nothing of the food ("Chicken, broilers or fryers, …").
    static let fillerParts: Set<[SearchText.Word]> = Set(["broilers or fryers", "summer"].map { SearchText.words($0) })

    /// The first word of a part that says a grain, pasta or legume is cooked: the form people eat.
    static let cookedWords: [SearchText.Word] = ["cooked", "boiled", "prepared", "canned"].map { SearchText.Word($0.utf8) }
    /// Parts that say it is dry or raw: the form people buy.
    static let dryParts: Set<[SearchText.Word]> = Set(["raw", "dry", "as purchased", "unprepared", "uncooked"].map { SearchText.words($0) })

    /// Parts that say salt was added: the same food without it is the usual entry.
    static let saltedParts: Set<[SearchText.Word]> = Set(["with salt", "with added salt", "salt added in processing"].map { SearchText.words($0) })

    /// The everyday food among siblings that the words of a query do not tell apart: `cheese`
    /// means cheddar before cream cheese or blue, `ice cream` vanilla. The name's first two parts
    /// (or its only one), as USDA writes them.
    static let commonFoods: Set<[[SearchText.Word]]> = Set([
        "Cheese, cheddar", "Ice creams, vanilla", "Cream, sour", "Rice, white", "Bread, white", "Fish, cod",
        "Milk, whole", "Grapes, red or green (European type, such as Thompson seedless)", "Peas, green",
        "Bagels, plain", "Noodles, egg", "Tea, black", "Ham, sliced", "Spaghetti, cooked",
    ].map { name in name.split(separator: ",").prefix(2).map { SearchText.words(String($0)) } })

    /// Whole parts that say "the plain form of the food".
    static let plainParts: Set<[SearchText.Word]> = Set([
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
        let offalAndParts = ["giblets", "liver", "gizzard", "heart", "neck", "feet", "skin", "back", "kidneys", "tongue",
                             "brain", "tripe", "lungs", "spleen", "pancreas", "thymus", "variety", "mechanically",
                             "separated", "separable", "dehydrated", "powder", "industrial", "dried", "frozen", "canned",
                             "babyfood", "formula", "mix", "concentrate", "restaurant"]
        // A stand-in for the food named ("Sausage, meatless", "Fish sticks, meatless"): only when asked for.
        let standIns = ["imitation", "substitute", "meatless"]
        let variants = ["low", "reduced", "diet", "lite", "light", "made", "less", "free", "fortified", "added",
                        "flavored", "sweetened", "instant", "dry", "mashed", "flakes", "granules", "toasted",
                        "baby", "chocolate", "recipe", "double", "triple", "honey"]
        let derived = ["oil", "flour", "paste", "leaves", "juice", "sprouted", "bits", "sticks", "spread", "buttermilk",
                       "sauce", "soup", "salad", "sandwich", "pie", "cake", "drink", "beverage", "dressing"]
        // Keyed by singular, as names are read: "giblets" and "giblet" cost the same.
        for w in offalAndParts { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 12 }
        for w in variants { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 6 }
        for w in derived { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 15 }
        for w in standIns { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 90 }
        return out
    }()
}

/// A query compiled for scoring many foods: per word, the term ids it matches (see `WordPlan`),
/// without the words' text.
public struct FoodMatcher: Sendable {
    struct Word: Sendable {
        var isPrefix: Bool
        var length: Int
        var singularClass: Int32
        var prefixIDs: Range<Int32>
        var allowsTypos: Bool
        var typoIDs: Set<Int32>
        var weight: Double
        var alternatives: [[Int32]]
        var isAddition: Bool
        var namesFood: Bool { weight >= SearchQualifiers.namingWeight }
    }

    let words: [Word]

    public init(_ plans: [WordPlan]) {
        words = plans.filter { $0.weight > 0 }.map {
            Word(isPrefix: $0.isPrefix, length: $0.word.count, singularClass: $0.singularClass, prefixIDs: $0.prefixIDs,
                 allowsTypos: $0.allowsTypos, typoIDs: $0.typoIDs, weight: $0.weight, alternatives: $0.alternatives,
                 isAddition: $0.isAddition)
        }
    }

    /// The score of the food read as `profile` (higher is better), nil when it matches no word
    /// that names a food. See `FoodRanking` for what counts.
    public func score(_ profile: FoodNameProfile, servingCount: Int = 0, history: FoodHistory? = nil) -> Double? {
        evaluate(profile, servingCount: servingCount, history: history)?.score
    }

    /// The score, and whether the food has every word that names a food (a complete match).
    /// A word the food lacks costs what it would have earned and `Points.missingWord`, both in
    /// proportion to its weight: a food answering the whole query comes first, one answering part
    /// of it still appears. A word being typed that names the food must match: the list follows
    /// the letters typed.
    public func evaluate(_ profile: FoodNameProfile, servingCount: Int = 0,
                         history: FoodHistory? = nil) -> (score: Double, complete: Bool)? {
        typealias Points = FoodRanking.Points
        guard !words.isEmpty else { return nil }
        var total = 0.0
        var matched: [Int] = []
        matched.reserveCapacity(words.count)
        var brandMatches = 0
        var brandVeto = false
        var namingMatched = 0, namingMissing = 0
        for word in words {
            guard let m = Self.bestMatch(word, in: profile) else {
                if let tokens = Self.alternativeMatch(word, in: profile), word.namesFood || !tokens.contains(where: { Int(profile.tokens[$0].part) < profile.headParts }) {
                    // Said the catalog's way ("grilled": "dry heat"): a little less than the word itself.
                    total += word.weight * Points.alternative
                    for t in tokens where !matched.contains(t) { matched.append(t) }
                    if word.namesFood { namingMatched += 1 }
                    continue
                }
                if word.namesFood {
                    if word.isPrefix { return nil }
                    namingMissing += 1
                }
                total -= word.weight * Points.missingWord
                continue
            }
            let token = profile.tokens[m.token]
            // What a food comes with belongs after its name: in the name itself it names another
            // food ("coffee with milk": "Candies, milk chocolate coated coffee beans").
            if word.isAddition, Int(token.part) < profile.headParts {
                total -= word.weight * Points.missingWord
                continue
            }
            if word.namesFood { namingMatched += 1 }
            var points = 0.0
            switch m.quality {
            case .exact: points += word.isPrefix ? Points.exactWhileTyping : Points.exact
            case .prefix:
                points += Points.prefix + Points.prefixCompleteness * Double(word.length) / Double(max(word.length, Int(token.length)))
            case .typo: points += Points.typo
            }
            if token.isFiller { points -= Points.fillerMatch }
            let part = Int(token.part)
            if part < profile.headParts { points += Points.inHead }
            else if part == profile.headParts { points += Points.nextPart }
            else if part == profile.headParts + 1 { points += Points.thirdPart }
            total += word.weight * points
            if !matched.contains(m.token) { matched.append(m.token) }
            // The rest of the catalog's wording of a form ("dry" of "dry roasted") is asked for too.
            if !word.alternatives.isEmpty, let tokens = Self.alternativeMatch(word, in: profile) {
                for t in tokens where !matched.contains(t) { matched.append(t) }
            }
            if token.isBrand, m.quality != .typo {
                brandMatches += 1
                // "pizza" names PIZZA HUT's pizza and any other: not a brand query.
                if profile.tokens.contains(where: { !$0.isBrand && $0.singularClass == token.singularClass && $0.singularClass >= 0 }) {
                    brandVeto = true
                }
            }
        }
        // The head made only of query words is the food itself.
        var nameTokens = 0, nameCovered = 0, categoryTokens = 0, categoryCovered = 0
        for (i, token) in profile.tokens.enumerated() where Int(token.part) < profile.headParts {
            let isMatched = matched.contains(i)
            if profile.headParts == 2 && token.part == 0 {
                categoryTokens += 1
                if isMatched { categoryCovered += 1 }
            } else {
                nameTokens += 1
                if isMatched { nameCovered += 1 }
            }
        }
        if categoryTokens > 0, categoryCovered == categoryTokens {   // "nuts almonds" names the whole head
            nameTokens += categoryTokens
            nameCovered += categoryCovered
        }
        if nameTokens > 0 {
            total += nameCovered == nameTokens ? Points.wholeHead : Points.partialHead * Double(nameCovered) / Double(nameTokens)
        }

        let namesBrand = brandMatches > 0 && !brandVeto
        switch profile.kind {
        case .babyFood: total -= Points.babyFood
        case .fastFood: total -= Points.fastFood
        case .brand:
            if !namesBrand {
                total -= profile.tokens.contains(where: { $0.part == 0 && $0.isBrand }) ? Points.brandHead : Points.brand
            }
        case .commodity: total -= Points.commodity
        case .generic:
            if profile.usdaGroup == 22 || profile.usdaGroup == 36 { total -= Points.mixedDish }
            if profile.usdaGroup == 7 { total -= Points.luncheonMeat }
        }
        if profile.usdaGroup == 35 { total -= Points.regional }
        if profile.derivedHead, categoryCovered < categoryTokens { total -= Points.derivedHead }
        // A head of two words names its food by the last one: a query matching "salad" of "Salad
        // dressing" but not "dressing" means a salad, not the dressing ("caesar salad").
        if categoryTokens > 1, categoryCovered > 0, let noun = profile.tokens.lastIndex(where: { $0.part == 0 }),
           !matched.contains(noun) {
            total -= Points.otherFood
        }
        if profile.eatenForm > 0 { total += Points.eatenForm } else if profile.eatenForm < 0 { total -= Points.dryForm }
        if profile.isCommon { total += Points.common }
        if profile.salted { total -= Points.salted }
        if profile.mixedHead { total -= Points.mixedHead }

        total += Points.plainPart * Double(min(profile.plainParts, 3))
        var unusual = profile.unusualPoints
        for i in matched { unusual -= Double(profile.tokens[i].unusual) }
        total -= unusual
        total -= Points.unmatchedWord * Double(profile.tokens.count - matched.count)
        total -= Points.part * Double(profile.partCount)
        total += Points.serving * Double(min(servingCount, 8))
        if let history, history.points > 0 {
            total += min(Points.historyMax, Points.historyScale * log2(1 + history.points / 50))
        }
        if namingMatched == 0 && (namingMissing > 0 || !words.contains(where: \.namesFood)) { return nil }
        return (total, namingMissing == 0)
    }

    /// The words that select candidates: those that name a food, without a one-letter word just
    /// begun ("cream c"), which selects almost nothing and costs the index a long merge (the other
    /// words find the candidates, the ranking checks that letter).
    public static func selective(_ plans: [WordPlan]) -> [WordPlan] {
        let naming = plans.filter(\.namesFood)
        return naming.count > 1 ? naming.filter { !($0.isPrefix && $0.word.count == 1) } : naming
    }

    /// The plans again with typos looked for in every word that names a food and is a real word,
    /// nil when there is no such word of `SearchVocabulary.minimumTypoLength` letters.
    public static func withTypos(_ plans: [WordPlan], _ vocabulary: SearchVocabulary) -> [WordPlan]? {
        guard plans.contains(where: { $0.namesFood && !$0.allowsTypos && $0.word.count >= SearchVocabulary.minimumTypoLength })
        else { return nil }
        return plans.map { plan in
            guard plan.namesFood else { return plan }
            var forced = vocabulary.plan(plan.word, isPrefix: plan.isPrefix, forcingTypos: true)
            forced.weight = plan.weight
            return forced
        }
    }

    /// The tokens of the first of the word's alternatives the name has whole, nil when none.
    static func alternativeMatch(_ word: Word, in profile: FoodNameProfile) -> [Int]? {
        for alternative in word.alternatives {
            var tokens: [Int] = []
            for c in alternative {
                guard let t = profile.tokens.firstIndex(where: { $0.singularClass == c }) else { break }
                tokens.append(t)
            }
            if tokens.count == alternative.count { return tokens }
        }
        return nil
    }


    /// The best token for the word: the best quality, then the earliest.
    static func bestMatch(_ word: Word, in profile: FoodNameProfile) -> (token: Int, quality: FoodRanking.Quality)? {
        var best: (token: Int, quality: FoodRanking.Quality)?
        for (i, token) in profile.tokens.enumerated() {
            let quality: FoodRanking.Quality
            if word.singularClass >= 0 && token.singularClass == word.singularClass {
                return (i, .exact)
            } else if word.isPrefix, word.prefixIDs.contains(token.term) {
                quality = .prefix
            } else if word.allowsTypos, token.term >= 0, word.typoIDs.contains(token.term) {
                quality = .typo
            } else {
                continue
            }
            if let b = best, b.quality > quality || (b.quality == quality && !profile.tokens[b.token].isFiller) { continue }
            if let b = best, b.quality == quality, token.isFiller, profile.tokens[b.token].isFiller { continue }
            best = (i, quality)
        }
        return best
    }
}
