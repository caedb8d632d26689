import BodiiDomain

/// Everything the dashboard shows for one day, loaded in one go so the view stays a pure function.
public struct DashboardState: Equatable, Sendable {
    public var summary: DaySummary
    public var unitSystem: UnitSystem
    public typealias WeighIn = BodiiDomain.WeighIn

    /// The latest weigh-in on or before the day, and when it was.
    public var latestWeight: WeighIn?
    public var trendKg: Double?
    /// Change of the trend over the last 7 days (negative = losing).
    public var weekChangeKg: Double?
    /// The trend of the last 30 days, one slot per day (nil before the first weigh-in).
    public var last30Trend: [Double?]
    public var formula: BMRFormula?
    public var sleepAverage7Minutes: Int?
    public var exerciseMinutes7: Int
    public var checkInDays7: Int
    public var streak: Int
    /// The active goal: calorie and macro targets.
    public var goal: Goal?
    public var goalProgress: GoalProgress?
    /// How the calorie target moved since the day before, and why (the Goal card says it).
    public var targetChange: TargetChange?
    /// The last weeks of check-ins for the dot grid card, with the streaks.
    public var calendar: CheckInCalendar
    public var trends: DashboardTrends
    /// Open actions of the reviews (PRODUCT.md §8), with how each metric-bound one stands so far.
    public var actions: [ReviewAction] = []
    public var actionProgress: [Int64: ActionProgress] = [:]
    /// The first days of the check-in card's weeks that have a weekly review.
    public var reviewedWeeks: Set<LocalDate> = []
    /// The day the card's weeks start on.
    public var weekStart: WeekStart = .monday
    /// Pantry lots to use soon (PRODUCT.md §10): expired first, then by days left, as of the day.
    public var useSoon: [StockRow] = []
    /// Lots that will expire before they are finished at the current rate of use (issue 29).
    public var unfinished: [UnfinishedLot] = []

    /// Weeks of check-in dots the dashboard card shows, from the week start, the last one up to the day.
    static let calendarWeeks = 3

    /// What a dashboard reads: the day's summary and targets, the check-in calendar, the charts,
    /// the review board's open actions and the pantry's use-soon list, in one consistent read.
    public typealias Source = DaySummaryQuery.Source & CheckInCalendar.Source & PeriodCharts.Source & PeriodSummary.Source
        & ProfileRepository & ReviewRepository & PantryRepository & ConsistentReading

    /// Reads the repositories for `day`, with trend charts over `range`. `longestStreak` also reads
    /// every check-in ever made (the report wants it; a keystroke does not). `today`: the day not
    /// over yet, whose check-in dot is not judged before it is (`CalorieAdherence.sofar`).
    public static func load(
        day: LocalDate, range: ChartRange = .week, longestStreak: Bool = false, weekStart: WeekStart = .monday,
        today: LocalDate? = nil, from source: any Source
    ) throws -> DashboardState {
        // Kept until the next write: back on the dashboard from another tab, or on a range just
        // shown, nothing is read again.
        let key = Key(day: day, range: range, longestStreak: longestStreak, weekStart: weekStart, today: today)
        return try KeptFigures.kept("dashboard", key: key, by: source) {
            try source.readingTogether {
                try read(day: day, range: range, longestStreak: longestStreak, weekStart: weekStart, today: today, from: source)
            }
        }
    }

    /// What a dashboard's figures depend on besides the data.
    private struct Key: Hashable, Sendable {
        var day: LocalDate, range: ChartRange, longestStreak: Bool, weekStart: WeekStart, today: LocalDate?
    }

