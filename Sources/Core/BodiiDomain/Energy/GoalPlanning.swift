import Foundation

/// What a user typed to set a goal (Settings). Rates and weights are in the user's units; the
/// direction of the rate comes from the goal type, so people type "0.5", not "-0.5".
public struct GoalInput: Equatable, Sendable {
    public var type: GoalType
    public var targetWeight: String
    public var targetBodyFat: String
    public var weeklyRate: String
    public var proteinPerKg: String
    /// "Add exercise back" (PRODUCT.md §6): off by default.
    public var addsExerciseBack: Bool
    /// The calorie source and the split (issue 43); its `protein` is `proteinPerKg`'s text.
    public var targets: TargetChoiceInput

    public init(
        type: GoalType, targetWeight: String = "", targetBodyFat: String = "", weeklyRate: String = "", proteinPerKg: String = "",
        addsExerciseBack: Bool = false, targets: TargetChoiceInput = TargetChoiceInput()
    ) {
        self.type = type
        self.targets = targets
        self.addsExerciseBack = addsExerciseBack
        self.targetWeight = targetWeight
        self.targetBodyFat = targetBodyFat
        self.weeklyRate = weeklyRate
        self.proteinPerKg = proteinPerKg
    }
}

public enum GoalField: String, Sendable, CaseIterable {
    case type, targetWeight, targetBodyFat, weeklyRate, proteinPerKg, exerciseBack
    case calories, fixedKcal, split, fat, carbs, netCarbs, bodyFat

    /// Where a target field's error shows in the goal form.
    init(_ field: TargetField) {
        switch field {
        case .calories: self = .calories
        case .fixedKcal: self = .fixedKcal
        case .split: self = .split
        case .protein: self = .proteinPerKg
        case .fat: self = .fat
        case .carbs: self = .carbs
        case .netCarbs: self = .netCarbs
        case .bodyFat: self = .bodyFat
        }
    }
}

