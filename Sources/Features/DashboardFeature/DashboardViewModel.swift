import BodiiDomain
import BodiiUI
import TerminalKit
import SharedCharts

/// The Dashboard tab: today's numbers at a glance; `[` `]` `t` move through days.
@MainActor
public final class DashboardViewModel: TabScreen {
    /// Only what the dashboard reads (`DashboardState.Source`); it writes nothing.
    private let source: any DashboardState.Source
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

    public init(source: any DashboardState.Source, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Dashboard"

    public var keyMap: KeyMap { (calendarZoom != nil ? Self.calendarActions : Self.actions).keyMap }

    /// What the keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case day(DayStep)
        case zoom(ChartZoom)
        case openCalendar
        case zoomCalendar(ChartZoom)
        case closeCalendar
    }

    static let actions = ActionKeyMap<Action>(
        title: "Dashboard",
        DayStep.actions { .day($0) } + ChartZoom.actions { .zoom($0) } + [
            KeyBinding([.char("g")], help: "check-in calendar, full screen", footer: true, brief: "calendar").performs(.openCalendar)
        ])

    static let calendarActions = ActionKeyMap<Action>(
        title: "Check-in calendar",
        [
            KeyBinding([.char("-"), .char("+"), .char("=")], label: "-/+", help: "zoom: week, month, year", footer: true)
                .performs { key in ChartZoom(key).map { .zoomCalendar($0) } },
            KeyBinding([.escape, .char("g")], label: "Esc", help: "back to the dashboard", footer: true).performs(.closeCalendar),
        ])

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            state = try DashboardState.load(day: day, range: range, weekStart: clock.weekStart, today: clock.today, from: source)
            status = nil
        } catch {
            state = nil
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if calendarZoom != nil {
            // The full-screen calendar keeps every key while it is open.
            if let action = Self.calendarActions.action(for: key) { perform(action) }
            return .handled
        }
        guard let action = Self.actions.action(for: key) else { return .ignored }
        perform(action)
        return .handled
    }

    private func perform(_ action: Action) {
        switch action {
        case .openCalendar: openCalendar(.month)
        case .closeCalendar:
            calendarZoom = nil
            calendar = nil
        case .zoomCalendar(let step):
            guard let zoom = calendarZoom else { return }
            openCalendar(CalendarZoom(rawValue: zoom.rawValue + (step == .wider ? 1 : -1)) ?? zoom)
        case .zoom(let zoom):
            range = zoom == .wider ? range.wider : range.narrower
            reload()
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            reload()
        }
    }

    private func openCalendar(_ zoom: CalendarZoom) {
        do {
            calendar = try CheckInCalendar.load(range: DateRange(ending: day, days: zoom.days), source: source, today: clock.today)
            calendarZoom = zoom
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        if let zoom = calendarZoom, let calendar {
            CheckInCalendarView(
                calendar: calendar, zoom: zoom, today: clock.today, unitSystem: state?.unitSystem ?? .metric,
                weekStart: clock.weekStart
            )
            .render(in: area, buffer: &buffer, context: context)
            return
        }
        DashboardView(state: state, day: day, today: clock.today, errorMessage: status?.text)
            .render(in: area, buffer: &buffer, context: context)
    }
}
