import Foundation

/// A day's targets — calories, macros, and the expenditure they start from — and the "left" rule.
/// Computed in one place (`TargetHistory`) and read by every screen, the CLI and the report.
public struct DayTargets: Equatable, Sendable {
    /// Whole kcal: expenditure − weekly rate × 7700 / 7 (PRODUCT.md §6), or the fixed number chosen.
    public var kcal: Double
    /// The trend weight protein and the fat floor were worked out for; nil before a weigh-in
    /// (only a fixed target exists then).
    public var weightKg: Double?
    /// Whole grams that add up to `kcal` (4·P + 4·C + 9·F within rounding); nil when the split
    /// needs a weight (protein by g/kg, the fat floor) and there is none yet.
    public var macros: MacroTargets?
    /// The expenditure the target starts from, and its basis; nil for a fixed target with no
    /// expenditure known yet (no weigh-in, or no profile).
    public var expenditure: ExpenditureBasis?
    /// The goal's "add exercise back" switch: when on, exercise kcal raise what is left.
    public var addsExerciseBack: Bool
    /// Where `kcal` came from: the expenditure's basis, or the formula or a fixed number the person chose.
    public var basis: TargetBasis
    /// The split the macros follow.
    public var split: MacroSplit

    public init(
        kcal: Double, weightKg: Double?, macros: MacroTargets?, expenditure: ExpenditureBasis?, addsExerciseBack: Bool,
        basis: TargetBasis? = nil, split: MacroSplit = .preset(.balanced)
    ) {
        self.basis = basis ?? expenditure.flatMap { TargetBasis(rawValue: $0.key) } ?? .formula
        self.split = split
        self.kcal = kcal
        self.weightKg = weightKg
        self.macros = macros
        self.expenditure = expenditure
        self.addsExerciseBack = addsExerciseBack
    }

    /// Why `macros` is nil, in the words every surface uses ("— (log a weight)").
    public static let macrosNeedAWeight = "log a weight"

    /// Left = target − eaten; + exercise only with "add exercise back" on (PRODUCT.md §6: the
    /// activity factor and the adaptive estimate already contain habitual exercise).
    public func left(eaten: Double, burned: Double) -> Double {
        kcal - eaten + (addsExerciseBack ? burned : 0)
    }

    /// "Left" or "Left incl. exercise": every screen labels the figure the same way (a screen
    /// short of room puts `leftQualifier` on a line of its own).
    public var leftLabel: String { leftQualifier.map { Self.leftWord + " " + $0 } ?? Self.leftWord }
    public static let leftWord = "Left"
    /// What the figure counts besides the target and what was eaten; nil without exercise added back.
    public var leftQualifier: String? { addsExerciseBack ? "incl. exercise" : nil }

    /// The targets of `goal` on `basis` for a person whose trend weight is `weightKg` (lean mass
    /// `leanKg` when body fat is known). With no goal the target is the expenditure itself
    /// (maintenance) with the default protein. The goal's choice (issue 43) picks the kcal — the
    /// expenditure as known today, the formula TDEE alone, or a fixed number — and the split.
    public static func derive(goal: Goal?, basis: ExpenditureBasis, weightKg: Double, leanKg: Double? = nil) -> DayTargets {
        let kcal = kcal(goal: goal, basis: basis)
        return DayTargets(
            kcal: kcal.kcal, weightKg: weightKg, macros: macros(goal: goal, kcal: kcal.kcal, weightKg: weightKg, leanKg: leanKg),
            expenditure: basis, addsExerciseBack: goal?.addsExerciseBack ?? false, basis: kcal.source,
            split: (goal?.choice ?? .standard).split)
    }

    /// The same when the expenditure or the weight may be unknown (no weigh-in yet, no profile):
    /// a fixed target needs neither, so it exists from the day it is set, with the macros its split
    /// can work out without a weight (nil when it needs one). Nil when the kcal need an expenditure
    /// and there is none.
    public static func derive(
        goal: Goal?, knownBasis basis: ExpenditureBasis?, knownWeightKg weightKg: Double?, leanKg: Double? = nil
    ) -> DayTargets? {
        if let basis, let weightKg { return derive(goal: goal, basis: basis, weightKg: weightKg, leanKg: leanKg) }
        guard case .fixed(let fixed) = goal?.choice.calories else { return nil }
        let kcal = fixed.rounded()
        return DayTargets(
            kcal: kcal, weightKg: weightKg, macros: macros(goal: goal, kcal: kcal, weightKg: weightKg, leanKg: leanKg),
            expenditure: basis, addsExerciseBack: goal?.addsExerciseBack ?? false, basis: .fixed,
            split: (goal?.choice ?? .standard).split)
    }

