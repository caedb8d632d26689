import Foundation

/// A unit an amount of food is typed in: one of the food's household measures, or plain grams.
public struct ServingChoice: Equatable, Sendable {
    /// nil: grams.
    public var serving: FoodServing?

    public init(_ serving: FoodServing?) { self.serving = serving }

    public static let grams = ServingChoice(nil)

    /// The food's measures in the catalog's order (the first is the most common), then (for a
    /// user of imperial units) ounces and pounds, then grams: the one list the food search and
    /// the entry editor offer. A food no longer in the catalog has only the weights.
    public static func all(for food: Food?, unitSystem: UnitSystem) -> [ServingChoice] {
        let measures = food?.servings ?? []
        // The usual portion when it is a unit of its own ("1 tbsp" of a food measured in "2 tbsp").
        let usual = food.flatMap { UsualPortion.household(for: $0).serving }.map { [$0] } ?? []
        let derived = usual.filter { u in !measures.contains(u) }
        let weights =
            unitSystem == .imperial
            ? FoodServing.imperialWeights.filter { w in !(derived + measures).contains { $0.label == w.label } } : []
        return (derived + measures + weights).map { ServingChoice($0) } + [.grams]
    }

    public var label: String { serving?.label ?? "grams" }

    /// The labels of `choices`, told apart by their grams where two share one ("1 slice (28 g)").
    public static func labels(of choices: [ServingChoice]) -> [String] {
        let all = choices.compactMap(\.serving)
        return choices.map { c in c.serving.map { FoodPortions.distinct($0, among: all) } ?? c.label }
    }
    /// What the amount field starts with: one serving, or 100 g.
    public var defaultAmount: Double { serving == nil ? 100 : 1 }
    public var defaultAmountText: String { serving == nil ? "100" : "1" }

    /// Validates `text` as an amount in this unit and returns the grams: a bare number counts this
    /// serving as `FoodLogging.quantity(_:of:)` allows (0.01–100, and 0.1–5000 g in all), grams
    /// 0.1–5000; an amount with a unit ("150g", "2 slices", "250 ml") is weighed for `food`
    /// whatever serving is chosen (`FoodPortions`).
    public func grams(_ text: String, food: Food? = nil, field: String = "amount") throws(ValidationError) -> Double {
        try FoodPortions.portion(text, of: food, counting: serving, field: field).grams
    }

    /// The amount text that gives `grams` in this unit ("1.5", "118"), to two decimals.
    public func amountText(forGrams grams: Double) -> String {
        DecimalText.format(serving.map { grams / $0.grams } ?? grams, decimals: 2)
    }

    /// "1 medium (118 g)", "2 cups (480 g)", "150 g", as `ServingWords` says it.
    public func describe(grams: Double) -> String { ServingWords.amount(grams: grams, of: serving) }

    /// The measure to preselect for `food` and the amount the field starts with: the portion
    /// `UsualPortion.portion` gives (the user's latest entry of it — `history`: grams of past
    /// entries, newest first — else the usual portion), as one of `choices` and a count of it.
    /// The preview, the serving list and the amount field read this, and a line's part logs the
    /// same portion, so what Enter logs is what was shown.
    public static func preselect(in choices: [ServingChoice], food: Food, history: [Double] = []) -> (
        index: Int, amount: String, portion: FoodPortion
    ) {
        let portion = UsualPortion.portion(for: food, lastGrams: history.first)
        let unit = ServingChoice(portion.serving)
        if let i = choices.firstIndex(of: unit) { return (i, unit.amountText(forGrams: portion.grams), portion) }
        // Not offered (a food no longer in the catalog has only the weights): its grams.
        let grams = choices.firstIndex(of: .grams) ?? max(0, choices.count - 1)
        return (grams, ServingChoice.grams.amountText(forGrams: portion.grams), portion)
    }

    /// The index `preselect` picks.
    public static func preferredIndex(in choices: [ServingChoice], food: Food? = nil, history: [Double] = []) -> Int {
        guard let food else { return 0 }
        return preselect(in: choices, food: food, history: history).index
    }

    /// The unit `grams` was most likely typed in: a measure it is a whole or quarter multiple of
    /// (0.25–20), else grams. Used to open an entry's editor the way it was logged.
    public static func likely(forGrams grams: Double, among choices: [ServingChoice]) -> ServingChoice {
        for choice in choices {
            guard let s = choice.serving, s.grams > 0 else { continue }
            let q = grams / s.grams
            if q >= 0.25, q <= 20, abs(q * 4 - (q * 4).rounded()) < 0.001 { return choice }
        }
        return .grams
    }
}

/// Editing and copying logged food (the Diet tab's `e` and copy). Records keep the values copied
/// when they were logged; an edit recomputes them.
public enum FoodEntries {
    /// `record` with a new amount and meal. With the catalog food (it still exists) energy and
    /// nutrients are computed again from it; without, the stored values are scaled to the new grams.
    /// Id, date and logging time are kept.
    public static func edited(_ record: FoodRecord, grams: Double, meal: Meal, food: Food?) -> FoodRecord {
        var out: FoodRecord
        if let food {
            out = FoodLogging.record(food: food, grams: grams, meal: meal, date: record.date, loggedAt: record.loggedAt)
            out.id = record.id
            out.provenance = record.provenance  // an imported entry stays the import's: a re-import finds it
        } else {
            let f = (record.grams ?? 0) > 0 ? grams / (record.grams ?? 1) : 0
            out = record
            out.grams = grams
            out.meal = meal
            out.kcal *= f
            out.proteinG *= f
            out.carbsG *= f
            out.fatG *= f
            out.nutrients = out.nutrients.mapValues { $0 * f }
        }
        return out
    }

