import Foundation

/// One line, several foods (PRODUCT.md §3 "What people type"): "2 eggs, 1 slice whole wheat toast
/// and a coffee with milk" split on `,` `+` `and` `with` `&` `;` and new lines, each part an amount
/// and a food (either order), each found by the same search and weighed at its amount (the usual
/// portion where none is given). Dishes the catalog lacks but people name by their parts become
/// those parts; names that hold a separator word ("mac and cheese") stay one food.
public enum MealLine {
    /// One part of a line, before its food is found.
    public struct Part: Equatable, Sendable {
        /// The words as typed for this food ("1 slice whole wheat toast").
        public var text: String
        public var amount: TypedAmount?
        /// The words to search by ("whole wheat toast").
        public var food: String
        /// Why the part is not logged though it names a food: a number that is no amount ("0 g
        /// bread", "-2 eggs"); nil for the others.
        public var refusal: String?

        public init(text: String, amount: TypedAmount?, food: String, refusal: String? = nil) {
            self.text = text
            self.amount = amount
            self.food = food
            self.refusal = refusal
        }
    }

    /// A part with its food found and weighed.
    public struct Entry: Equatable, Sendable {
        public var text: String
        public var food: Food
        public var portion: FoodPortion
        /// The part of the line it was found for (its words and typed amount).
        public var part: Part
        public var kcal: Double { food.per100g.kcal * portion.grams / 100 }

        public init(text: String, food: Food, portion: FoodPortion, part: Part? = nil) {
            self.text = text
            self.food = food
            self.portion = portion
            self.part = part ?? Part(text: text, amount: nil, food: text)
        }
    }

    public struct Result: Equatable, Sendable {
        public var entries: [Entry] = []
        /// Parts no food was found for, or whose amount the food cannot be weighed in, as typed.
        public var unmatched: [String] = []
        /// The parts of `unmatched`, in the same order.
        public var unmatchedParts: [Part] = []
        /// Why each part of `unmatched` was not logged, in the same order.
        public var misses: [Miss] = []
        /// Every part in the order typed: where in `entries` or `unmatched` it is.
        public var order: [Slot] = []
        /// Why each unmatched part was not logged, and what a matched one's reader should know.
        public var notes: [String] = []

        public init(entries: [Entry] = [], unmatched: [String] = [], notes: [String] = []) {
            self.entries = entries
            self.unmatched = unmatched
            self.notes = notes
        }
    }

    /// Dishes people name by their parts, as data: the phrase and its parts with their amounts.
    /// A typed amount ("2 peanut butter toasts") multiplies every part.
    public static let dishParts: [(phrase: String, parts: [String])] = [
        ("peanut butter toast", ["1 tbsp peanut butter", "1 slice toast"]),
        ("peanut butter sandwich", ["2 tbsp peanut butter", "2 slices bread"]),
        ("peanut butter and jelly sandwich", ["2 tbsp peanut butter", "1 tbsp jelly", "2 slices bread"]),
        ("pb&j", ["2 tbsp peanut butter", "1 tbsp jelly", "2 slices bread"]),
        ("turkey sandwich", ["2 slices bread", "2 oz turkey breast"]),
        ("ham sandwich", ["2 slices bread", "2 oz ham"]),
        ("cheese sandwich", ["2 slices bread", "1 oz cheddar cheese"]),
        ("avocado toast", ["half avocado", "1 slice toast"]),
        ("buttered toast", ["1 slice toast", "1 pat butter"]),
        ("toast with butter", ["1 slice toast", "1 pat butter"]),
        ("toast and butter", ["1 slice toast", "1 pat butter"]),
        ("toast with jam", ["1 slice toast", "1 tbsp jam"]),
        ("coffee with milk", ["1 cup coffee", "2 tbsp milk"]),
        ("coffee with cream", ["1 cup coffee", "1 tbsp cream"]),
        ("coffee with sugar", ["1 cup coffee", "1 tsp sugar"]),
        ("tea with milk", ["1 cup tea", "2 tbsp milk"]),
        ("tea with honey", ["1 cup tea", "1 tsp honey"]),
        ("tea with sugar", ["1 cup tea", "1 tsp sugar"]),
        ("cafe au lait", ["0.5 cup coffee", "0.5 cup milk"]),
        ("cereal with milk", ["1 cup corn flakes", "0.5 cup milk"]),
        ("oatmeal with blueberries", ["1 cup oatmeal", "0.5 cup blueberries"]),
        ("oatmeal with milk", ["1 cup oatmeal", "0.5 cup milk"]),
        ("yogurt with granola", ["1 cup yogurt", "0.25 cup granola"]),
        ("yogurt with berries", ["1 cup yogurt", "0.5 cup blueberries"]),
    ]

