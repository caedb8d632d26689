import BodiiDomain
import TerminalKit

/// The Sleep tab: the last 30 nights, their durations against the 7–9 h band, the 7-day average
/// and how regular bedtimes are; `a` logs a night by bed and wake time.
@MainActor
public final class SleepViewModel: TabScreen {
    private let source: any Repositories
    private let clock: any Clock
    public private(set) var day: LocalDate
    public private(set) var nights: [SleepRecord] = []   // oldest first, 30 days ending on `day`
    public private(set) var selected = 0
    public private(set) var form: Form?
    public private(set) var status: StatusMessage?
    private let logging: SleepLogging

    static let days = 30

    public init(source: any Repositories, clock: any Clock) {
        self.source = source
        self.clock = clock
        logging = SleepLogging(store: source, clock: clock)
        day = clock.today
    }

    public let title = "Sleep"
    public var keyMap: KeyMap {
        if form != nil {
            return .formDialog(title: "Log a night")
        }
        return KeyMap(title: "Sleep", bindings: [
            KeyBinding([.char("a")], help: "log a night", footer: true),
        ] + DayStep.bindings + [
            KeyBinding([.char("j"), .down, .char("k"), .up], label: "j/k", help: "move in the list", footer: true),
        ])
    }

    public var isEditingText: Bool { form != nil }
    public var hasUnsavedInput: Bool {
        form?.fields.contains { $0.id != SleepEntryField.date.rawValue && !$0.value.isEmpty } ?? false
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            nights = try source.sleepRecords(in: DateRange(ending: day, days: Self.days))
            selected = min(selected, max(0, nights.count - 1))
        } catch {
            status = StatusMessage("Could not read the database: \(error)", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if form != nil { return handleForm(key) }
        if key == .char("a") {
            openForm()
            return .handled
        }
        if let step = DayStep(key) {
            day = day.moved(by: step.offset, today: clock.today)
            reload()
            return .handled
        }
        switch key {
        case .char("j"), .down: selected = min(max(0, nights.count - 1), selected + 1)
        case .char("k"), .up: selected = max(0, selected - 1)
        default: return .ignored
        }
        return .handled
    }

    private func openForm() {
        form = Form(fields: [
            .text(SleepEntryField.bedtime.rawValue, label: "Bedtime", placeholder: "23:30", maxLength: Validation.maxInputLength, hint: "HH:MM"),
            .text(SleepEntryField.wakeTime.rawValue, label: "Wake time", placeholder: "07:00", maxLength: Validation.maxInputLength, hint: "HH:MM"),
            .text(SleepEntryField.quality.rawValue, label: "Quality", placeholder: "optional", maxLength: Validation.maxInputLength, hint: "1 (poor) – 5 (great)"),
            .text(SleepEntryField.date.rawValue, label: "Woke on", text: clock.today.iso, maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
        ])
        status = nil
    }

    private func handleForm(_ key: Key) -> KeyResult {
        guard var f = form else { return .ignored }
        switch f.route(key) {
        case .cancel:
            form = nil
            status = StatusMessage("Nothing logged.")
        case .submit:
            let input = SleepEntryInput(bedtime: f.value(SleepEntryField.bedtime.rawValue) ?? "",
                                        wakeTime: f.value(SleepEntryField.wakeTime.rawValue) ?? "",
                                        quality: f.value(SleepEntryField.quality.rawValue) ?? "",
                                        date: f.value(SleepEntryField.date.rawValue) ?? "")
            switch logging.validate(input) {
            case .failure(let errors):
                status = f.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
                form = f
            case .success(let night):
                do {
                    let saved = try logging.save(night)
                    form = nil
                    // Show the window that holds the new night.
                    if !DateRange(ending: day, days: Self.days).contains(saved.date) { day = saved.date }
                    reload()
                    selected = nights.reversed().firstIndex { $0.id == saved.id } ?? 0
                    status = StatusMessage("Logged \(DurationFormat.hoursMinutes(saved.minutes)) (\(saved.status.label.lowercased())) for \(saved.date.iso).", kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(error)", kind: .error)
                }
            }
        case .edited:
            form = f
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        SleepView(day: day, today: clock.today, nights: nights, selected: selected).render(in: area, buffer: &buffer, context: context)
        if let form {
            FormDialog(title: "Log a night", intro: "A night belongs to the day you woke up; a bedtime after midnight is fine.", form: form)
                .render(in: area, buffer: &buffer, context: context)
        }
    }
}

struct SleepView: Widget {
    let day: LocalDate
    let today: LocalDate
    let nights: [SleepRecord]
    let selected: Int

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (header, body) = area.splitTop(1)
        let week = nights.filter { $0.date > day.adding(days: -7) }
        let average = SleepMath.mean(week.map(\.minutes)).map { DurationFormat.hoursMinutes(Int($0.rounded())) } ?? "—"
        let spread = SleepMath.bedtimeConsistency(week.compactMap(\.bedtime)).map { "± \(Int($0.rounded())) min" } ?? "—"
        buffer.write([Span("Nights up to \(day.shortLabel(relativeTo: today))", .title), Span("   7-day average ", .muted), Span(average, .accent),
                      Span("   bedtime ", .muted), Span(spread, .accent)],
                     x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let parts = Layout.split(body, .vertical, [.fill(1), .length(11)])
        let block = Block(title: "Nights", rightTitle: "\(nights.count) of last 30")
        block.render(in: parts[0], buffer: &buffer, context: context)
        let newestFirst = Array(nights.reversed())
        Table(columns: [TableColumn("Date", width: .length(10)), TableColumn("Bed", width: .length(5)), TableColumn("Wake", width: .length(5)),
                        TableColumn("Slept", width: .length(7), alignment: .right), TableColumn("Quality", width: .length(7)),
                        TableColumn("Status")],
              rows: newestFirst.map { n in
                  TableRow([Span(n.date.iso), Span(n.bedtime?.description ?? "—"), Span(n.wakeTime?.description ?? "—"),
                            Span(DurationFormat.hoursMinutes(n.minutes), .accent), Span(n.quality.map { "\($0)/5" } ?? "—"),
                            Span(n.status.label, Self.role(n.status))])
              },
              selected: selected, emptyMessage: "No nights logged in these 30 days — press a to log one.")
            .render(in: block.inner(parts[0]).inset(left: 1), buffer: &buffer, context: context)

        let chart = Block(title: "Hours slept — last 30 days", rightTitle: "band: 7–9 h")
        chart.render(in: parts[1], buffer: &buffer, context: context)
        let byDate = Dictionary(nights.map { ($0.date, Double($0.minutes) / 60) }, uniquingKeysWith: { _, b in b })
        let days = DateRange(ending: day, days: 30).days
        BarChart(values: days.map { byDate[$0] }, labels: AxisLabels.everyNth(count: days.count, step: 7) { days[$0].shortLabel(relativeTo: today) },
                 unit: "h", target: .band(7...9), scale: 0...11, role: .series2, offTargetRole: .warn, barWidth: 1, gap: 1)
            .render(in: chart.inner(parts[1]).inset(left: 1, right: 1), buffer: &buffer, context: context)
    }

    static func role(_ status: SleepStatus) -> Role {
        switch status {
        case .bad: return .bad
        case .poor, .long: return .warn
        case .fair: return .text
        case .good: return .good
        }
    }
}
