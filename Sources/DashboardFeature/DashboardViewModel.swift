import BodiiDomain
import TerminalKit
import SharedCharts

/// The Dashboard tab: today's numbers at a glance; `[` `]` `t` move through days.
@MainActor
public final class DashboardViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    public private(set) var range: ChartRange = .week
    /// The full-screen check-in calendar (`g`), while it is open.
    public private(set) var calendarZoom: CalendarZoom?
    public private(set) var calendar: CheckInCalendar?
    public private(set) var state: DashboardState?
    public private(set) var status: StatusMessage?

    public init(source: any Repositories, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Dashboard"

    public var keyMap: KeyMap {
        if calendarZoom != nil {
            return KeyMap(title: "Check-in calendar", bindings: [
                KeyBinding([.char("-"), .char("+"), .char("=")], label: "-/+", help: "zoom: week, month, year", footer: true),
                KeyBinding([.escape, .char("g")], label: "Esc", help: "back to the dashboard", footer: true),
            ])
        }
        return KeyMap(title: "Dashboard", bindings: DayStep.bindings + ChartZoom.bindings + [
            KeyBinding([.char("g")], help: "check-in calendar, full screen", footer: true),
        ])
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            state = try DashboardState.load(day: day, range: range, from: source)
            status = nil
        } catch {
            state = nil
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if let zoom = calendarZoom { return handleCalendar(key, zoom: zoom) }
        if key == .char("g") {
            openCalendar(.month)
            return .handled
        }
        if let zoom = ChartZoom(key) {
            range = zoom == .wider ? range.wider : range.narrower
        } else if let step = DayStep(key) {
            day = day.moved(by: step.offset, today: clock.today)
        } else {
            return .ignored
        }
        reload()
        return .handled
    }

    private func handleCalendar(_ key: Key, zoom: CalendarZoom) -> KeyResult {
        switch key {
        case .escape, .char("g"):
            calendarZoom = nil
            calendar = nil
        default:
            guard let step = ChartZoom(key) else { return .handled }
            let next = CalendarZoom(rawValue: zoom.rawValue + (step == .wider ? 1 : -1)) ?? zoom
            openCalendar(next)
        }
        return .handled
    }

    private func openCalendar(_ zoom: CalendarZoom) {
        do {
            calendar = try CheckInCalendar.load(range: DateRange(ending: day, days: zoom.days), source: source)
            calendarZoom = zoom
        } catch {
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        if let zoom = calendarZoom, let calendar {
            CheckInCalendarView(calendar: calendar, zoom: zoom, today: clock.today, unitSystem: state?.unitSystem ?? .metric)
                .render(in: area, buffer: &buffer, context: context)
            return
        }
        DashboardView(state: state, day: day, today: clock.today, errorMessage: status?.text)
            .render(in: area, buffer: &buffer, context: context)
    }
}
