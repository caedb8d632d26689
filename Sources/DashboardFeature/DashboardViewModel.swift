import BodiiDomain
import TerminalKit

/// The Dashboard tab: today's numbers at a glance; `[` `]` `t` move through days.
@MainActor
public final class DashboardViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    public private(set) var day: LocalDate
    public private(set) var state: DashboardState?
    public private(set) var status: StatusMessage?

    public init(source: any Repositories, clock: any Clock) {
        self.source = source
        self.clock = clock
        day = clock.today
    }

    public let title = "Dashboard"

    public var keyMap: KeyMap {
        KeyMap(title: "Dashboard", bindings: DayStep.bindings)
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            state = try DashboardState.load(day: day, from: source)
            status = nil
        } catch {
            state = nil
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let step = DayStep(key) else { return .ignored }
        day = day.moved(by: step.offset, today: clock.today)
        reload()
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DashboardView(state: state, day: day, today: clock.today, errorMessage: status?.text)
            .render(in: area, buffer: &buffer, context: context)
    }
}
