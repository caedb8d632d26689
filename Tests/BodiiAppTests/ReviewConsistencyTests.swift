import BodiiDomain
import BodiiStore
import Foundation
import ReviewFeature
import SharedCharts
import TerminalKit
import Testing

/// One number, one computation (issue 12): a period's figures in `review --json` are the
/// aggregation of the per-day numbers `today --json` prints for the period's days — sleep average
/// and nights, exercise minutes, logged and adherent days, the weight trend at the start and the
/// end — and the Review tab shows the same.
/// (A suite of its own beside `ConsistencyTests`, on the same 150-day demo and clock.)
@MainActor
@Suite struct ReviewConsistencyTests {
    let folder: TemporaryFolder
    let db: String
    static let lastDay = ConsistencyTests.lastDay

    init() throws {
        folder = try TemporaryFolder()
        db = folder.path("review-consistency.sqlite")
        let demo = try runBodii(["demo", "--days", "150", "--db", db], environment: ConsistencyTests.now(Self.lastDay))
        try #require(demo.status == 0, "\(demo.stderr)")
    }

    static func now(_ day: LocalDate) -> [String: String] { ConsistencyTests.now(day) }
    static func clock(_ day: LocalDate) -> FixedClock { ConsistencyTests.clock(day) }
    static func render(_ screen: any Screen) -> String { ConsistencyTests.render(screen) }

    func todayNumbers(_ day: LocalDate) throws -> ReviewDayNumbers {
        let out = try runBodii(["today", "--json", "--date", day.iso, "--db", db], environment: Self.now(Self.lastDay))
        try #require(out.status == 0, "\(out.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        func number(_ any: Any?) -> Double? { (any as? Double) ?? (any as? Int).map(Double.init) }
        let calories = json["calories"] as? [String: Any] ?? [:]
        let sleep = json["sleep"] as? [String: Any] ?? [:]
        let exercise = json["exercise"] as? [String: Any] ?? [:]
        return ReviewDayNumbers(
            eaten: number(calories["eaten"]), target: number(calories["target"]), trendKg: number(json["trend_weight_kg"]),
            sleepMinutes: number(sleep["minutes"]).map { Int($0) }, exerciseMinutes: Int(number(exercise["minutes"]) ?? 0))
    }

    func reviewJSON(_ args: [String]) throws -> [String: Any] {
        let out = try runBodii(["review", "--json", "--db", db] + args, environment: Self.now(Self.lastDay))
        try #require(out.status == 0, "\(out.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
    }

    @Test func reviewFiguresAreTheSumOfTheDays() throws {
        for date in [Self.lastDay, Self.lastDay.adding(days: -7), Self.lastDay.adding(days: -30)] {
            let json = try reviewJSON(["--period", "week", "--date", date.iso])
            let start = try #require(LocalDate(iso: json["start"] as? String ?? ""))
            let days = DateRange(start: start, end: min(start.adding(days: 6), Self.lastDay)).days
            let numbers = try days.map(todayNumbers)
            func part(_ key: String) -> [String: Any] { json[key] as? [String: Any] ?? [:] }
            func number(_ any: Any?) -> Double? { (any as? Double) ?? (any as? Int).map(Double.init) }

            let nights = numbers.compactMap(\.sleepMinutes)
            #expect(number(part("sleep")["nights"]) == Double(nights.count))
            #expect(number(part("sleep")["avg_minutes"]) == SleepMath.averageMinutes(nights).map(Double.init), "\(date.iso)")
            #expect(number(part("exercise")["minutes"]) == Double(numbers.reduce(0) { $0 + $1.exerciseMinutes }))
            let logged = numbers.filter { ($0.eaten ?? 0) > 0 }
            #expect(number(part("calories")["logged_days"]) == Double(logged.count))
            let adherent = logged.filter { d in d.target.map { abs((d.eaten ?? 0) - $0) <= 0.1 * $0 } ?? false }
            #expect(number(part("calories")["adherent_days"]) == Double(adherent.count), "\(date.iso)")
            let trends = numbers.compactMap(\.trendKg)
            let weight = part("weight")
            #expect(abs((number(weight["start_trend_kg"]) ?? 0) - (trends.first ?? -1)) <= 0.051, "\(date.iso)")
            #expect(abs((number(weight["end_trend_kg"]) ?? 0) - (trends.last ?? -1)) <= 0.051, "\(date.iso)")
            // The wellness parts are the spec's shares of those same days.
            let good = nights.filter { SleepMath.status(minutes: $0) == .good }.count
            let parts = json["wellness_parts"] as? [String: Any] ?? [:]
            // Whole numbers, rounded once from the exact shares (issue 23 #24).
            #expect(parts["sleep"] as? Int == WholeNumber.of(100 * Double(good) / Double(max(1, nights.count))))
            #expect(parts["nutrition"] as? Int == WholeNumber.of(100 * Double(adherent.count) / Double(max(1, logged.count))))
            #expect(parts["steps"] is NSNull, "no activity is imported: steps are null, never 0")
        }
    }

