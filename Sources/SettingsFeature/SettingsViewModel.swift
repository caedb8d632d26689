import BodiiUI
import Foundation
import BodiiDomain
import TerminalKit

/// The Settings tab: profile, goal, units, theme (live preview), the check-in sentence and data.
/// j/k pick a section on the left; Enter opens it (a form, or the list of units or themes).
@MainActor
public final class SettingsViewModel: TabScreen {
    public enum Section: Int, CaseIterable, Sendable {
        case profile, goal, units, theme, checkIn, data, nutrients
        var title: String {
            switch self {
            case .profile: return "Profile"
            case .goal: return "Goal & targets"
            case .units: return "Units"
            case .theme: return "Theme"
            case .checkIn: return "Check-in"
            case .data: return "Data"
            case .nutrients: return "Nutrients"
            }
        }
    }

    enum Mode: Equatable {
        case browsing
        case editingProfile(Form)
        case editingGoal(Form)
        case editingTemplate(Form)
        case choosingUnits(Int)
        case choosingTheme(Int)
        case importing(Form)
    }

    /// What Settings → Data does with the path it is given.
    public enum DataAction: Int, CaseIterable, Sendable {
        case importAppleHealth, importCronometer, exportJSON, exportCSV
        public var label: String {
            switch self {
            case .importAppleHealth: return "Import Apple Health"
            case .importCronometer: return "Import Cronometer"
            case .exportJSON: return "Export JSON"
            case .exportCSV: return "Export CSV"
            }
        }
    }

    /// Makes the job that imports an Apple Health export or a Cronometer CSV at a path (or exports to one), and a way
    /// to read its summary once it has finished (the app wires the importer and the exporter; the
    /// feature only asks the shell to run the job).
    public typealias ImportJobMaker = (DataAction, String) -> (job: any Job, summary: @Sendable () -> [String])

    /// The profile and goals (`ProfileSetup`, `GoalPlanning`) and what the goal overview reads.
    public typealias Store = ProfileSetup.Store & GoalPlanning.Store & DaySummaryQuery.Source
    private let store: any Store
    private let setup: ProfileSetup
    private let planning: GoalPlanning
    private let clock: any Clock
    private let themeNames: [String]
    private let themeProblems: [String]
    private let databasePath: String
    private let importJob: ImportJobMaker?
    /// The last import's summary, shown in the Data section.
    public private(set) var importSummary: [String] = []
    /// Sync's state for the Data section (folder, device, last sync); the shell knows it, the tab
    /// only shows it. Empty: this machine does not sync.
    public var syncStatus: () -> [String] = { [] }
    /// Shows a theme without saving it (live preview); the app shell applies it.

    public private(set) var section: Section = .profile
    private(set) var mode: Mode = .browsing
    public private(set) var profile: Profile?
    public private(set) var goals: GoalOverview?
    public private(set) var status: StatusMessage?

    /// Settings → Nutrients' store, where the database has nutrient preferences.
    private let nutrientTargets: (any NutrientTargetSet.Source)?

    public init(
        store: any Store, clock: any Clock, themeNames: [String], themeProblems: [String],
        databasePath: String, importJob: ImportJobMaker? = nil, currency: Currency = .default
    ) {
        nutrientTargets = store as? any NutrientTargetSet.Source
        self.importJob = importJob
        self.currency = currency
        self.store = store
        setup = ProfileSetup(store: store, clock: clock)
        planning = GoalPlanning(store: store, clock: clock)
        self.clock = clock
        self.themeNames = themeNames
        self.themeProblems = themeProblems
        self.databasePath = databasePath
    }

    public let title = "Settings"
    /// The pantry's money, from the config file (shown with the units; set there, not here).
    public let currency: Currency

    public var keyMap: KeyMap {
        switch mode {
        case .browsing: return Self.actions.keyMap
        case .editingProfile: return .formDialog(title: "Edit profile")
        case .editingGoal: return .formDialog(title: "Goal and targets")
        case .editingTemplate: return .formDialog(title: "Check-in sentence")
        case .importing: return .formDialog(title: "Import or export", saveHelp: "run")
        case .choosingUnits: return Self.chooserKeyMap(Self.unitsActions)
        case .choosingTheme: return Self.chooserKeyMap(Self.themeActions)
        }
    }

