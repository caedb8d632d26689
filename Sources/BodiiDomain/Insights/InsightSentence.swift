import Foundation

/// A finding in words, as going together and never as a cause: "You slept 38 min longer on nights
/// after you exercised 30 min or more (41 vs 36 nights; 95 % CI 12–61 min)".
enum InsightSentence {
    static func text(
        outcome: InsightMetric, predictor: InsightMetric, lag: Int, effect: Double, ci: (low: Double, high: Double),
        threshold: Double, days: (high: Int, low: Int), currency: String
    ) -> String {
        let digits = decimals(outcome)
        let number = format(abs(effect), digits)
        let unit = outcome.unit(currency: currency)
        // The interval as sizes in the effect's direction ("12–61"), signed when it crosses zero.
        let sign = effect < 0 ? -1.0 : 1.0
        let (a, b) = (ci.low * sign, ci.high * sign)
        let interval =
            min(a, b) >= 0
            ? "\(format(min(a, b), digits))–\(format(max(a, b), digits))" : "\(format(ci.low, digits)) to \(format(ci.high, digits))"
        let noun = outcome.dayNoun + "s"
        return "\(outcome.outcomeText(effect, number)) \(when(outcome: outcome, predictor: predictor, lag: lag)) "
            + "\(predictor.conditionText(atLeast: threshold, currency: currency)) "
            + "(\(days.high) vs \(days.low) \(noun); 95 % CI \(interval) \(unit))"
    }

    /// When the predictor happened, seen from the outcome's day or night: sleep is dated by the
    /// morning it ended, so a night comes half a day before its date.
    static func when(outcome: InsightMetric, predictor: InsightMetric, lag: Int) -> String {
        let halfDays = 2 * lag - (outcome.isNight ? 1 : 0) + (predictor.isNight ? 1 : 0)
        let noun = outcome.dayNoun + "s"
        switch halfDays {
        case ..<0: return "on \(noun) before days you"
        case 0: return "on \(noun) you"
        case 1, 2: return "on \(noun) after you"
        default: return "on \(noun) two days after you"
        }
    }

    static func decimals(_ metric: InsightMetric) -> Int {
        switch metric {
        case .mood, .energy: return 1
        case .grocerySpending: return 2
        default: return 0
        }
    }

    static func format(_ v: Double, _ digits: Int) -> String {
        let text = String(format: "%.\(digits)f", v)
        return text == "-0" || text.hasPrefix("-0.") && Double(text) == 0 ? String(text.dropFirst()) : text
    }
}