    private static func read(
        day: LocalDate, range: ChartRange, longestStreak: Bool, weekStart: WeekStart, today: LocalDate?,
        from source: any Source
    ) throws -> DashboardState {
        // The source gives steps and prices: said here (the existential opened), not asked at
        // run time (two conformance look-ups among all of the binary's at every start).
        let query = DaySummaryQuery(store: source)
        // One read of what targets depend on serves the day and the check-in card's weeks, and one
        // read of weigh-ins serves the day's trend window, the charts' longer one and the targets'.
        let calendarRange = DateRange(start: weekStart.firstDay(of: day).adding(days: -7 * (calendarWeeks - 1)), end: day)
        let chartWindow = DashboardTrends.weightWindow(range: range, day: day)
        let allWeights = try source.dailyWeights(
            in: DateRange(
                start: min(chartWindow.start, TargetHistory.weightsNeeded(for: calendarRange).start),
                end: day))
        let chartWeights = allWeights.filter { chartWindow.contains($0.date) }
        let windowStart = WeightTrend.window(endingOn: day).start
        let weights = chartWeights.filter { $0.date >= windowStart }
        let targets = try TargetHistory.load(range: calendarRange, source: source, weights: allWeights)
        let summary = try query.summary(for: day, weights: weights, targets: targets)
        let profile = try source.loadProfile()
        // The latest weigh-in is the last daily weight when it is recent; only older ones need a query.
        let glance = try WeightGlance.compute(day: day, weights: weights) {
            try source.latestBodyRecord(onOrBefore: day).flatMap { r in r.weightKg.map { WeighIn(date: r.date, kg: $0) } }
        }
        let trend = glance.points
        let trendByDate = Dictionary(trend.map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        let last30 = DateRange(ending: day, days: 30).days
        let week = DateRange(ending: day, days: 7)
        let sleeps = try source.sleepRecords(in: week)
        let calendar = try CheckInCalendar.load(
            range: calendarRange, source: source, longest: longestStreak, targets: targets, today: today)

        let pantry = try source.pantrySnapshot()
        return try DashboardState(
            summary: summary,
            unitSystem: profile?.unitSystem ?? .metric,
            latestWeight: glance.latest,
            trendKg: glance.trendKg,
            weekChangeKg: glance.weekChangeKg,
            last30Trend: last30.map { trendByDate[$0]?.trendKg },
            formula: summary.formula,
            sleepAverage7Minutes: SleepMath.averageMinutes(SleepMath.lastSevenDays(sleeps, endingOn: day).map(\.minutes)),
            exerciseMinutes7: try source.exerciseRecords(in: week).reduce(0) { $0 + $1.minutes },
            checkInDays7: calendar.days.filter { week.contains($0.date) && $0.checkIn != nil }.count,
            streak: calendar.currentStreak,
            goal: summary.goal,
            goalProgress: summary.goal.flatMap { GoalProgress.compute(goal: $0, trend: trend, today: day) },
            targetChange: TargetChange.between(
                targets.targets(on: day.adding(days: -1)), summary.targets,
                goalChanged: targets.goal(on: day.adding(days: -1)) != summary.goal),
            calendar: calendar,
            trends: try DashboardTrends.load(range: range, day: day, weighIns: chartWeights, source: source),
            actions: try source.allActions(includingClosed: false),
            reviewedWeeks: try reviewedWeeks(in: calendarRange, weekStart: weekStart, source: source),
            weekStart: weekStart,
            useSoon: StockOverview.rows(pantry, today: day, onlyWithin: StockOverview.defaultUseSoonDays),
            unfinished: try unfinished(pantry, day: day, source: source)
        ).judgingActions(on: day, source: source)
    }

    /// The weeks of `range` (by their first day) that show a weekly review, saved under either
    /// week start (`ReviewPeriod.storedStarts`).
    static func reviewedWeeks(in range: DateRange, weekStart: WeekStart, source: any Source) throws -> Set<LocalDate> {
        let saved = try source.reviewedPeriods(
            .week, startingIn: DateRange(start: range.start.adding(days: -3), end: range.end.adding(days: 3)))
        return Set(saved.map { ReviewPeriod(.week, startingOn: $0).shown(weekStart: weekStart).start }.filter(range.contains))
    }

    /// "Will expire before you finish it": read only when some lot has a best-before.
    static func unfinished(_ pantry: PantrySnapshot, day: LocalDate, source: any Source) throws -> [UnfinishedLot] {
        guard pantry.lots.contains(where: { $0.bestBefore != nil }) else { return [] }
        let window = DateRange(start: day.adding(days: -ExpiryForecast.rateDays), end: day)
        let uses = try source.stockUses(in: window)
        guard !uses.isEmpty else { return [] }
        return ExpiryForecast.unfinished(pantry, allLots: try source.stockLots(takenFromIn: window), uses: uses, today: day)
    }

    /// The open actions' metric progress as of `day`.
    func judgingActions(on day: LocalDate, source: any Source) throws -> DashboardState {
        var state = self
        state.actionProgress = try ActionProgress.judge(actions, today: day, source: source)
        return state
    }
}
