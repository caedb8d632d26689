import BodiiDomain
import BodiiUI
import TerminalKit
import SharedCharts

/// The Sleep tab: the last 30 nights, their durations against the 7–9 h band, the 7-day average
/// and how regular bedtimes are; `a` logs a night by bed and wake time or by duration, `e` edits
/// the selected night, `x` deletes it after y/n and `u` brings it back. Logging a night for a date
/// that has one asks before replacing it (issue 23 #19), and `u` puts the replaced night back.
@MainActor
public final class SleepViewModel: TabScreen {
    /// The nights: what the tab reads and `SleepLogging` writes.
    public typealias Store = SleepRepository
    private let source: any Store
    private let clock: any Clock
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    public private(set) var nights: [SleepRecord] = []  // oldest first, 30 days ending on `day`
    /// Index into the table, which lists the nights newest first.
    public private(set) var selected = 0
    public private(set) var form: Form?
    /// The night the open form edits; nil when it logs a new one.
    public private(set) var editing: SleepRecord?
    private let deletion = DeleteUndo<SleepRecord>(noun: "night")
    public var pendingDelete: SleepRecord? { deletion.pending }
    public private(set) var status: StatusMessage?
    private let logging: SleepLogging
    /// A new night waiting for y/n because its date has `existing` (the form stays open behind).
    public private(set) var pendingReplace: (night: SleepRecord, existing: SleepRecord)?
    /// The night the last replace overwrote, which `u` restores when the replace is the newer change.
    private var lastReplaced: SleepRecord?
    /// Whether `u` undoes the replace (true) or the last delete (false): the newer of the two.
    private var undoesReplace = false

    static let days = 30

    public init(source: any Store, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        logging = SleepLogging(store: source, clock: clock)
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Sleep"
    var formTitle: String { editing == nil ? "Log a night" : "Edit the night" }

    public var keyMap: KeyMap {
        if form != nil {
            return .formDialog(title: formTitle)
        }
        return Self.actions.keyMap
    }

    /// What the browsing keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case add, edit, delete, undo
        case day(DayStep)
        case move(ListMove)
    }

    static let actions = ActionKeyMap<Action>(
        title: "Sleep",
        [
            KeyBinding([.char("a")], help: "log a night", footer: true, brief: "log").performs(.add),
            KeyBinding([.char("e")], help: "edit the selected night", footer: true, brief: "edit").performs(.edit),
            KeyBinding([.char("x")], help: "delete the selected night", footer: true, brief: "delete").performs(.delete),
            KeyBinding([.char("u")], help: "undo the last delete or replace").performs(.undo),
        ] + DayStep.actions { .day($0) } + ListMove.actions("in the list") { .move($0) })

    public var isEditingText: Bool { form != nil }
    /// Esc cancels the form: asked first once a value changed (an edit opens filled in).
    public var escapeLosesInput: Bool { form?.isChanged ?? false }
    public var hasUnsavedInput: Bool {
        form?.fields.contains { $0.id != SleepEntryField.date.rawValue && !$0.value.isEmpty } ?? false
    }

