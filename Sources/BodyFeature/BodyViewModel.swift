import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Body tab: a weight chart with its trend over the chosen range, the weigh-in history, the
/// current BMR/TDEE and its formula, and forms to log (`a`) and edit (`e`) weight, body fat and
/// muscle mass.
@MainActor
public final class BodyViewModel: TabScreen {
    public struct Row: Equatable, Sendable {
        public var record: BodyRecord
        public var trendKg: Double?
    }

    /// The profile, the weigh-ins and the goal: what the tab reads and `BodyLogging` writes.
    public typealias Store = BodyLogging.Store & TargetHistory.Source
    private let source: any Store
    private let logging: BodyLogging
    private let clock: any Clock
    public private(set) var rows: [Row] = []  // newest first
    /// The trend of every day from the first to the last weigh-in of the history.
    public private(set) var trend: [TrendPoint] = []
    public private(set) var selected = 0
    public private(set) var snapshot: MetabolismSnapshot?
    public private(set) var goal: Goal?
    /// The expenditure today's target starts from (the formula blended with the adaptive estimate):
    /// the one figure every screen shows beside the formula's TDEE.
    public private(set) var expenditure: ExpenditureBasis?
    public private(set) var progress: GoalProgress?
    public private(set) var unitSystem: UnitSystem = .metric
    public private(set) var form: Form?
    /// The weigh-in the open form edits; nil when the form logs a new one.
    public private(set) var editing: BodyRecord?
    public private(set) var range: ChartRange = .month
    public private(set) var status: StatusMessage?
    private let deletion = DeleteUndo<BodyRecord>(noun: "weigh-in")
    /// The record `x` asked about, waiting for y/n.
    public var pendingDelete: BodyRecord? { deletion.pending }

    /// How much history the table shows.
    static let historyDays = 730

    public init(source: any Store, clock: any Clock) {
        self.source = source
        self.clock = clock
        logging = BodyLogging(store: source, clock: clock)
    }

    public let title = "Body"

    var formTitle: String { editing == nil ? "Log weight" : "Edit weigh-in" }

    public var keyMap: KeyMap {
        if form != nil {
            return .formDialog(title: formTitle)
        }
        return Self.actions.keyMap
    }

    /// What the browsing keys do: the one list behind both `handle` and help.
    enum Action: Sendable {
        case add, edit, delete, undo
        case move(ListMove)
        case zoom(ChartZoom)
    }

    static let actions = ActionKeyMap<Action>(
        title: "Body",
        [
            KeyBinding([.char("a")], help: "log weight, body fat, muscle", footer: true, brief: "log").performs(.add),
            KeyBinding([.char("e")], help: "edit the selected weigh-in", footer: true, brief: "edit").performs(.edit),
            KeyBinding([.char("x")], help: "delete the selected weigh-in", footer: true, brief: "delete").performs(.delete),
            KeyBinding([.char("u")], help: "undo the last delete").performs(.undo),
        ] + ListMove.actions("in the history") { .move($0) } + ChartZoom.actions { .zoom($0) })

    public var isEditingText: Bool { form != nil }
    /// Esc cancels the form: asked first once a value changed (an edit opens filled in).
    public var escapeLosesInput: Bool { form?.isChanged ?? false }
    public var hasUnsavedInput: Bool {
        guard let form else { return false }
        return form.fields.contains { $0.id != BodyEntryField.date.rawValue && !$0.value.isEmpty }
    }

    public func didBecomeVisible() { reload() }

    public func reload() {
        do {
            let today = clock.today
            unitSystem = try source.loadProfile()?.unitSystem ?? .metric
            let range = DateRange(ending: today, days: Self.historyDays)
            let records = try source.bodyRecords(in: range)
            trend = WeightTrend.compute(WeightTrend.dailyWeights(records))
            let trendByDate = Dictionary(trend.map { ($0.date, $0.trendKg) }, uniquingKeysWith: { _, b in b })
            rows = records.reversed().map { Row(record: $0, trendKg: trendByDate[$0.date]) }
            selected = min(selected, max(0, rows.count - 1))
            snapshot = try source.latestMetabolismSnapshot(onOrBefore: today)
            goal = try source.activeGoal()
            expenditure = try TargetHistory.load(range: DateRange(start: today, end: today), source: source).targets(on: today)?.expenditure
            progress = goal.flatMap { GoalProgress.compute(goal: $0, trend: trend, today: today) }
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
            guard rows.indices.contains(selected) else { status = StatusMessage("Nothing to edit."); return }
            openForm(editing: rows[selected].record)
        case .delete: break
        case .undo: undoDelete()
        case .move(let move): selected = move.apply(to: selected, count: rows.count)
        case .zoom(let zoom): range = zoom == .wider ? range.wider : range.narrower
        }
    }