    /// The kcal of `goal`'s choice on `basis`, and where they came from.
    static func kcal(goal: Goal?, basis: ExpenditureBasis) -> (kcal: Double, source: TargetBasis) {
        let rate = goal?.weeklyRateKg ?? 0
        switch (goal?.choice ?? .standard).calories {
        case .adaptive:
            return (
                CalorieTarget.dailyTarget(tdee: basis.kcalPerDay, weeklyRateKg: rate).rounded(),
                TargetBasis(rawValue: basis.key) ?? .formula
            )
        case .formula:
            // Without a formula TDEE (no profile) the expenditure known is all there is.
            return (
                CalorieTarget.dailyTarget(tdee: basis.formulaKcal ?? basis.kcalPerDay, weeklyRateKg: rate).rounded(),
                basis.formulaKcal == nil ? TargetBasis(rawValue: basis.key) ?? .formula : .formula
            )
        case .fixed(let fixed):
            return (fixed.rounded(), .fixed)
        }
    }

    /// The grams of `goal`'s split for `kcal`; nil when the split needs a weight and there is none.
    static func macros(goal: Goal?, kcal: Double, weightKg: Double?, leanKg: Double?) -> MacroTargets? {
        let choice = goal?.choice ?? .standard
        let perKg = goal?.proteinPerKg ?? CalorieTarget.defaultProteinPerKg
        guard var macros = MacroTargets.split(
            kcal: kcal, knownWeightKg: weightKg, leanKg: leanKg, proteinPerKg: perKg, split: choice.split)
        else { return nil }
        if choice.countsNetCarbs { macros.carbsAreNet = true }
        return macros
    }
}

extension MacroTargets {
    /// Fat's share of the target's energy, and its floor per kg of body weight (PRODUCT.md §6).
    public static let fatShare = 0.30
    public static let minimumFatPerKg = 0.6

    /// PRODUCT.md §6: protein = g/kg × trend weight; fat = 30 % of the kcal, never under 0.6 g/kg;
    /// carbs = the rest, never negative. Whole grams, with carbs taking up the rounding, so
    /// 4·P + 4·C + 9·F equals `kcal` within 2 kcal (unless protein and fat alone exceed it).
    /// Energy per gram 4/4/9 (Atwater factors).
    public static func split(kcal: Double, weightKg: Double, proteinPerKg: Double) -> MacroTargets {
        let perKg = proteinPerKg.isFinite && proteinPerKg > 0 ? proteinPerKg : CalorieTarget.defaultProteinPerKg
        let protein = (perKg * weightKg).rounded()
        let fat = max(kcal * fatShare / 9, minimumFatPerKg * weightKg).rounded()
        let carbs = max(0, ((kcal - 4 * protein - 9 * fat) / 4).rounded())
        return MacroTargets(kcal: kcal, proteinG: protein, carbsG: carbs, fatG: fat)
    }

    /// The energy the grams add up to.
    public var gramsKcal: Double { 4 * proteinG + 4 * carbsG + 9 * fatG }
}

/// Everything the targets of a range of days depend on, read once, and the rule that turns it into
/// one day's `DayTargets` (PRODUCT.md §6). The target of day D uses data up to D − 1 only, so what
/// is logged on D never moves D's target; only on a first day, with nothing before it, does D's own
/// weigh-in stand in.
public struct TargetHistory: Sendable {
    /// `DayTargetsCaching` is part of it, not asked with `as?`: the cast looked the store's
    /// conformance up among every conformance in the binary (~0.6 M instructions a process).
    public typealias Source = BodyRepository & DailyLogRepository & GoalRepository & DayTargetsCaching

    /// The days whose targets this history can tell (what `load` read for); nil: any day of the data given.
    public let covers: DateRange?
    let goals: [Goal]
    let snapshots: [MetabolismSnapshot]
    /// One log per date (the later given wins), in date order.
    let logs: [DailyLog]
    let weights: [(date: LocalDate, weightKg: Double)]
    /// Where the targets of covered days are kept (`DayTargetsMemo`).
    let memo: DayTargetsMemo?
    /// The Navy estimate from each day the tape changed, in date order; read only when a goal lets
    /// Katch-McArdle use it (`BodyFatSource.estimated`).
    let bodyFatEstimates: [(day: LocalDate, estimate: BodyFatEstimate?)]

