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

/// The records behind Insights' series for a range, as the store gives them: what
/// `InsightSeries.make` turns into series. A generated history (the calibration tests) is held in
/// one of these, so it goes through the same arithmetic as the user's own.
public struct InsightReadings: Sendable {
    public var nights: [SleepRecord] = []
    public var exercise: [ExerciseRecord] = []
    public var checkIns: [CheckIn] = []
    public var activity: [ActivitySnapshot] = []
    /// The daily logs of the range (days with nothing eaten are skipped).
    public var logs: [DailyLog] = []
    /// What the targets of the range's days depend on (`TargetHistory.load`).
    public var targets: TargetHistory
    /// Protein of each food entry of the range.
    public var protein: [(date: LocalDate, proteinG: Double)] = []
    /// Daily weights from the trend window before the range's first day to its last.
    public var weights: [(date: LocalDate, weightKg: Double)] = []
    public var purchases: [Purchase] = []
    /// The grocery budget's currency, when one is set (it names the currency spending is said in).
    public var budgetCurrency: Currency?
    /// Alcohol and caffeine of each day of the range with food logged.
    public var intakes: [LocalDate: NutrientIntake] = [:]
    /// The finished fasts of the range, each dated by the day it ended, in hours.
    public var fasts: [(date: LocalDate, hours: Double)] = []
    /// The moments of the range, whose tags are series of their own.
    public var moments: [Moment] = []

    public init(targets: TargetHistory) { self.targets = targets }

    public typealias Source = TargetHistory.Source & FoodLogRepository & ExerciseRepository & SleepRepository
        & CheckInRepository & ActivityRepository & PantryRepository & NutrientIntakeRepository & MomentRepository & FastRepository

    /// Everything Insights reads of `range`, in one pass over the store.
    public static func read(range: DateRange, source: any Source) throws -> InsightReadings {
        var readings = InsightReadings(targets: try TargetHistory.load(range: range, source: source))
        readings.nights = try source.sleepRecords(in: range)
        readings.exercise = try source.exerciseRecords(in: range)
        readings.checkIns = try source.checkIns(in: range)
        readings.activity = try source.activitySnapshots(in: range)
        readings.logs = try source.dailyLogs(in: range)
        readings.protein = try source.foodProtein(in: range)
        readings.weights = try source.dailyWeights(in: DateRange(start: WeightTrend.window(endingOn: range.start).start, end: range.end))
        readings.purchases = try source.purchases(in: range)
        readings.budgetCurrency = try source.pantryBudget()?.amount.currency
        readings.intakes = try source.nutrientIntakes(in: range, of: [.alcoholG, .caffeineMg])
        readings.fasts = try source.finishedFasts(endingIn: range).compactMap { ended, fast in
            fast.endedAt.map { (ended, $0.timeIntervalSince(fast.startedAt) / 3600) }
        }
        readings.moments = try source.moments(in: range)
        return readings
    }
}

extension InsightSeries {
    public typealias Source = InsightReadings.Source

    /// The series of `range`, read from `source` (`InsightReadings.read`, then `make`).
    public static func load(range: DateRange, source: any Source) throws -> (series: InsightSeries, days: [InsightDay]) {
        make(range: range, from: try InsightReadings.read(range: range, source: source))
    }

    /// The series of `range`, each figure from the one computation behind it: sleep minutes and
    /// bedtime from the day's night (`DaySummary`'s rule: the last record of the date), exercise
    /// minutes summed as `DaySummary` sums them, kcal from the daily log (`PeriodSummary`), the share
    /// of the day's `TargetHistory` target, protein summed from the day's entries, mood and energy
    /// from the check-in, steps from `ActivitySnapshot`, the weight trend's change from
    /// `WeightTrend.compute` (days with a weigh-in), spending from `Spending`. Food series keep only
    /// days logged in full, the adaptive expenditure's rule. Fasting hours are the finished fasts'
    /// hours summed on the day each ended: a fast from 20:00 to 12:00 shapes the day it ends, whose
    /// first food ends it. Exercise minutes, spending and fasting hours count 0 on days something
    /// else was logged (a day with nothing logged is unknown, not a rest day); a range with no
    /// finished fast has no fasting series (all zeros would say nothing).
    public static func make(range: DateRange, from readings: InsightReadings) -> (series: InsightSeries, days: [InsightDay]) {
        var values: [InsightMetric: [LocalDate: Double]] = [:]
        var tracked = Set<LocalDate>()

        var nights: [LocalDate: SleepRecord] = [:]
        for night in readings.nights where range.contains(night.date) { nights[night.date] = night }
        values[.sleepMinutes] = nights.mapValues { Double($0.minutes) }
        values[.bedtime] = nights.compactMapValues { $0.bedtime.map(InsightMetric.minutesSinceNoon) }
        tracked.formUnion(nights.keys)

        var exercise: [LocalDate: Double] = [:]
        for session in readings.exercise where range.contains(session.date) {
            exercise[session.date, default: 0] += Double(session.minutes)
        }
        tracked.formUnion(exercise.keys)

        var fasting: [LocalDate: Double] = [:]
        for fast in readings.fasts where range.contains(fast.date) { fasting[fast.date, default: 0] += fast.hours }
        tracked.formUnion(fasting.keys)

        var mood: [LocalDate: Double] = [:], energy: [LocalDate: Double] = [:]
        for checkIn in readings.checkIns where range.contains(checkIn.date) {
            mood[checkIn.date] = checkIn.mood.map(Double.init)
            energy[checkIn.date] = checkIn.energy.map(Double.init)
            tracked.insert(checkIn.date)
        }
        values[.mood] = mood
        values[.energy] = energy
        values[.steps] = Dictionary(
            readings.activity.compactMap { a in range.contains(a.date) ? a.steps.map { (a.date, Double($0)) } : nil },
            uniquingKeysWith: { _, b in b })

        let (days, food) = foodDays(range: range, logs: readings.logs, history: readings.targets, protein: readings.protein)
        values.merge(food) { _, b in b }
        tracked.formUnion(days.filter { $0.eatenKcal != nil || $0.isPartlyLogged }.map(\.date))
        values[.exerciseMinutes] = Dictionary(uniqueKeysWithValues: tracked.map { ($0, exercise[$0] ?? 0) })
        if !fasting.isEmpty { values[.fastingHours] = Dictionary(uniqueKeysWithValues: tracked.map { ($0, fasting[$0] ?? 0) }) }
        values[.weightTrendChange] = trendChanges(range: range, weights: readings.weights)

        let spending = groceries(purchases: readings.purchases, budgetCurrency: readings.budgetCurrency, days: tracked)
        if let perDay = spending.perDay { values[.grocerySpending] = perDay }
        let full = Set(days.filter { $0.eatenKcal != nil }.map(\.date))
        let intakes = readings.intakes.filter { full.contains($0.key) }
        values[.alcoholG] = intakes.compactMapValues { $0.partial.contains(.alcoholG) ? nil : $0.amounts[.alcoholG] ?? 0 }
        values[.caffeineMg] = intakes.compactMapValues { $0.partial.contains(.caffeineMg) ? nil : $0.amounts[.caffeineMg] ?? 0 }
        values.merge(tagSeries(range: range, moments: readings.moments)) { _, b in b }
        return (InsightSeries(range: range, values: values.filter { !$0.value.isEmpty }, currency: spending.currency.code), days)
    }

