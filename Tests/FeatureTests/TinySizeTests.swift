import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DashboardFeature
import BodyFeature
import DietFeature
import ExerciseFeature
import SleepFeature
import SettingsFeature
import CheckInFeature

/// Every screen drawn into areas from 0×0 up to 40×12 (and odd shapes): nothing may trap, and
/// nothing may be drawn outside the area given.
@MainActor
@Suite struct TinySizeTests {
    private func screens(_ db: TestDatabase) -> [(String, any Screen)] {
        let dashboard = DashboardViewModel(source: db.repositories, clock: db.clock)
        dashboard.didBecomeVisible()
        let calendar = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock))
        calendar.didBecomeVisible()
        _ = calendar.handle(.char("g"))
        let day = FlowHost(DashboardViewModel(source: db.repositories, clock: db.clock))
        day.didBecomeVisible()
        for key in [Key.char("g"), .enter, .enter, .enter] { _ = day.handle(key) }
        let body = BodyViewModel(source: db.repositories, clock: db.clock)
        body.didBecomeVisible()
        let sleep = SleepViewModel(source: db.repositories, clock: db.clock)
        sleep.didBecomeVisible()
        let exercise = ExerciseViewModel(source: db.repositories, clock: db.clock)
        exercise.didBecomeVisible()
        let settings = FlowHost(
            SettingsViewModel(
                store: db.repositories, clock: db.clock, themeNames: ["default-dark"], themeProblems: [],
                databasePath: db.path))
        settings.didBecomeVisible()
        _ = settings.handle(.down)
        _ = settings.handle(.enter)  // the goal form
        let checkIn = CheckInViewModel(source: db.repositories, clock: db.clock)
        let diet = DietViewModel(source: db.repositories, clock: db.clock)
        diet.didBecomeVisible()
        let search = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        search.didBecomeVisible()
        for key in [Key.char("a"), .char("e"), .char("g"), .char("g")] { _ = search.handle(key) }
        return [
            ("diet", diet), ("diet-search", search), ("dashboard", dashboard), ("dot-grid", calendar), ("dot-grid-day", day),
            ("body", body), ("sleep", sleep),
            ("exercise", exercise),
            ("settings-goal", settings), ("check-in", checkIn),
        ]
    }

    @Test func everyScreenAtEverySmallSize() throws {
        let db = try TestDatabase.demo(days: 30)
        let sizes = (0...40).flatMap { w in (0...12).map { h in (w, h) } } + [(1, 60), (200, 1), (79, 20), (3, 30)]
        for (name, screen) in screens(db) {
            for (w, h) in sizes {
                // A margin of one cell around the area must stay untouched.
                var buffer = Buffer(width: w + 2, height: h + 2, fill: Cell("#"))
                screen.render(in: Rect(x: 1, y: 1, width: w, height: h), buffer: &buffer, context: snapshotContext)
                let border = (0..<(w + 2)).flatMap { x in [(x, 0), (x, h + 1)] } + (0..<(h + 2)).flatMap { y in [(0, y), (w + 1, y)] }
                let touched = border.filter { buffer[$0.0, $0.1].symbol != "#" }
                #expect(touched.isEmpty, "\(name) at \(w)×\(h) drew outside its area at \(touched.prefix(3))")
            }
        }
    }
}
