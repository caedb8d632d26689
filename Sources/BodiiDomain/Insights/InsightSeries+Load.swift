import Foundation

/// One day as Insights and the plateau check read it: what was eaten and against which target.
public struct InsightDay: Sendable {
    public var date: LocalDate
    /// Eaten on a day logged in full (`TargetHistory.isLoggedInFull`); nil for a day not logged or
    /// partly logged.
    public var eatenKcal: Double?
    /// Something logged, but under half the day's formula target.
    public var isPartlyLogged: Bool
    public var targetKcal: Double?
    /// The expenditure the day's target starts from (`ExpenditureBasis`).
    public var expenditureKcal: Double?
}

extension InsightSeries {
    public typealias Source = TargetHistory.Source & FoodLogRepository & ExerciseRepository & SleepRepository
        & CheckInRepository & ActivityRepository & PantryRepository & NutrientIntakeRepository

    /// The series of `range`, each figure from the one computation behind it: sleep minutes and
    /// bedtime from the day's night (`DaySummary`'s rule: the last record of the date), exercise
    /// minutes summed as `DaySummary` sums them, kcal from the daily log (`PeriodSummary`), the share
    /// of the day's `TargetHistory` target, protein summed from the day's entries, mood and energy
    /// from the check-in, steps from `ActivitySnapshot`, the weight trend's change from
    /// `WeightTrend.compute` (days with a weigh-in), spending from `Spending`. Food series keep only
    /// days logged in full, the adaptive expenditure's rule. Exercise minutes and spending count 0
    /// on days something else was logged (a day with nothing logged is unknown, not a rest day).
    /// Alcohol and caffeine come in when the source reads nutrients (`NutrientIntakeRepository`).
    public static func load(range: DateRange, source: any Source) throws -> (series: InsightSeries, days: [InsightDay]) {
        var values: [InsightMetric: [LocalDate: Double]] = [:]
        var tracked = Set<LocalDate>()

        var nights: [LocalDate: SleepRecord] = [:]
        for night in try source.sleepRecords(in: range) { nights[night.date] = night }
        values[.sleepMinutes] = nights.mapValues { Double($0.minutes) }
        values[.bedtime] = nights.compactMapValues { $0.bedtime.map(InsightMetric.minutesSinceNoon) }
        tracked.formUnion(nights.keys)

        var exercise: [LocalDate: Double] = [:]
        for session in try source.exerciseRecords(in: range) { exercise[session.date, default: 0] += Double(session.minutes) }
        tracked.formUnion(exercise.keys)

        var mood: [LocalDate: Double] = [:], energy: [LocalDate: Double] = [:]
        for checkIn in try source.checkIns(in: range) {
            mood[checkIn.date] = checkIn.mood.map(Double.init)
            energy[checkIn.date] = checkIn.energy.map(Double.init)
            tracked.insert(checkIn.date)
        }
        values[.mood] = mood
        values[.energy] = energy
        values[.steps] = Dictionary(
            try source.activitySnapshots(in: range).compactMap { a in a.steps.map { (a.date, Double($0)) } },
            uniquingKeysWith: { _, b in b })

        let (days, food) = try foodDays(range: range, source: source)
        values.merge(food) { _, b in b }
        tracked.formUnion(days.filter { $0.eatenKcal != nil || $0.isPartlyLogged }.map(\.date))
        values[.exerciseMinutes] = Dictionary(uniqueKeysWithValues: tracked.map { ($0, exercise[$0] ?? 0) })

        let weights = try source.dailyWeights(in: DateRange(start: WeightTrend.window(endingOn: range.start).start, end: range.end))
        let trend = WeightTrend.compute(weights)
        var change: [LocalDate: Double] = [:]
        for (before, point) in zip(trend, trend.dropFirst()) where !point.isInterpolated && range.contains(point.date) {
            change[point.date] = (point.trendKg - before.trendKg) * 1000
        }
        values[.weightTrendChange] = change

        var currency = Currency.default.code
        let spending = try groceries(range: range, pantry: source, days: tracked)
        currency = spending.currency.code
        if let perDay = spending.perDay { values[.grocerySpending] = perDay }
        let full = Set(days.filter { $0.eatenKcal != nil }.map(\.date))
        let intakes = try source.nutrientIntakes(in: range, of: [.alcoholG, .caffeineMg]).filter { full.contains($0.key) }
        values[.alcoholG] = intakes.compactMapValues { $0.partial.contains(.alcoholG) ? nil : $0.amounts[.alcoholG] ?? 0 }
        values[.caffeineMg] = intakes.compactMapValues { $0.partial.contains(.caffeineMg) ? nil : $0.amounts[.caffeineMg] ?? 0 }
        return (InsightSeries(range: range, values: values.filter { !$0.value.isEmpty }, currency: currency), days)
    }

    /// The food days: kcal, protein and the share of the target on days logged in full.
    static func foodDays(range: DateRange, source: any Source) throws -> ([InsightDay], [InsightMetric: [LocalDate: Double]]) {
        let history = try TargetHistory.load(range: range, source: source)
        var protein: [LocalDate: Double] = [:]
        for entry in try source.foodProtein(in: range) { protein[entry.date, default: 0] += entry.proteinG }
        var kcal: [LocalDate: Double] = [:], share: [LocalDate: Double] = [:], fullProtein: [LocalDate: Double] = [:]
        var days: [InsightDay] = []
        for log in try source.dailyLogs(in: range) where log.caloriesIn > 0 {
            let targets = history.targets(on: log.date)
            let full = history.isLoggedInFull(log)
            days.append(
                InsightDay(
                    date: log.date, eatenKcal: full ? log.caloriesIn : nil, isPartlyLogged: !full, targetKcal: targets?.kcal,
                    expenditureKcal: targets?.expenditure.kcalPerDay))
            guard full else { continue }
            kcal[log.date] = log.caloriesIn
            fullProtein[log.date] = protein[log.date]
            if let target = targets?.kcal, target > 0 { share[log.date] = log.caloriesIn / target * 100 }
        }
        return (days, [.kcalEaten: kcal, .proteinG: fullProtein, .targetShare: share])
    }

    /// Spent per tracked day (`Spending` of that day), when anything priced was bought in `range`.
    static func groceries(
        range: DateRange, pantry: any PantryRepository, days: Set<LocalDate>
    ) throws -> (currency: Currency, perDay: [LocalDate: Double]?) {
        let purchases = try pantry.purchases(in: range)
        let newest = purchases.filter { $0.price != nil }.max { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
        let currency = try pantry.pantryBudget()?.amount.currency ?? newest?.price?.currency ?? .default
        guard newest != nil else { return (currency, nil) }
        let byDay = Dictionary(grouping: purchases, by: \.date)
        let perDay = Dictionary(
            uniqueKeysWithValues: days.map { day in
                (
                    day,
                    Spending(range: DateRange(start: day, end: day), purchases: byDay[day] ?? [], uses: [], currency: currency).spent
                        .mainUnits
                )
            })
        return (currency, perDay)
    }
}
