import BodiiUI
import Foundation
import BodiiDomain
import TerminalKit

/// The Settings tab: profile, goal, units, theme (live preview), the check-in sentence and data.
/// j/k pick a section on the left; Enter opens it: a form or the list of units or themes, each a
/// flow on the shell's stack (`SettingsFormFlow`, `SettingsChooserFlow`).
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
    let themeNames: [String]
    private let themeProblems: [String]
    private let databasePath: String
    private let importJob: ImportJobMaker?
    /// The last import's summary, shown in the Data section.
    public private(set) var importSummary: [String] = []
    /// Sync's state for the Data section (folder, device, last sync); the shell knows it, the tab
    /// only shows it. Empty: this machine does not sync.
    public var syncStatus: () -> [String] = { [] }

    public private(set) var section: Section = .profile
    public private(set) var profile: Profile?
    public private(set) var goals: GoalOverview?
    /// The one status line the tab and its flows share.
    public internal(set) var status: StatusMessage?

    /// Settings → Nutrients' store, where the database has nutrient preferences. Cast when the
    /// section is first opened: the cast looks the conformance up among all of the binary's
    /// (1.7 M instructions), which every start paid for a tab it does not show.
    private lazy var nutrientTargets: (any NutrientTargetSet.Source)? = store as? any NutrientTargetSet.Source

    public init(
        store: any Store, clock: any Clock, themeNames: [String], themeProblems: [String],
        databasePath: String, importJob: ImportJobMaker? = nil, currency: Currency = .default
    ) {
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

    public var keyMap: KeyMap { Self.actions.keyMap }

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
        guard let action = Self.actions.action(for: key) else { return .ignored }
        switch action {
        case .move(let move):
            section = Section.allCases[move.apply(to: section.rawValue, count: Section.allCases.count)]
            return .handled
        case .open:
            if section == .nutrients, let nutrientTargets {
                status = nil
                return .requests([.present(NutrientSettingsFlow(store: nutrientTargets, today: clock.today))])
            }
            return open(section).map { .requests([.present($0)]) } ?? .handled
        }
    }

    /// The flow that changes `section` (a form, or the units or theme list), or nil with the reason
    /// in the status line.
    private func open(_ section: Section) -> (any Flow)? {
        guard let profile else { status = StatusMessage("No profile yet.", kind: .error); return nil }
        status = nil
        switch section {
        case .profile:
            let form = ProfileForm.make(from: ProfileInput(profile: profile), onboarding: false)
            return SettingsFormFlow(tab: self, kind: .profile, form: form)
        case .goal: return SettingsFormFlow(tab: self, kind: .goal, form: GoalForm.make(from: goals?.goal, unitSystem: profile.unitSystem))
        case .checkIn:
            return SettingsFormFlow(
                tab: self, kind: .checkIn,
                form: Form(
                    fields: [
                        .text(
                            "template", label: "Sentence", text: profile.checkInTemplate, maxLength: 120,
                            hint: nil)
                    ], inputWidth: 48))
        case .units:
            return SettingsChooserFlow(tab: self, kind: .units, index: UnitSystem.allCases.firstIndex(of: profile.unitSystem) ?? 0)
        case .theme: return SettingsChooserFlow(tab: self, kind: .theme, index: themeNames.firstIndex(of: profile.themeName) ?? 0)
        case .nutrients:
            status = StatusMessage("Nutrient targets are not available with this database.")
            return nil
        case .data:
            guard importJob != nil else {
                status = StatusMessage("Import is not available here; the database is a plain SQLite file.")
                return nil
            }
            return SettingsFormFlow(
                tab: self, kind: .data,
                form: Form(
                    fields: [
                        .text("path", label: "File", text: "", maxLength: 4096),
                        .choice("action", label: "Do", options: DataAction.allCases.map(\.label), hint: "←/→"),
                    ], inputWidth: 56))
        }
    }

    // MARK: What the flows ask of the tab

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

    /// Checks a profile as typed against the stored one. No fallback name here: clearing the name
    /// is a mistake to point out, not to guess.
    func validateProfile(_ form: Form) -> Result<Profile, FieldErrors<ProfileField>> {
        setup.validate(ProfileForm.input(from: form), keeping: profile, fallbackName: "").map(\.profile)
    }

    /// Saves `goal`; false (the reason in the status line) when it could not.
    func save(_ goal: Goal) -> Bool {
        do {
            try planning.save(goal)
            reload()
            status = StatusMessage(
                "Goal saved: " + (goal.dailyCalorieTarget.map { "\(Int($0)) kcal a day." } ?? "log a weight to get a target."),
                kind: .success)
            return true
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    /// Saves `updated`; false (the reason in the status line) when it could not.
    func save(_ updated: Profile, message: String) -> Bool {
        do {
            try setup.save(updated)
            profile = updated
            status = StatusMessage(message, kind: .success)
            return true
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }

    /// The job that imports from or exports to `path` (`~` is the home folder), its summary
    /// kept for the Data section; nil where this database cannot import.
    func dataJob(_ action: DataAction, path typed: String) -> ShellRequest? {
        guard let importJob else { return nil }
        var path = typed
        if path == "~" || path.hasPrefix("~/"), let home = ProcessInfo.processInfo.environment["HOME"] {
            path = home + path.dropFirst()
        }
        let made = importJob(action, path)
        return .run(
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
    }

    /// The tab as drawn, with the units or theme list's selection at `chooserIndex` while one is open.
    func view(chooserIndex: Int? = nil) -> SettingsView {
        SettingsView(
            section: section, chooserIndex: chooserIndex, profile: profile, goals: goals,
            themeNames: themeNames, themeProblems: themeProblems, databasePath: databasePath, today: clock.today,
            importSummary: importSummary, syncStatus: syncStatus(), currency: currency)
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        view().render(in: area, buffer: &buffer, context: context)
    }
}