    /// A month, aggregated from the same per-day summaries `today --json` prints, read in-process.
    @Test func aMonthsFiguresAndTheReviewTabAgree() throws {
        let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? database.close() }
        let repos = database.repositories
        let json = try reviewJSON(["--period", "month", "--date", "2026-10-15"])
        let query = DaySummaryQuery(source: repos)
        let october = try ReviewPeriod(.month, containing: #require(LocalDate(iso: "2026-10-15")), weekStart: .monday).range.days.map {
            try query.summary(for: $0)
        }
        let nights = october.compactMap(\.sleepMinutes)
        let sleep = json["sleep"] as? [String: Any] ?? [:]
        #expect(sleep["avg_minutes"] as? Int == SleepMath.averageMinutes(nights))
        let exercise = json["exercise"] as? [String: Any] ?? [:]
        #expect(exercise["minutes"] as? Int == october.reduce(0) { $0 + $1.exerciseMinutes })

        // The Review tab on the last day shows the week's numbers of `review --json`.
        let week = try reviewJSON([])
        let vm = ReviewViewModel(source: repos, clock: Self.clock(Self.lastDay))
        vm.didBecomeVisible()
        let screen = Self.render(vm)
        let weekSleep = week["sleep"] as? [String: Any] ?? [:]
        let avg = try #require(weekSleep["avg_minutes"] as? Int)
        #expect(
            screen.contains("Sleep     \(DurationFormat.hoursMinutes(avg)) average on \(weekSleep["nights"] as? Int ?? -1) nights"),
            "\(screen)")
        let weekExercise = week["exercise"] as? [String: Any] ?? [:]
        #expect(screen.contains("Exercise  \(weekExercise["minutes"] as? Int ?? -1) min in"), "\(screen)")
        // One number in both (issue 23 #24): whole in the JSON, and the same whole on screen.
        let score = try #require(week["wellness_score"] as? Int, "\(String(describing: week["wellness_score"]))")
        let exact = try #require(
            try PeriodReview.load(ReviewPeriod(.week, containing: Self.lastDay, weekStart: .monday), today: Self.lastDay, source: repos)
                .wellness?.score)
        #expect(score == WholeNumber.of(exact))
        #expect(screen.contains("Wellness  \(score)/100"), "\(screen)")
    }

    /// The week's groceries in `review --json` are the weekly budget's spending of `budget --json`
    /// (one `Spending`), and the Review tab and `bodii review` show that amount.
    @Test func theWeeksGroceriesAreTheBudgetsSpending() throws {
        let week = try reviewJSON([])
        let groceries = try #require(week["groceries"] as? [String: Any], "the demo shops every week")
        let out = try runBodii(["budget", "--json", "--db", db], environment: Self.now(Self.lastDay))
        let budget = try #require(try JSONSerialization.jsonObject(with: Data(out.stdout.utf8)) as? [String: Any])
        try #require(budget["period"] as? String == "week")
        let spent = try #require(groceries["spent"] as? Double)
        #expect(spent == budget["spent"] as? Double)
        #expect(groceries["wasted"] as? Double == budget["waste"] as? Double)
        #expect((groceries["cheapest_protein"] as? [String: Any])?["price_per_10g_protein"] is Double)
        let text = try runBodii(["review", "--db", db], environment: Self.now(Self.lastDay))
        let shown = String(format: "€%.2f spent", spent)
        #expect(text.stdout.contains("Groceries €") && text.stdout.contains(shown), "\(text.stdout)")
    }
}

/// What `today --json` says about one day, for adding up a period.
struct ReviewDayNumbers {
    let eaten: Double?
    let target: Double?
    let trendKg: Double?
    let sleepMinutes: Int?
    let exerciseMinutes: Int
}
