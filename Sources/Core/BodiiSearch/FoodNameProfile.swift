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
        /// After "without" in its part ("Butter, without salt"): the name says the food lacks it.
        public var isNegated: Bool = false
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
    /// True when a part says the food is raw, dry or unprepared: not what a query naming a way of
    /// cooking it means ("Potatoes, Pan Fried" is not "…, frozen, unprepared").
    public var uncooked: Bool
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
    /// The singular class of the name's "without", -1 when it has none: a query with the word
    /// may match what follows it.
    public var negatorClass: Int32 = -1
    /// False for a list ordered by hand, general entries first (the activity catalog): there the
    /// list's order, not the name's length, says which is the general one.
    public var lengthCounts = true

    /// Reads `name` with the terms of `vocabulary`; the profile is only valid with that vocabulary.
    /// Runs for every food a search meets for the first time, so ASCII names (all of USDA's) are
    /// read byte by byte in one pass.
    public init(id: String, name: String, vocabulary: SearchVocabulary) {
        self.init(id: id, name: name, readsBrands: !id.hasPrefix("custom:") && !id.hasPrefix("recipe:"), vocabulary: vocabulary)
    }

    /// A name of a list ordered by hand (the activity catalog): no brands, its length does not
    /// count, and its `otherWords` (what people also call it) are read as one more part of filler
    /// words, which find it but count less than a word of the name (`FoodMatcher.bestMatch`).
    public init(name: String, otherWords: String, vocabulary: SearchVocabulary) {
        self.init(id: "", name: name, readsBrands: false, vocabulary: vocabulary)
        let part = Int16(clamping: partCount)
        for word in SearchText.words(otherWords) {
            let term = vocabulary.id(of: word) ?? -1
            let singularClass = term >= 0 ? vocabulary.classOfTerm[Int(term)] : vocabulary.singularClass(of: word)
            tokens.append(
                Token(
                    term: term, singularClass: singularClass, part: part, length: Int16(clamping: word.count),
                    unusual: 0, isBrand: false, isFiller: true))
        }
        partCount += 1
        lengthCounts = false
    }

    private init(id: String, name: String, readsBrands: Bool, vocabulary: SearchVocabulary) {
        var reader = NameReader(vocabulary: vocabulary, brands: readsBrands)
        if name.utf8.withContiguousStorageIfAvailable({ $0.allSatisfy { $0 < 0x80 } }) ?? name.utf8.allSatisfy({ $0 < 0x80 }) {
            reader.readASCII(name)
        } else {
            for part in name.split(whereSeparator: { $0 == "," || $0 == ";" }) { reader.readFolded(part) }
        }
        reader.endPart()
        let tables = reader.tables
        tokens = reader.tokens
        negatorClass = reader.negatorClass
        partCount = max(1, reader.partWords.count)
        plainParts = reader.partWords.filter { tables.plainParts.contains($0) }.count
        unusualPoints = reader.unusual
        mixedHead = reader.mixedHead
        headParts = reader.partWords.count > 1 && tables.categoryHeads.contains(reader.partWords[0]) ? 2 : 1
        usdaGroup = Self.usdaGroup(of: id)
        salted = reader.partWords.contains { tables.saltedParts.contains($0) }
        uncooked = reader.partWords.contains { tables.dryParts.contains($0) }
        derivedHead = headParts == 2 && tables.derivedHeads.contains(reader.partWords[0])
        let parts = reader.partWords
        if parts.count >= 2 {
            let two = Array(parts.prefix(2))
            isCommon =
                tables.commonFoods.contains(two)
                || parts.count >= 3 && tables.commonStarts.contains(two) && tables.commonFoods.contains(Array(parts.prefix(3)))
        } else {
            isCommon = tables.commonFoods.contains(parts)
        }
        // The words of an everyday food's own name are its usual form ("reduced fat" of 2 % milk).
        if isCommon {
            for i in tokens.indices where tokens[i].part < 2 {
                unusualPoints -= Double(tokens[i].unusual)
                tokens[i].unusual = 0
            }
        }
        var form: Int8 = 0
        // Legumes as seeds ("Beans, kidney, mature seeds, …"), not peanuts or soy products; drinks
        // sold as a powder or concentrate ("Lemonade, powder, prepared with water").
        if usdaGroup == 20 || usdaGroup == 16 && reader.partWords.contains(where: { tables.matureSeeds == $0 })
            || usdaGroup == 14
        {
            for part in reader.partWords.dropFirst() {
                if let first = part.first, tables.cookedWords.contains(first) { form = 1; break }
                if tables.dryParts.contains(part) { form = -1 }
            }
        }
        eatenForm = form
        let head = reader.headText
        if Self.babyFoodHeads.contains(where: { SearchText.hasPrefix(head, $0) }) {
            kind = .babyFood
        } else if SearchText.hasPrefix(head, Self.fastFoodHead) || head == Self.restaurantHead {
            kind = .fastFood
        } else if tokens.contains(where: \.isBrand) {
            kind = .brand
        } else if SearchText.hasPrefix(head, Self.commodityHead) {
            kind = .commodity
        } else {
            kind = .generic
        }
    }

    /// How the heads of each kind start (made once: made per name, they were a tenth of reading it).
    static let babyFoodHeads = ["babyfood", "infant formula", "child formula", "toddler formula"].map { SearchText.Word($0.utf8) }
    static let fastFoodHead = SearchText.Word("fast food".utf8)
    static let restaurantHead = SearchText.Word("restaurant".utf8)
    static let commodityHead = SearchText.Word("usda commodity".utf8)
    static let without = SearchText.Word("without".utf8)
    static let not = SearchText.Word("not".utf8)
    /// First words of a part that describes the usual form rather than a variant of it: what the
    /// plain food includes ("includes skin") or what it is packed in ("canned, packed in tomato
    /// juice" is canned tomatoes, not a juice).
    static let includingWords: Set<SearchText.Word> = Set(["includes", "including", "packed"].map { SearchText.Word($0.utf8) })

    /// 9 for "usda:09040", -1 for ids of other sources.
    static func usdaGroup(of id: String) -> Int {
        var bytes = id.utf8.makeIterator()  // no array: this runs for every name read
        for expected in "usda:".utf8 where bytes.next() != expected { return -1 }
        guard let tens = bytes.next(), let ones = bytes.next(), (0x30...0x39).contains(tens), (0x30...0x39).contains(ones)
        else { return -1 }
        return Int(tens - 0x30) * 10 + Int(ones - 0x30)
    }

    /// Collects the tokens of a name part by part.
    struct NameReader {
        let vocabulary: SearchVocabulary
        /// The vocabulary's tables, read once per name: copying them out of the vocabulary for
        /// every word retained each of their lists.
        let tables: FoodRanking.Tables
        let brands: Bool
        var tokens: [Token] = []
        /// Term ids of each non-empty part.
        var partWords: [[Int32]] = []
        var current: [Int32] = []
        var unusual = 0.0
        var mixedHead = false
        /// The head's words, lowercase, one space between.
        var headText: SearchText.Word = []
        /// True after "without" until the part ends.
        var negating = false
        /// True from a word that says what the plain food includes or is packed in to the end of
        /// its part ("includes skin", "packed in tomato juice"): those words describe the usual
        /// form, not a less usual one.
        var including = false
        var negatorClass: Int32 = -1
        /// The word before was "not": this one says what the food is not ("not fortified").
        var afterNot = false

        init(vocabulary: SearchVocabulary, brands: Bool) {
            self.vocabulary = vocabulary
            tables = vocabulary.ranking
            self.brands = brands
            tokens.reserveCapacity(12)
        }

        mutating func endPart() {
            if tables.fillerParts.contains(current), partWords.count > 0 {
                // Not a part of its own: its words count as the next part's, and as filler.
                for i in tokens.indices.suffix(current.count) { tokens[i].isFiller = true }
            } else if !current.isEmpty {
                partWords.append(current)
            }
            current.removeAll(keepingCapacity: true)
            negating = false
            including = false
            afterNot = false
        }

        mutating func add(_ word: SearchText.Word, capitalised: Bool) {
            let term = vocabulary.id(of: word) ?? -1
            let singularClass = term >= 0 ? vocabulary.classOfTerm[Int(term)] : vocabulary.singularClass(of: word)
            // From the word on, to the end of its part: USDA writes "enriched (includes honey buns)".
            if term >= 0, tables.including.contains(term) { including = true }
            // What a name says the plain food includes ("includes skin") is not a less usual form.
            // "not fortified" is the plain food, not an altered recipe.
            let cost =
                including || afterNot
                ? 0
                : singularClass >= 0
                    ? Double(tables.unusualCost[Int(singularClass)])
                    : FoodRanking.unusualWords[SearchText.singular(word)] ?? 0
            let isBrand = brands && capitalised && !FoodRanking.notBrands.contains(word)
            let part = partWords.count
            tokens.append(
                Token(
                    term: term, singularClass: singularClass, part: Int16(clamping: part),
                    length: Int16(clamping: word.count), unusual: Float(cost), isBrand: isBrand, isNegated: negating))
            afterNot = word == FoodNameProfile.not
            if word == FoodNameProfile.without {
                negating = true
                negatorClass = singularClass
            }
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
            // A decimal ("6.4 km/h", "3.25% milkfat") is two words, as the index splits it; they
            // are read as filler: the query's "6" means a 6, not the start of 6.4.
            var pointAfterDigits = false, inFraction = false
            func flush(_ reader: inout NameReader) {
                if !word.isEmpty {
                    reader.add(word, capitalised: capitalised)
                    if inFraction, let last = reader.tokens.indices.last { reader.tokens[last].isFiller = true }
                }
                word.removeAll(keepingCapacity: true)
                run = 0
                capitalised = false
                inFraction = false
            }
            for byte in name.utf8 {
                if pointAfterDigits {
                    pointAfterDigits = false
                    if (0x30...0x39).contains(byte), let last = tokens.indices.last {
                        tokens[last].isFiller = true
                        inFraction = true
                    }
                }
                switch byte {
                case 0x41...0x5A:
                    word.append(byte + 0x20)
                    run += 1
                    if run >= 2 { capitalised = true }
                case 0x61...0x7A, 0x30...0x39:
                    word.append(byte)
                    run = 0
                case UInt8(ascii: ","), UInt8(ascii: ";"):  // "Fast foods, cheeseburger; single, …"
                    flush(&self)
                    endPart()
                case UInt8(ascii: "."):
                    let digits = !word.isEmpty && word.allSatisfy { (0x30...0x39).contains($0) }
                    flush(&self)
                    pointAfterDigits = digits
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
