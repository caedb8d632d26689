import Foundation

/// A daily series Insights looks at (PRODUCT.md §12), with how a sentence names it. Which of a
/// same-day pair is the outcome is `InsightPairs.moment`'s rule, not this order.
public enum InsightMetric: Hashable, Sendable {
    case sleepMinutes, mood, energy, weightTrendChange, bedtime, steps, exerciseMinutes, kcalEaten, targetShare, proteinG
    case alcoholG, caffeineMg, grocerySpending
    /// Hours of the finished fasts that ended on the day (a fast counts for the day it ended).
    case fastingHours
    /// A moment's tag (issue 47 item 3): 1 on a day with moments that has it, 0 on one without it.
    case tag(String)

    /// The series every history has (a tag's come from the moments noted).
    public static let allCases: [InsightMetric] = [
        .sleepMinutes, .mood, .energy, .weightTrendChange, .bedtime, .steps, .exerciseMinutes, .kcalEaten, .targetShare,
        .proteinG, .alcoholG, .caffeineMg, .grocerySpending, .fastingHours,
    ]

    /// The name scripts read (`bodii insights --json`): "sleep_minutes", "tag:social".
    public var rawValue: String {
        switch self {
        case .sleepMinutes: "sleep_minutes"
        case .mood: "mood"
        case .energy: "energy"
        case .weightTrendChange: "weight_trend_change"
        case .bedtime: "bedtime"
        case .steps: "steps"
        case .exerciseMinutes: "exercise_minutes"
        case .kcalEaten: "kcal_eaten"
        case .targetShare: "target_share"
        case .proteinG: "protein_g"
        case .alcoholG: "alcohol_g"
        case .caffeineMg: "caffeine_mg"
        case .grocerySpending: "grocery_spending"
        case .fastingHours: "fasting_hours"
        case .tag(let name): "tag:" + name
        }
    }

    public var isTag: Bool {
        if case .tag = self { return true }
        return false
    }

    /// Sleep and bedtime belong to the night before the day they are dated (the wake-up day).
    public var isNight: Bool { self == .sleepMinutes || self == .bedtime }

    /// The unit of the effect when this series is the outcome (`currency` for spending).
    public func unit(currency: String) -> String {
        switch self {
        case .sleepMinutes, .bedtime, .exerciseMinutes: return "min"
        case .mood, .energy: return "points"
        case .weightTrendChange: return "g"
        case .steps: return "steps"
        case .kcalEaten: return "kcal"
        case .targetShare: return "pp"
        case .proteinG, .alcoholG: return "g"
        case .caffeineMg: return "mg"
        case .grocerySpending: return currency
        case .fastingHours: return "h"
        case .tag: return "days"
        }
    }

    /// "You slept 38 min longer": the outcome part of a sentence, for a signed effect whose size
    /// is `amount` (already formatted, with its unit where it goes before the noun).
    func outcomeText(_ effect: Double, _ amount: String) -> String {
        let up = effect >= 0
        switch self {
        case .sleepMinutes: return "You slept \(amount) min \(up ? "longer" : "shorter")"
        case .bedtime: return "You went to bed \(amount) min \(up ? "later" : "earlier")"
        case .exerciseMinutes: return "You exercised \(amount) min \(up ? "more" : "less")"
        case .mood: return "Your mood was \(amount) points \(up ? "higher" : "lower")"
        case .energy: return "Your energy was \(amount) points \(up ? "higher" : "lower")"
        case .weightTrendChange: return "Your weight trend moved \(amount) g further \(up ? "up" : "down")"
        case .steps: return "You walked \(amount) \(up ? "more" : "fewer") steps"
        case .kcalEaten: return "You ate \(amount) kcal \(up ? "more" : "less")"
        case .targetShare: return "You ate \(amount) percentage points \(up ? "more" : "less") of your target"
        case .proteinG: return "You ate \(amount) g \(up ? "more" : "less") protein"
        case .alcoholG: return "You drank \(amount) g \(up ? "more" : "less") alcohol"
        case .caffeineMg: return "You had \(amount) mg \(up ? "more" : "less") caffeine"
        case .grocerySpending: return "You spent \(amount) \(up ? "more" : "less") on groceries"
        case .fastingHours: return "You fasted \(amount) h \(up ? "longer" : "shorter")"
        case .tag(let name): return "You noted +\(name) \(up ? "more" : "less")"
        }
    }

    /// "exercised more than usual for the weekday": the days the predictor's adjusted rank was above 0.
    var aboveUsualText: String {
        switch self {
        case .sleepMinutes: return "slept longer than usual"
        case .bedtime: return "went to bed later than usual"
        case .exerciseMinutes: return "exercised more than usual"
        case .mood: return "rated your mood higher than usual"
        case .energy: return "rated your energy higher than usual"
        case .weightTrendChange: return "saw your weight trend rise more than usual"
        case .steps: return "walked more than usual"
        case .kcalEaten: return "ate more than usual"
        case .targetShare: return "ate more of your target than usual"
        case .proteinG: return "ate more protein than usual"
        case .alcoholG: return "drank more alcohol than usual"
        case .caffeineMg: return "had more caffeine than usual"
        case .grocerySpending: return "spent more on groceries than usual"
        case .fastingHours: return "fasted longer than usual"
        case .tag(let name): return "noted +\(name)"
        }
    }

    /// A value of this series with its unit: "7 h 40", "23:30", "2,494 kcal", "14 g", "€7.19".
    func valueText(_ v: Double, currency: String) -> String {
        let n = InsightSentence.grouped(v, digits: 0)
        switch self {
        case .sleepMinutes: return DurationFormat.hoursMinutes(WholeNumber.of(v) ?? 0)
        case .bedtime: return Self.clockText(minutesSinceNoon: v)
        case .exerciseMinutes: return "\(n) min"
        case .mood, .energy: return InsightSentence.grouped(v, digits: 1)
        case .weightTrendChange: return (v > 0 && n != "0" ? "+" : "") + "\(n) g"
        case .steps: return "\(n) steps"
        case .kcalEaten: return "\(n) kcal"
        case .targetShare: return "\(n) %"
        case .proteinG, .alcoholG: return "\(n) g"
        case .caffeineMg: return "\(n) mg"
        case .grocerySpending: return InsightSentence.money(v, currency: currency)
        case .fastingHours: return v > 0 ? DurationFormat.hoursMinutes(WholeNumber.of(v * 60) ?? 0) : "no fast"
        case .tag(let name): return v >= 0.5 ? "+\(name)" : "no +\(name)"
        }
    }

    /// Bedtimes are counted in minutes since noon, so 23:30 and 00:30 are an hour apart.
    static func minutesSinceNoon(_ t: ClockTime) -> Double { Double((t.minutesAfterMidnight + 720) % 1440) }

    static func clockText(minutesSinceNoon m: Double) -> String {
        let clock = ((WholeNumber.of(m) ?? 0) % 1440 + 720 + 1440) % 1440
        return String(format: "%02d:%02d", clock / 60, clock % 60)
    }

    var dayNoun: String { isNight ? "night" : "day" }
}
