import Foundation

// Predictions from the user's own pantry history (issue 29 item 4), each with what it is based on:
// how long a lot of an item lasts, the day the stock runs out at the current rate of use, and
// whether a lot will expire before it is finished.

/// A predicted figure and the history it comes from ("from 6 purchases").
public struct Prediction<Value: Equatable & Sendable>: Equatable, Sendable {
    public var value: Value
    /// How many records it was learned from.
    public var basis: Int
    /// What is counted, singular and plural: ("lot", "lots"), ("day of use", "days of use").
    public var basisNoun: String
    public var basisPlural: String

    public init(value: Value, basis: Int, basisNoun: String, basisPlural: String? = nil) {
        self.value = value
        self.basis = basis
        self.basisNoun = basisNoun
        self.basisPlural = basisPlural ?? basisNoun + "s"
    }

    public var basisText: String { "from " + Plural.count(basis, basisNoun, plural: basisPlural) }
}

public enum PantryPredictions {
    /// The median days from buying a lot to its last use or waste, over the item's lots that are
    /// used up. Nil without one.
    public static func lotLife(lots: [StockLot], uses: [StockUse]) -> Prediction<Int>? {
        let lastTake = Dictionary(uses.map { ($0.lotId, $0.date) }, uniquingKeysWith: { max($0, $1) })
        let lives = lots.compactMap { lot -> Int? in
            guard lot.isEmpty, let id = lot.id, let end = lastTake[id] else { return nil }
            return max(0, lot.purchasedOn.days(until: end))
        }.sorted()
        guard !lives.isEmpty else { return nil }
        return Prediction(value: lives[lives.count / 2], basis: lives.count, basisNoun: "lot")
    }

    /// Grams used a day over the `days` before `today` (waste is not use).
    public static func dailyUse(uses: [StockUse], gramsPerUnit: Double, today: LocalDate, days: Int = 28) -> Prediction<Double>? {
        let start = today.adding(days: -days)
        let used = uses.filter { $0.kind == .use && $0.date >= start && $0.date < today }
        guard !used.isEmpty, days > 0 else { return nil }
        let grams = used.reduce(0) { $0 + $1.amount } * gramsPerUnit
        return Prediction(
            value: grams / Double(days), basis: Set(used.map(\.date)).count, basisNoun: "day of use", basisPlural: "days of use")
    }

    /// The day the stock (`grams`) runs out at `rate` grams a day; nil without use.
    public static func runsOut(grams: Double, rate: Prediction<Double>, today: LocalDate) -> Prediction<LocalDate>? {
        guard rate.value > 0, grams.isFinite, grams >= 0 else { return nil }
        let days = (grams / rate.value).rounded(.down)
        guard days < 100_000 else { return nil }
        return Prediction(value: today.adding(days: Int(days)), basis: rate.basis, basisNoun: rate.basisNoun, basisPlural: rate.basisPlural)
    }

    /// True when the lot's best-before comes before the day the stock it is part of runs out:
    /// "will expire before you finish it" (the lots before it in taking order are eaten first).
    public static func expiresBeforeFinished(
        lot: StockLot, gramsBefore: Double, lotGrams: Double, rate: Prediction<Double>, today: LocalDate
    )
        -> Bool
    {
        guard let bestBefore = lot.bestBefore, let out = runsOut(grams: gramsBefore + lotGrams, rate: rate, today: today) else {
            return false
        }
        return bestBefore < out.value
    }
}
