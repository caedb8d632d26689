import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature
import DietFeature
import ExerciseFeature
import SleepFeature

/// The dated tabs share `[` (previous day), `]` (next day, never past today) and `t` (today),
/// and what they show for a day is what the store holds for that day.
@MainActor
@Suite struct DayNavigationTests {
    private let today = TestDay.fixed

    /// Drives any dated tab through the same key sequence, reading its day with `day`.
    private func checkStepping(_ screen: some TabScreen, day: () -> LocalDate, after: (LocalDate) throws -> Void) throws {
        screen.didBecomeVisible()
        #expect(day() == today)
        #expect(screen.handle(.char("]")) == .handled)
        #expect(day() == today, "] never goes past today")
        try after(day())

        screen.press(.char("["))
        #expect(day() == today.adding(days: -1))
        try after(day())
        screen.press(.char("["), times: 9)
        #expect(day() == today.adding(days: -10))
        try after(day())
        screen.press(.char("]"), times: 3)
        #expect(day() == today.adding(days: -7))
        try after(day())

        #expect(screen.handle(.char("t")) == .handled)
        #expect(day() == today)
        screen.press(.char("["), times: 2)
        screen.press(.char("]"), times: 5)
        #expect(day() == today)
        #expect(screen.handle(.char("q")) == .ignored)
    }

    @Test func dashboardStepsThroughDaysAndMatchesTheDaySummary() throws {
        let db = try TestDatabase.demo()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        let query = DaySummaryQuery(source: db.repositories)
        try checkStepping(vm, day: { vm.day }) { day in
            let state = try #require(vm.state)
            #expect(state.summary == (try query.summary(for: day)))
            #expect(state.summary.date == day)
            #expect(state.latestWeight?.date == (try db.repositories.latestBodyRecord(onOrBefore: day)?.date))
            #expect(state.last30Trend.count == 30)
        }
    }

    @Test func dashboardStateOnTheFixedDay() throws {
        let db = try TestDatabase.demo()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        let state = try #require(vm.state)
        let week = DateRange(ending: TestDay.fixed, days: 7)
        let sleeps = try db.repositories.sleepRecords(in: week)
        #expect(state.exerciseMinutes7 == (try db.repositories.exerciseRecords(in: week)).reduce(0) { $0 + $1.minutes })
        // The mean rounded to the nearest minute, as the Sleep tab and the report show it.
        #expect(state.sleepAverage7Minutes == Int((Double(sleeps.reduce(0) { $0 + $1.minutes }) / Double(max(1, sleeps.count))).rounded()))
        #expect(state.checkInDays7 == (try db.repositories.checkIns(in: week)).count)
        #expect(state.unitSystem == .metric)
        #expect(state.goal == nil, "the demo sets no goal")
        // Without a goal or meals the target is the formula TDEE of the day before (D − 1 rule).
        let yesterday = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed.adding(days: -1)))
        #expect(state.summary.targetKcal != nil && state.summary.targetKcal == yesterday.tdee.rounded())
        #expect(state.summary.expenditure?.source == .formula)
        #expect(state.summary.eatenKcal == 0, "the demo logs no food")
        #expect(state.summary.tdee != nil)
        #expect(vm.status == nil)
    }

    @Test func dietStepsThroughDaysAndShowsThatDaysFood() throws {
        let db = try TestDatabase.demo()
        try DietFixtures.logMeals(in: db, on: today)
        try DietFixtures.logMeals(in: db, on: today.adding(days: -7))
        let vm = DietViewModel(source: db.repositories, clock: db.clock)
        try checkStepping(vm, day: { vm.day }) { day in
            let stored = try db.repositories.foodRecords(in: DateRange(start: day, end: day))
            #expect(vm.records == stored)
            #expect(vm.records.allSatisfy { $0.date == day })
        }
        // Days with meals really had them.
        #expect(vm.records.count == DietFixtures.meals.count)
        vm.press(.char("["), times: 7)
        #expect(vm.records.count == DietFixtures.meals.count)
        vm.press(.char("["))
        #expect(vm.records.isEmpty)
    }

    @Test func exerciseStepsThroughDaysAndSumsMinutesPerWeek() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        try checkStepping(vm, day: { vm.day }) { day in
            let stored = try db.repositories.exerciseRecords(in: DateRange(start: day, end: day))
            #expect(vm.sessions == stored)
            #expect(vm.weeks.count == 12)
            // Calendar weeks, Monday to Sunday, the last one holding the day.
            let monday = try #require(vm.weeks.last?.start)
            #expect(monday.weekdayIndex == 0 && monday <= day && day.days(until: monday) > -7)
            let week = try db.repositories.exerciseRecords(in: DateRange(start: monday, end: monday.adding(days: 6)))
            #expect(vm.weeks.last?.minutes == week.reduce(0) { $0 + $1.minutes })
            let all = try db.repositories.exerciseRecords(
                in: DateRange(start: try #require(vm.weeks.first?.start), end: monday.adding(days: 6)))
            #expect(vm.weeks.reduce(0) { $0 + $1.minutes } == all.reduce(0) { $0 + $1.minutes })
        }
    }

    @Test func sleepStepsThroughDaysAndKeepsThirtyNights() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        try checkStepping(vm, day: { vm.day }) { day in
            let stored = try db.repositories.sleepRecords(in: DateRange(ending: day, days: 30))
            #expect(vm.nights == stored)
            #expect(vm.nights.allSatisfy { $0.date <= day && $0.date > day.adding(days: -30) })
        }
    }

    @Test func sleepSelectionStaysInRange() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let count = vm.nights.count
        #expect(count > 20 && count <= 30)
        vm.press(.char("k"))
        #expect(vm.selected == 0)
        vm.press(.char("j"), times: 2)
        #expect(vm.selected == 2)
        vm.press(.down, times: count + 10)
        #expect(vm.selected == count - 1)
        vm.press(.up)
        #expect(vm.selected == count - 2)
        vm.press(.char("k"), times: count + 10)
        #expect(vm.selected == 0)
    }

    @Test func sleepSelectionShrinksWithFewerNights() throws {
        // Only 3 days of history: stepping back to before it empties the list, and selection follows.
        let db = try TestDatabase(profile: DemoHistory.profile, demoDays: 3)
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        let count = vm.nights.count
        #expect(count >= 1 && count <= 3)
        vm.press(.char("j"), times: 5)
        #expect(vm.selected == count - 1)
        vm.press(.char("["), times: 3)
        #expect(vm.nights.isEmpty)
        #expect(vm.selected == 0)
        vm.press(.char("j"))
        #expect(vm.selected == 0)
    }
}