    private func describe(_ record: BodyRecord) -> String {
        let fmt = UnitFormatter(unitSystem)
        // A body-fat-only reading (imported) is named by its body fat.
        let what = record.weightKg.map(fmt.mass) ?? record.bodyFatPercent.map { "body fat \(DecimalText.format($0)) %" } ?? "a reading"
        return "\(what) of \(record.date.iso)"
    }

    /// `x`: y/n about the selected record on the stack.
    private func askDelete() -> KeyResult {
        guard rows.indices.contains(selected) else { status = StatusMessage("Nothing to delete."); return .handled }
        let record = rows[selected].record
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
        let result = deletion.undo(describe: describe) { try logging.save($0) }
        status = result.status
        guard let restored = result.restored else { return }
        reload()
        selected = rows.firstIndex { $0.record.id == restored.id } ?? selected
    }

    /// The log form, empty but for today's date, or filled with `record`'s values in the user's units.
    private func openForm(editing record: BodyRecord?) {
        let fmt = UnitFormatter(unitSystem)
        let massText = { (kg: Double?) in kg.map { DecimalText.format(fmt.massValue($0)) } ?? "" }
        form = Form(fields: [
            .text(
                BodyEntryField.weight.rawValue, label: "Weight", text: massText(record?.weightKg), maxLength: Validation.maxInputLength,
                hint: fmt.massUnit),
            .text(
                BodyEntryField.bodyFat.rawValue, label: "Body fat", text: record?.bodyFatPercent.map { DecimalText.format($0) } ?? "",
                placeholder: "optional", maxLength: Validation.maxInputLength, hint: "%"),
            .text(
                BodyEntryField.muscleMass.rawValue, label: "Muscle mass", text: massText(record?.muscleMassKg),
                placeholder: "optional", maxLength: Validation.maxInputLength, hint: fmt.massUnit),
            .text(
                BodyEntryField.date.rawValue, label: "Date", text: (record?.date ?? clock.today).iso, maxLength: Validation.maxInputLength,
                hint: "YYYY-MM-DD"),
        ])
        editing = record
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
            let input = BodyEntryInput(
                weight: f.value(BodyEntryField.weight.rawValue) ?? "",
                bodyFat: f.value(BodyEntryField.bodyFat.rawValue) ?? "",
                muscleMass: f.value(BodyEntryField.muscleMass.rawValue) ?? "",
                date: f.value(BodyEntryField.date.rawValue) ?? "")
            switch logging.validate(input, unitSystem: unitSystem) {
            case .failure(let errors):
                status = f.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
                form = f
            case .success(var record):
                do {
                    let verb: String
                    if let original = editing {
                        record.id = original.id
                        record.recordedAt = original.recordedAt  // keeps its place among the day's weigh-ins
                        try logging.update(record)
                        verb = "Saved"
                    } else {
                        record = try logging.save(record)
                        verb = "Logged"
                    }
                    form = nil
                    editing = nil
                    reload()
                    selected = rows.firstIndex { $0.record.id == record.id } ?? 0
                    status = StatusMessage(
                        "\(verb) \(record.weightKg.map(UnitFormatter(unitSystem).mass) ?? "a reading") on \(record.date.iso).",
                        kind: .success)
                } catch {
                    status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                }
            }
        case .edited:
            form = f
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        BodyView(
            rows: rows, selected: selected, snapshot: snapshot, expenditure: expenditure, goal: goal, progress: progress,
            unitSystem: unitSystem, today: clock.today,
            chart: WeightChartData(trend: trend, range: range, today: clock.today)
        )
        .render(in: area, buffer: &buffer, context: context)
        if let form {
            FormDialog(title: formTitle, form: form).render(in: area, buffer: &buffer, context: context)
        }
    }
}
