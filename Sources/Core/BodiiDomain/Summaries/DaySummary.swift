import Foundation

/// One day at a glance: what `bodii today` prints and the dashboard cards show, so both always agree.
/// Sums (eaten, burned, macros, minutes) are 0 when nothing was logged; single measurements
/// (weight, trend, body fat, sleep, BMR, TDEE, target) are nil when unknown — never a made-up 0.
public struct DaySummary: Equatable, Sendable {
    public struct FoodLine: Equatable, Sendable {
        public var id: FoodID
        public var name: String
        /// Nil for a quick add (no weight).
        public var grams: Double?
        public var meal: Meal
        public var kcal: Double

        public init(id: FoodID, name: String, grams: Double?, meal: Meal, kcal: Double) {
            self.id = id
            self.name = name
            self.grams = grams
            self.meal = meal
            self.kcal = kcal
        }
    }

    public var date: LocalDate
    public var eatenKcal: Double
    public var burnedKcal: Double
    /// The day's targets and the expenditure they start from (`TargetHistory`); nil until there
    /// is an expenditure (a profile and a weigh-in).
    public var targets: DayTargets?
    public var bmr: Double?
    public var tdee: Double?
    public var proteinG: Double
    public var carbsG: Double
    public var fatG: Double
    public var fiberG: Double?
    public var weightKg: Double?
    public var trendWeightKg: Double?
    public var bodyFatPercent: Double?
    public var sleepMinutes: Int?
    public var sleepQuality: Int?
    public var exerciseMinutes: Int
    public var foods: [FoodLine]
    /// The formula behind `bmr`.
    public var formula: BMRFormula?
    /// The goal in force on the day.
    public var goal: Goal?
    /// Steps and active energy from a phone or watch, when imported (shown, not added to burned).
    public var activity: ActivitySnapshot? = nil
    /// What the day's eating cost, from the pantry's prices (`DayCost`); nil where no pantry is read.
    public var cost: DayCost? = nil
    /// The moments noted that day, in time order (issue 47 item 3).
    public var moments: [Moment] = []
    /// Where the BMR's body fat came from ("logged", "estimated"; nil: none, Mifflin-St Jeor), and
    /// the Navy estimate it used when the goal lets Katch-McArdle use one (issue 47).
    public var bmrBodyFat: BodyFatSource? = nil
    public var bmrBodyFatEstimate: BodyFatEstimate? = nil

    public var targetKcal: Double? { targets?.kcal }
    /// The drinking water logged (`w`, `bodii log water`), in ml; it is in the day's water too.
    public var drunkWaterMl: Double { WaterLogging.loggedMl(foods, id: \.id, grams: \.grams) }
    /// What the calorie target starts from: adaptive expenditure once there is enough data.
    public var expenditure: ExpenditureBasis? { targets?.expenditure }
    /// Target minus eaten (plus exercise only with "add exercise back"); nil without a target.
    public var remainingKcal: Double? { targets?.left(eaten: eatenKcal, burned: burnedKcal) }
}

/// Builds a `DaySummary` from the repositories.
public struct DaySummaryQuery {
    public typealias Source = TargetHistory.Source & FoodLogRepository & ExerciseRepository & SleepRepository & MomentRepository

    private let source: any Source
    /// The currency a day's cost is counted in.
    private let currency: Currency
    /// The steps and pantry a store known to give them reads, without asking the source at run time.
    private var extras: (activity: any ActivityRepository, pantry: any PantryRepository)?

    public init(source: any Source, currency: Currency = .default) {
        self.source = source
        self.currency = currency
    }

    /// The same on a store that also gives a day's steps and prices: asking an existential
    /// whether it conforms (`as? any ActivityRepository`) scans the binary's conformance records
    /// once per pair (~0.6 M instructions each in a one-shot command).
    public init<Store: Source & ActivityRepository & PantryRepository>(store: Store, currency: Currency = .default) {
        self.init(source: store, currency: currency)
        extras = (store, store)
    }

    /// The daily weights the trend is computed from, for callers that already read them.
    public func trendWindow(endingOn date: LocalDate) throws -> [(date: LocalDate, weightKg: Double)] {
        try source.dailyWeights(in: WeightTrend.window(endingOn: date))
    }

    /// `weights`: the result of `trendWindow(endingOn: date)`, and `targets`: a `TargetHistory`
    /// covering `date`, when the caller has them already.
    public func summary(
        for date: LocalDate, weights known: [(date: LocalDate, weightKg: Double)]? = nil,
        targets knownTargets: TargetHistory? = nil
    ) throws -> DaySummary {
        let day = DateRange(start: date, end: date)
        let foods = try source.foodRecords(in: day)
        let exercise = try source.exerciseRecords(in: day)
        let sleep = try source.sleepRecords(in: day).last
        // The day's weigh-in and its body fat may be separate records (an imported scale's reading alone).
        let bodyToday = try source.bodyRecords(in: day)
        let history =
            try knownTargets.flatMap { $0.covers?.contains(date) == true ? $0 : nil } ?? TargetHistory.load(range: day, source: source)
        // The history read the weigh-ins its targets need, which include the day's trend window: one read serves both.
        let weights = try known ?? history.trendWindow(endingOn: date) ?? trendWindow(endingOn: date)
        let trend = WeightTrend.compute(weights.map { ($0.date, $0.weightKg) }).last?.trendKg
        let metabolism = history.metabolism(onOrBefore: date)
        let snapshot = metabolism?.snapshot
        let fibers = foods.compactMap(\.fiberG)

        return DaySummary(
            date: date,
            eatenKcal: foods.reduce(0) { $0 + $1.kcal },
            burnedKcal: exercise.reduce(0) { $0 + $1.kcal },
            targets: history.targets(on: date),
            bmr: snapshot?.bmr,
            tdee: snapshot?.tdee,
            proteinG: foods.reduce(0) { $0 + $1.proteinG },
            carbsG: foods.reduce(0) { $0 + $1.carbsG },
            fatG: foods.reduce(0) { $0 + $1.fatG },
            fiberG: fibers.isEmpty ? nil : fibers.reduce(0, +),
            weightKg: bodyToday.last { $0.weightKg != nil }?.weightKg,
            trendWeightKg: trend,
            bodyFatPercent: bodyToday.last { $0.bodyFatPercent != nil }?.bodyFatPercent,
            sleepMinutes: sleep?.minutes,
            sleepQuality: sleep?.quality,
            exerciseMinutes: exercise.reduce(0) { $0 + $1.minutes },
            foods: foods.map { DaySummary.FoodLine(id: $0.foodId, name: $0.foodName, grams: $0.grams, meal: $0.meal, kcal: $0.kcal) },
            formula: snapshot?.formula,
            goal: history.goal(on: date),
            activity: try (extras?.activity ?? source as? any ActivityRepository)?.activitySnapshot(on: date),
            cost: try (extras?.pantry ?? source as? any PantryRepository).map { pantry in
                DayCost(
                    records: foods,
                    latestPurchases: foods.isEmpty
                        ? [:] : try pantry.latestPricedPurchases(foodIds: Set(foods.map(\.foodId)), onOrBefore: date),
                    currency: currency)
            },
            moments: try source.moments(in: day),
            bmrBodyFat: metabolism?.bodyFatSource,
            bmrBodyFatEstimate: metabolism?.estimate
        )
    }
}
