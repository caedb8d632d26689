import Foundation
import BodiiDomain
import BodiiUI
import TerminalKit
import SharedCharts

/// The Dashboard tab: today's numbers at a glance; `[` `]` `t` move through days.
@MainActor
public final class DashboardViewModel: TabScreen {
    /// What the dashboard reads: its cards (`DashboardState.Source`) and the dot grid's series.
    public typealias Source = DashboardState.Source & DotSeries.Source
    /// Only what the dashboard reads; it writes nothing but fasts.
    private let source: any Source
    /// Where `f` starts and ends fasts (issue 47); nil where the dashboard is shown without them.
    private let fasts: (any FastRepository)?
    /// The fast on, read with the rest; its time is worked out as it is drawn.
    public private(set) var currentFast: Fast?
    /// When food was first logged during it: `f` offers to end the fast there.
    public private(set) var firstFood: Date?
    private let clock: any Clock
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    public private(set) var range: ChartRange = .week
    public private(set) var state: DashboardState?
    private var message: StatusMessage?
    /// The latest message, else the fast on ("Fasting 14 h 20 of 16:8 · f ends it").
    public var status: StatusMessage? {
        message
            ?? currentFast.map { fast in
                let on = "Fasting \(DurationFormat.hoursMinutes(fast.minutes(at: clock.now))) of \(FastingGoal.name(fast.goalHours))"
                return StatusMessage(on + (firstFood.map { " · food logged at \(clockText($0)): f ends it there" } ?? " · f ends it"))
            }
    }

    /// The list of a day's moments (`m`), given by the app (MomentsFeature).
    private let momentList: ((LocalDate) throws -> any Flow)?

    public init(
        source: any Source, clock: any Clock, selection: SelectedDay? = nil, fasts: (any FastRepository)? = nil,
        momentList: ((LocalDate) throws -> any Flow)? = nil
    ) {
        self.source = source
        self.fasts = fasts
        self.momentList = momentList
        self.clock = clock
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Dashboard"

    public var keyMap: KeyMap { Self.actions.keyMap }
    /// The dashboard's keys and the dot grid's, for the README's key table.
    public var documentedKeyMaps: [KeyMap] { [keyMap, DotGridFlow.keyMap] }

    /// What the keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case day(DayStep)
        case zoom(ChartZoom)
        case dotGrid
        case fast
        case moments
    }

    static let actions = ActionKeyMap<Action>(
        title: "Dashboard",
        DayStep.actions { .day($0) } + ChartZoom.actions { .zoom($0) } + [
            KeyBinding(
                [.char("g")], help: "dot grid: check-ins, calories, sleep, fasts, moments by year, month, week, day", footer: true, brief: "grid"
            )
            .performs(.dotGrid),
            KeyBinding([.char("f")], help: "start a fast now, or end the one on", footer: true, brief: "fast").performs(.fast),
            KeyBinding([.char("m")], help: "the day's moments: edit, delete, note one at a time").performs(.moments),
        ])

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            state = try DashboardState.load(day: day, range: range, weekStart: clock.weekStart, today: clock.today, from: source)
            currentFast = try fasts?.currentFast()
            firstFood = try currentFast.flatMap { try Fasting.firstFood(during: $0, source: source, today: clock.today) }
            if message?.kind == .error { message = nil }
        } catch {
            state = nil
            message = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return .ignored }
        message = nil  // a message lasts until the next key
        if case .fast = action, let fasts, let fast = currentFast { return .requests([.present(endFastFlow(fast, fasts))]) }
        if case .dotGrid = action { return .requests([.present(DotGridFlow(source: source, clock: clock, day: day))]) }
        if case .moments = action, let momentList {
            do { return .requests([.present(try momentList(day))]) } catch {
                message = StatusMessage("Could not read the moments: \(ErrorLine.text(error))", kind: .error)
                return .handled
            }
        }
        perform(action)
        return .handled
    }

    /// "End your fast of 14 h 20 (16:8)? y/n": ending is asked, starting is one key.
    /// With food logged during the fast, it ends when the food was logged (asked, never silently).
    private func endFastFlow(_ fast: Fast, _ fasts: any FastRepository) -> ConfirmFlow {
        let end = firstFood
        var ending = fast
        ending.endedAt = end
        let time = DurationFormat.hoursMinutes(ending.minutes(at: clock.now))
        let question =
            end.map { "You logged food at \(clockText($0)): end your fast there, after \(time) (\(FastingGoal.name(fast.goalHours)))? y/n" }
            ?? "End your fast of \(time) (\(FastingGoal.name(fast.goalHours)))? y/n"
        return ConfirmFlow(
            title: "End fast", question: question, yes: "end it", no: "keep fasting",
            status: { [unowned self] in status },
            onYes: { [unowned self] in
                do {
                    let ended = try Fasting(store: fasts, clock: clock).end(at: end)
                    reload()
                    let reached = ended.reachedGoal(at: clock.now) ? "goal reached" : "short of the goal"
                    message = StatusMessage(
                        "Fast ended after \(DurationFormat.hoursMinutes(ended.minutes(at: clock.now))): \(reached).", kind: .success)
                } catch {
                    message = StatusMessage("Could not end the fast: \(ErrorLine.text(error))", kind: .error)
                }
                return .back
            })
    }

    /// "12:30" in the user's time zone.
    private func clockText(_ date: Date) -> String { ClockTime(date, timeZone: clock.timeZone).description }

    private func startFast() {
        guard let fasts else {
            message = StatusMessage("Fasting is not kept here.")
            return
        }
        do {
            let fast = try Fasting(store: fasts, clock: clock).start()
            reload()
            message = StatusMessage(
                "Fast started: goal \(FastingGoal.name(fast.goalHours)) (bodii fast start --goal sets another).", kind: .success)
        } catch {
            message = StatusMessage("Could not start a fast: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func perform(_ action: Action) {
        switch action {
        case .fast: startFast()
        case .dotGrid: break  // a flow, presented by `handle`
        case .moments: break  // a flow, presented in `handle`
        case .zoom(let zoom):
            range = zoom == .wider ? range.wider : range.narrower
            reload()
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            reload()
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        DashboardView(
            state: state, day: day, today: clock.today, errorMessage: message?.kind == .error ? message?.text : nil,
            timeZone: clock.timeZone)
            .render(in: area, buffer: &buffer, context: context)
    }
}