/// Where the energy a day's target starts from: the formula TDEE of the latest snapshot, blended
/// towards the adaptive estimate as its days of data grow from 14 to 28 (PRODUCT.md §6,
/// `ExpenditureBlend`).
public struct ExpenditureBasis: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        case formula
        case adaptive(days: Int)
        /// Between the two: `measuredShare` (0 ≤ share < 1) of the adaptive estimate, the rest formula.
        case blended(days: Int, measuredShare: Double)
    }

    public var kcalPerDay: Double
    public var source: Source
    /// Days of data the adaptive estimate has so far (0…28), shown while the formula is used.
    public var adaptiveDays: Int
    /// The two figures blended, when known: the formula TDEE and the adaptive estimate.
    public var formulaKcal: Double?
    public var measuredKcal: Double?

    public init(kcalPerDay: Double, source: Source, adaptiveDays: Int, formulaKcal: Double? = nil, measuredKcal: Double? = nil) {
        self.kcalPerDay = kcalPerDay
        self.source = source
        self.adaptiveDays = adaptiveDays
        self.formulaKcal = formulaKcal
        self.measuredKcal = measuredKcal
    }

    /// The formula TDEE blended with the adaptive estimate by `ExpenditureBlend.measuredShare`;
    /// the estimate alone without a formula TDEE; nil without either.
    public static func resolve(
        formulaTDEE: Double?, intake: [(date: LocalDate, kcal: Double)], trend: [TrendPoint],
        asOf day: LocalDate
    ) -> ExpenditureBasis? {
        let formula = formulaTDEE.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        if let estimate = AdaptiveExpenditure.estimate(intake: intake, trend: trend, asOf: day), estimate.kcalPerDay.isFinite,
            estimate.kcalPerDay > 0
        {
            let days = estimate.daysOfData, measured = estimate.kcalPerDay
            let share = ExpenditureBlend.measuredShare(days: days)
            guard let formula, share < 1 else {
                return ExpenditureBasis(
                    kcalPerDay: measured, source: .adaptive(days: days), adaptiveDays: days,
                    formulaKcal: formula, measuredKcal: measured)
            }
            return ExpenditureBasis(
                kcalPerDay: ExpenditureBlend.blend(formula: formula, measured: measured, share: share),
                source: .blended(days: days, measuredShare: share), adaptiveDays: days,
                formulaKcal: formula, measuredKcal: measured)
        }
        guard let formula else { return nil }
        return ExpenditureBasis(
            kcalPerDay: formula, source: .formula, adaptiveDays: countingDays(intake: intake, trend: trend, asOf: day),
            formulaKcal: formula)
    }

    /// Days in the adaptive window that have both intake and a trend value.
    static func countingDays(intake: [(date: LocalDate, kcal: Double)], trend: [TrendPoint], asOf day: LocalDate) -> Int {
        let window = DateRange(ending: day, days: AdaptiveExpenditure.windowDays)
        let eaten = Set(intake.filter { window.contains($0.date) && $0.kcal > 0 }.map(\.date))
        return trend.filter { window.contains($0.date) && eaten.contains($0.date) }.count
    }

    /// The adaptive estimate's share of the figure, 0…1 (0 for the formula alone).
    public var measuredShare: Double {
        switch source {
        case .formula: return 0
        case .adaptive: return 1
        case .blended(_, let share): return share
        }
    }

    /// "40%": the adaptive share as a whole percentage.
    static func percent(_ share: Double) -> String { "\(WholeNumber.text(share * 100))%" }

    /// The basis in a few words, as every screen that shows a target names it, in the words of
    /// the Goal card (`sourcePhrasings`): "from your logs, 23 days", "40% from your logs, 20 days"
    /// or "formula".
    public var label: String {
        switch source {
        case .adaptive, .blended: return sourcePhrasings.first ?? ""
        case .formula: return "formula"
        }
    }

    /// "adaptive", "blended" or "formula" (`today --json` `calories.expenditure_basis`).
    public var key: String {
        switch source {
        case .adaptive: return "adaptive"
        case .blended: return "blended"
        case .formula: return "formula"
        }
    }

    /// Days of data behind an adaptive (or blended) estimate; nil for the formula.
    public var adaptiveEstimateDays: Int? {
        switch source {
        case .adaptive(let days), .blended(let days, _): return days
        case .formula: return nil
        }
    }

    /// What the target starts from, in one line for the report: the Goal card's words
    /// (`burnPhrasings`, longest) and what lies behind them (`basisDetail`):
    /// "Burn 2441 kcal: 71% from your logs, 24 days (yesterday: formula 2695 → logs 2337; all from logs at 28 days)".
    public var explanation: String {
        (burnPhrasings.first ?? "") + (basisDetail.map { " (\($0))" } ?? "")
    }

    /// What lies behind the Goal card's words: the two figures a blend mixes and when it is all
    /// from the logs, or what the logs are compared with; nil for the formula, whose words say it all.
    /// The blend's figures are yesterday's (a day's target is fixed from the days before it), so
    /// they say so: today's "BMR / TDEE" line, from today's weigh-in, may differ from them.
    public var basisDetail: String? {
        switch source {
        case .adaptive: return "intake against the weight trend"
        case .blended:
            let parts = [formulaKcal.map { "formula \(WholeNumber.text($0))" }, measuredKcal.map { "logs \(WholeNumber.text($0))" }]
            let blend = parts.compactMap { $0 }.joined(separator: " → ")
            return (blend.isEmpty ? "" : "yesterday: " + blend + "; ") + "all from logs at \(ExpenditureBlend.fullDays) days"
        case .formula: return nil
        }
    }
}

extension Goal {
    /// Keeps what the goal works out to on the day it is set, as its history shows it.
    public mutating func record(_ targets: DayTargets) {
        dailyCalorieTarget = targets.kcal
        proteinG = targets.macros?.proteinG
        carbsG = targets.macros?.carbsG
        fatG = targets.macros?.fatG
    }
}

/// How far a goal has come and when it should arrive, from the weight trend.
public struct GoalProgress: Equatable, Sendable {
    /// Trend weight still to lose (positive) or gain (negative).
    public var remainingKg: Double
    /// The trend's current weekly change (negative = losing).
    public var trendKgPerWeek: Double?
    /// When the trend reaches the target at its current pace; nil when it is not heading there.
    public var eta: LocalDate?
    public var reached: Bool

    /// Within 0.25 kg of the target counts as reached: the trend is not more exact than that.
    public static let reachedWithinKg = 0.25

