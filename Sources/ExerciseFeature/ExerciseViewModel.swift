import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Exercise tab: the selected day's sessions with their energy, and minutes per week against
/// the 150 min/week guideline. `a` adds a session from the searchable activity list, `e` edits the
/// selected one, `x` deletes it after y/n and `u` brings it back.
@MainActor
public final class ExerciseViewModel: TabScreen {
    /// The profile (units) and the sessions: what the tab reads and `ExerciseLogging` writes.
    public typealias Store = ProfileRepository & ExerciseLogging.Store
    private let source: any Store
    private let clock: any Clock
    private let logging: ExerciseLogging
    /// The selected day, shared with the other tabs.
    public private(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    public private(set) var sessions: [ExerciseRecord] = []
    public private(set) var selected = 0
    /// Minutes in each calendar week (from the user's week start), oldest first, the last one holding `day`.
    public private(set) var weeks: [WeekMinutes] = []
    /// The weight new sessions on `day` are worked out with.
    public private(set) var weight: ExerciseWeight?
    public private(set) var unitSystem: UnitSystem = .metric
    public private(set) var status: StatusMessage?
    private let deletion = DeleteUndo<ExerciseRecord>(noun: "session")
    /// The session `x` asked about, waiting for y/n.
    public var pendingDelete: ExerciseRecord? { deletion.pending }
    private(set) var picker: ActivityPicker?
    private(set) var editor: ExerciseEditor?

    public struct WeekMinutes: Equatable, Sendable {
        /// The week's first day.
        public var start: LocalDate
        public var minutes: Int
    }

    static let chartWeeks = 12
    public nonisolated static let weeklyGuidelineMinutes = 150

    public init(source: any Store, clock: any Clock, selection: SelectedDay? = nil) {
        self.source = source
        self.clock = clock
        logging = ExerciseLogging(store: source, clock: clock)
        self.selection = selection ?? SelectedDay(clock.today)
    }

    public let title = "Exercise"

    // MARK: State for callers and tests

    /// True while the activity list is open.
    public var isPicking: Bool { picker != nil }
    /// The activity list's query and results, best first.
    public var pickerQuery: String? { picker?.query.text }
    public var pickerResults: [Activity] { picker?.results ?? [] }
    public var pickerSelection: Activity? { picker?.selection }
    /// The open form, if any.
    public var form: Form? { editor?.form }
    /// The form's energy estimate in kcal, once its minutes are valid.
    public var estimatedKcal: Double? { editor?.estimate?.kcal }
    public var dayTotalKcal: Double { sessions.reduce(0) { $0 + $1.kcal } }
    public var dayTotalMinutes: Int { sessions.reduce(0) { $0 + $1.minutes } }

    public var keyMap: KeyMap {
        if picker != nil {
            return KeyMap(
                title: "Choose an activity",
                bindings: [
                    KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑/↓", help: "move (also Ctrl-P / Ctrl-N)", footer: true),
                    KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "move a page"),
                    KeyBinding([.enter], help: "choose", footer: true),
                    KeyBinding([.escape], help: editor == nil ? "cancel" : "back to the form", footer: true),
                ])
        }
        if let editor {
            return KeyMap(
                title: editor.title,
                bindings: [
                    KeyBinding([.enter], help: "next field; save on the last", footer: true),
                    KeyBinding([.tab, .backTab], label: "Tab", help: "next / previous field", footer: true),
                    KeyBinding([.left, .right], label: "←/→", help: "change the intensity (or l, m, h)"),
                    KeyBinding([.escape], help: "cancel", footer: true),
                ])
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
        title: "Exercise",
        [
            KeyBinding([.char("a")], help: "add", footer: true).performs(.add),
            KeyBinding([.char("e")], help: "edit", footer: true).performs(.edit),
            KeyBinding([.char("x")], help: "delete", footer: true).performs(.delete),
            KeyBinding([.char("u")], help: "undo the last delete").performs(.undo),
        ] + ListMove.actions("in the day's sessions") { .move($0) } + DayStep.actions { .day($0) })

    public var isEditingText: Bool { picker != nil || editor != nil }
    public var hasUnsavedInput: Bool { editor != nil || (picker?.hasInput ?? false) }
    /// Esc in the form cancels it (asked first once a value changed); in the activity list it
    /// only goes back to the form.
    public var escapeLosesInput: Bool { picker == nil && (editor?.form.isChanged ?? false) }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            unitSystem = try source.loadProfile()?.unitSystem ?? .metric
            let thisWeek = clock.weekStart.firstDay(of: day)
            let firstWeek = thisWeek.adding(days: -7 * (Self.chartWeeks - 1))
            let lastDay = min(thisWeek.adding(days: 6), max(day, clock.today))
            let records = try source.exerciseRecords(in: DateRange(start: firstWeek, end: max(firstWeek, lastDay)))
            sessions = records.filter { $0.date == day }
            var minutes = [Int](repeating: 0, count: Self.chartWeeks)
            for r in records {
                let week = firstWeek.days(until: r.date) / 7
                if minutes.indices.contains(week) { minutes[week] += r.minutes }
            }
            weeks = minutes.enumerated().map { WeekMinutes(start: firstWeek.adding(days: 7 * $0.offset), minutes: $0.element) }
            selected = min(selected, max(0, sessions.count - 1))
            weight = try logging.weight(on: day)
        } catch {
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: Keys

    public func handle(_ key: Key) -> KeyResult {
        if picker != nil { return handlePicker(key) }
        if editor != nil { return handleEditor(key) }
        guard let action = Self.actions.action(for: key) else { return .ignored }
        if case .delete = action { return askDelete() }
        perform(action)
        return .handled
    }

    private func perform(_ action: Action) {
        switch action {
        case .add:
            picker = ActivityPicker(units: unitSystem)
            status = nil
        case .edit: openEditor()
        case .delete: break
        case .undo: undoDelete()
        case .day(let step):
            day = day.moved(by: step.offset, today: clock.today)
            selected = 0
            reload()
        case .move(let move): selected = move.apply(to: selected, count: sessions.count)
        }
    }

    private func handlePicker(_ key: Key) -> KeyResult {
        guard var p = picker else { return .ignored }
        switch p.handle(key) {
        case .cancel:
            picker = nil
            if editor == nil { status = StatusMessage("Nothing logged.") }
        case .chosen(let activity):
            picker = nil
            if var e = editor {
                e.choose(activity)
                editor = e
            } else {
                editor = ExerciseEditor(purpose: .add, activity: .catalog(activity), minutes: "", intensity: .moderate, date: day)
            }
            updateEstimate()
        case .edited:
            picker = p
        }
        return .handled
    }

    private func openEditor() {
        guard sessions.indices.contains(selected) else { status = StatusMessage("Nothing to edit on this day."); return }
        let record = sessions[selected]
        editor = ExerciseEditor(
            purpose: .edit(record), activity: SessionActivity(record: record), minutes: "\(record.minutes)",
            intensity: record.intensity, date: record.date)
        status = nil
        updateEstimate()
    }

    private func handleEditor(_ key: Key) -> KeyResult {
        guard var e = editor else { return .ignored }
        typealias Field = ExerciseEntryField
        switch key {
        case .escape:
            editor = nil
            if case .edit = e.purpose { status = StatusMessage("Nothing changed.") } else { status = StatusMessage("Nothing logged.") }
            return .handled
        case .enter:
            switch e.focusedField {
            case .activity?:
                picker = ActivityPicker(current: e.activity.activity, units: unitSystem)
                return .handled
            case .date?, nil:
                submit(e)
                return .handled
            case let field?:
                editor = check(field, in: e)
                return .handled
            }
        default:
            break
        }
        switch e.focusedField {
        case .activity?:
            // Typing on the activity starts a search for another one.
            if case .char(let c) = key, !c.isWhitespace {
                picker = ActivityPicker(query: String(c), units: unitSystem)
                return .handled
            }
            if key == .backspace || key == .char(" ") {
                picker = ActivityPicker(current: e.activity.activity, units: unitSystem)
                return .handled
            }
            if [.tab, .backTab, .up, .down].contains(key) { _ = e.form.handle(key) }
        case .intensity?:
            switch key {
            case .char("l"), .char("L"): e.setIntensity(.low)
            case .char("m"), .char("M"): e.setIntensity(.moderate)
            case .char("h"), .char("H"): e.setIntensity(.high)
            default: _ = e.form.handle(key)
            }
        default:
            _ = e.form.handle(key)
        }
        editor = e
        updateEstimate()
        return .handled
    }

    /// Enter on a field: its error if it has one, else on to the next field.
    private func check(_ field: ExerciseEntryField, in editor: ExerciseEditor) -> ExerciseEditor {
        var e = editor
        if case .failure(let errors) = logging.validate(e.input, defaultDate: day), let error = errors[field] {
            e.form.errors[field.rawValue] = error.inlineMessage
            status = StatusMessage("Please fix the marked field.", kind: .error)
        } else {
            e.form.errors[field.rawValue] = nil
            e.form.focus = min(e.form.fields.count - 1, e.form.focus + 1)
            status = nil
        }
        return e
    }

    private func submit(_ editor: ExerciseEditor) {
        var e = editor
        switch logging.validate(e.input, defaultDate: day) {
        case .failure(let errors):
            status = e.form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
            self.editor = e
        case .success(let entry):
            do {
                let saved: ExerciseRecord
                let verb: String
                switch e.purpose {
                case .add:
                    saved = try logging.save(entry)
                    verb = "Logged"
                case .edit(let original):
                    saved = try logging.update(original, with: entry)
                    verb = "Saved"
                }
                self.editor = nil
                day = saved.date
                reload()
                selected = sessions.firstIndex { $0.id == saved.id } ?? 0
                status = StatusMessage(
                    "\(verb) \(saved.minutes) min of \(saved.activity) (\(saved.intensity.rawValue)) on \(saved.date.iso): "
                        + "\(WholeNumber.text(saved.kcal)) kcal.", kind: .success)
            } catch {
                status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                self.editor = e
            }
        }
    }

    /// Works the form's estimate out again from what it holds now.
    private func updateEstimate() {
        guard var e = editor else { return }
        let input = e.input
        let minutes = try? Validation.minutes(input.minutes)
        let date = (try? Validation.date(input.date, today: clock.today)) ?? day
        let intensity = e.intensity ?? .moderate
        let catalog = e.activity.activity
        // A session logged earlier may carry another MET than the catalog's for its intensity.
        var asLogged: Intensity?
        if case .logged(_, let li, let lm, let c) = e.activity, c?.met(for: li) != lm { asLogged = li }
        let metLine: String
        var codesLine: String?
        if let catalog, catalog.isSingleEntry, asLogged == nil {
            metLine = "\(FastFormat.oneDecimal(catalog.moderate.met)) at every intensity"
            codesLine = "Compendium 2011: \(catalog.moderate.code), its only entry"
        } else {
            metLine = Intensity.allCases.map { i in
                "\(i.rawValue) \(e.activity.met(for: i).map(FastFormat.oneDecimal) ?? "?")"
            }.joined(separator: " · ")
            var notes: [String] = []
            if let catalog {
                notes.append(
                    "Compendium 2011: "
                        + Intensity.allCases.filter { !catalog.derived.contains($0) }
                        .map { catalog.entry(for: $0).code }.joined(separator: " · "))
                let missing = Intensity.allCases.filter { catalog.derived.contains($0) }.map(\.rawValue)
                if !missing.isEmpty { notes.append("no \(missing.joined(separator: " or ")) entry, so moderate's") }
            } else {
                notes.append("not in the catalog")
            }
            if let asLogged { notes.append("\(asLogged.rawValue) as logged") }
            codesLine = notes.joined(separator: "; ")
        }
        do {
            e.estimate = ExerciseEstimate(
                met: e.activity.met(for: intensity), minutes: minutes, weight: try logging.weight(on: date),
                metLine: metLine, codesLine: codesLine)
        } catch {
            e.estimate = nil
            status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
        editor = e
    }

    // MARK: Delete and undo

    private func describe(_ record: ExerciseRecord) -> String {
        "\(record.minutes) min of \(record.activity) of \(record.date.iso)"
    }

    /// `x`: y/n about the selected record on the stack.
    private func askDelete() -> KeyResult {
        guard sessions.indices.contains(selected) else { status = StatusMessage("Nothing to delete on this day."); return .handled }
        let record = sessions[selected]
        status = nil
        let flow = deletion.confirmFlow(
            about: record, describe: { [unowned self] in describe($0) }, delete: logging.delete(id:),
            status: { [unowned self] in status }
        ) { [unowned self] status, changed in
            self.status = status
            if changed { reload() }
        }
        return .requests([.present(flow)])
    }

    private func undoDelete() {
        let result = deletion.undo(describe: describe) { try logging.restore($0) }
        status = result.status
        guard let restored = result.restored else { return }
        day = restored.date
        reload()
        selected = sessions.firstIndex { $0.id == restored.id } ?? selected
    }

    // MARK: Drawing

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ExerciseView(
            day: day, today: clock.today, sessions: sessions, totalMinutes: dayTotalMinutes, totalKcal: dayTotalKcal, selected: selected,
            weeks: weeks, weight: weight, unitSystem: unitSystem, weekStart: clock.weekStart
        )
        .render(in: area, buffer: &buffer, context: context)
        if let editor {
            ExerciseEditorView(editor: editor, unitSystem: unitSystem, today: clock.today).render(
                in: area, buffer: &buffer, context: context)
        }
        if let picker {
            ActivityPickerView(
                title: editor == nil ? "Log exercise — choose an activity" : "Choose another activity", picker: picker,
                closeHint: editor == nil ? "Esc cancel" : "Esc back"
            )
            .render(in: area, buffer: &buffer, context: context)
        }
    }
}
