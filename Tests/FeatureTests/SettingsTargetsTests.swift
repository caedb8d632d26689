import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SettingsFeature

/// Settings → Goal and targets (issue 43): the calorie source and the macro split set in the
/// form, refused inline in the words of `bodii targets set`, and shown in the Goal section.
@MainActor
@Suite struct SettingsTargetsTests {
    private func goalSection(_ db: TestDatabase) -> FlowHost<SettingsViewModel> {
        let vm = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: SettingsViewModelTests.themes, themeProblems: [],
                databasePath: db.path))
        vm.didBecomeVisible()
        vm.press(.down, times: SettingsViewModel.Section.goal.rawValue)
        return vm
    }

    private func database() throws -> TestDatabase {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try BodyLogging(store: db.repositories, clock: db.clock).save(
            BodyRecord(date: TestDay.fixed, weightKg: 80, recordedAt: db.clock.now))
        return db
    }

    /// Fields in order: goal, rate, target weight, body fat, calories, fixed target, split, protein, fat, carbs.
    private func fillFixedCustom(_ vm: FlowHost<SettingsViewModel>, fat: String) {
        vm.press(.enter)
        vm.press(.tab, times: 4)  // Calories
        vm.press(.right, times: 2)  // Adaptive → Formula → Fixed
        vm.press(.tab)
        vm.type("1800")
        vm.press(.tab)  // Macro split
        vm.press(.right, times: 4)  // Balanced → … → Custom
        vm.press(.tab)
        vm.type("30%")
        vm.press(.tab)
        vm.type(fat)
    }

    @Test func aFixedTargetAndACustomSplitAreSavedAndShown() throws {
        let db = try database()
        let vm = goalSection(db)
        fillFixedCustom(vm, fat: "70 g")
        // 30 % of 1800 = 540 kcal = 135 g protein; 70 g fat; carbs (1800 − 540 − 630) / 4 = 157.5 → 158.
        let preview = render(vm, .large).text
        #expect(preview.contains("fixed 1800 kcal a day · protein 135 g · carbs") && preview.contains("158 g · fat 70 g"), "\(preview)")
        vm.press(.enter)
        #expect(vm.status?.text == "Goal saved: 1800 kcal a day.")
        let goal = try #require(try db.repositories.activeGoal())
        #expect(goal.choice == TargetChoice(calories: .fixed(kcal: 1800), split: .custom(CustomSplit(protein: .share(0.3), fat: .grams(70)))))
        let text = render(vm, .large).text
        #expect(text.contains("Calories    fixed 1800 kcal"), "\(text)")
        #expect(text.contains("Split       Custom: protein 30 % of kcal, fat 70 g, carbs the rest"), "\(text)")
    }

    /// "BMR body fat", after Count carbs: Estimated lets Katch-McArdle use the Navy estimate.
    @Test func theEstimatedBodyFatChoiceIsSavedAndShown() throws {
        let db = try database()
        let vm = goalSection(db)
        vm.press(.enter)
        vm.press(.tab, times: 11)  // BMR body fat
        vm.press(.right)  // Logged → Estimated
        vm.press(.enter)
        #expect(vm.status?.text.hasPrefix("Goal saved") == true, "\(String(describing: vm.status))")
        #expect(try db.repositories.activeGoal()?.choice.bodyFat == .estimated)
        let text = render(vm, .large).text
        #expect(text.contains("Body fat    logged, else the Navy estimate from waist and neck"), "\(text)")
    }

    @Test func aFatOutOfRangeIsMarkedAndNothingIsSaved() throws {
        let db = try database()
        let vm = goalSection(db)
        fillFixedCustom(vm, fat: "90%")
        vm.press(.enter)
        #expect(vm.isEditingText)
        #expect(render(vm, .large).text.contains("Out of range: allowed 15–80 % of kcal or 20–400 g"))
        vm.press(.escape)
        #expect(try db.repositories.activeGoal() == nil)
    }
}
