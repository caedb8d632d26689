/// A day's or a span's nutrients against the targets in force (PRODUCT.md §11).
public struct NutrientReport: Equatable, Sendable {
    public var span: NutrientSpan
    public var range: DateRange
    /// Days of the range with food entries (the divisor of an average).
    public var daysLogged: Int
    /// The day's intake, or the average day's over the span.
    public var intake: NutrientIntake
    public var targets: NutrientTargetSet
    /// Every shown nutrient, in PRODUCT.md §11 order.
    public var statuses: [NutrientStatus]

    public init(span: NutrientSpan, range: DateRange, intakes: [LocalDate: NutrientIntake], targets: NutrientTargetSet) {
        self.span = span
        self.range = range
        let days = intakes.filter { range.contains($0.key) }.map(\.value)
        daysLogged = days.filter { $0.entryCount > 0 }.count
        intake = NutrientIntake.average(days)
        self.targets = targets
        statuses = intake.statuses(targets)
    }

    /// The status of one nutrient, hidden ones included.
    public func status(_ key: NutrientKey) -> NutrientStatus { intake.statuses(targets, keys: [key])[0] }
}

/// Reads what the Nutrients view, `bodii nutrients`, `today --json` and the report show: one place
/// resolves the targets (DRI for the profile + the user's preferences) and averages the intake.
public struct NutrientQuery {
    public typealias Source = NutrientIntakeRepository & NutrientTargetSet.Source & FoodLogRepository & PantryRepository
        & FoodCatalogRepository

    private let source: any Source

    public init(source: any Source) { self.source = source }

    /// The targets in force on `day`: the profile's age that day, the day's calorie target.
    /// `history`: a `TargetHistory` covering `day`, when the caller has one.
    public func targets(on day: LocalDate, history: TargetHistory? = nil) throws -> NutrientTargetSet {
        try NutrientTargetSet.load(on: day, source: source, targets: history)
    }

    /// The day's (or the span's average day's) nutrients ending on `day`; `history` as in `targets(on:history:)`.
    /// Without `history`, kept until the next write (`KeptFigures`): the Nutrients view reopened reads nothing again.
    public func report(_ span: NutrientSpan, endingOn day: LocalDate, history: TargetHistory? = nil) throws -> NutrientReport {
        let range = span.dates(endingOn: day)
        let read = {
            NutrientReport(
                span: span, range: range, intakes: try source.nutrientIntakes(in: range), targets: try targets(on: day, history: history))
        }
        return try history == nil ? KeptFigures.kept("nutrient report", key: "\(span.rawValue) \(day)", by: source, compute: read) : read()
    }

    /// Which of the day's foods gave how much of `key`, largest first.
    public func sources(on day: LocalDate, of key: NutrientKey) throws -> [NutrientSource] {
        try source.nutrientSources(on: day, nutrient: key)
    }

    /// "Close the gap" for `key` on the week ending on `day`: the average gap and the foods the user
    /// eats — the log's (90 days) and the pantry's foods in stock never logged — ranked. Nil gap when
    /// the week reaches the goal (or nothing is known). Prices are the latest priced purchases.
    public func gapSuggestions(
        for key: NutrientKey, endingOn day: LocalDate
    ) throws -> (gap: Double?, suggestions: [CloseTheGap.Suggestion]) {
        let week = try report(.week, endingOn: day).status(key)
        guard let gap = week.gap else { return (nil, []) }
        let history = DateRange(ending: day, days: CloseTheGap.historyDays)
        let records = try source.foodRecords(in: history)
        var sources: [NutrientSource] = []
        for date in Set(records.map(\.date)).sorted() { sources += try source.nutrientSources(on: date, nutrient: key) }
        var foods = CloseTheGap.historyFoods(records: records, sources: sources)
        let snapshot = try source.pantrySnapshot()
        let logged = Set(foods.map(\.foodId))
        var stocked: [Food] = []
        for id in CloseTheGap.stockedFoodIds(items: snapshot.items, lots: snapshot.lots) where !logged.contains(id) {
            if let food = try source.food(id: id) { stocked.append(food) }
        }
        foods += CloseTheGap.pantryFoods(stocked, key: key)
        if !foods.isEmpty {
            foods = CloseTheGap.priced(
                foods, purchases: try source.latestPricedPurchases(foodIds: Set(foods.map(\.foodId)), onOrBefore: day))
        }
        return (gap, CloseTheGap.rank(gap: gap, foods: foods))
    }
}