    public static func compute(goal: Goal, trend: [TrendPoint], today: LocalDate) -> GoalProgress? {
        guard let target = goal.targetWeightKg, let now = trend.last?.trendKg else { return nil }
        let remaining = now - target
        let weekly = WeightTrend.weeklyRate(trend)
        if abs(remaining) <= reachedWithinKg {
            return GoalProgress(remainingKg: remaining, trendKgPerWeek: weekly, eta: nil, reached: true)
        }
        var eta: LocalDate?
        if let weekly, weekly != 0, (remaining > 0) == (weekly < 0) {
            let days = abs(remaining) / abs(weekly) * 7
            if days.isFinite, days < 3650 { eta = today.adding(days: Int(days.rounded(.up))) }
        }
        return GoalProgress(remainingKg: remaining, trendKgPerWeek: weekly, eta: eta, reached: false)
    }
}

/// Setting a goal (Settings → Goal): checks the input against the safe ranges and works out the
/// daily target and macros from today's expenditure basis.
public struct GoalPlanning {
    public typealias Store = GoalRepository

    /// Gains are limited to 0.5 % of body weight a week: faster mostly adds fat (Helms ER, et al.
    /// 2014 recommend 0.25–0.5 % per week for lean gains).
    public static let maxWeeklyGainFraction = 0.005
    public static let minimumRateKg = 0.05
    public static let proteinPerKgRange: ClosedRange<Double> = 0.8...3.0

    private let store: any Store
    private let clock: any Clock

    public init(store: any Store, clock: any Clock) {
        self.store = store
        self.clock = clock
    }

    /// The goal from the input, for a person weighing `weightKg` (safe rates are a share of it).
    /// It records no targets: the caller works them out by the rule every day uses
    /// (`TargetHistory.targets(on:with:)`) and keeps them with `Goal.record`.
    /// Without a weigh-in (`weightKg` nil) the targets alone can be set (a fixed target is fixed);
    /// a target weight or a weekly rate, which are judged against the weight, is refused saying so.
    public func validate(_ input: GoalInput, weightKg: Double?, unitSystem: UnitSystem) -> Result<Goal, FieldErrors<GoalField>> {
        var errors = FieldErrors<GoalField>()
        let fmt = UnitFormatter(unitSystem)
        let target = errors.capture(.targetWeight, ifPresent: input.targetWeight) { () throws(ValidationError) in
            try Validation.weight(input.targetWeight, unitSystem: unitSystem, field: "target weight")
        }
        if target != nil, weightKg == nil {
            errors.add(.targetWeight, Self.needsWeighIn("target weight", input.targetWeight, "is judged against your weight"))
        }
        if let target, let weightKg {
            let wrongWay = (input.type == .lose && target >= weightKg) || (input.type == .gain && target <= weightKg)
            if wrongWay {
                let side = input.type == .lose ? "below" : "above"
                errors.add(
                    .targetWeight,
                    ValidationError(
                        field: "target weight", value: input.targetWeight,
                        allowed: "\(side) your weight now (\(fmt.mass(weightKg)))", problem: .outOfRange))
            }
        }
        let fat = errors.capture(.targetBodyFat, ifPresent: input.targetBodyFat) { () throws(ValidationError) in
            try Validation.bodyFat(input.targetBodyFat, field: "target body fat")
        }
        var targetInput = input.targets
        targetInput.protein = input.proteinPerKg
        var choice = TargetChoice.standard, perKg = CalorieTarget.defaultProteinPerKg
        switch targetInput.validate() {
        case .success(let valid): (choice, perKg) = valid
        case .failure(let targetErrors):
            for field in TargetField.allCases { if let error = targetErrors[field] { errors.add(GoalField(field), error) } }
        }
        var rate = 0.0
        if input.type != .maintain, weightKg == nil {
            errors.add(.weeklyRate, Self.needsWeighIn("weekly rate", input.weeklyRate, "is a share of your weight"))
        } else if input.type != .maintain, let weightKg {
            let maxKg = input.type == .lose ? CalorieTarget.maxSafeWeeklyLossKg(weightKg: weightKg) : weightKg * Self.maxWeeklyGainFraction
            let shownMax = (fmt.massValue(maxKg) * 100).rounded(.down) / 100
            let minShown = (fmt.massValue(Self.minimumRateKg) * 100).rounded(.up) / 100
            let share = input.type == .lose ? "1 %" : "0.5 %"
            let allowed =
                "\(DecimalText.format(minShown, decimals: 2))–\(DecimalText.format(shownMax, decimals: 2)) \(fmt.massUnit)/week (\(share) of \(fmt.mass(weightKg)))"
            let magnitude = errors.capture(.weeklyRate) { () throws(ValidationError) in
                let trimmed = input.weeklyRate.trimmingCharacters(in: .whitespaces)
                guard !trimmed.isEmpty else {
                    throw ValidationError(field: "weekly rate", value: input.weeklyRate, allowed: allowed, problem: .empty)
                }
                let value = try Validation.number(trimmed, field: "weekly rate", range: 0...1000, unit: fmt.massUnit)
                let kg = unitSystem == .metric ? value : Units.poundsToKg(value)
                guard kg >= Self.minimumRateKg - 1e-9 else {
                    throw ValidationError(field: "weekly rate", value: input.weeklyRate, allowed: allowed, problem: .outOfRange)
                }
                guard kg <= maxKg + 1e-9 else {
                    throw ValidationError(field: "weekly rate", value: input.weeklyRate, allowed: allowed, problem: .tooFast)
                }
                return kg
            }
            rate = (magnitude ?? 0) * (input.type == .lose ? 1 : -1)
        }
        guard errors.isEmpty else { return .failure(errors) }
        return .success(
            Goal(
                type: input.type, targetWeightKg: target, targetBodyFatPercent: fat, weeklyRateKg: rate,
                dailyCalorieTarget: nil, proteinG: nil, carbsG: nil, fatG: nil, createdOn: clock.today,
                proteinPerKg: perKg, addsExerciseBack: input.addsExerciseBack, choice: choice))
    }