    /// What the browsing keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case move(ListMove)
        case open
    }

    static let actions = ActionKeyMap<Action>(
        title: "Settings",
        ListMove.actions("in the section list") { .move($0) } + [
            KeyBinding([.enter, .char("e")], label: "Enter", help: "change this section", footer: true).performs(.open)
        ])

    public var isEditingText: Bool {
        switch mode {
        case .editingProfile, .editingGoal, .editingTemplate, .importing: return true
        case .browsing, .choosingUnits, .choosingTheme: return false
        }
    }

    public var hasUnsavedInput: Bool {
        guard let profile else { return false }
        switch mode {
        case .editingProfile(let form): return ProfileForm.input(from: form) != ProfileInput(profile: profile)
        case .editingGoal(let form):
            return GoalForm.input(from: form) != GoalForm.input(from: GoalForm.make(from: goals?.goal, unitSystem: profile.unitSystem))
        case .editingTemplate(let form): return form.value("template") != profile.checkInTemplate
        case .importing, .browsing, .choosingUnits, .choosingTheme: return false
        }
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            profile = try store.loadProfile()
            goals = try GoalOverview.load(source: store, today: clock.today)
        } catch {
            status = StatusMessage("Could not read the profile: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        switch mode {
        case .browsing: return handleBrowsing(key)
        case .editingProfile(var form): return handleProfile(key, &form)
        case .editingGoal(var form): return handleGoal(key, &form)
        case .editingTemplate(var form): return handleTemplate(key, &form)
        case .importing(var form): return handleImport(key, &form)
        case .choosingUnits(let i): return handleList(key, Self.unitsActions, index: i, count: UnitSystem.allCases.count)
        case .choosingTheme(let i): return handleList(key, Self.themeActions, index: i, count: themeNames.count)
        }
    }

    private func handleBrowsing(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return .ignored }
        switch action {
        case .move(let move): section = Section.allCases[move.apply(to: section.rawValue, count: Section.allCases.count)]
        case .open:
            if section == .nutrients, let nutrientTargets {
                status = nil
                return .requests([.present(NutrientSettingsFlow(store: nutrientTargets, today: clock.today))])
            }
            open(section)
        }
        return .handled
    }

    private func open(_ section: Section) {
        guard let profile else { status = StatusMessage("No profile yet.", kind: .error); return }
        status = nil
        switch section {
        case .profile: mode = .editingProfile(ProfileForm.make(from: ProfileInput(profile: profile), onboarding: false))
        case .goal: mode = .editingGoal(GoalForm.make(from: goals?.goal, unitSystem: profile.unitSystem))
        case .checkIn:
            mode = .editingTemplate(
                Form(
                    fields: [
                        .text(
                            "template", label: "Sentence", text: profile.checkInTemplate, maxLength: 120,
                            hint: nil)
                    ], inputWidth: 48))
        case .units: mode = .choosingUnits(UnitSystem.allCases.firstIndex(of: profile.unitSystem) ?? 0)
        case .theme: mode = .choosingTheme(themeNames.firstIndex(of: profile.themeName) ?? 0)
        case .nutrients: status = StatusMessage("Nutrient targets are not available with this database.")
        case .data:
            guard importJob != nil else {
                status = StatusMessage("Import is not available here; the database is a plain SQLite file.")
                return
            }
            mode = .importing(
                Form(
                    fields: [
                        .text("path", label: "File", text: "", maxLength: 4096),
                        .choice("action", label: "Do", options: DataAction.allCases.map(\.label), hint: "←/→"),
                    ], inputWidth: 56))
        }
    }

    private func handleProfile(_ key: Key, _ form: inout Form) -> KeyResult {
        switch key {
        case .escape:
            mode = .browsing
            status = StatusMessage("Profile unchanged.")
        case .enter:
            // No fallback name here: clearing the name is a mistake to point out, not to guess.
            switch setup.validate(ProfileForm.input(from: form), keeping: profile, fallbackName: "") {
            case .failure(let errors):
                status = ProfileForm.show(errors, in: &form)
                mode = .editingProfile(form)
            case .success(let result):
                save(result.profile, message: "Profile saved.")
            }
        default:
            if form.handle(key) { ProfileForm.refreshHints(&form) }
            mode = .editingProfile(form)
        }
        return .handled
    }

    /// The goal as the form stands, when it is valid (for the live preview and saving), with the
    /// targets it gives today recorded in it.
    func goalResult(_ form: Form) -> Result<Goal, FieldErrors<GoalField>>? {
        guard let profile, let goals else { return nil }
        // Without a weigh-in the targets alone can be set (a fixed target); a rate or a target
        // weight then says it needs one.
        let weight = goals.targets?.weightKg ?? goals.trendKg ?? goals.weightKg
        return planning.validate(GoalForm.input(from: form), weightKg: weight, unitSystem: profile.unitSystem).map { goal in
            var recorded = goal
            if let targets = goals.previewTargets(for: goal, today: clock.today) { recorded.record(targets) }
            return recorded
        }
    }

    /// Today's targets under the goal as typed, for the live preview.
    func goalPreviewTargets(_ form: Form) -> DayTargets? {
        guard let goals else { return nil }
        if case .success(let goal)? = goalResult(form) { return goals.previewTargets(for: goal, today: clock.today) }
        return goals.targets
    }

    private func handleGoal(_ key: Key, _ form: inout Form) -> KeyResult {
        switch form.route(key) {
        case .cancel:
            mode = .browsing
            status = StatusMessage("Goal unchanged.")
        case .submit:
            switch goalResult(form) {
            case nil:
                status = StatusMessage("Log a weight first: a goal starts from your weight and expenditure.", kind: .error)
                mode = .editingGoal(form)
            case .failure(let errors)?:
                status = form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
                mode = .editingGoal(form)
            case .success(let goal)?:
                do {
                    try planning.save(goal)
                    mode = .browsing
                    reload()
                    status = StatusMessage(
                        "Goal saved: " + (goal.dailyCalorieTarget.map { "\(Int($0)) kcal a day." } ?? "log a weight to get a target."),
                        kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                }
            }
        case .edited:
            mode = .editingGoal(form)
        }
        return .handled
    }

    private func handleTemplate(_ key: Key, _ form: inout Form) -> KeyResult {
        switch form.route(key) {
        case .cancel:
            mode = .browsing
            status = StatusMessage("Sentence unchanged.")
        case .submit:
            do throws(ValidationError) {
                let template = try Validation.checkInTemplate(form.value("template") ?? "")
                guard var updated = profile else { return .handled }
                updated.checkInTemplate = template
                save(updated, message: "Check-in sentence saved.")
            } catch {
                status = form.show(errors: ["template": error.inlineMessage], first: "template")
                mode = .editingTemplate(form)
            }
        case .edited:
            mode = .editingTemplate(form)
        }
        return .handled
    }

    private func handleImport(_ key: Key, _ form: inout Form) -> KeyResult {
        switch form.route(key) {
        case .cancel:
            mode = .browsing
            status = StatusMessage("Nothing imported.")
        case .submit:
            var path = (form.value("path") ?? "").trimmingCharacters(in: .whitespaces)
            guard !path.isEmpty, let importJob else {
                status = form.show(errors: ["path": "give a path"], first: "path")
                mode = .importing(form)
                return .handled
            }
            if path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
                path = home + path.dropFirst()
            }
            mode = .browsing
            let action = DataAction.allCases.first { $0.label == form.value("action") } ?? .importAppleHealth
            let made = importJob(action, path)
            return .requests([
                .run(
                    made.job,
                    then: { [weak self] event in
                        guard let self else { return }
                        switch event {
                        case .finished: self.importSummary = made.summary()
                        case .failed(_, let message): self.importSummary = [message]
                        case .cancelled: self.importSummary = ["Cancelled: nothing was written."]
                        case .progress: break
                        }
                    })
            ])
        case .edited:
            mode = .importing(form)
        }
        return .handled
    }

    private func handleList(_ key: Key, _ actions: ActionKeyMap<ChooserAction>, index: Int, count: Int) -> KeyResult {
        guard let profile, count > 0 else { mode = .browsing; return .handled }
        guard let action = actions.action(for: key) else { return Self.chooserGlobalKeys.contains(key) ? .ignored : .handled }
        let i: Int
        switch action {
        case .move(let move): i = move.apply(to: index, count: count)
        case .cancel:
            let wasChoosingTheme = { if case .choosingTheme = mode { return true } else { return false } }()
            mode = .browsing
            // Back to the saved theme: the shell draws the preview, so it is asked to.
            return wasChoosingTheme ? .requests([.previewTheme(profile.themeName)]) : .handled
        case .save:
            var updated = profile
            if case .choosingTheme = mode { updated.themeName = themeNames[index] } else { updated.unitSystem = UnitSystem.allCases[index] }
            save(updated, message: section == .theme ? "Theme \(updated.themeName) saved." : "Units: \(updated.unitSystem.label).")
            return .handled
        }
        if case .choosingTheme = mode {
            mode = .choosingTheme(i)
            return .requests([.previewTheme(themeNames[i])])
        } else {
            mode = .choosingUnits(i)
        }
        return .handled
    }

    private func save(_ updated: Profile, message: String) {
        do {
            try setup.save(updated)
            profile = updated
            mode = .browsing
            status = StatusMessage(message, kind: .success)
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        var preview: String?
        if case .editingGoal(let form) = mode { preview = GoalForm.preview(goalResult(form), targets: goalPreviewTargets(form)) }
        SettingsView(
            section: section, mode: mode, profile: profile, goals: goals, goalPreview: preview, themeNames: themeNames,
            themeProblems: themeProblems, databasePath: databasePath, today: clock.today, importSummary: importSummary,
            syncStatus: syncStatus(), currency: currency
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