    public init(
        goals: [Goal], snapshots: [MetabolismSnapshot], logs: [DailyLog], weights: [(date: LocalDate, weightKg: Double)],
        covers: DateRange? = nil, memo: DayTargetsMemo? = nil,
        bodyFatEstimates: [(day: LocalDate, estimate: BodyFatEstimate?)] = []
    ) {
        self.bodyFatEstimates = bodyFatEstimates.sorted { $0.day < $1.day }
        self.covers = covers
        self.memo = covers == nil ? nil : memo
        self.goals = Self.inForceOrder(goals)
        // By date; within a day in the order given (the store gives the latest-recorded last).
        self.snapshots = snapshots.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        self.logs = Dictionary(logs.map { ($0.date, $0) }, uniquingKeysWith: { _, b in b }).values.sorted { $0.date < $1.date }
        self.weights = weights.sorted { $0.date < $1.date }
    }

    /// Reads what the targets of every day in `range` need: goals, snapshots, daily intake of the
    /// 28 days before each, and weigh-ins of the trend window before each (and of the day itself,
    /// for a first day).
    /// `weights`: daily weights covering at least `weightsNeeded(for: range)`, when the caller
    /// has read them already (the dashboard reads one window for its charts and the targets).
    public static func load(
        range: DateRange, source: any Source,
        weights known: [(date: LocalDate, weightKg: Double)]? = nil
    ) throws -> TargetHistory {
        // Asked before reading: a commit while reading makes the targets kept of an older
        // generation than their data, which only costs a check of their inputs.
        let memo = source.dayTargetsMemo()
        let before = range.start.adding(days: -1)
        var snapshots = try source.metabolismSnapshots(in: range)
        if let earlier = try source.latestMetabolismSnapshot(onOrBefore: before) { snapshots.insert(earlier, at: 0) }
        let logs = try source.dailyLogs(
            in: DateRange(
                start: range.start.adding(days: -AdaptiveExpenditure.windowDays),
                end: range.end.adding(days: -1)))
        let needed = weightsNeeded(for: range)
        let weights = try known.map { $0.filter { needed.contains($0.date) } } ?? source.dailyWeights(in: needed)
        let goals = try source.goalHistory()
        return TargetHistory(
            goals: goals, snapshots: snapshots, logs: logs, weights: weights, covers: range, memo: memo,
            bodyFatEstimates: try bodyFatEstimates(for: range, goals: goals, source: source))
    }

    /// The days of weigh-ins the targets of `range` depend on: each day's trend window (a day's
    /// target reads the trend up to the day before).
    public static func weightsNeeded(for range: DateRange) -> DateRange {
        DateRange(start: WeightTrend.window(endingOn: range.start.adding(days: -1)).start, end: range.end)
    }

    /// The daily weights of `day`'s trend window (`WeightTrend.window(endingOn:)`), when this
    /// history's weights cover it: they do for every day it covers, since each day's target reads
    /// the trend window ending the day before, up to the day itself.
    public func trendWindow(endingOn day: LocalDate) -> [(date: LocalDate, weightKg: Double)]? {
        guard let covers, covers.contains(day) else { return nil }
        let window = WeightTrend.window(endingOn: day)
        let start = Self.countOnOrBefore(window.start.adding(days: -1), in: weights, date: { $0.date })
        return Array(weights[start..<Self.countOnOrBefore(day, in: weights, date: { $0.date })])
    }

    /// The days with a weigh-in within `range`, when this history's weights cover it.
    func weighInDays(in range: DateRange) -> Set<LocalDate>? {
        guard let covers, covers.contains(range.start), covers.contains(range.end) else { return nil }
        return Set(weights.lazy.filter { range.contains($0.date) }.map(\.date))
    }

    /// The latest snapshot on or before `day` (the BMR and formula TDEE a day shows), for a day
    /// this history covers.
    public func snapshot(onOrBefore day: LocalDate) -> MetabolismSnapshot? {
        let end = Self.countOnOrBefore(day, in: snapshots, date: { $0.date })
        return end > 0 ? snapshots[end - 1] : nil
    }