/// A few food records, since the demo history logs no food.
enum DietFixtures {
    static let meals: [(Meal, String, Double, Double, Double, Double, Double)] = [
        (.breakfast, "Oats, rolled", 60, 228, 8, 40, 4),
        (.breakfast, "Banana", 118, 105, 1.3, 27, 0.4),
        (.lunch, "Chicken breast, grilled", 150, 248, 46.5, 0, 5.4),
        (.lunch, "Brown rice, cooked", 180, 218, 4.5, 45.8, 1.6),
        (.dinner, "Salmon, baked", 140, 291, 31, 0, 18),
        (.snacks, "Greek yogurt, plain", 170, 100, 17, 6, 0.7),
    ]

    static func logMeals(in db: TestDatabase, on day: LocalDate) throws {
        for (i, m) in meals.enumerated() {
            let at = Date(timeIntervalSince1970: Double(day.daysSinceEpoch) * 86_400 + Double(8 + i * 2) * 3600)
            try db.repositories.addFoodRecord(
                FoodRecord(
                    date: day, meal: m.0, foodId: FoodID("custom:\(i + 1)"), foodName: m.1,
                    grams: m.2, kcal: m.3, proteinG: m.4, carbsG: m.5, fatG: m.6, loggedAt: at))
        }
    }
}

@MainActor
@Suite struct SleepFormTests {
    @Test func loggingANightFromTheTabSavesItAndSelectsIt() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        #expect(vm.handle(.char("a")) == .handled)
        #expect(vm.isEditingText)
        _ = vm.type("23:00")
        _ = vm.handle(.tab)
        _ = vm.type("23:00")
        #expect(vm.handle(.enter) == .handled)
        #expect(vm.form?.errors[SleepEntryField.wakeTime.rawValue] != nil)
        #expect(try db.repositories.sleepRecords(in: DateRange(ending: TestDay.fixed, days: 30)).isEmpty)

        _ = vm.handle(.ctrl("u"))
        _ = vm.type("06:30")
        #expect(vm.handle(.enter) == .handled)
        #expect(vm.form == nil)
        let saved = try db.repositories.sleepRecords(in: DateRange(ending: TestDay.fixed, days: 30))
        #expect(saved.map(\.minutes) == [450])
        #expect(vm.nights.last?.minutes == 450)
        #expect(vm.status?.kind == .success)
    }

    @Test func escapeWritesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        _ = vm.handle(.char("a"))
        _ = vm.type("22:00")
        #expect(vm.hasUnsavedInput)
        _ = vm.handle(.escape)
        #expect(vm.form == nil)
        #expect(try db.repositories.sleepRecords(in: DateRange(ending: TestDay.fixed, days: 30)).isEmpty)
    }
}
