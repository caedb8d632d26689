import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import SettingsFeature

/// Records the theme previews the Settings tab asks the shell for.
@MainActor
final class PreviewRecorder {
    var names: [String] = []

    func press(_ vm: FlowHost<SettingsViewModel>, _ key: Key, times: Int = 1) {
        for result in vm.press(key, times: times) {
            guard case .requests(let requests) = result else { continue }
            for case .previewTheme(let name?) in requests { names.append(name) }
        }
    }
}

/// Settings: sections Profile, Goal, Units, Theme, Check-in, Data; j/k choose a section, Enter opens it
/// (a form or a list, as a flow on the stack).
@MainActor
@Suite struct SettingsViewModelTests {
    static let themes = ["default-dark", "high-contrast", "light", "mono"]

    private func makeViewModel(_ db: TestDatabase, recorder: PreviewRecorder = PreviewRecorder()) -> FlowHost<SettingsViewModel> {
        let vm = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: Self.themes, themeProblems: [],
                databasePath: db.path))
        vm.didBecomeVisible()
        return vm
    }

    @Test func editingTheProfilePersists() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        #expect(vm.section == .profile)
        #expect(vm.profile == DemoHistory.profile)

        #expect(vm.handle(.enter) == .handled)
        #expect(vm.stack.top is SettingsFormFlow, "the form is a flow on the stack")
        #expect(vm.isEditingText)
        #expect(!vm.hasUnsavedInput)
        vm.press(.ctrl("u"))
        vm.type("Jordan")
        vm.press(.tab, times: 4)  // name, units, sex, birth date → height
        vm.press(.ctrl("u"))
        vm.type("181")
        #expect(vm.hasUnsavedInput)

        #expect(vm.handle(.enter) == .handled)
        #expect(vm.stack.isEmpty, "saving closes the form")
        #expect(!vm.isEditingText)
        #expect(vm.status == StatusMessage("Profile saved.", kind: .success))
        let saved = try #require(try db.repositories.loadProfile())
        #expect(saved.name == "Jordan")
        #expect(saved.heightCm == 181)
        #expect(saved.birthDate == DemoHistory.profile.birthDate)
        #expect(saved.sex == DemoHistory.profile.sex)
        #expect(saved.activityLevel == DemoHistory.profile.activityLevel)
        #expect(saved.themeName == DemoHistory.profile.themeName, "editing the profile keeps the theme")
        #expect(vm.profile == saved)
    }

    @Test func invalidProfileEditShowsErrorAndKeepsTheStoredProfile() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        vm.press(.enter)
        vm.press(.tab, times: 4)
        vm.press(.ctrl("u"))
        vm.type("9")
        vm.press(.enter)
        #expect(vm.isEditingText, "the form stays open")
        #expect(vm.status?.kind == .error)
        #expect(try db.repositories.loadProfile() == DemoHistory.profile)
    }

    @Test func escapeLeavesTheProfileUnchanged() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        vm.press(.enter)
        vm.press(.ctrl("u"))
        vm.type("Someone else")
        #expect(vm.hasUnsavedInput)

        #expect(vm.handle(.escape) == .handled)
        #expect(!vm.isEditingText)
        #expect(vm.status?.text == "Profile unchanged.")
        #expect(vm.profile == DemoHistory.profile)
        #expect(try db.repositories.loadProfile() == DemoHistory.profile)
    }

    @Test func themePreviewRevertsOnEscapeAndSavesOnEnter() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let recorder = PreviewRecorder()
        let vm = makeViewModel(db, recorder: recorder)
        #expect(DemoHistory.profile.themeName == "default-dark")
        recorder.press(vm, .char("j"), times: 3)
        #expect(vm.section == .theme)

        recorder.press(vm, .enter)
        #expect(vm.stack.top is SettingsChooserFlow, "the list is a flow on the stack")
        #expect(recorder.names.isEmpty, "opening the list previews nothing yet")
        recorder.press(vm, .char("j"))
        #expect(recorder.names == ["high-contrast"])
        recorder.press(vm, .escape)
        #expect(recorder.names == ["high-contrast", "default-dark"], "Esc goes back to the saved theme")
        #expect(vm.stack.isEmpty, "and closes the list")
        #expect(try db.repositories.loadProfile()?.themeName == "default-dark")

        recorder.press(vm, .enter)
        recorder.press(vm, .char("j"), times: 2)
        recorder.press(vm, .char("k"))
        recorder.press(vm, .char("j"))
        #expect(recorder.names.suffix(4) == ["high-contrast", "light", "high-contrast", "light"])
        recorder.press(vm, .enter)
        #expect(vm.status == StatusMessage("Theme light saved.", kind: .success))
        #expect(try db.repositories.loadProfile()?.themeName == "light")
        #expect(vm.profile?.themeName == "light")
        // Everything else in the profile is untouched.
        var expected = DemoHistory.profile
        expected.themeName = "light"
        #expect(try db.repositories.loadProfile() == expected)
    }

    @Test func themeListStopsAtItsEnds() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let recorder = PreviewRecorder()
        let vm = makeViewModel(db, recorder: recorder)
        recorder.press(vm, .char("j"), times: 3)
        recorder.press(vm, .enter)
        recorder.press(vm, .char("k"))
        #expect(recorder.names == ["default-dark"])
        recorder.press(vm, .char("j"), times: 10)
        #expect(recorder.names.last == "mono")
        recorder.press(vm, .enter)
        #expect(try db.repositories.loadProfile()?.themeName == "mono")
    }

    @Test func homeAndEndReachTheFirstAndLastSectionAndTheme() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let recorder = PreviewRecorder()
        let vm = makeViewModel(db, recorder: recorder)
        recorder.press(vm, .end)
        #expect(vm.section == .nutrients)
        recorder.press(vm, .home)
        #expect(vm.section == .profile)
        recorder.press(vm, .char("j"), times: 3)
        recorder.press(vm, .enter)
        recorder.press(vm, .end)
        #expect(recorder.names == ["mono"])
        recorder.press(vm, .pageUp)
        #expect(recorder.names == ["mono", "default-dark"])
    }

    /// The units section names the pantry's money from the config file, with its decimals.
    @Test func theUnitsSectionShowsTheConfiguredCurrency() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = SettingsViewModel(
            store: db.repositories, clock: db.clock, themeNames: Self.themes, themeProblems: [],
            databasePath: db.path, currency: Currency.resolve(code: "JPY"))
        vm.didBecomeVisible()
        vm.press(.char("j"), times: 2)
        var buffer = Buffer(width: 80, height: 20)
        vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        #expect(buffer.text.contains("Money     JPY (¥, 0 decimals)"), "\(buffer.text)")
    }

    @Test func unitsSwitchPersists() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        vm.press(.char("j"), times: 2)
        #expect(vm.section == .units)
        vm.press(.enter)
        vm.press(.char("j"))
        vm.press(.enter)
        #expect(vm.status == StatusMessage("Units: Imperial.", kind: .success))
        #expect(try db.repositories.loadProfile()?.unitSystem == .imperial)

        // And back, through a fresh view model reading the stored profile.
        let again = makeViewModel(db)
        #expect(again.profile?.unitSystem == .imperial)
        again.press(.char("j"), times: 2)
        again.press(.enter)
        again.press(.char("k"))
        again.press(.enter)
        #expect(try db.repositories.loadProfile()?.unitSystem == .metric)
    }

    @Test func unitsEscapeSavesNothing() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        vm.press(.char("j"), times: 2)
        vm.press(.enter)
        vm.press(.char("j"))
        vm.press(.escape)
        #expect(try db.repositories.loadProfile()?.unitSystem == .metric)
    }

    @Test func sectionsStayInRange() throws {
        let db = try TestDatabase(profile: DemoHistory.profile)
        let vm = makeViewModel(db)
        vm.press(.char("k"))
        #expect(vm.section == .profile)
        vm.press(.char("j"), times: 10)
        #expect(vm.section == .nutrients)
    }

    @Test func openingWithoutAProfileSaysSo() throws {
        let db = try TestDatabase()
        let vm = makeViewModel(db)
        #expect(vm.profile == nil)
        vm.press(.enter)
        #expect(!vm.isEditingText)
        #expect(vm.status == StatusMessage("No profile yet.", kind: .error))
        #expect(try db.repositories.loadProfile() == nil)
    }
}