    /// The goals in date order, without those the active goal superseded. The active goal is the
    /// one saved last; an inactive goal dated on or after it (saved under a later clock, or on
    /// another device whose clock ran ahead) was replaced by it, so it judges no day. Without
    /// this, a goal saved with an earlier date lost to an older save dated later.
    static func inForceOrder(_ goals: [Goal]) -> [Goal] {
        let sorted = goals.sorted { ($0.createdOn, $0.id ?? 0) < ($1.createdOn, $1.id ?? 0) }
        guard let active = sorted.last(where: \.isActive) else { return sorted }
        return sorted.filter { $0.isActive || $0.createdOn < active.createdOn }
    }

    /// The goal in force on `day`: the latest one set on or before it; before the first goal, the
    /// first one (a history imported or generated before any goal is judged by it).
    public func goal(on day: LocalDate) -> Goal? {
        goals.last { $0.createdOn <= day } ?? goals.first
    }

    /// Day D's targets; nil when there is no expenditure to start from (no weigh-in with a profile)
    /// and the goal's target is not a fixed number.
    /// A covered day's are kept in the store's memo, across writes that leave the day's inputs as they were.
    public func targets(on day: LocalDate) -> DayTargets? {
        guard let memo, covers?.contains(day) == true else { return inputs(on: day, with: goal(on: day)).targets() }
        return memo.targets(on: day) { inputs(on: day, with: goal(on: day)) }
    }

    /// What day D's targets would be under `goal` (Settings previews a goal with it).
    public func targets(on day: LocalDate, with goal: Goal?) -> DayTargets? {
        inputs(on: day, with: goal).targets()
    }

    /// What day D's targets are worked out from under `goal`: slices of this history's records
    /// (they are in date order: a few binary searches, as Insights asks this of 10 years of days).
    func inputs(on day: LocalDate, with goal: Goal?) -> DayTargetInputs {
        let yesterday = day.adding(days: -1)
        let weighIns = { (day: LocalDate) in Self.countOnOrBefore(day, in: weights, date: { $0.date }) }
        let logged = { (day: LocalDate) in Self.countOnOrBefore(day, in: logs, date: { $0.date }) }
        let trendStart = WeightTrend.window(endingOn: yesterday).start
        let upToDay = weighIns(day)
        return DayTargetInputs(
            day: day, goal: goal,
            snapshot: metabolism(onOrBefore: yesterday, goal: goal)?.snapshot ?? metabolism(onOrBefore: day, goal: goal)?.snapshot,
            trendWeights: weights[weighIns(trendStart.adding(days: -1))..<weighIns(yesterday)],
            latestWeight: upToDay > 0 ? weights[upToDay - 1] : nil,
            // The adaptive window: the completed days before D (PRODUCT.md §6).
            logs: logs[logged(day.adding(days: -AdaptiveExpenditure.windowDays - 1))..<logged(yesterday)])
    }

    /// The partly-logged rule (PRODUCT.md §6) for a day's log: something logged, and at least half
    /// of its formula target (the log's TDEE, else `formulaTDEE`, minus the goal's rate). Insights
    /// leaves out of its food series the days the adaptive window leaves out.
    public static func isLoggedInFull(_ log: DailyLog, goal: Goal?, formulaTDEE: Double?) -> Bool {
        guard log.caloriesIn > 0 else { return false }
        let rateKcal = (goal?.weeklyRateKg ?? 0) * CalorieTarget.kcalPerKg / 7
        let reference = (log.tdee ?? formulaTDEE).map { $0 - rateKcal } ?? 0
        return log.caloriesIn >= reference * partialDayShare
    }

    /// `isLoggedInFull` with the goal and the formula TDEE in force on the log's own day (under the
    /// goal's body-fat choice, as the day's own BMR is shown).
    public func isLoggedInFull(_ log: DailyLog) -> Bool {
        let goal = goal(on: log.date)
        return Self.isLoggedInFull(log, goal: goal, formulaTDEE: metabolism(onOrBefore: log.date, goal: goal)?.snapshot.tdee)
    }

    /// How many elements of `sorted` (in date order) are dated on or before `day`: a binary search.
    static func countOnOrBefore<T>(_ day: LocalDate, in sorted: [T], date: (T) -> LocalDate) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if date(sorted[mid]) <= day { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A day with less than this share of its target logged is partly logged: it would bias the
    /// estimate low, so it does not count.
    public static let partialDayShare = 0.5
}
