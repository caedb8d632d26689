import Foundation

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
        var ingFormIDs: Set<Int32>
        var weight: Double
        var alternatives: [[Int32]]
        var isAddition: Bool
        var asksCooked: Bool
        var isOtherName: Bool
        var apart: [Int32]
        var namesFood: Bool { weight >= SearchQualifiers.namingWeight }
    }

    let words: [Word]

    public init(_ plans: [WordPlan]) {
        words = plans.filter { $0.weight > 0 }.map {
            Word(
                isPrefix: $0.isPrefix, length: $0.word.count, singularClass: $0.singularClass, prefixIDs: $0.prefixIDs,
                allowsTypos: $0.allowsTypos, typoIDs: $0.typoIDs, ingFormIDs: $0.ingFormIDs, weight: $0.weight,
                alternatives: $0.alternatives,
                isAddition: $0.isAddition, asksCooked: $0.asksCooked, isOtherName: !$0.alsoTerms.isEmpty, apart: $0.apart)
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
    public func evaluate(
        _ profile: FoodNameProfile, servingCount: Int = 0,
        history: FoodHistory? = nil
    ) -> (score: Double, complete: Bool)? {
        typealias Points = FoodRanking.Points
        guard !words.isEmpty else { return nil }
        var total = 0.0
        var matched: [Int] = []
        matched.reserveCapacity(words.count)
        var brandMatches = 0
        var brandVeto = false
        var namingMatched = 0, namingMissing = 0
        // What a name says the food lacks ("without salt") answers a query only when it says so too.
        let negationAsked = profile.negatorClass >= 0 && words.contains { $0.singularClass == profile.negatorClass }
        // The token each word naming the food matched directly, in query order (-1: none).
        var namingTokens: [Int] = []
        // Tokens matched only as a longer word starting with a whole word typed ("Pitanga" for
        // "pita"): a guess, which earns nothing for where it is in the name.
        var guessed: [Int] = []
        var cookedAsked = false
        for word in words {
            if word.asksCooked { cookedAsked = true }
            guard let m = Self.bestMatch(word, in: profile, negationAsked: negationAsked) else {
                if word.namesFood { namingTokens.append(-1) }
                // Written apart, side by side ("Milk shakes" for `milkshake`): the word itself.
                if let first = Self.apartMatch(word, in: profile) {
                    total += word.weight * (Points.exact + (Int(profile.tokens[first].part) < profile.headParts ? Points.inHead : 0))
                    for t in [first, first + 1] where !matched.contains(t) { matched.append(t) }
                    if word.namesFood { namingMatched += 1 }
                    continue
                }
                if let tokens = Self.alternativeMatch(word, in: profile),
                    word.namesFood || !tokens.contains(where: { Int(profile.tokens[$0].part) < profile.headParts })
                {
                    // Said the catalog's way ("grilled": "dry heat"): a little less than the word
                    // itself; the catalog's other name for the food ("oatmeal": oats) as much.
                    total += word.weight * (word.isOtherName ? Points.exact : Points.alternative)
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
            if word.namesFood {
                namingMatched += 1
                // Only a whole word: while it is typed it may still be another ("cream ch").
                namingTokens.append(m.quality == .exact ? m.token : -1)
            }
            var points = 0.0
            // (Unless the user's log has the food: then the longer word is what they go on to type.)
            let isGuess =
                m.quality == .prefix && word.singularClass >= 0 && (history?.points ?? 0) <= 0
                && !word.ingFormIDs.contains(token.term)
            switch m.quality {
            // A word that narrows, typed last, is a whole word when the name has it: a pasted
            // "Cucumber, Raw, With Peel" means "with peel", not "peeled".
            case .exact: points += word.isPrefix && word.namesFood ? Points.exactWhileTyping : Points.exact
            case .prefix:
                points += Points.prefix + Points.prefixCompleteness * Double(word.length) / Double(max(word.length, Int(token.length)))
                if isGuess { guessed.append(m.token) }
            case .typo: points += Points.typo
            }
            if token.isFiller { points -= Points.fillerMatch }
            let part = Int(token.part)
            if isGuess {
                // Where a guess is says nothing: see `guessed`.
            } else if part < profile.headParts {
                points += Points.inHead
            } else if part == profile.headParts {
                points += Points.nextPart
            } else if part == profile.headParts + 1 {
                points += Points.thirdPart
            }
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
        // The last word of the head's name (not its category): "chips" of "Snacks, pita chips".
        var noun = -1
        for (i, token) in profile.tokens.enumerated() where Int(token.part) < profile.headParts && !token.isFiller {
            if profile.headParts == 1 || token.part == 1 { noun = i }
            let isMatched = matched.contains(i) && !guessed.contains(i)
            if profile.headParts == 2 && token.part == 0 {
                categoryTokens += 1
                if isMatched { categoryCovered += 1 }
            } else {
                nameTokens += 1
                if isMatched { nameCovered += 1 }
            }
        }
        let ownCovered = nameCovered  // of the name, without its category
        if categoryTokens > 0, categoryCovered == categoryTokens {  // "nuts almonds" names the whole head
            nameTokens += categoryTokens
            nameCovered += categoryCovered
        }
        if nameTokens > 0 {
            total += nameCovered == nameTokens ? Points.wholeHead : Points.partialHead * Double(nameCovered) / Double(nameTokens)
            // "X Y" names a Y: a query matching the X of a head but not its Y means another food
            // ("pita": not "Snacks, pita chips"; "potato": not "Sweet potato").
            // (A noun repeating the category is the category's: "Nuts, cashew nuts". The user's
            // own names are theirs: "bbq" is their "BBQ chicken breast".)
            if profile.usdaGroup >= 0, ownCovered > 0, noun >= 0, !matched.contains(noun), !profile.mixedHead,
                !profile.tokens.contains(where: { $0.part == 0 && $0.singularClass == profile.tokens[noun].singularClass })
                    || profile.headParts == 1
            {
                total -= Points.modifierOnly
            }
        }

        let namesBrand = brandMatches > 0 && !brandVeto
        switch profile.kind {
        case .babyFood: total -= Points.babyFood
        case .fastFood: total -= Points.fastFood
        case .brand:
            if !namesBrand {
                total -= profile.tokens.contains(where: { $0.part == 0 && $0.isBrand }) ? Points.brandHead : Points.brand
            }
            // A chain's dish (USDA's fast-food and restaurant groups) whose capitals hold a word
            // of the query ("McDONALD'S, CHICKEN McGRILL Sandwich" for `chicken sandwich`): still
            // below the generic "Fast foods, …" entry.
            if namesBrand, profile.usdaGroup == 21 || profile.usdaGroup == 36 { total -= Points.chain }
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
            !matched.contains(noun)
        {
            total -= Points.otherFood
        }
        // "X Y" names a Y: a name saying "Y X" in one part names an X ("chocolate milk" is not
        // "Candies, milk chocolate"; "Milk, chocolate" is USDA's inverted way and stays).
        if namingTokens.count >= 2, let noun = namingTokens.last, noun >= 0 {
            let modifier = namingTokens[namingTokens.count - 2]  // -1 never follows a token
            if modifier == noun + 1, profile.tokens[modifier].part == profile.tokens[noun].part { total -= Points.otherFood }
        }
        // A way of cooking asked for, and the name says raw or unprepared ("Potatoes, Pan Fried":
        // not "…, hashed brown, frozen, unprepared").
        if cookedAsked, profile.uncooked { total -= Points.uncooked }
        if profile.eatenForm > 0 { total += Points.eatenForm } else if profile.eatenForm < 0 { total -= Points.dryForm }
        if profile.isCommon { total += Points.common }
        if profile.salted { total -= Points.salted }
        if profile.mixedHead { total -= Points.mixedHead }

        total += Points.plainPart * Double(min(profile.plainParts, 3))
        var unusual = profile.unusualPoints
        for i in matched { unusual -= Double(profile.tokens[i].unusual) }
        total -= unusual
        if profile.lengthCounts {
            total -= Points.unmatchedWord * Double(profile.tokens.count - matched.count)
            total -= Points.part * Double(profile.partCount)
        }
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

    /// The first of the two tokens that write the word apart, side by side in one part, nil when none.
    static func apartMatch(_ word: Word, in profile: FoodNameProfile) -> Int? {
        guard word.apart.count == 2 else { return nil }
        let tokens = profile.tokens
        for i in tokens.indices.dropLast() where tokens[i].singularClass == word.apart[0] {
            if tokens[i + 1].singularClass == word.apart[1], tokens[i + 1].part == tokens[i].part { return i }
        }
        return nil
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

    /// The best token for the word: the best quality, then the earliest; not a word the name says
    /// the food lacks unless the query says "without" too. A word of a filler part
    /// (what every food of its kind says, or an activity's other words) ranks below a word of the
    /// name of the next quality: "jog" being typed is Jogging's name before Running's other word.
    static func bestMatch(
        _ word: Word, in profile: FoodNameProfile,
        negationAsked: Bool = false
    ) -> (token: Int, quality: FoodRanking.Quality)? {
        var best: (token: Int, quality: FoodRanking.Quality, rank: Int)?
        for (i, token) in profile.tokens.enumerated() where negationAsked || !token.isNegated {
            let quality: FoodRanking.Quality
            if word.singularClass >= 0 && token.singularClass == word.singularClass {
                if !token.isFiller { return (i, .exact) }
                quality = .exact
            } else if word.isPrefix, word.prefixIDs.contains(token.term) {
                quality = .prefix
            } else if word.allowsTypos, token.term >= 0, word.typoIDs.contains(token.term) {
                quality = .typo
            } else {
                continue
            }
            // exact > prefix > exact filler > prefix filler > typo > typo filler
            let rank: Int
            switch quality {
            case .exact: rank = 4
            case .prefix: rank = token.isFiller ? 3 : 5
            case .typo: rank = token.isFiller ? 1 : 2
            }
            if let b = best, b.rank >= rank { continue }
            best = (i, quality, rank)
        }
        return best.map { ($0.token, $0.quality) }
    }
}
