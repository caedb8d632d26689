import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SettingsFeature

/// Settings → Goal and Settings → Check-in on a real database.
@MainActor
@Suite struct SettingsGoalTests {
    private func settings(_ db: TestDatabase, section: SettingsViewModel.Section) -> FlowHost<SettingsViewModel> {
        let vm = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: SettingsViewModelTests.themes, themeProblems: [],
                databasePath: db.path))
        vm.didBecomeVisible()
        vm.press(.down, times: section.rawValue)
        return vm
    }

    /// A profile and one weigh-in of 80 kg today, so the formula TDEE is known.
    private func database() throws -> TestDatabase {
        let db = try TestDatabase(profile: DemoHistory.profile)
        try BodyLogging(store: db.repositories, clock: db.clock).save(
            BodyRecord(date: TestDay.fixed, weightKg: 80, recordedAt: db.clock.now))
        return db
    }

    @Test func settingAGoalSavesItAndPreviewsTheTarget() throws {
        let db = try database()
        let vm = settings(db, section: .goal)
        #expect(vm.section == .goal)
        let tdee = try #require(try db.repositories.latestMetabolismSnapshot(onOrBefore: TestDay.fixed)?.tdee)
        vm.press(.enter)
        vm.press(.left)  // Maintain → Lose
        vm.press(.tab)
        vm.type("0.5")
        vm.press(.tab)
        vm.type("75")
        let expected = Int((tdee - 550).rounded())
        #expect(render(vm, .large).text.contains("→ \(expected) kcal a day"))
        vm.press(.enter)
        #expect(vm.status?.text == "Goal saved: \(expected) kcal a day.")
        let goal = try #require(try db.repositories.activeGoal())
        #expect(goal.type == .lose && goal.weeklyRateKg == 0.5 && goal.targetWeightKg == 75)
        #expect(vm.goals?.progress?.remainingKg == 5)
        let text = render(vm, .large).text
        #expect(text.contains("5.0 kg to go"))
        #expect(text.contains("Today       \(expected) kcal"))
        // The burn under the target in the Goal card's words (issue 26: "71% adaptive" here).
        let basis = try #require(vm.goals?.basis)
        #expect(text.contains("  " + (basis.burnPhrasings.first ?? "?")) && !text.contains("adaptive"), "\(text)")
    }

    @Test func anUnsafeRateIsMarkedAndNothingIsSaved() throws {
        let db = try database()
        let vm = settings(db, section: .goal)
        vm.press(.enter)
        vm.press(.left)
        vm.press(.tab)
        vm.type("2")
        vm.press(.enter)
        #expect(vm.isEditingText)
        let form = render(vm, .large).text
        #expect(form.contains("Faster than is safe: allowed 0.05–0.8 kg/week (1 % of 80.0 kg)"))
        vm.press(.escape)
        #expect(vm.status?.text == "Goal unchanged.")
        #expect(try db.repositories.activeGoal() == nil)
    }

    @Test func theCheckInSentenceNeedsANotePlaceholder() throws {
        let db = try database()
        let vm = settings(db, section: .checkIn)
        vm.press(.enter)
        vm.press(.ctrl("u"))
        vm.type("Feeling [mood]")
        vm.press(.enter)
        #expect(render(vm, .large).text.contains("Not in a valid format: allowed 1–120 characters containing [note]"))
        vm.type(": [note]")
        vm.press(.enter)
        #expect(vm.status?.text == "Check-in sentence saved.")
        #expect(try db.repositories.loadProfile()?.checkInTemplate == "Feeling [mood]: [note]")
    }
}