    /// Tags noted on at least this many days, and missing on as many days with moments, are series.
    static let fewestTagDays = 10
    /// The most-used tags only: each adds tests, and the false discovery rate pays for every one.
    static let mostTags = 8

    /// A series per tag used enough (`fewestTagDays`, the `mostTags` most used): on each day of
    /// `range` with moments, 1 when one of them has the tag, else 0. A day without moments is
    /// unknown: no moment noted says nothing about the company kept.
    static func tagSeries(range: DateRange, moments: [Moment]) -> [InsightMetric: [LocalDate: Double]] {
        var tagsByDay: [LocalDate: Set<String>] = [:]
        for m in moments where range.contains(m.date) { tagsByDay[m.date, default: []].formUnion(m.tags) }
        var daysWith: [String: Int] = [:]
        for tags in tagsByDay.values { for tag in tags { daysWith[tag, default: 0] += 1 } }
        let chosen = daysWith.filter { $0.value >= fewestTagDays && tagsByDay.count - $0.value >= fewestTagDays }
            .sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(mostTags).map(\.key)
        var series: [InsightMetric: [LocalDate: Double]] = [:]
        for tag in chosen { series[.tag(tag)] = tagsByDay.mapValues { $0.contains(tag) ? 1 : 0 } }
        return series
    }

    /// The weight trend's change (g) on each day of `range` with a weigh-in, from `weights` reaching
    /// back a trend window before the range (`WeightTrend.compute`).
    static func trendChanges(range: DateRange, weights: [(date: LocalDate, weightKg: Double)]) -> [LocalDate: Double] {
        let trend = WeightTrend.compute(weights)
        var change: [LocalDate: Double] = [:]
        for (before, point) in zip(trend, trend.dropFirst()) where !point.isInterpolated && range.contains(point.date) {
            change[point.date] = (point.trendKg - before.trendKg) * 1000
        }
        return change
    }

    /// The food days of `range`: kcal, protein and the share of the target on days logged in full.
    static func foodDays(
        range: DateRange, logs: [DailyLog], history: TargetHistory, protein entries: [(date: LocalDate, proteinG: Double)]
    ) -> ([InsightDay], [InsightMetric: [LocalDate: Double]]) {
        var protein: [LocalDate: Double] = [:]
        for entry in entries { protein[entry.date, default: 0] += entry.proteinG }
        var kcal: [LocalDate: Double] = [:], share: [LocalDate: Double] = [:], fullProtein: [LocalDate: Double] = [:]
        var days: [InsightDay] = []
        for log in logs where log.caloriesIn > 0 && range.contains(log.date) {
            let targets = history.targets(on: log.date)
            let full = history.isLoggedInFull(log)
            days.append(
                InsightDay(
                    date: log.date, eatenKcal: full ? log.caloriesIn : nil, isPartlyLogged: !full, targetKcal: targets?.kcal,
                    expenditureKcal: targets?.expenditure?.kcalPerDay))
            guard full else { continue }
            kcal[log.date] = log.caloriesIn
            fullProtein[log.date] = protein[log.date]
            if let target = targets?.kcal, target > 0 { share[log.date] = log.caloriesIn / target * 100 }
        }
        return (days, [.kcalEaten: kcal, .proteinG: fullProtein, .targetShare: share])
    }

    /// Spent per tracked day (`Spending` of that day), when anything priced was bought; in the
    /// budget's currency, else that of the newest priced purchase.
    static func groceries(purchases: [Purchase], budgetCurrency: Currency?, days: Set<LocalDate>) -> (
        currency: Currency, perDay: [LocalDate: Double]?
    ) {
        let newest = purchases.filter { $0.price != nil }.max { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
        let currency = budgetCurrency ?? newest?.price?.currency ?? .default
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
