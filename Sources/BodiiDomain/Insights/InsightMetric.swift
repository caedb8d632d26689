import Foundation

/// A daily series Insights looks at (PRODUCT.md §12), with how a sentence names it. The order is
/// the order of outcomes: of two series on the same day, the earlier one is read as the outcome.
public enum InsightMetric: String, CaseIterable, Sendable, Comparable {
    case sleepMinutes = "sleep_minutes"
    case mood
    case energy
    case weightTrendChange = "weight_trend_change"
    case bedtime
    case steps
    case exerciseMinutes = "exercise_minutes"
    case kcalEaten = "kcal_eaten"
    case targetShare = "target_share"
    case proteinG = "protein_g"
    case alcoholG = "alcohol_g"
    case caffeineMg = "caffeine_mg"
    case grocerySpending = "grocery_spending"

    public static func < (a: InsightMetric, b: InsightMetric) -> Bool {
        (allCases.firstIndex(of: a) ?? 0) < (allCases.firstIndex(of: b) ?? 0)
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
        case .targetShare: return "%"
        case .proteinG, .alcoholG: return "g"
        case .caffeineMg: return "mg"
        case .grocerySpending: return currency
        }
    }

    /// Series of the same food log: on the same day they say the same thing twice, so the pair is not tested.
    static let sameLog: Set<InsightMetric> = [.kcalEaten, .targetShare, .proteinG]

    /// "You slept 38 min longer": the outcome part of a sentence, for a signed effect.
    func outcomeText(_ effect: Double, _ number: String) -> String {
        let up = effect >= 0
        switch self {
        case .sleepMinutes: return "You slept \(number) min \(up ? "longer" : "shorter")"
        case .bedtime: return "You went to bed \(number) min \(up ? "later" : "earlier")"
        case .exerciseMinutes: return "You exercised \(number) min \(up ? "more" : "less")"
        case .mood: return "Your mood was \(number) points \(up ? "higher" : "lower")"
        case .energy: return "Your energy was \(number) points \(up ? "higher" : "lower")"
        case .weightTrendChange: return "Your weight trend went \(up ? "up" : "down") \(number) g more"
        case .steps: return "You walked \(number) \(up ? "more" : "fewer") steps"
        case .kcalEaten: return "You ate \(number) kcal \(up ? "more" : "less")"
        case .targetShare: return "You ate \(number) % of your target \(up ? "more" : "less")"
        case .proteinG: return "You ate \(number) g \(up ? "more" : "less") protein"
        case .alcoholG: return "You drank \(number) g \(up ? "more" : "less") alcohol"
        case .caffeineMg: return "You had \(number) mg \(up ? "more" : "less") caffeine"
        case .grocerySpending: return "You spent \(number) \(up ? "more" : "less") on groceries"
        }
    }

    /// "exercised 30 min or more": what the days above the predictor's median had.
    func conditionText(atLeast threshold: Double, currency: String) -> String {
        let n = WholeNumber.text(threshold)
        switch self {
        case .sleepMinutes: return "slept \(DurationFormat.hoursMinutes(WholeNumber.of(threshold) ?? 0)) or more"
        case .bedtime: return "went to bed at \(Self.clockText(minutesSinceNoon: threshold)) or later"
        case .exerciseMinutes: return "exercised \(n) min or more"
        case .mood: return "rated your mood \(n) or higher"
        case .energy: return "rated your energy \(n) or higher"
        case .weightTrendChange: return "saw your weight trend go up \(n) g or more"
        case .steps: return "walked \(ActivityText.grouped(WholeNumber.of(threshold) ?? 0)) steps or more"
        case .kcalEaten: return "ate \(n) kcal or more"
        case .targetShare: return "ate \(n) % of your target or more"
        case .proteinG: return "ate \(n) g protein or more"
        case .alcoholG: return "drank \(n) g alcohol or more"
        case .caffeineMg: return "had \(n) mg caffeine or more"
        case .grocerySpending: return "spent \(String(format: "%.2f", threshold)) \(currency) or more on groceries"
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
