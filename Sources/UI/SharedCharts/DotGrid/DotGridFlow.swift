import BodiiDomain
import Foundation
import TerminalKit

/// The dot grid as a flow over a tab (`g` on the Dashboard; issue 47 item 4): any daily series
/// (`s` cycles them) on the zoom ladder year → month → week → day. It reads a year's page once,
/// when a page or series is first shown, and a day's records once per day opened; a keystroke
/// that stays inside them reads nothing.
@MainActor
public final class DotGridFlow: Flow {
    private let source: any DotSeries.Source
    private let clock: any Clock
    public private(set) var series: DotSeries
    /// What `s` cycles through: every history's series, then the most used tags of the last year.
    private var offered: [DotSeries] = DotSeries.allCases
    public private(set) var zoom: DotGridZoom
    public private(set) var cursor: LocalDate
    /// The page shown (`DotGridZoom.page`) and its days, by series: cycling back reads nothing.
    private var page: DateRange?
    private var pages: [DotSeries: [LocalDate: DotDay]] = [:]
    /// The day opened at the day level, in every series.
    private var detailDay: LocalDate?
    private var detail: [DotSeries: DotDay] = [:]
    public private(set) var status: StatusMessage?
    /// Reads from the store since the grid opened: a test counts them.
    public private(set) var reads = 0

    public init(source: any DotSeries.Source, clock: any Clock, day: LocalDate, series: DotSeries = .checkIns, zoom: DotGridZoom = .year) {
        self.source = source
        self.clock = clock
        self.series = series
        self.zoom = zoom
        cursor = min(day, clock.today)
        offered = (try? DotSeries.offered(range: DateRange(ending: clock.today, days: 365), source: source)) ?? DotSeries.allCases
        load()
    }

    enum Action: Sendable {
        case zoomIn, zoomOut, close
        case step(Int)
        case move(Key)
        case today
        case series(Int)
    }

    static let actions = ActionKeyMap<Action>(
        title: "Dot grid",
        [
            KeyBinding([.enter], help: "zoom in: year → month → week → day", footer: true, brief: "zoom in").performs(.zoomIn),
            KeyBinding([.escape], help: "zoom out; at the year, close", footer: true, brief: "out").performs(.zoomOut),
            KeyBinding(
                [.char("["), .char("]")], label: "[ ]", help: "back / forward a year, month, week or day (the level's)", footer: true,
                brief: "step"
            )
            .performs { key in .step(key == .char("[") ? -1 : 1) },
            KeyBinding(
                [.left, .down, .up, .right, .char("h"), .char("j"), .char("k"), .char("l")], label: "arrows/hjkl",
                help: "move the day Enter opens"
            ).performs { .move($0) },
            KeyBinding([.char("t")], help: "today").performs(.today),
            KeyBinding(
                [.char("s"), .char("S")], label: "s/S", help: "next / previous series: check-ins, calories, sleep, fasts, moments, your most used tags", footer: true,
                brief: "series"
            )
            .performs { key in .series(key == .char("s") ? 1 : -1) },
            KeyBinding([.char("g")], help: "close the dot grid").performs(.close),
        ])

    /// The app's keys that still work over the grid; it takes every other key.
    static let globalKeys: Set<Key> = [.char("?"), .char("q")]

    public static var keyMap: KeyMap { KeyMap(title: "Dot grid", bindings: actions.keyMap.bindings, globalKeys: globalKeys) }
    public var keyMap: KeyMap { Self.keyMap }

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions.action(for: key) else { return Self.globalKeys.contains(key) ? .ignored : .handled }
        switch action {
        case .close: return .close
        case .zoomOut:
            guard let wider = zoom.wider else { return .close }
            zoom = wider
        case .zoomIn: zoom = zoom.closer ?? zoom
        case .step(let n): cursor = min(zoom.step(cursor, by: n), clock.today)
        case .move(let key): cursor = min(cursor.adding(days: zoom.arrowDays(key) ?? 0), clock.today)
        case .today: cursor = clock.today
        case .series(let step): series = series.cycled(by: step, among: offered)
        }
        load()
        return .handled
    }

    /// Reads what the view needs and was not read yet: the cursor's page in the series shown,
    /// and at the day level the cursor day in every series.
    private func load() {
        do {
            let wanted = DotGridZoom.page(of: cursor, weekStart: clock.weekStart)
            if wanted != page {
                page = wanted
                pages = [:]
            }
            if pages[series] == nil {
                let query = DotQuery(range: wanted, clock: clock)
                // Kept until the next write (the last years of each series): opening the grid
                // again, or a year just left, reads nothing.
                let days = try KeptFigures.kept("dot-grid-" + series.rawValue, key: PageKey(series, query), by: source) {
                    reads += 1
                    return try series.days(query, source: source)
                }
                pages[series] = Dictionary(days.map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
            }
            if zoom == .day, detailDay != cursor {
                var found: [DotSeries: DotDay] = [:]
                for s in DotSeries.allCases + (series.isTag ? [series] : []) {
                    found[s] = try s.days(DotQuery(range: DateRange(start: cursor, end: cursor), clock: clock), source: source).first
                }
                detail = found
                detailDay = cursor
                reads += 1
            }
            status = nil
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// What a page's days depend on besides the data: the time only for fasts (a fast on counts
    /// its hours so far), to the minute.
    private struct PageKey: Hashable, Sendable {
        var series: DotSeries, range: DateRange, today: LocalDate, weekStart: WeekStart, timeZone: TimeZone, minute: Int

        init(_ series: DotSeries, _ query: DotQuery) {
            self.series = series
            range = query.range
            today = query.today
            weekStart = query.weekStart
            timeZone = query.timeZone
            minute = series == .fasts ? Int(query.now.timeIntervalSince1970 / 60) : 0
        }
    }

    public var view: DotGridView {
        DotGridView(
            series: series, zoom: zoom, cursor: cursor, today: clock.today, weekStart: clock.weekStart, days: pages[series] ?? [:],
            detail: zoom == .day && detailDay == cursor ? detail : [:], timeZone: clock.timeZone, now: clock.now)
    }

    /// The grid fills its area first (`DotGridView`): the tab under it is not drawn.
    public var coversArea: Bool { true }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        view.render(in: area, buffer: &buffer, context: context)
    }
}
