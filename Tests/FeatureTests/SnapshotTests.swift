import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature
import BodyFeature
import DietFeature
import ExerciseFeature
import SleepFeature
import SettingsFeature

/// Text snapshots of every tab in the content area the shell gives it (100×27 and 80×21), on 60
/// demo days ending on the fixed day, and on a database with only a profile.
/// Record with `SNAPSHOT_TESTING_RECORD=all swift test --filter FeatureTests`, then read the files.
@MainActor
@Suite struct SnapshotTests {
    static let databasePath = "/home/alex/.local/share/bodii/bodii.sqlite"

    private func snap(
        _ screen: any Screen, _ size: ContentSize, label: String = "",
        fileID: StaticString = #fileID, file: StaticString = #filePath, testName: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        let text = render(screen, size).text
        assertSnapshot(
            of: text, as: .lines, named: size.name + (label.isEmpty ? "" : "-\(label)"),
            fileID: fileID, file: file, testName: testName, line: line, column: column)
    }

    private func snapBoth(
        _ screen: any Screen, label: String = "", testName: String = #function,
        line: UInt = #line, column: UInt = #column
    ) {
        for size in ContentSize.allCases { snap(screen, size, label: label, testName: testName, line: line, column: column) }
    }

    private func settings(_ db: TestDatabase, themeProblems: [String] = []) -> FlowHost<SettingsViewModel> {
        let vm = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: SettingsViewModelTests.themes,
                themeProblems: themeProblems, databasePath: Self.databasePath))
        vm.didBecomeVisible()
        return vm
    }

    private func tabs(_ db: TestDatabase) -> [(String, any TabScreen)] {
        [
            ("dashboard", DashboardViewModel(source: db.repositories, clock: db.clock)),
            ("body", BodyViewModel(source: db.repositories, clock: db.clock)),
            ("diet", DietViewModel(source: db.repositories, clock: db.clock)),
            ("exercise", ExerciseViewModel(source: db.repositories, clock: db.clock)),
            ("sleep", SleepViewModel(source: db.repositories, clock: db.clock)),
            ("settings", settings(db)),
        ]
    }

    // MARK: demo data

    @Test func dashboard() throws {
        let db = try TestDatabase.demo()
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        snapBoth(vm)
        vm.press(.char("["), times: 3)
        snap(vm, .large, label: "3-days-ago")
    }

    /// The dashboard of a 160×48 terminal (content 160×45) with a goal, at each chart range (the
    /// dot grid `g` opens has its own, `DotGridTests`).
    @Test func dashboardLargeRangesAndCalendar() throws {
        let db = try TestDatabase.demo(days: 400, meals: true)
        let weight = try #require(try db.repositories.latestBodyRecord(onOrBefore: TestDay.fixed)?.weightKg)
        try db.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: 2600, weightKg: weight, on: TestDay.fixed.adding(days: -30)))
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        func snapHuge(_ label: String, line: UInt = #line) {
            var buffer = Buffer(width: 160, height: 45)
            vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
            assertSnapshot(of: buffer.text, as: .lines, named: "160x45-\(label)", testName: "dashboardLargeRangesAndCalendar", line: line)
        }
        snapHuge("week")
        for range in ["month", "quarter", "year"] {
            vm.press(.char("-"))
            snapHuge(range)
        }
        snap(vm, .small, label: "year")
    }

    @Test func dashboardWithGoalAndMeals() throws {
        let db = try TestDatabase.demo()
        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        try db.repositories.saveActiveGoal(ProfileSetup.goal(.lose, tdee: snapshot.tdee, weightKg: 80, on: TestDay.fixed))
        try DietFixtures.logMeals(in: db, on: TestDay.fixed)
        let vm = DashboardViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        snapBoth(vm)
    }

    @Test func body() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        snapBoth(vm)
        vm.press(.char("j"), times: 2)
        snap(vm, .small, label: "selected-3rd")
    }

    @Test func bodyLogWeightForm() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(BodyViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        snapBoth(vm, label: "empty")
        vm.type("500")
        vm.press(.tab)
        vm.type("90")
        vm.press(.tab)
        vm.type("abc")
        vm.press(.tab)
        vm.press(.ctrl("u"))
        vm.type("2027-01-01")
        vm.press(.enter)
        // Muscle mass is only checked once the weight is valid, so "abc" has no error yet.
        #expect(vm.form?.errors.keys.sorted() == ["bodyFat", "date", "weight"])
        snapBoth(vm, label: "errors")
    }

    @Test func diet() throws {
        let db = try TestDatabase.demo()
        let vm = DietViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        snapBoth(vm)
    }

    @Test func dietWithMeals() throws {
        let db = try TestDatabase.demo()
        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        try db.repositories.saveActiveGoal(ProfileSetup.goal(.maintain, tdee: snapshot.tdee, weightKg: 80, on: TestDay.fixed))
        try DietFixtures.logMeals(in: db, on: TestDay.fixed)
        let vm = DietViewModel(source: db.repositories, clock: db.clock)
        vm.didBecomeVisible()
        snapBoth(vm)
    }

    @Test func exercise() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        // Two sessions logged today, the way the form does it.
        for (name, minutes) in [("Running, 6 mph (9.7 km/h)", "30"), ("Stretching", "15")] {
            vm.press(.char("a"))
            vm.type(name)
            vm.press(.enter)
            vm.type(minutes)
            vm.press(.enter, times: 3)
        }
        #expect(vm.sessions.count == 2)
        snapBoth(vm)
        vm.press(.char("x"))
        snap(vm, .small, label: "delete")
        vm.press(.char("n"))
        vm.press(.char("["), times: 3)
        snap(vm, .large, label: "3-days-ago")
    }

    @Test func exerciseActivityList() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        snapBoth(vm, label: "all")
        vm.type("run")
        vm.press(.down, times: 2)
        snapBoth(vm, label: "run")
        vm.type("xq")
        snap(vm, .small, label: "nothing")
    }

    @Test func exerciseForm() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("cycling")
        vm.press(.enter)
        snap(vm, .small, label: "empty")
        vm.type("45")
        vm.press(.enter)
        vm.press(.right)
        snapBoth(vm, label: "estimate")
        vm.press(.backTab)
        vm.press(.ctrl("u"))
        vm.type("0")
        vm.press(.tab, times: 2)
        vm.press(.ctrl("u"))
        vm.type("2027-01-01")
        vm.press(.enter)
        #expect(vm.form?.errors.keys.sorted() == ["date", "minutes"])
        snapBoth(vm, label: "errors")
    }

    @Test func exerciseFormWithoutWeight() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = FlowHost(ExerciseViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        vm.press(.char("a"))
        vm.type("table tennis")
        vm.press(.enter)
        vm.type("20")
        snap(vm, .large, label: "single-entry")
    }

    @Test func sleep() throws {
        let db = try TestDatabase.demo()
        let vm = FlowHost(SleepViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        snapBoth(vm)
        vm.press(.char("["), times: 5)
        snap(vm, .large, label: "5-days-ago")
    }

    @Test func settingsSections() throws {
        let db = try TestDatabase.demo()
        let vm = settings(db)
        snapBoth(vm, label: "profile")
        vm.press(.char("j"))
        snapBoth(vm, label: "goal")
        vm.press(.enter)
        vm.press(.tab)
        vm.type("0.4")
        vm.press(.tab)
        vm.type("75")
        snapBoth(vm, label: "goal-form")
        vm.press(.escape)
        vm.press(.char("j"))
        snap(vm, .large, label: "units")
        vm.press(.enter)
        snap(vm, .large, label: "units-choosing")
        vm.press(.escape)
        vm.press(.char("j"))
        snapBoth(vm, label: "theme")
        vm.press(.enter)
        vm.press(.char("j"))
        snap(vm, .large, label: "theme-choosing")
        vm.press(.escape)
        vm.press(.char("j"))
        snap(vm, .large, label: "check-in")
        vm.press(.char("j"))
        snapBoth(vm, label: "data")
    }

    @Test func settingsThemeProblems() throws {
        let db = try TestDatabase.demo()
        let vm = settings(db, themeProblems: ["solarized.toml: line 4: unknown role \"primary\""])
        vm.press(.char("j"), times: 3)
        snap(vm, .large)
    }

    @Test func settingsEditProfile() throws {
        let db = try TestDatabase.demo()
        let vm = settings(db)
        vm.press(.enter)
        snapBoth(vm, label: "form")
        vm.press(.ctrl("u"))
        vm.press(.tab, times: 3)
        vm.press(.ctrl("u"))
        vm.type("2020-01-01")
        vm.press(.enter)
        snapBoth(vm, label: "errors")
    }

    // MARK: empty database (profile only)

    @Test func emptyTabs() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        for (name, tab) in tabs(db) {
            tab.didBecomeVisible()
            for size in ContentSize.allCases { snap(tab, size, label: name) }
        }
    }

    // MARK: onboarding

    @Test func onboarding() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Alex")
        snapBoth(vm, label: "fresh")
        vm.type("Sam")
        vm.press(.tab, times: 3)
        vm.type("1890-01-01")
        vm.press(.tab)
        vm.type("50")
        vm.press(.tab)
        vm.type("5")
        vm.press(.enter)
        #expect(vm.form.errors.count == 3)
        snapBoth(vm, label: "errors")
    }
}
