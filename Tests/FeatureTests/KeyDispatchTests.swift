import BodiiDomain
import BodiiStore
import BodyFeature
import DashboardFeature
import DietFeature
import ExerciseFeature
import SettingsFeature
import SleepFeature
import TerminalKit
import Testing

/// Key bindings drive dispatch: every key a tab's help lists does something there, and keys it
/// does not list fall through to the shell (so help and behaviour cannot drift).
@MainActor
@Suite struct KeyDispatchTests {
    nonisolated static let tabCount = 6
    static let tabs: [(String, @MainActor (TestDatabase) -> any TabScreen)] = [
        ("Dashboard", { DashboardViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Body", { BodyViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Exercise", { ExerciseViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Sleep", { SleepViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Diet", { DietViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Settings", settings),
    ]

    /// Settings with its stack: Enter opens a form or a list as a flow.
    static func settings(_ db: TestDatabase) -> FlowHost<SettingsViewModel> {
        FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: ["default-dark", "mono"], themeProblems: [],
                databasePath: db.path))
    }

    @Test(arguments: 0..<tabCount)
    func everyListedKeyActsAndNoOtherDoes(tab: Int) throws {
        let db = try TestDatabase.demo(days: 30)
        try #require(Self.tabs.count == Self.tabCount)
        let (name, make) = Self.tabs[tab]
        let listed = make(db).keyMap.bindings.flatMap(\.keys)
        for key in listed {
            let screen = make(db)  // a fresh tab per key: `a` opens a form that keeps the keys after it
            screen.didBecomeVisible()
            #expect(screen.handle(key) != .ignored, "\(name): \(key.label) is in help but does nothing")
        }
        let unlisted = "bcdfhilmnopqrsvwyz0123456789?".map(Key.char) + [.enter, .tab, .backTab]
        for key in unlisted where !listed.contains(key) {
            let screen = make(db)
            screen.didBecomeVisible()
            #expect(screen.handle(key) == .ignored, "\(name): \(key.label) is not in help but was taken")
        }
    }

    /// A list over a tab (Diet's My foods, the Settings units and theme lists) takes every key:
    /// what its help lists acts, the global keys it lists (`?`, `q`) reach the shell, and any
    /// other key is swallowed rather than switching tabs under it.
    @Test(arguments: ["My foods", "Units", "Theme"])
    func aListOverATabLetsThroughOnlyItsGlobalKeys(list: String) throws {
        let db = try TestDatabase.demo(days: 5)
        let open: @MainActor () -> any TabScreen = {
            let screen: any TabScreen
            switch list {
            case "My foods":
                screen = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
                screen.didBecomeVisible()
                _ = screen.handle(.char("m"))
            default:
                screen = Self.settings(db)
                screen.didBecomeVisible()
                let section: SettingsViewModel.Section = list == "Units" ? .units : .theme
                _ = screen.press(.char("j"), times: section.rawValue)
                _ = screen.handle(.enter)
            }
            return screen
        }
        let map = open().keyMap
        #expect(map.title == list)
        let globals = try #require(map.globalKeys)
        #expect(globals == [.char("?"), .char("q")])
        for key in map.bindings.flatMap(\.keys) {
            // Acting may be asking the shell for something (a theme preview).
            #expect(open().handle(key) != .ignored, "\(list): \(key.label) is in help but does nothing")
        }
        for key in globals { #expect(open().handle(key) == .ignored, "\(list): \(key.label) should reach the shell") }
        for key in [Key.char("c"), .char("3"), .tab, .char("a")] {
            #expect(open().handle(key) == .handled, "\(list): \(key.label) should not reach the shell")
        }
    }
}