    /// Names that hold a separator word but are one food.
    public static let wholeNames = [
        "mac and cheese", "macaroni and cheese", "half and half", "half & half", "sweet and sour", "pork and beans",
        "spaghetti and meatballs", "franks and beans", "beans and franks", "chips and salsa", "biscuits and gravy",
        "bread and butter pickles", "salt and vinegar", "cookies and cream", "fish and chips", "rice and beans",
        "ham and cheese", "corned beef and cabbage", "chicken and dumplings", "chicken and noodles", "bean with bacon",
        "bean with ham", "beef with vegetables", "shake with", "sour cream and onion",
    ]

    /// The dishes and whole names as `parts` looks for them, longest first, each also with "&" for
    /// "and"; made once (sorting and rewriting them at every call was most of a short line's parse).
    /// `key` is the variant's bytes after a space, as it must start a word.
    static let phraseVariants: [(key: [UInt8], variant: String, phrase: String, dish: [String]?)] = {
        let all = dishParts.map { ($0.phrase, Optional($0.parts)) } + wholeNames.map { ($0, nil as [String]?) }
        return all.sorted(by: { $0.0.count > $1.0.count }).flatMap { phrase, dish in
            let ampersand = phrase.split(separator: " ").map { $0 == "and" ? "&" : $0 }.joined(separator: " ")
            return (ampersand == phrase ? [phrase] : [phrase, ampersand]).map { (Array((" " + $0).utf8), $0, phrase, dish) }
        }
    }()

