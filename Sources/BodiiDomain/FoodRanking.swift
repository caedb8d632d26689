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

    public struct Token: Sendable {
        public var word: SearchText.Word
        public var singular: SearchText.Word
        public var part: Int
        public var isBrand: Bool
    }

    public var tokens: [Token]
    /// How many comma parts name the food: 1, or 2 after a category head.
    public var headParts: Int
    public var partCount: Int
    public var kind: Kind
    /// The USDA food group (first two digits of an SR id: "03" baby foods, "35" American Indian /
    /// Alaska Native foods…), nil for other foods.
    public var usdaGroup: Substring?
    /// Parts that say "the plain form": "raw", "whole", "plain", "all commercial varieties"…
    public var plainParts: Int
    /// Penalty points of words that mark a less usual form (offal, fat, powder, low-fat, meatless…).
    public var unusualPoints: Double
    /// True when the head is a mixture ("Pasta with meatballs", "Ham and cheese loaf").
    public var mixedHead: Bool

    public init(id: String, name: String) {
        var tokens: [Token] = []
        let parts = name.split(separator: ",", omittingEmptySubsequences: true)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var plain = 0
        var unusual = 0.0
        var mixed = false
        for (p, part) in parts.enumerated() {
            let brandWords = Self.brandWords(part)
            let words = SearchText.words(part)
            if FoodRanking.plainParts.contains(words) { plain += 1 }
            for w in words {
                let isBrand = brandWords.contains(w)
                tokens.append(Token(word: w, singular: SearchText.singular(w), part: p, isBrand: isBrand))
                unusual += FoodRanking.unusualWords[SearchText.singular(w)] ?? 0
                if p == 0, w == FoodRanking.and || w == FoodRanking.with { mixed = true }
            }
        }
        self.tokens = tokens
        partCount = max(1, parts.count)
        plainParts = plain
        unusualPoints = unusual
        mixedHead = mixed
        let head = parts.first.map { SearchText.words($0) } ?? []
        headParts = parts.count > 1 && FoodRanking.categoryHeads.contains(head) ? 2 : 1
        if id.hasPrefix("usda:"), id.count >= 7 {
            usdaGroup = id.dropFirst(5).prefix(2)
        }
        let headText = head.map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
        if headText.hasPrefix("babyfood") || headText.hasPrefix("infant formula") || headText.hasPrefix("child formula")
            || headText.hasPrefix("toddler formula") {
            kind = .babyFood
        } else if headText.hasPrefix("fast food") || headText == "restaurant" {
            kind = .fastFood
        } else if tokens.contains(where: \.isBrand) {
            kind = .brand
        } else if headText.hasPrefix("usda commodity") {
            kind = .commodity
        } else {
            kind = .generic
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
    /// The food log's "frecency" points (see `recentFoods`): 100 per entry of the last 3 days, 70
    /// of the last 2 weeks, 50 of the last month, 30 of 3 months, 10 before.
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
    public static func score(_ query: FoodSearchQuery, plans: [WordPlan]? = nil, profile: FoodNameProfile,
                             servingCount: Int = 0, history: FoodHistory? = nil) -> Double? {
        guard !query.words.isEmpty else { return nil }
        var total = 0.0
        var matched = Set<Int>()
        var brandMatches = 0
        var brandVeto = false
        for (i, word) in query.words.enumerated() {
            let isPrefix = query.isPrefix(i)
            let allowsTypos = plans.map { i < $0.count && $0[i].allowsTypos } ?? (word.count >= SearchVocabulary.minimumTypoLength)
            guard let m = bestMatch(word, isPrefix: isPrefix, allowsTypos: allowsTypos, in: profile) else { return nil }
            let token = profile.tokens[m.token]
            switch m.quality {
            case .exact: total += isPrefix ? Points.exactWhileTyping : Points.exact
            case .prefix: total += Points.prefix + Points.prefixCompleteness * Double(word.count) / Double(max(1, token.word.count))
            case .typo: total += Points.typo
            }
            if token.part < profile.headParts { total += Points.inHead }
            else if token.part == profile.headParts { total += Points.nextPart }
            else if token.part == profile.headParts + 1 { total += Points.thirdPart }
            matched.insert(m.token)
            if token.isBrand, m.quality != .typo {
                brandMatches += 1
                // "pizza" names PIZZA HUT's pizza and any other: not a brand query.
                if profile.tokens.contains(where: { !$0.isBrand && $0.singular == token.singular }) { brandVeto = true }
            }
        }

        // The head made only of query words is the food itself.
        let headIndices = profile.tokens.indices.filter { profile.tokens[$0].part < profile.headParts }
        var nameIndices = headIndices
        if profile.headParts == 2 {
            let category = headIndices.filter { profile.tokens[$0].part == 0 }
            if !category.allSatisfy(matched.contains) { nameIndices = headIndices.filter { profile.tokens[$0].part == 1 } }
        }
        if !nameIndices.isEmpty {
            let covered = nameIndices.filter(matched.contains).count
            total += covered == nameIndices.count ? Points.wholeHead : Points.partialHead * Double(covered) / Double(nameIndices.count)
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
            if profile.usdaGroup == "22" || profile.usdaGroup == "36" { total -= Points.mixedDish }
            if profile.usdaGroup == "07" { total -= Points.luncheonMeat }
        }
        if profile.usdaGroup == "35" { total -= Points.regional }
        if profile.mixedHead { total -= Points.mixedHead }

        total += Points.plainPart * Double(min(profile.plainParts, 3))
        var unusual = profile.unusualPoints
        for i in matched { unusual -= unusualWords[profile.tokens[i].singular] ?? 0 }
        total -= unusual
        total -= Points.unmatchedWord * Double(profile.tokens.count - matched.count)
        total -= Points.part * Double(profile.partCount)
        total += Points.serving * Double(min(servingCount, 8))
        if let history, history.points > 0 {
            total += min(Points.historyMax, Points.historyScale * log2(1 + history.points / 50))
        }
        return total
    }

    enum Quality: Int, Comparable {
        case typo, prefix, exact
        static func < (a: Quality, b: Quality) -> Bool { a.rawValue < b.rawValue }
    }

    /// The best token for `word`: the best quality, then the earliest.
    static func bestMatch(_ word: SearchText.Word, isPrefix: Bool, allowsTypos: Bool,
                          in profile: FoodNameProfile) -> (token: Int, quality: Quality)? {
        let singular = SearchText.singular(word)
        var best: (token: Int, quality: Quality)?
        for (i, token) in profile.tokens.enumerated() {
            let quality: Quality
            if token.word == word || token.singular == singular {
                quality = .exact
            } else if isPrefix, SearchText.hasPrefix(token.word, word) {
                quality = .prefix
            } else if allowsTypos, word.count >= SearchVocabulary.minimumTypoLength,
                      SearchText.withinOneEdit(word, token.word) || SearchText.withinOneEdit(singular, token.singular)
                        || (isPrefix && SearchText.isPrefixWithinOneEdit(word, of: token.word)) {
                quality = .typo
            } else {
                continue
            }
            if let b = best, b.quality >= quality { continue }
            best = (i, quality)
            if quality == .exact { break }
        }
        return best
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
        static let part = 2.0
        static let serving = 4.0
        static let historyScale = 15.0
        static let historyMax = 60.0
    }

    static let and = SearchText.Word("and".utf8)
    static let with = SearchText.Word("with".utf8)

    private static func words(_ list: [String]) -> Set<SearchText.Word> { Set(list.map { SearchText.Word($0.utf8) }) }

    /// USDA heads that name a category; the food is in the next part ("Nuts, almonds").
    static let categoryHeads: Set<[SearchText.Word]> = Set([
        "beverages", "alcoholic beverage", "carbonated beverage", "nuts", "seeds", "fish", "crustaceans", "mollusks",
        "snacks", "candies", "cereals", "cereals ready to eat", "spices", "oil", "game meat", "cheese", "beans",
        "peppers", "squash", "lettuce", "usda commodity", "salad dressing", "sauce", "soup",
    ].map { SearchText.words($0) })

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
                             "imitation", "substitute", "babyfood", "formula", "mix", "concentrate", "restaurant"]
        let variants = ["low", "reduced", "diet", "lite", "light", "made", "less", "free", "fortified", "added",
                        "flavored", "sweetened", "instant", "meatless", "dry", "mashed", "flakes", "granules", "toasted"]
        let derived = ["oil", "flour", "paste", "leaves", "juice", "sprouted", "bits", "sticks", "spread",
                       "sauce", "soup", "salad", "sandwich", "pie", "cake", "drink", "beverage", "dressing"]
        // Keyed by singular, as names are read: "giblets" and "giblet" cost the same.
        for w in offalAndParts { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 12 }
        for w in variants { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 6 }
        for w in derived { out[SearchText.singular(SearchText.Word(w.utf8)), default: 0] += 15 }
        return out
    }()
}
