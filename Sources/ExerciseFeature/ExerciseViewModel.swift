import BodiiDomain
import TerminalKit

/// The Exercise tab: the selected day's sessions and minutes per day over two weeks against the
/// 150 min/week guideline.
@MainActor
public final class ExerciseViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    public private(set) var day: LocalDate
    public private(set) var sessions: [ExerciseRecord] = []
    public private(set) var minutesPerDay: [Int] = []   // the 14 days ending on `day`
    public private(set) var status: StatusMessage?

    static let chartDays = 14

    public init(source: any Repositories, clock: any Clock) {
        self.source = source
        self.clock = clock
        day = clock.today
    }

    public let title = "Exercise"
    public var keyMap: KeyMap { KeyMap(title: "Exercise", bindings: DayStep.bindings) }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            let range = DateRange(ending: day, days: Self.chartDays)
            let records = try source.exerciseRecords(in: range)
            sessions = records.filter { $0.date == day }
            minutesPerDay = range.days.map { d in records.filter { $0.date == d }.reduce(0) { $0 + $1.minutes } }
        } catch {
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
        ExerciseView(day: day, today: clock.today, sessions: sessions, minutesPerDay: minutesPerDay)
            .render(in: area, buffer: &buffer, context: context)
    }
}

struct ExerciseView: Widget {
    let day: LocalDate
    let today: LocalDate
    let sessions: [ExerciseRecord]
    let minutesPerDay: [Int]

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (header, body) = area.splitTop(1)
        buffer.write([Span(day.longLabel, .title), Span(day == today ? "  today" : "", .muted)],
                     x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let parts = Layout.split(body, .vertical, [.fill(1), .length(11)])
        let block = Block(title: "Sessions")
        block.render(in: parts[0], buffer: &buffer, context: context)
        Table(columns: [TableColumn("Activity"), TableColumn("Minutes", width: .length(8), alignment: .right),
                        TableColumn("Intensity", width: .length(10)), TableColumn("kcal", width: .length(6), alignment: .right)],
              rows: sessions.map { TableRow([$0.activity, "\($0.minutes)", $0.intensity.label, "\(Int($0.kcal.rounded()))"]) },
              emptyMessage: "No exercise logged on this day.")
            .render(in: block.inner(parts[0]).inset(left: 1, right: 1), buffer: &buffer, context: context)

        let week = minutesPerDay.suffix(7).reduce(0, +)
        let chart = Block(title: "Minutes per day — last \(minutesPerDay.count) days", rightTitle: "7 days: \(week) / 150 min")
        chart.render(in: parts[1], buffer: &buffer, context: context)
        let first = day.adding(days: -(minutesPerDay.count - 1))
        // A day without sessions is no bar at all, not a sliver that reads as "a few minutes".
        BarChart(values: minutesPerDay.map { $0 > 0 ? Double($0) : nil }, labels: AxisLabels.everyNth(count: minutesPerDay.count, step: 7) { first.adding(days: $0).shortLabel(relativeTo: today) },
                 unit: "min", scale: 0...Double(max(60, minutesPerDay.max() ?? 0)), role: .series3, barWidth: 3)
            .render(in: chart.inner(parts[1]).inset(left: 1, right: 1), buffer: &buffer, context: context)
    }
}
