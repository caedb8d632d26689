import BodiiDomain
import BodiiStore
import BodyFeature
import DashboardFeature
import ExerciseFeature
import SleepFeature
import TerminalKit
import Testing

/// Key bindings drive dispatch: every key a tab's help lists does something there, and keys it
/// does not list fall through to the shell (so help and behaviour cannot drift).
@MainActor
@Suite struct KeyDispatchTests {
    nonisolated static let tabCount = 4
    static let tabs: [(String, @MainActor (TestDatabase) -> any TabScreen)] = [
        ("Dashboard", { DashboardViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Body", { BodyViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Exercise", { ExerciseViewModel(source: $0.repositories, clock: $0.clock) }),
        ("Sleep", { SleepViewModel(source: $0.repositories, clock: $0.clock) }),
    ]

    @Test(arguments: 0..<tabCount)
    func everyListedKeyActsAndNoOtherDoes(tab: Int) throws {
        let db = try TestDatabase.demo(days: 30)
        try #require(Self.tabs.count == Self.tabCount)
        let (name, make) = Self.tabs[tab]
        let listed = make(db).keyMap.bindings.flatMap(\.keys)
        for key in listed {
            let screen = make(db)          // a fresh tab per key: `a` opens a form that keeps the keys after it
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
}
