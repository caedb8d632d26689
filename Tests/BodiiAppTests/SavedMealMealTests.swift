import BodiiApp
import BodiiCLI
import BodiiDocument
import BodiiDomain
import BodiiStore
import Foundation
import TerminalKit
import Testing

/// Issue 26: a saved meal's `a Enter` logs it into the meal it was saved from (a saved Breakfast
/// went to Snacks at 21:00), and asks which meal when that meal already has entries that day.
@MainActor
@Suite struct SavedMealLoggingTests {
    @Test func aSavedBreakfastGoesToBreakfastAtNineInTheEveningAndAsksTheSecondTime() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("meals.sqlite")
        let day = try #require(LocalDate(year: 2026, month: 11, day: 22))
        do {
            let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
            let repos = database.repositories
            let oats = try #require(try repos.food(id: FoodID("usda:08120")))
            let porridge = FoodLogging.record(food: oats, grams: 40, meal: .breakfast, date: day.adding(days: -1))
            _ = try repos.saveMeal(SavedMeal(name: "Porridge", meal: .breakfast, items: [porridge]))
            try database.close()
        }
        let evening = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + 21 * 3600)
        let app = try HeadlessApp(databasePath: db, clock: FixedClock(now: evening))
        app.press(.escape)  // onboarding, nothing typed: the defaults
        app.press(.char("3"))
        app.press(.char("a"))
        #expect(app.screen().contains("Porridge — saved meal"), "\(app.screen())")
        app.press(.enter)
        let reader = try BodiiDatabase(url: URL(fileURLWithPath: db))
        defer { try? reader.close() }
        func meals() throws -> [Meal] { try reader.repositories.foodRecords(in: DateRange(start: day, end: day)).map(\.meal) }
        #expect(try meals() == [.breakfast], "logged into the meal it was saved from, not the meal of the hour")

        app.press(.char("a"))
        app.press(.enter)
        #expect(app.screen().contains("Breakfast already has entries today. Which meal?"), "\(app.screen())")
        #expect(try meals() == [.breakfast], "nothing written before the answer")
        app.press(.char("s"))
        app.press(.enter)
        #expect(try meals().sorted { $0.rawValue < $1.rawValue } == [.breakfast, .snacks], "\(app.screen())")
    }
}

/// Issue 26: the entry editor offers the search's servings, oz and lb too for imperial users.
@MainActor
@Suite struct EntryEditorServingsTests {
    @Test func anImperialUserCanEditAnEntryInOunces() throws {
        let folder = try TemporaryFolder()
        let db = folder.path("imperial.sqlite")
        let profile = try runBodii([
            "profile", "set", "--name", "Sam", "--sex", "female", "--birth-date", "1990-01-01", "--height", "170", "--db", db,
        ])
        try #require(profile.status == 0, "\(profile.stderr)")
        let logged = try runBodii(["log", "food", "--id", "usda:09040", "--grams", "118", "--meal", "breakfast", "--db", db])
        try #require(logged.status == 0, "\(logged.stderr)")
        do {
            let database = try BodiiDatabase(url: URL(fileURLWithPath: db))
            let repos = database.repositories
            var profile = try #require(try repos.loadProfile())
            profile.unitSystem = .imperial
            try repos.saveProfile(profile)
            try database.close()
        }
        let app = try HeadlessApp(databasePath: db, clock: FixedClock(day: TestClock.today))
        app.press(.char("3"))
        app.press(.char("e"))
        #expect(app.screen().contains("Edit — Bananas, raw"), "\(app.screen())")
        app.press(.tab)  // to the serving
        var seen: [String] = []
        for _ in 0..<12 {
            app.press(.right)
            seen.append(app.screen())
        }
        #expect(seen.contains { $0.contains("1 oz") }, "oz among the servings:\n\(seen.last ?? "")")
        #expect(seen.contains { $0.contains("1 lb") }, "lb among the servings")
    }
}