    /// New records (no ids) for `records` on `date`, with the values they were logged with; in
    /// `meal` when given (yesterday's dinner as today's lunch), else each in its own meal.
    public static func copies(of records: [FoodRecord], to date: LocalDate, meal: Meal?, loggedAt: Date) -> [FoodRecord] {
        records.map { r in
            var c = r
            c.id = nil
            c.date = date
            c.meal = meal ?? r.meal
            c.loggedAt = loggedAt
            return c
        }
    }

    /// The source day of a copy into `target`: a date as YYYY-MM-DD, not after `today`, not `target` itself.
    public static func copySource(_ text: String, into target: LocalDate, today: LocalDate, field: String = "from") throws(ValidationError)
        -> LocalDate
    {
        let date = try Validation.date(text, today: today, field: field)
        guard date != target else {
            throw ValidationError(
                field: field, value: text, allowed: "a day other than \(target.iso), not after \(today.iso)", problem: .outOfRange)
        }
        return date
    }
}

/// Sums of a list of food records. Optional nutrients are summed over the records that know
/// them; `complete` says whether every record did (else the sum is a lower bound).
public struct FoodTotals: Equatable, Sendable {
    public struct Partial: Equatable, Sendable {
        public var value: Double?
        public var complete: Bool
    }

    public var kcal = 0.0
    public var proteinG = 0.0
    public var carbsG = 0.0
    public var fatG = 0.0
    public var fiberG = Partial(value: nil, complete: true)
    public var sugarsG = Partial(value: nil, complete: true)
    public var saturatedFatG = Partial(value: nil, complete: true)
    public var sodiumMg = Partial(value: nil, complete: true)

    public init(_ records: [FoodRecord]) {
        for r in records {
            kcal += r.kcal
            proteinG += r.proteinG
            carbsG += r.carbsG
            fatG += r.fatG
            Self.add(r.fiberG, to: &fiberG)
            Self.add(r.sugarsG, to: &sugarsG)
            Self.add(r.saturatedFatG, to: &saturatedFatG)
            Self.add(r.sodiumMg, to: &sodiumMg)
        }
    }

    private static func add(_ v: Double?, to p: inout Partial) {
        if let v { p.value = (p.value ?? 0) + v } else { p.complete = false }
    }
}

/// How amounts and nutrients read on screen.
public enum NutrientFormat {
    /// At most `decimals` places, no trailing zeros: "1.5", "118", "0.25".
    public static func number(_ value: Double, decimals: Int = 1) -> String {
        guard value.isFinite else { return "–" }
        return DecimalText.format(value, decimals: decimals)
    }

    /// Grams of a nutrient: one decimal below 10 g, whole grams above ("0.3", "22.8" → "23").
    public static func grams(_ value: Double) -> String {
        guard value.isFinite else { return "–" }
        return abs(value) < 10 ? DecimalText.format(value, decimals: 1) : WholeNumber.text(value, unknown: "–")
    }

    /// What an entry weighs: "150 g" (one decimal as `number`), or "quick add" for a quick add,
    /// which has no grams.
    /// The amount in a table's column: whole grams ("135 g"), a drink of water in ml ("250 ml"), "quick".
    public static func wholeAmount(_ r: FoodRecord) -> String {
        guard let grams = r.grams else { return "quick" }
        return number(grams, decimals: 0) + (WaterLogging.isWater(r) ? " ml" : " g")
    }

    public static func amount(_ r: FoodRecord) -> String {
        // A drink of water reads as it was poured, in ml (1 g per ml).
        if WaterLogging.isWater(r), let ml = r.grams { return "\(number(ml)) ml" }
        return r.grams.map { "\(number($0)) g" } ?? QuickAdd.amountLabel
    }

    /// A nutrient amount as people read it: whole from 10, one decimal from 1, two below
    /// ("2601", "4.3", "0.44"). The Nutrients view and the grocery plan write amounts alike; whole
    /// ones round as every whole number (`WholeNumber`), so 592.5 mg of sodium reads 593 here as
    /// on the Diet tab (printf's half-to-even made it 592).
    public static func reading(_ value: Double) -> String {
        guard value.isFinite else { return "—" }
        let magnitude = abs(value)
        guard magnitude < 10 else { return WholeNumber.text(value) }
        return number(value, decimals: magnitude >= 1 ? 1 : 2)
    }

    /// Whole kilocalories: "105".
    public static func kcal(_ value: Double) -> String {
        WholeNumber.text(value, unknown: "–")
    }
}

extension FoodServing {
    /// "1 oz" and "1 lb": weights any food can be counted in, for users of imperial units.
    public static let imperialWeights = [
        FoodServing(label: "1 oz", grams: Units.gramsPerOunce), FoodServing(label: "1 lb", grams: Units.kgPerPound * 1000),
    ]

    /// The serving a weight unit names: "oz" (ounce, ounces) and "lb" (lbs, pound, pounds), or
    /// "g" (gram, grams) as a one-gram serving; nil for any other word.
    public static func weightUnit(_ text: String) -> FoodServing? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "oz", "ounce", "ounces": return imperialWeights[0]
        case "lb", "lbs", "pound", "pounds": return imperialWeights[1]
        case "g", "gram", "grams": return FoodServing(label: "1 g", grams: 1)
        default: return nil
        }
    }
}
