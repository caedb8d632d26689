import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SettingsFeature

/// Settings → Nutrients (issue 27): a target typed in is stored as an override, hiding is stored,
/// `r` goes back to the DRI default, and the defaults follow the profile's sex.
@MainActor
@Suite struct NutrientSettingsTests {
    private func open(_ db: TestDatabase) throws -> FlowHost<SettingsViewModel> {
        let vm = FlowHost(
            SettingsViewModel(store: db.repositories, clock: db.clock, themeNames: ["mono"], themeProblems: [], databasePath: db.path))
        vm.didBecomeVisible()
        vm.press(.end)
        #expect(vm.tab.section == .nutrients)
        vm.press(.enter)
        _ = try #require(vm.stack.top as? NutrientSettingsFlow)
        return vm
    }

    private func flow(_ vm: FlowHost<SettingsViewModel>) throws -> NutrientSettingsFlow {
        try #require(vm.stack.top as? NutrientSettingsFlow)
    }

    @Test func aTypedTargetIsStoredAndResetGoesBackToTheDefault() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = try open(db)
        let index = try #require(NutrientKey.allCases.firstIndex(of: .vitaminCMg))
        vm.press(.down, times: index)
        vm.press(.enter)
        #expect(vm.isEditingText)
        vm.press(.ctrl("u"))
        vm.type("abc")
        vm.press(.enter)
        #expect(try flow(vm).fieldError != nil)
        #expect(try db.repositories.nutrientPreferences().isEmpty)
        vm.press(.ctrl("u"))
        vm.type("250")
        vm.press(.enter)
        #expect(try db.repositories.nutrientPreferences()[.vitaminCMg]?.amount == 250)
        #expect(try flow(vm).targets.targets[.vitaminCMg]?.amount == 250)
        vm.press(.char("h"))
        #expect(try db.repositories.nutrientPreferences()[.vitaminCMg]?.hidden == true)
        vm.press(.char("r"))
        #expect(try db.repositories.nutrientPreferences().isEmpty)
        let defaultAmount = try flow(vm).targets.defaults[.vitaminCMg]?.amount
        #expect(try flow(vm).targets.targets[.vitaminCMg]?.amount == defaultAmount)
    }

    @Test func theDefaultsFollowTheProfilesSex() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        var profile = try #require(try db.repositories.loadProfile())
        profile.sex = .female
        try db.repositories.saveProfile(profile)
        let women = try NutrientTargetSet.load(on: db.clock.today, source: db.repositories)
        profile.sex = .male
        try db.repositories.saveProfile(profile)
        let men = try NutrientTargetSet.load(on: db.clock.today, source: db.repositories)
        #expect(women.defaults[.vitaminCMg]?.amount == 75)
        #expect(men.defaults[.vitaminCMg]?.amount == 90)
    }
}
