import Foundation
import BodiiDomain
import BodiiStore
import BodiiTestSupport
import TerminalKit
import BodiiUI
import BodyFeature
import SleepFeature
import ExerciseFeature
import ReviewFeature

/// The day every test lives on, so nothing depends on the real date.
enum TestDay {
    /// 2026-11-22 (20779 days after 1970-01-01).
    static let fixed = LocalDate(year: 2026, month: 11, day: 22) ?? LocalDate(daysSinceEpoch: 20_779)
    static let clock = FixedClock(day: fixed)
}

/// A real SQLite database in its own temporary folder, removed when the value goes away.
/// Optionally holds a profile and `demoDays` of `DemoHistory` ending on the fixed day.
final class TestDatabase {
    let folder: URL
    let database: BodiiDatabase
    let clock: FixedClock

    var repositories: SQLiteRepositories { database.repositories }
    var path: String { database.url.path }

    /// `meals`: the demo history includes meals of real catalog foods.
    init(profile: Profile? = nil, demoDays: Int = 0, meals: Bool = false, clock: FixedClock = TestDay.clock) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bodii-ftests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // UTC, like the fixed clock, so stored timestamps and dates agree. A copy of the process's
        // seeded template: the view models search and read foods, and seeding the catalog on
        // first use was most of a test's time (~0.5 CPU-s of ~0.7 in debug); the seed on first
        // use is the store's tests' to check, not theirs.
        database = try TestDatabaseFile.open(at: folder.appendingPathComponent("bodii.sqlite"), .seeded, timeZone: clock.timeZone)
        self.clock = clock
        if let profile { try database.repositories.saveProfile(profile) }
        if demoDays > 0 {
            var foods: [FoodID: Food] = [:]
            if meals { for id in DemoHistory.menuFoodIDs { foods[id] = try database.repositories.food(id: id) } }
            let batch = DemoHistory(days: demoDays, endDate: clock.today, now: clock.now)
                .makeBatch(profile: profile ?? DemoHistory.profile, foods: foods)
            try database.repositories.write(batch)
        }
    }

    /// A database set up the way `bodii demo` leaves it: the demo profile and its history.
    static func demo(days: Int = 60, meals: Bool = false) throws -> TestDatabase {
        try TestDatabase(profile: DemoHistory.profile, demoDays: days, meals: meals)
    }

    /// Switches the saved profile to imperial units (it must exist).
    func useImperialUnits() throws {
        guard var profile = try repositories.loadProfile() else { throw CocoaError(.coderValueNotFound) }
        profile.unitSystem = .imperial
        try repositories.saveProfile(profile)
    }

    deinit {
        try? database.close()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// The content area sizes the shell gives a tab: a roomy terminal and the 80×24 minimum.
enum ContentSize: CaseIterable {
    case large, small
    var width: Int { self == .large ? 100 : 80 }
    var height: Int { self == .large ? 27 : 21 }
    var name: String { "\(width)x\(height)" }
}

let snapshotContext = RenderContext(theme: .fallback, symbols: .unicode)

@MainActor
func render(_ screen: any Screen, _ size: ContentSize, context: RenderContext = snapshotContext) -> Buffer {
    var buffer = Buffer(width: size.width, height: size.height, for: context)
    screen.render(in: buffer.area, buffer: &buffer, context: context)
    return buffer
}

extension Screen {
    /// Types `text` one character at a time, as the terminal delivers it.
    @discardableResult
    func type(_ text: String) -> [KeyResult] {
        text.map { handle(.char($0)) }
    }

    /// Sends the same key `count` times.
    @discardableResult
    func press(_ key: Key, times count: Int = 1) -> [KeyResult] {
        (0..<count).map { _ in handle(key) }
    }
}

/// A tab with the shell's flow stack over it, driven as the shell drives it (`FlowStack.route`):
/// keys go to the top flow (else the tab), `.close` pops one level, `.closeFlows` pops back to the
/// tab, and closing reloads the tab. For driving a tab and its flows without the whole app; the
/// tab's own properties read through (`host.items`).
@MainActor
@dynamicMemberLookup
final class FlowHost<Tab: TabScreen>: TabScreen {
    let tab: Tab
    let stack = FlowStack()

    init(_ tab: Tab) { self.tab = tab }

    subscript<T>(dynamicMember keyPath: KeyPath<Tab, T>) -> T { tab[keyPath: keyPath] }

    /// The screen with the keys: the top flow, else the tab.
    var focused: any Screen { stack.top ?? tab }
    var title: String { tab.title }
    var keyMap: KeyMap { focused.keyMap }
    var documentedKeyMaps: [KeyMap] { tab.documentedKeyMaps }
    var isEditingText: Bool { focused.isEditingText }
    var hasUnsavedInput: Bool { tab.hasUnsavedInput || stack.hasUnsavedInput }
    var status: StatusMessage? { focused.status }

    func didBecomeVisible() { tab.didBecomeVisible() }

    /// What the shell would answer: `.handled` once the stack did its part, `.ignored` for a key
    /// left to the global keys, and the requests that are the shell's own.
    func handle(_ key: Key) -> KeyResult {
        var forShell: [ShellRequest] = []
        let routed = stack.route(key, base: tab) { forShell.append($0) }
        if routed.closed { tab.didBecomeVisible() }
        return forShell.isEmpty ? routed.result : .requests(forShell)
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        tab.render(in: area, buffer: &buffer, context: context)
        stack.render(in: area, buffer: &buffer, context: context)
    }
}

extension FlowHost {
    /// The top form flow's form (Body's and Sleep's log forms are flows on the stack).
    fileprivate var recordForm: Form? { stack.screens.reversed().lazy.compactMap { $0 as? RecordFormFlow }.first?.form }
}

extension FlowHost where Tab == BodyViewModel {
    var form: Form? { recordForm }
}

extension FlowHost where Tab == SleepViewModel {
    var form: Form? { recordForm }
}

/// What the Exercise tests look at on the stack: the activity list and the session form.
extension FlowHost where Tab == ExerciseViewModel {
    private var picker: ActivityPickerFlow? { stack.top as? ActivityPickerFlow }
    private var editor: ExerciseEditorFlow? { stack.screens.reversed().lazy.compactMap { $0 as? ExerciseEditorFlow }.first }
    /// True while the activity list is open.
    var isPicking: Bool { picker != nil }
    var pickerQuery: String? { picker?.query }
    var pickerResults: [Activity] { picker?.results ?? [] }
    var pickerSelection: Activity? { picker?.selection }
    var form: Form? { editor?.form }
    /// The form's energy estimate in kcal, once its minutes are valid.
    var estimatedKcal: Double? { editor?.estimatedKcal }
}

extension FlowHost where Tab == ReviewViewModel {
    /// The Review form open on the stack.
    var form: ReviewForm? { (stack.top as? ReviewFormFlow)?.form }
}
