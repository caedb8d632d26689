import Foundation

/// Which pairs of series Insights tests, and which of a same-day pair is the outcome (PRODUCT.md §12).
enum InsightPairs {
    /// Series the arithmetic ties together: whatever they show together is how they are computed,
    /// not how the person lives, so the pair is never tested at the lags named.
    struct Structural {
        var metrics: Set<InsightMetric>
        var lags: Set<Int>
        var reason: String
    }

    /// The one list of pairs not tested; any two metrics of an entry make such a pair.
    static let structural: [Structural] = [
        Structural(
            metrics: [.kcalEaten, .proteinG, .alcoholG, .caffeineMg, .targetShare], lags: [0, 1],
            reason: "One food log: protein, alcohol and a drink's sugar are parts of the kcal counted (a predictor "
                + "inside its outcome), the share of target is kcal over the target, and a day apart they share "
                + "the log's own day-to-day carry-over and the target's running mean of intake."),
        Structural(
            metrics: [.targetShare, .weightTrendChange], lags: [0, 1],
            reason: "The adaptive target is mean intake − the trend's slope × 7700: the trend's change moves the "
                + "target the share is divided by."),
        Structural(
            metrics: [.fastingHours, .kcalEaten, .proteinG, .alcoholG, .caffeineMg, .targetShare], lags: [0, 1],
            reason: "A fast and the food log share their edges: the first food ends the fast (the app offers the first "
                + "food logged as its end) and the last food of the day before starts it, so a longer fast is a shorter "
                + "eating window that day and the day before, and a meal left unlogged lengthens the fast and shrinks "
                + "every sum of that log at once. A day apart the other way the fast's own carry-over brings the same "
                + "tie (the food pairs among themselves are the entry above)."),
        Structural(
            metrics: [.sleepMinutes, .bedtime], lags: [0],
            reason: "One night's record: the bedtime is where the minutes slept start."),
    ]

    /// Whether `a` and `b` (either order) share arithmetic at `lag`.
    static func isStructural(_ a: InsightMetric, _ b: InsightMetric, lag: Int) -> Bool {
        structural.contains { $0.lags.contains(lag) && $0.metrics.contains(a) && $0.metrics.contains(b) }
    }

    /// Where a series falls in its dated day, earliest first. The rule for a same-day pair: the
    /// outcome is the one that comes later, what a person does or feels after the other:
    /// the night (sleep and bedtime belong to the night before the wake-up date), then the morning
    /// weigh-in behind the trend's change, then the fast (counted on the day it ended, it ends at the
    /// day's first food, after the night and most often after the weigh-in), then moving (exercise, then steps, the day's total), then
    /// shopping, then eating and drinking (acted on after the day's activity), then the check-in,
    /// which rates the day as lived (energy, then mood, the day's overall rating).
    static func moment(_ m: InsightMetric) -> Int {
        switch m {
        case .sleepMinutes, .bedtime: return 0
        case .weightTrendChange: return 1
        case .fastingHours: return 2
        case .exerciseMinutes: return 3
        case .steps: return 4
        case .grocerySpending: return 5
        case .kcalEaten, .targetShare, .proteinG, .alcoholG, .caffeineMg: return 6
        // Moments are noted through the day, before it is rated at the check-in.
        case .tag: return 7
        case .energy: return 8
        case .mood: return 9
        }
    }

    /// What a tag is tested against: how the day was rated (that day and the next) and the night
    /// after it. Only as a predictor: "+social" days with a higher mood, not the share of days
    /// tagged after a good night — each tag adds five tests to the false discovery rate's m, not
    /// thirty, and never tag against tag (two tags of one moment go together by being typed together).
    static let tagOutcomes: Set<InsightMetric> = [.mood, .energy, .sleepMinutes]

    /// The pairs to test among `metrics`: each same-day pair once, the later `moment` as outcome;
    /// each pair with one day of lag both ways (the predictor the day before). A tag only predicts
    /// one of `tagOutcomes`.
    static func tested(among metrics: [InsightMetric]) -> [(outcome: InsightMetric, predictor: InsightMetric, lag: Int)] {
        var pairs: [(outcome: InsightMetric, predictor: InsightMetric, lag: Int)] = []
        for outcome in metrics where !outcome.isTag {
            for predictor in metrics where predictor != outcome && (!predictor.isTag || tagOutcomes.contains(outcome)) {
                if moment(outcome) > moment(predictor), !isStructural(outcome, predictor, lag: 0) {
                    pairs.append((outcome, predictor, 0))
                }
                if !isStructural(outcome, predictor, lag: 1) { pairs.append((outcome, predictor, 1)) }
            }
        }
        return pairs
    }
}
