import Foundation

/// How far the adaptive estimate is trusted over the formula TDEE (PRODUCT.md §6: "as days of data
/// grow from 14 to 28 the estimate moves from the formula to the measured value, never in one step").
///
/// Exact rule: with `n` counting days in the 28-day window (`AdaptiveExpenditure`),
/// share = clamp((n − 14) / (28 − 14), 0, 1), and expenditure = (1 − share) × formula + share × estimate.
/// At 14 days, the first day an estimate exists, it weighs 0: the target does not move the day the
/// estimate appears; each further day of data moves 1/14 of the way; a full window is all measured.
///
/// Why a ramp: the estimate's error shrinks as days accrue (the trend slope of a short window is
/// mostly water and gut content — Hall KD, Chow CC, "Estimating changes in free-living energy intake
/// and its confidence interval", Am J Clin Nutr 2011;94:66–74, show the uncertainty of intake
/// measured from weight change falling steeply with the length of the window), while the formula's
/// error is fixed (Mifflin-St Jeor is within 10 % of measured RMR for about 80 % of people —
/// Frankenfield D, et al. J Am Diet Assoc 2005;105:775–789). Weighting by confidence as data
/// accrue is what MacroFactor's expenditure does: it starts from a formula estimate and moves to
/// the data-driven one as logging continues, instead of switching at a threshold.
public enum ExpenditureBlend {
    /// Counting days at which the estimate starts to weigh (0 %), and at which it weighs 100 %.
    public static let firstDays = AdaptiveExpenditure.minimumDays
    public static let fullDays = AdaptiveExpenditure.windowDays

    /// The adaptive estimate's share, 0…1, for `days` counting days.
    public static func measuredShare(days: Int) -> Double {
        let share = Double(days - firstDays) / Double(fullDays - firstDays)
        return min(1, max(0, share))
    }

    /// (1 − share) × formula + share × measured.
    public static func blend(formula: Double, measured: Double, share: Double) -> Double {
        let s = min(1, max(0, share.isFinite ? share : 0))
        return (1 - s) * formula + s * measured
    }
}

/// How a day's calorie target differs from the day before, and why (the Goal card's "what
/// changed"): "Target −34 kcal: more days logged".
public struct TargetChange: Equatable, Sendable {
    /// Why the target moved, in the order `between` looks for it.
    public enum Cause: Equatable, Sendable {
        /// The goal itself changed.
        case newGoal
        /// More (or fewer) logged days in the window moved the measured share of the burn.
        case moreDaysLogged, fewerDaysLogged
        /// The measured burn itself moved: new intake and weight data.
        case measuredBurnMoved
        /// The formula's burn moved: a new weight.
        case formulaMoved
        /// Only the weight trend (it sets protein, and so carbs, not the kcal — kept for completeness).
        case trendMoved

        /// The reason in plain words, longest first: a narrow card takes the first that fits.
        public var phrasings: [String] {
            switch self {
            case .newGoal: return ["new goal"]
            case .moreDaysLogged: return ["more days logged", "more logs"]
            case .fewerDaysLogged: return ["fewer days logged", "fewer logs"]
            case .measuredBurnMoved: return ["new logs moved the burn", "new logs"]
            case .formulaMoved: return ["new weight in the formula", "new weight"]
            case .trendMoved: return ["weight trend moved", "trend"]
            }
        }
    }

    /// Today's target − yesterday's, whole kcal.
    public var kcal: Double
    public var cause: Cause

    /// Changes smaller than this are rounding, not news.
    static let minimumKcal = 1.0

    /// nil when the target did not move (or either day has none).
    public static func between(_ before: DayTargets?, _ now: DayTargets?, goalChanged: Bool) -> TargetChange? {
        guard let before, let now else { return nil }
        let delta = (now.kcal - before.kcal).rounded()
        guard abs(delta) >= minimumKcal else { return nil }
        // A fixed target with no expenditure behind it moves only when the goal does.
        guard let a = before.expenditure, let b = now.expenditure else { return TargetChange(kcal: delta, cause: .newGoal) }
        return TargetChange(kcal: delta, cause: cause(a, b, goalChanged: goalChanged))
    }

    /// The first of: a new goal; the measured share moving (days logged in the window); the
    /// measured estimate moving; the formula TDEE moving (a weigh-in); else the trend weight.
    static func cause(_ a: ExpenditureBasis, _ b: ExpenditureBasis, goalChanged: Bool) -> Cause {
        if goalChanged { return .newGoal }
        let pa = ExpenditureBasis.percent(a.measuredShare), pb = ExpenditureBasis.percent(b.measuredShare)
        if pa != pb { return b.measuredShare > a.measuredShare ? .moreDaysLogged : .fewerDaysLogged }
        let whole = { (v: Double?) in v.map { WholeNumber.text($0) } }
        if b.measuredShare > 0, let ma = whole(a.measuredKcal), let mb = whole(b.measuredKcal), ma != mb { return .measuredBurnMoved }
        if let fa = whole(a.formulaKcal), let fb = whole(b.formulaKcal), fa != fb { return .formulaMoved }
        return .trendMoved
    }

    /// "−34 kcal", with the one sign rule of `SignedNumber`.
    public var deltaText: String { SignedNumber.whole(kcal, change: true) + " kcal" }

    /// The change in words, longest first, for a card that takes the first that fits its width:
    /// "Target +36 kcal: fewer days logged" … "+36 kcal: fewer days".
    public var phrasings: [(lead: String, reason: String)] {
        let signed = SignedNumber.whole(kcal, change: true)
        let words = cause.phrasings
        let long = words.first ?? "", short = words.last ?? ""
        return [
            ("Target " + deltaText, ": " + long), ("Target " + signed, ": " + long), ("Target " + signed, ": " + short),
            (deltaText, ": " + short),
        ]
    }
}
