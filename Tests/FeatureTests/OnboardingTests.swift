import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SettingsFeature

/// First run: the onboarding form validates inline, saves profile + first weight + goal, and Esc
/// falls back to defaults. Field order: name, units, sex, birth date, height, weight, activity, goal.
@MainActor
@Suite struct OnboardingTests {
    private func field(_ vm: OnboardingViewModel, _ id: ProfileField) {
        // Tab until the field has focus (at most once round the form).
        for _ in 0..<vm.form.fields.count where vm.form.focusedID != id.rawValue { vm.press(.tab) }
    }

    private func replace(_ vm: OnboardingViewModel, _ id: ProfileField, with text: String) {
        field(vm, id)
        vm.press(.ctrl("u"))
        vm.type(text)
    }

    @Test func invalidFieldsShowInlineErrorsAndWriteNothing() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        #expect(vm.isEditingText)
        vm.type("Sam")
        replace(vm, .birthDate, with: "1890-01-01")
        replace(vm, .height, with: "50")
        replace(vm, .weight, with: "5")

        #expect(vm.handle(.enter) == .handled)

        #expect(vm.form.errors[ProfileField.birthDate.rawValue]?.hasPrefix("Out of range: allowed") == true)
        #expect(vm.form.errors[ProfileField.height.rawValue]?.contains("100–250 cm") == true)
        #expect(vm.form.errors[ProfileField.weight.rawValue] == "Out of range: allowed 20–400 kg")
        #expect(vm.form.errors[ProfileField.name.rawValue] == nil)
        #expect(vm.form.focusedID == ProfileField.birthDate.rawValue, "focus jumps to the first bad field")
        #expect(vm.status?.kind == .error)
        #expect(vm.status?.text == "Please fix the marked fields.")
        #expect(!vm.isFinished)
        #expect(try db.repositories.loadProfile() == nil)
        #expect(try db.repositories.bodyRecords(in: DateRange(ending: TestDay.fixed, days: 365)).isEmpty)
        #expect(try db.repositories.activeGoal() == nil)
    }

    @Test func fixingTheErrorsSavesProfileWeightAndGoal() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        vm.type("Sam")
        replace(vm, .birthDate, with: "19850615")
        replace(vm, .height, with: "1800")
        #expect(vm.handle(.enter) == .handled)
        #expect(vm.form.errors.keys.sorted() == ["birthDate", "height"])
        #expect(try db.repositories.loadProfile() == nil)

        replace(vm, .birthDate, with: "1985-06-15")
        replace(vm, .height, with: "180")
        replace(vm, .weight, with: "82.5")
        vm.press(.tab)  // activity: Light → Moderate
        vm.press(.right)
        vm.press(.tab)  // goal: Maintain → Lose
        vm.press(.left)

        #expect(vm.handle(.enter) == .close)
        #expect(vm.isFinished)
        #expect(vm.status == StatusMessage("Welcome, Sam!", kind: .success))

        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.name == "Sam")
        #expect(profile.birthDate == LocalDate(year: 1985, month: 6, day: 15))
        #expect(profile.heightCm == 180)
        #expect(profile.sex == .female)
        #expect(profile.activityLevel == .moderate)
        #expect(profile.unitSystem == .metric)
        #expect(profile.themeName == Profile.defaultTheme)

        let records = try db.repositories.bodyRecords(in: DateRange(ending: TestDay.fixed, days: 30))
        #expect(records.count == 1)
        #expect(records.first?.weightKg == 82.5)
        #expect(records.first?.date == TestDay.fixed)
        #expect(records.first?.bodyFatPercent == nil)

        let snapshot = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed))
        #expect(snapshot.formula == .mifflinStJeor)
        #expect(snapshot.activityLevel == .moderate)

        let goal = try #require(try db.repositories.activeGoal())
        let expected = ProfileSetup.goal(.lose, tdee: snapshot.tdee, weightKg: 82.5, on: TestDay.fixed)
        #expect(goal.type == .lose)
        #expect(goal.weeklyRateKg == 0.5)
        #expect(goal.dailyCalorieTarget == expected.dailyCalorieTarget)
        #expect((goal.dailyCalorieTarget ?? .infinity) < snapshot.tdee)
        #expect(goal.proteinG == expected.proteinG)
        #expect(goal.createdOn == TestDay.fixed)
    }

    @Test func escapeOnAFreshDatabaseSavesTheDefaults() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        vm.type("ignored")  // Esc skips everything, including what was typed

        #expect(vm.handle(.escape) == .close)
        #expect(vm.isFinished)

        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.name == "Robin")
        #expect(profile.sex == .female)
        #expect(profile.birthDate == LocalDate(year: 1990, month: 1, day: 1))
        #expect(profile.heightCm == 170)
        #expect(profile.activityLevel == .light)
        #expect(profile.unitSystem == .metric)
        // No weight was given, so no body record; the goal the form showed (maintain) is saved,
        // with no targets until a weigh-in gives an expenditure.
        #expect(try db.repositories.bodyRecords(in: DateRange(ending: TestDay.fixed, days: 365)).isEmpty)
        let goal = try #require(try db.repositories.activeGoal())
        #expect(goal.type == .maintain)
        #expect(goal.dailyCalorieTarget == nil)
        let state = try DaySummaryQuery(source: db.repositories).summary(for: TestDay.fixed)
        #expect(state.goal?.type == .maintain)
        #expect(state.targetKcal == nil)
    }

    @Test func blankFieldsTakeTheirDefaults() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        #expect(vm.handle(.enter) == .close)
        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.name == "Robin")
        #expect(profile.heightCm == 170)
        #expect(profile.birthDate == LocalDate(year: 1990, month: 1, day: 1))
    }

    @Test func imperialUnitsUseFeetAndInchesForTheDefaultHeight() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        vm.press(.tab)  // units
        vm.press(.right)  // Metric → Imperial
        replace(vm, .weight, with: "180")
        #expect(vm.form.fields.first { $0.id == ProfileField.weight.rawValue }?.hint == "lb")
        #expect(vm.handle(.enter) == .close)

        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.unitSystem == .imperial)
        #expect(abs(profile.heightCm - 170.18) < 0.01, "5'7\" is 170.18 cm")
        let weight = try #require(try db.repositories.bodyRecords(in: DateRange(ending: TestDay.fixed, days: 1)).first)
        #expect(abs((weight.weightKg ?? 0) - 81.65) < 0.01, "180 lb is 81.65 kg")
    }
}
