import BodiiDomain
import BodiiStore
import PantryFeature
import Foundation
import SharedCharts
import Testing

/// The app keeps what a screen read (`KeptFigures`: the dashboard, a review, its charts, a
/// nutrients report) until the next write: read, write, read again shows the write — this
/// process's at once, another process's once the app has noticed it (`outsideWriteStamp`, every tick).
@Suite struct KeptScreenFiguresTests {
    let d = TestDay.fixed
    var week: ReviewPeriod { ReviewPeriod(.week, containing: d, weekStart: .monday) }

    func weighIn(_ kg: Double, _ repos: SQLiteRepositories) throws {
        _ = try repos.addBodyRecord(
            BodyRecord(date: d, weightKg: kg, recordedAt: Date(timeIntervalSince1970: 1_795_000_000)), snapshot: nil)
    }

    func note(_ text: String, _ repos: SQLiteRepositories) throws {
        _ = try repos.addReviewItem(ReviewItem(period: week, kind: .keep, text: text))
    }

    /// The profile, no weigh-ins: the one written is the one shown.
    @Test func aWriteOfThisProcessEndsTheKeptDashboardAndReview() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let repos = db.repositories
        let dashboard = try DashboardState.load(day: d, today: d, from: repos)
        #expect(dashboard.latestWeight == nil)
        #expect(try DashboardState.load(day: d, today: d, from: repos) == dashboard, "nothing written, the same dashboard")
        let review = try PeriodReview.load(week, today: d, source: repos)
        let charts = try PeriodCharts.load(range: DateRange(ending: d, days: 7), source: repos)

        try weighIn(55.5, repos)
        try note("Walked to work", repos)
        #expect(try DashboardState.load(day: d, today: d, from: repos).latestWeight?.kg == 55.5)
        #expect(
            try PeriodReview.load(week, today: d, source: repos).items(.keep).map(\.text) == review.items(.keep).map(\.text) + [
                "Walked to work"
            ])
        let newCharts = try PeriodCharts.load(range: DateRange(ending: d, days: 7), source: repos)
        #expect(charts.trendKg.last == .some(nil))
        #expect(newCharts.trendKg.last == 55.5, "the day's weigh-in starts the trend")
    }

    @Test func anotherProcessesWriteEndsTheKeptDashboardAndReviewOnceNoticed() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let app = db.repositories
        _ = try app.outsideWriteStamp()
        let review = try PeriodReview.load(week, today: d, source: app)
        let dashboard = try DashboardState.load(day: d, today: d, from: app)
        #expect(dashboard.latestWeight == nil)

        let command = try BodiiDatabase(url: db.database.url, access: .command, timeZone: db.clock.timeZone)
        try weighIn(55.5, command.repositories)
        try note("Walked to work", command.repositories)
        try command.close()

        _ = try app.outsideWriteStamp()
        #expect(try DashboardState.load(day: d, today: d, from: app).latestWeight?.kg == 55.5)
        #expect(
            try PeriodReview.load(week, today: d, source: app).items(.keep).map(\.text) == review.items(.keep).map(\.text) + [
                "Walked to work"
            ])
    }

    @Test func aLoggedFoodEndsTheKeptNutrientsReport() throws {
        let db = try TestDatabase.demo(days: 30)
        let repos = db.repositories
        let query = NutrientQuery(source: repos)
        let before = try query.report(.day, endingOn: d)
        _ = try repos.addFoodRecord(
            FoodRecord(
                date: d, meal: .lunch, foodId: FoodID("usda:09040"), foodName: "Banana, raw", grams: 500, kcal: 445,
                proteinG: 5.5, carbsG: 114, fatG: 1.5, fiberG: 13, loggedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        let after = try query.report(.day, endingOn: d)
        #expect(after.intake.entryCount == before.intake.entryCount + 1)
    }

    /// The Pantry's forecast (a year of lots, uses and purchases) follows a purchase.
    @MainActor @Test func aPurchaseEndsTheKeptForecast() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        func buy(_ name: String) throws -> Int64 {
            try db.repositories.recordPurchase(
                Purchase(itemId: 0, date: d, quantity: PantryQuantity(500, .grams)), item: GroceryItem(name: name), bestBefore: nil,
                shoppingListItemId: nil
            ).lot.itemId
        }
        let rice = try buy("Rice")
        let pantry = PantryViewModel(source: db.repositories, clock: db.clock)
        pantry.didBecomeVisible()
        #expect(Set(pantry.forecasts.keys) == [rice])
        let oats = try buy("Oats")
        pantry.reload()
        #expect(Set(pantry.forecasts.keys) == [rice, oats])
    }

    /// The last few keys of a name are kept, the oldest dropped: a step back finds the day, ten years of steps keep four.
    @Test func theLastFewKeysAreKept() throws {
        let db = try TestDatabase.demo(days: 0)
        var computed: [Int] = []
        func figure(_ key: Int) throws -> Int {
            try KeptFigures.kept("test", key: key, by: db.repositories) {
                computed.append(key)
                return key * 10
            }
        }
        for key in 0...KeptFigures.recent { #expect(try figure(key) == key * 10) }
        #expect(try figure(KeptFigures.recent) == KeptFigures.recent * 10)
        #expect(try figure(1) == 10)
        #expect(try figure(0) == 0)
        #expect(computed == Array(0...KeptFigures.recent) + [0], "0 was the oldest of five; 1 and the latest were kept")
    }
}
