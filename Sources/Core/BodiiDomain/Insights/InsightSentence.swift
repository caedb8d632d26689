import Foundation

/// A finding in words, as going together and never as a cause: "You slept 38 min longer on nights
/// after you exercised more than usual for the weekday (median 45 min vs 0 min; 41 vs 36 nights;
/// 95 % CI 12–61 min)".
enum InsightSentence {
    static func text(
        outcome: InsightMetric, predictor: InsightMetric, lag: Int, effect: Double, ci: (low: Double, high: Double),
        typical: (high: Double, low: Double), days: (high: Int, low: Int), currency: String
    ) -> String {
        let amount = { (v: Double) in outcome == .grocerySpending ? money(v, currency: currency) : grouped(v, digits: decimals(outcome)) }
        // A shown interval is clear of zero, on the effect's side: said as sizes in its direction ("12–61").
        let (a, b) = (abs(ci.low), abs(ci.high))
        let unit = outcome == .grocerySpending ? "" : " " + (outcome == .targetShare ? "percentage points" : outcome.unit(currency: currency))
        let noun = outcome.dayNoun + "s"
        if case .tag(let name) = predictor {
            // Tagged or not: a median of ones and zeros says nothing a count does not.
            return "\(outcome.outcomeText(effect, amount(abs(effect)))) \(when(outcome: outcome, predictor: predictor, lag: lag)) "
                + "noted +\(name), compared within weekdays (\(days.high) vs \(days.low) \(noun); "
                + "95 % CI \(amount(min(a, b)))–\(amount(max(a, b)))\(unit))"
        }
        return "\(outcome.outcomeText(effect, amount(abs(effect)))) \(when(outcome: outcome, predictor: predictor, lag: lag)) "
            + "\(predictor.aboveUsualText) for the weekday (median \(predictor.valueText(typical.high, currency: currency)) vs "
            + "\(predictor.valueText(typical.low, currency: currency)); \(days.high) vs \(days.low) \(noun); "
            + "95 % CI \(amount(min(a, b)))–\(amount(max(a, b)))\(unit))"
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
        metric == .mood || metric == .energy || metric == .fastingHours ? 1 : 0
    }

    /// `v` rounded to `digits` decimals, thousands grouped as every figure in the app
    /// (`ActivityText.grouped`): "2,494", "0.3"; never "-0".
    static func grouped(_ v: Double, digits: Int) -> String {
        let scale = pow(10, Double(digits))
        let scaled = (abs(v) * scale).rounded()
        guard scaled.isFinite, scaled < 1e15 else { return "—" }
        let units = Int(scaled)
        let whole = ActivityText.grouped(units / Int(scale))
        let sign = v < 0 && units > 0 ? "-" : ""
        guard digits > 0 else { return sign + whole }
        let fraction = String(units % Int(scale))
        return sign + whole + "." + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    /// An amount of money as every screen shows it ("€7.19"), in the series' currency.
    static func money(_ v: Double, currency: String) -> String {
        let c = Currency.resolve(code: currency)
        let minor = (v * Double(c.scale)).rounded()
        guard minor.isFinite, abs(minor) < 9e15 else { return "—" }
        return Money(minorUnits: Int64(minor), currency: c).formatted
    }
}
