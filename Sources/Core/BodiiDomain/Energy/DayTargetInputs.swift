/// Everything day D's targets are worked out from, and nothing else: the goal in force, the
/// snapshot its formula TDEE and lean mass come from, the weigh-ins of its trend window (and the
/// latest one up to D, which stands in when the window has none), and the daily logs of its
/// adaptive window. `targets()` reads only these, so two equal inputs give the same targets: the
/// memo keeps a day's targets across a write that left its inputs as they were (`DayTargetsMemo`).
struct DayTargetInputs: Equatable, Sendable {
    let day: LocalDate
    let goal: Goal?
    /// The latest snapshot up to D − 1, else up to D (a first day).
    let snapshot: MetabolismSnapshot?
    /// The weigh-ins of D's trend window (up to D − 1), in date order.
    let trendWeights: ArraySlice<(date: LocalDate, weightKg: Double)>
    /// The latest weigh-in up to D itself: the weight when the window has none.
    let latestWeight: (date: LocalDate, weightKg: Double)?
    /// The daily logs of the adaptive window before D, in date order.
    let logs: ArraySlice<DailyLog>

    /// The targets (PRODUCT.md §6); nil when there is no expenditure to start from and the goal's
    /// target is not a fixed number.
    func targets() -> DayTargets? {
        let yesterday = day.adding(days: -1)
        let formulaTDEE = snapshot?.tdee
        let trend = WeightTrend.compute(Array(trendWeights))
        let basis = ExpenditureBasis.resolve(
            formulaTDEE: formulaTDEE, intake: countingIntake(formulaTDEE: formulaTDEE), trend: trend, asOf: yesterday)
        let weight = trend.last?.trendKg ?? latestWeight?.weightKg
        let lean = MacroTargets.leanMassKg(from: snapshot)
        // Without an expenditure or a weight only a fixed target exists (issue 43: a dietitian's
        // 1,800 kcal holds before the first weigh-in).
        return DayTargets.derive(goal: goal, knownBasis: basis, knownWeightKg: weight, leanKg: lean)
    }

    /// The completed days of the adaptive window that count (PRODUCT.md §6): at least half of that
    /// day's target logged. "That day's target" here is its formula target (the TDEE of its daily
    /// log, else today's, minus the goal's rate): the adaptive target of a past day would itself
    /// depend on these days.
    func countingIntake(formulaTDEE: Double?) -> [(date: LocalDate, kcal: Double)] {
        var counted: [(date: LocalDate, kcal: Double)] = []
        counted.reserveCapacity(logs.count)
        for log in logs where TargetHistory.isLoggedInFull(log, goal: goal, formulaTDEE: formulaTDEE) {
            counted.append((log.date, log.caloriesIn))
        }
        return counted
    }

    static func == (a: DayTargetInputs, b: DayTargetInputs) -> Bool {
        a.day == b.day && a.goal == b.goal && a.snapshot == b.snapshot && a.logs == b.logs
            && a.latestWeight?.date == b.latestWeight?.date && a.latestWeight?.weightKg == b.latestWeight?.weightKg
            && a.trendWeights.elementsEqual(b.trendWeights) { $0.date == $1.date && $0.weightKg == $1.weightKg }
    }
}
