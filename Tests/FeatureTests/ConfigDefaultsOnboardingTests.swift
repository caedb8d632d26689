import BodiiDomain
import BodiiStore
import SettingsFeature
import TerminalKit
import Testing

/// The config file's `units` and `theme` are what a new profile starts with (issue 16, item 4):
/// the first-run form is filled with them, and Esc (skip everything) saves them.
@MainActor
@Suite struct ConfigDefaultsOnboardingTests {
    @Test func skippingSavesTheConfiguredUnitsAndTheme() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(
            store: db.repositories, clock: db.clock, fallbackName: "Robin", unitSystem: .imperial, themeName: "light")
        #expect(vm.form.value("units") == UnitSystem.imperial.label)
        #expect(vm.handle(.escape) == .close)
        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.unitSystem == .imperial && profile.themeName == "light")
        #expect(abs(profile.heightCm - 170.18) < 0.01, "the imperial default height, 5'7\"")
    }

    @Test func withoutAConfigFileTheDefaultsAreMetricAndTheDefaultTheme() throws {
        let db = try TestDatabase()
        let vm = OnboardingViewModel(store: db.repositories, clock: db.clock, fallbackName: "Robin")
        #expect(vm.handle(.escape) == .close)
        let profile = try #require(try db.repositories.loadProfile())
        #expect(profile.unitSystem == .metric && profile.themeName == Profile.defaultTheme && profile.heightCm == 170)
    }
}