    @discardableResult
    public func save(_ goal: Goal) throws -> Goal { try store.saveActiveGoal(goal) }

    /// A field that cannot be judged before the first weigh-in.
    static func needsWeighIn(_ field: String, _ value: String, _ why: String) -> ValidationError {
        ValidationError(field: field, value: value, allowed: "after one (bodii log weight KG): it \(why)", problem: .needsWeighIn)
    }
}

/// Everything the goal screens show: the active goal and its history, today's weight and trend,
/// the expenditure basis and today's target, and progress with an ETA.
public struct GoalOverview: Equatable, Sendable {
    public var goal: Goal?
    public var history: [Goal]
    /// The latest weigh-in on or before today.
    public var weightKg: Double?
    public var trendKg: Double?
    public var basis: ExpenditureBasis?
    /// Today's targets: what the dashboard, Diet and `today` show.
    public var targets: DayTargets?
    public var targetKcal: Double? { targets?.kcal }
    public var progress: GoalProgress?
    /// What today's targets read from, for previewing another goal by the same rule.
    public var targetHistory: TargetHistory

    public static func == (a: GoalOverview, b: GoalOverview) -> Bool {
        a.goal == b.goal && a.history == b.history && a.weightKg == b.weightKg && a.trendKg == b.trendKg
            && a.basis == b.basis && a.targets == b.targets && a.progress == b.progress
    }

    /// Today's targets under `goal` instead of the one in force.
    public func previewTargets(for goal: Goal, today: LocalDate) -> DayTargets? {
        targetHistory.targets(on: today, with: goal)
    }

    public static func load(source: any DaySummaryQuery.Source, today: LocalDate) throws -> GoalOverview {
        let query = DaySummaryQuery(source: source)
        let weights = try query.trendWindow(endingOn: today)
        let summary = try query.summary(for: today, weights: weights)
        let trend = WeightTrend.compute(weights)
        let goal = summary.goal
        return GoalOverview(
            goal: goal, history: try source.goalHistory().reversed(),
            weightKg: try source.latestBodyRecord(onOrBefore: today)?.weightKg, trendKg: trend.last?.trendKg,
            basis: summary.expenditure, targets: summary.targets,
            progress: goal.flatMap { GoalProgress.compute(goal: $0, trend: trend, today: today) },
            targetHistory: try TargetHistory.load(range: DateRange(start: today, end: today), source: source))
    }
}

extension Validation {
    /// The check-in sentence template: 1–120 characters with a `[note]` placeholder (`[mood]` is optional).
    public static func checkInTemplate(_ text: String) throws(ValidationError) -> String {
        let allowed = "1–120 characters containing [note], e.g. \(Profile.defaultCheckInTemplate)"
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw ValidationError(field: "template", value: text, allowed: allowed, problem: .empty) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw ValidationError(field: "template", value: text, allowed: allowed, problem: .invalidCharacters)
        }
        guard trimmed.count <= 120 else { throw ValidationError(field: "template", value: text, allowed: allowed, problem: .tooLong) }
        guard trimmed.contains("[note]") else {
            throw ValidationError(field: "template", value: text, allowed: allowed, problem: .invalidFormat)
        }
        return trimmed
    }
}