    /// True when `needle` occurs in `haystack`: a byte search, as a line is short and the phrases
    /// are ASCII (the generic and Foundation searches cost 13–100 k instructions a phrase).
    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard !needle.isEmpty, needle.count <= haystack.count else { return needle.isEmpty }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            var i = 1
            while i < needle.count, haystack[start + i] == needle[i] { i += 1 }
            if i == needle.count { return true }
        }
        return false
    }

    static let marker = "xqdish"
    /// How many of a part's search results may be tried for one its unit fits.
    static let candidates = 5
    static let separators: Set<String> = ["and", "with", "plus", "&", "+", "w/"]
    static let fillers: Set<String> = ["some", "of", "also", "then", "had", "ate", "i", "my", "the"]

    /// The parts of `line`, in order.
    public static func parts(_ typed: String) -> [Part] {
        // At most `Validation.maxSearchLength` characters are read (the search fields hold no more).
        let line = typed.count > Validation.maxSearchLength ? String(typed.prefix(Validation.maxSearchLength)) : typed
        var text = " " + line.lowercased().replacingOccurrences(of: "\n", with: " , ") + " "
        // Phrases first: dishes and whole names become one marked word each.
        var phrases: [(word: String, dish: [String]?, name: String)] = []
        var bytes = Array(text.utf8)
        for p in phraseVariants where contains(bytes, p.key) {
            let word = marker + String(repeating: "z", count: phrases.count + 1)
            phrases.append((word, p.dish, p.phrase))
            text = replacingWord(p.variant, with: word, in: text)
            bytes = Array(text.utf8)
        }
        var out: [Part] = []
        for raw in segments(text) {
            let words = raw.split(separator: " ").map(String.init).drop { fillers.contains($0) }
            guard !words.isEmpty else { continue }
            let typed = words.joined(separator: " ")
            // An id as search prints it ("usda:09040", "2 sr28:01256") names its food exactly.
            if let id = words.first(where: { FoodID.isWritten($0) }) {
                let (amount, rest) = TypedAmount.split(words.filter { $0 != id }.joined(separator: " "))
                if rest.isEmpty {
                    out.append(Part(text: typed, amount: amount, food: id))
                    continue
                }
            }
            if let number = TypedAmount.unreadableNumber(typed) {
                let shown = phrases.reduce(typed) { $0.replacingOccurrences(of: $1.word, with: $1.name) }
                out.append(
                    Part(
                        text: shown, amount: nil, food: shown,
                        refusal: "\(shown): \(ValidationError.quoted(number)) is not an amount: give a number more than 0, "
                            + "e.g. 2, 1.5, 1/2 or 150 g"))
                continue
            }
            let (amount, foodWords) = TypedAmount.split(typed)
            if let p = phrases.first(where: { foodWords == $0.word || foodWords == $0.word + "s" }) {
                let shown = typed.replacingOccurrences(of: p.word, with: p.name)
                guard let dish = p.dish else {
                    out.append(Part(text: shown, amount: amount, food: p.name))
                    continue
                }
                for piece in dish {
                    var (a, f) = TypedAmount.split(piece)
                    if var scaled = a, let times = amount?.quantity { scaled.quantity *= times; a = scaled }
                    out.append(Part(text: piece, amount: a, food: f))
                }
                continue
            }
            var food = foodWords
            for p in phrases { food = food.replacingOccurrences(of: p.word, with: p.name) }
            out.append(Part(text: typed.contains(marker) ? food : typed, amount: amount, food: food))
        }
        return out.filter { !$0.food.isEmpty }
    }

    /// True when `text` is more than a food's name: several foods, or an amount with one.
    public static func isLine(_ text: String) -> Bool {
        let p = parts(text)
        return p.count > 1 || p.first?.amount != nil || p.first?.refusal != nil
    }

    /// What a line's parts have searched and loaded so far, kept by the Diet search between
    /// keystrokes: typing the fifth food of a line searches for that part only, and each food is
    /// read once. Drop it (`clear`) when the catalog may have changed.
    public final class Lookups {
        /// Food ids in search order, by limit and query.
        var searches: [String: [FoodID]] = [:]
        /// Foods with their servings, by id.
        var foods: [FoodID: Food] = [:]

        public init() {}

        public func clear() {
            searches.removeAll()
            foods.removeAll()
        }
    }

    /// The line's foods, found by `catalog`'s search and weighed: a part's amount when it has one,
    /// else `lastGrams` of its food (the person's last entry), else the usual portion
    /// (`UsualPortion.portion`, the single food's default too). The parts' searches read ids
    /// and energy only, and the foods weighed are loaded together, once each (`lookups`).
    public static func resolve(
        _ line: String, catalog: any FoodCatalogRepository, lastGrams: (FoodID) -> Double? = { _ in nil },
        lookups: Lookups = Lookups()
    ) throws -> Result {
        let parts = parts(line)
        func search(_ text: String, limit: Int) throws -> [FoodID] {
            let key = "\(limit) \(text)"
            if let ids = lookups.searches[key] { return ids }
            let ids = try catalog.searchCatalogListing(text, limit: limit).foods.map(\.id)
            lookups.searches[key] = ids
            return ids
        }
        func load(_ ids: [FoodID]) throws {
            let missing = ids.filter { lookups.foods[$0] == nil }
            guard !missing.isEmpty else { return }
            for (id, food) in try catalog.foods(ids: missing) { lookups.foods[id] = food }
        }
        // The best match that can be weighed in the part's amount, among `ids` (loaded).
        func weigh(_ part: Part, _ ids: some Collection<FoodID>, refusal: inout ValidationError?) -> (Food, FoodPortion)? {
            for id in ids {
                guard let food = lookups.foods[id] else { continue }
                guard let amount = part.amount else { return (food, UsualPortion.portion(for: food, lastGrams: lastGrams(food.id))) }
                do throws(ValidationError) {
                    return (food, try FoodPortions.portion(amount, of: food))
                } catch {
                    if refusal == nil { refusal = error }
                }
            }
            return nil
        }
        // Only a volume or a measure may not fit the best match: then the next ones are tried.
        var found = try parts.map { part -> [FoodID] in
            if part.refusal != nil { return [] }
            if FoodID.isWritten(part.food) { return [FoodID(part.food)] }
            var mayNotFit = part.amount?.unit != nil
            if case .weight? = part.amount?.unit { mayNotFit = false }
            return try search(part.food, limit: mayNotFit ? candidates : 1)
        }
        try load(found.compactMap(\.first))
        // An id no food has matches nothing.
        for i in parts.indices where FoodID.isWritten(parts[i].food) && lookups.foods[FoodID(parts[i].food)] == nil { found[i] = [] }
        var refusals = [ValidationError?](repeating: nil, count: parts.count)
        var chosen = parts.indices.map { i in weigh(parts[i], found[i].prefix(1), refusal: &refusals[i]) }
        // The runners-up of the parts whose best match does not fit ("1 can tuna": canned tuna), read together.
        let unfit = parts.indices.filter { chosen[$0] == nil && found[$0].count > 1 }
        try load(unfit.flatMap { found[$0].dropFirst() })
        for i in unfit { chosen[i] = weigh(parts[i], found[i].dropFirst(), refusal: &refusals[i]) }
        // A measure's word names the food's form too ("1 slice pizza": a pizza sold by the slice).
        for i in parts.indices where chosen[i] == nil && !found[i].isEmpty {
            guard case .serving(let word)? = parts[i].amount?.unit else { continue }
            let again = try search(parts[i].food + " " + word, limit: candidates)
            try load(again)
            var ignored: ValidationError?
            chosen[i] = weigh(parts[i], again, refusal: &ignored)
        }
        var result = Result()
        func miss(_ part: Part, _ kind: Miss.Kind, _ message: String) {
            result.order.append(.unmatched(result.unmatched.count))
            result.unmatched.append(part.text)
            result.unmatchedParts.append(part)
            result.misses.append(Miss(kind, message))
            result.notes.append(message)
        }
        for (i, part) in parts.enumerated() {
            guard !found[i].isEmpty else {
                if let refusal = part.refusal {
                    miss(part, .badAmount, refusal)
                } else {
                    miss(part, .notFound, "no food matches \(ValidationError.quoted(part.food))")
                }
                continue
            }
            guard let (food, portion) = chosen[i] else {
                if let refusal = refusals[i] {
                    miss(part, .badAmount, refusal.message)
                } else {
                    miss(part, .notFound, "\(part.food) is no longer in the catalog")
                }
                continue
            }
            guard FoodLogging.gramsRange.contains(portion.grams) else {
                miss(part, .badAmount, "\(part.text): \(FoodLogging.gramsLabel(portion.grams)) is out of range: one entry 0.1–5000 g")
                continue
            }
            if let note = portion.note { result.notes.append("\(food.name): \(note)") }
            result.order.append(.entry(result.entries.count))
            result.entries.append(Entry(text: part.text, food: food, portion: portion, part: part))
        }
        return result
    }

    /// `text` split at the separators (a comma between digits is a decimal: "1,5 kg").
    static func segments(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, c) in chars.enumerated() {
            let between = i > 0 && i + 1 < chars.count && chars[i - 1].isNumber && chars[i + 1].isNumber
            if (c == "," && !between) || c == ";" || c == "+" || c == "&" {
                out.append(current)
                current = ""
            } else {
                current.append(c)
            }
        }
        out.append(current)
        // Separator words.
        return out.flatMap { seg -> [String] in
            var pieces: [String] = [], words: [Substring] = []
            for w in seg.split(separator: " ") {
                if separators.contains(String(w)) {
                    pieces.append(words.joined(separator: " "))
                    words = []
                } else {
                    words.append(w)
                }
            }
            pieces.append(words.joined(separator: " "))
            return pieces
        }.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// `text` with `phrase` (at word boundaries) replaced by `word`.
    static func replacingWord(_ phrase: String, with word: String, in text: String) -> String {
        var out = text
        for tail in [" ", ",", "s ", "s,", "."] {
            out = out.replacingOccurrences(of: " \(phrase)\(tail)", with: " \(word)\(tail.hasPrefix("s") ? String(tail.dropFirst()) : tail)")
        }
        return out
    }
}