    /// The night under the selection.
    var selectedNight: SleepRecord? {
        let index = nights.count - 1 - selected
        return nights.indices.contains(index) ? nights[index] : nil
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            nights = try source.sleepRecords(in: DateRange(ending: day, days: Self.days))
            selected = min(selected, max(0, nights.count - 1))
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func handle(_ key: Key) -> KeyResult {
        if form != nil { return handleForm(key) }
        guard let action = Self.actions.action(for: key) else { return .ignored }
        if case .delete = action { return askDelete() }
        perform(action)
        return .handled
    }

    private func perform(_ action: Action) {
        switch action {
        case .add: openForm(editing: nil)
        case .edit:
            guard let night = selectedNight else { status = StatusMessage("Nothing to edit."); return }
            openForm(editing: night)
        case .delete: break
        case .undo: undoDelete()
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            reload()
        case .move(let move): selected = move.apply(to: selected, count: nights.count)
        }
    }

    private func describe(_ night: SleepRecord) -> String {
        "\(DurationFormat.hoursMinutes(night.minutes)) of \(night.date.iso)"
    }

    /// The full description of a night that is about to be overwritten: all of what is lost.
    private func describeFully(_ night: SleepRecord) -> String {
        var parts = [describe(night)]
        if let bed = night.bedtime, let wake = night.wakeTime { parts.append("bed \(bed), up \(wake)") }
        if let quality = night.quality { parts.append("quality \(quality)/5") }
        return parts.joined(separator: ", ")
    }

    /// A new night for a date that has one: y/n on the stack over the form, which stays open;
    /// `y` replaces the night (`u` puts it back), `n` goes back to the form.
    private func askReplace(_ night: SleepRecord, existing: SleepRecord) -> KeyResult {
        pendingReplace = (night, existing)
        status = nil
        let flow = ConfirmFlow(
            title: "Replace", question: "Replace the night \(describeFully(existing)) by \(DurationFormat.hoursMinutes(night.minutes))? y/n",
            yes: "replace", no: "keep", status: { [unowned self] in status },
            onYes: { [unowned self] in
                pendingReplace = nil
                guard var f = form else { return .back }
                var replacement = night
                save(&replacement, form: &f)
                if form == nil {  // saved
                    lastReplaced = existing
                    undoesReplace = true
                    status = StatusMessage(
                        "Replaced the night \(describeFully(existing)) by \(DurationFormat.hoursMinutes(replacement.minutes)) — u to undo.",
                        kind: .success)
                }
                return .back
            },
            onNo: { [unowned self] in
                pendingReplace = nil
                status = StatusMessage("Kept the night \(describe(existing)); change the date to log another.")
            })
        return .requests([.present(flow)])
    }

    /// `x`: y/n about the selected night on the stack.
    private func askDelete() -> KeyResult {
        guard let record = selectedNight else { status = StatusMessage("Nothing to delete."); return .handled }
        let flow = deletion.confirmFlow(
            about: record, describe: { [unowned self] in describe($0) }, delete: logging.delete(id:),
            status: { [unowned self] in status }
        ) { [unowned self] status, changed in
            self.status = status
            if changed { reload() }
            if changed, status.kind == .success { undoesReplace = false }
        }
        return .requests([.present(flow)])
    }

    private func undoDelete() {
        if undoesReplace, let old = lastReplaced {
            do {
                try logging.update(old)
                lastReplaced = nil
                undoesReplace = false
                status = StatusMessage("Restored the night \(describeFully(old)).", kind: .success)
                show(old)
            } catch {
                status = StatusMessage("Could not restore: \(ErrorLine.text(error))", kind: .error)
            }
            return
        }
        let result = deletion.undo(describe: describe) { try logging.save($0).night }
        status = result.status
        if let restored = result.restored { show(restored) }
    }

    /// Moves the window to hold `night` if needed, and selects it.
    private func show(_ night: SleepRecord) {
        if !DateRange(ending: day, days: Self.days).contains(night.date) { day = night.date }
        reload()
        selected = nights.reversed().firstIndex { $0.id == night.id } ?? 0
    }

    private func openForm(editing night: SleepRecord?) {
        // An edited night shows its times when it has them, otherwise its duration.
        let duration = night.flatMap { $0.bedtime == nil || $0.wakeTime == nil ? DurationFormat.compact($0.minutes) : nil } ?? ""
        form = Form(fields: [
            .text(
                SleepEntryField.bedtime.rawValue, label: "Bedtime", text: night?.bedtime?.description ?? "", placeholder: "23:30",
                maxLength: Validation.maxInputLength, hint: "23:15, 11pm"),
            .text(
                SleepEntryField.wakeTime.rawValue, label: "Wake time", text: night?.wakeTime?.description ?? "", placeholder: "07:00",
                maxLength: Validation.maxInputLength, hint: "7:00, 7am"),
            .text(
                SleepEntryField.duration.rawValue, label: "or Duration", text: duration, placeholder: "7h30",
                maxLength: Validation.maxInputLength, hint: "instead of both times"),
            .text(
                SleepEntryField.quality.rawValue, label: "Quality", text: night?.quality.map(String.init) ?? "", placeholder: "optional",
                maxLength: Validation.maxInputLength, hint: "1 (poor) – 5 (great)"),
            .text(
                SleepEntryField.date.rawValue, label: "Woke on", text: (night?.date ?? clock.today).iso,
                maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
        ])
        editing = night
        status = nil
    }

    private func handleForm(_ key: Key) -> KeyResult {
        guard var f = form else { return .ignored }
        switch f.route(key) {
        case .cancel:
            form = nil
            status = StatusMessage(editing == nil ? "Nothing logged." : "Nothing changed.")
            editing = nil
        case .submit:
            let input = SleepEntryInput(
                bedtime: f.value(SleepEntryField.bedtime.rawValue) ?? "",
                wakeTime: f.value(SleepEntryField.wakeTime.rawValue) ?? "",
                duration: f.value(SleepEntryField.duration.rawValue) ?? "",
                quality: f.value(SleepEntryField.quality.rawValue) ?? "",
                date: f.value(SleepEntryField.date.rawValue) ?? "")
            switch logging.validate(input) {
            case .failure(let errors):
                status = f.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
                form = f
            case .success(var night):
                if editing == nil, let existing = try? logging.night(on: night.date) {
                    form = f  // stays open behind the question; n goes back to it
                    return askReplace(night, existing: existing)
                }
                save(&night, form: &f)
            }
        case .edited:
            form = f
        }
        return .handled
    }

    private func save(_ night: inout SleepRecord, form f: inout Form) {
        do {
            let message: String
            if let original = editing {
                night.id = original.id
                try logging.update(night)
                message = "Saved the night \(describe(night))."
            } else {
                let saved = try logging.save(night)
                night = saved.night
                message =
                    saved.replaced.map { "Replaced the night \(describe($0)) by \(DurationFormat.hoursMinutes(night.minutes))." }
                    ?? "Logged \(DurationFormat.hoursMinutes(night.minutes)) (\(night.status.label.lowercased())) for \(night.date.iso)."
            }
            form = nil
            editing = nil
            show(night)
            status = StatusMessage(message, kind: .success)
        } catch let error as SleepLoggingError {
            status = f.show(errors: [SleepEntryField.date.rawValue: "\(ErrorLine.text(error))"], first: SleepEntryField.date.rawValue)
            form = f
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        SleepView(day: day, today: clock.today, nights: nights, selected: selected).render(in: area, buffer: &buffer, context: context)
        if let form {
            FormDialog(
                title: formTitle,
                intro: "A night belongs to the day you woke up; a bedtime after midnight is fine. Give bed and wake time, or a duration.",
                form: form
            )
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
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        let week = SleepMath.lastSevenDays(nights, endingOn: day)
        let average = SleepMath.averageMinutes(week.map(\.minutes)).map(DurationFormat.hoursMinutes) ?? "—"
        let spread = SleepMath.bedtimeConsistency(week.compactMap(\.bedtime)).map { "± \(WholeNumber.text($0)) min" } ?? "—"
        buffer.write(
            [
                Span("Nights up to \(day.shortLabel(relativeTo: today))", .title), Span("   7-day average ", .muted),
                Span(average, .accent),
                Span("   bedtime ", .muted), Span(spread, .accent),
            ],
            x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let parts = Layout.split(body, .vertical, [.fill(1), .length(11)])
        let block = Block(title: "Nights", rightTitle: "\(nights.count) of last 30")
        block.render(in: parts[0], buffer: &buffer, context: context)
        let newestFirst = Array(nights.reversed())
        Table(
            columns: [
                TableColumn("Date", width: .length(10)), TableColumn("Bed", width: .length(5)), TableColumn("Wake", width: .length(5)),
                TableColumn("Slept", width: .length(7), alignment: .right), TableColumn("Quality", width: .length(7)),
                TableColumn("Status"),
            ],
            rows: newestFirst.map { n in
                TableRow([
                    Span(n.date.iso), Span(n.bedtime?.description ?? "—"), Span(n.wakeTime?.description ?? "—"),
                    Span(DurationFormat.hoursMinutes(n.minutes), .accent), Span(n.quality.map { "\($0)/5" } ?? "—"),
                    Span(n.status.label, n.status.role),
                ])
            },
            selected: selected, emptyMessage: "No nights logged in these 30 days — press a to log one."
        )
        .render(in: block.inner(parts[0]).inset(left: 1), buffer: &buffer, context: context)

        let chart = Block(title: "Hours slept — last 30 days", rightTitle: "band: 7–9 h")
        chart.render(in: parts[1], buffer: &buffer, context: context)
        let byDate = Dictionary(nights.map { ($0.date, Double($0.minutes) / 60) }, uniquingKeysWith: { _, b in b })
        let days = DateRange(ending: day, days: 30).days
        BarChart(
            values: days.map { byDate[$0] },
            labels: AxisLabels.everyNth(count: days.count, step: 7) { days[$0].shortLabel(relativeTo: today) },
            unit: "h", target: .band(7...9), scale: 0...11, role: .series2, offTargetRole: .warn
        )
        .render(in: chart.inner(parts[1]).inset(left: 1, right: 1), buffer: &buffer, context: context)
    }
}
