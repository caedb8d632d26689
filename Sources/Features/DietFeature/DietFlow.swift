import BodiiDomain
import TerminalKit

/// A flow the Diet tab pushes onto the shell's stack. It reports to the tab, which holds the day
/// and the one status line the tab and its flows share.
@MainActor
protocol DietFlow: Flow {
    var tab: DietViewModel { get }
}

extension DietFlow {
    public var status: StatusMessage? { tab.status }
}

/// A Diet flow with a form: its inline errors by field, for tests and the shell alike.
@MainActor
public protocol FormFlow: Flow {
    var formErrors: [String: String] { get }
}

extension FormFlow {
    /// A form's Esc cancels it: the shell asks first when something was typed.
    public var escapeLosesInput: Bool { hasUnsavedInput }
}

/// `e`: the selected entry's amount, serving and meal.
public final class EntryEditFlow: DietFlow, FormFlow {
    let tab: DietViewModel
    private var editor: EntryEditor

    init(tab: DietViewModel, editor: EntryEditor) {
        self.tab = tab
        self.editor = editor
    }

    public var keyMap: KeyMap { .formDialog(title: "Edit entry") }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { editor.isChanged }
    public var formErrors: [String: String] { editor.form.errors }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .escape:
            tab.status = StatusMessage("Entry unchanged.")
            return .close
        case .enter:
            do throws(ValidationError) {
                let updated = try editor.result()
                do {
                    try tab.source.updateFoodRecord(updated)
                    tab.show(tab.day, selecting: updated.id)
                    tab.status = StatusMessage(
                        "Updated \(updated.foodName): \(NutrientFormat.amount(updated)), \(NutrientFormat.kcal(updated.kcal)) kcal at \(updated.meal.rawValue).",
                        kind: .success)
                    return .requests([.closeFlows])
                } catch {
                    tab.status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                }
            } catch {
                tab.status = editor.form.show(errors: [EntryEditor.amountID: error.inlineMessage], first: EntryEditor.amountID)
            }
        default:
            editor.edit(key)
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(title: "Edit — \(editor.record.foodName)", intro: editor.intro, form: editor.form, width: 64)
            .render(in: area, buffer: &buffer, context: context)
    }
}

/// The y/n questions of the Diet tab, as `ConfirmFlow`s on the stack.
extension DietViewModel {
    /// How the question and the messages name an entry.
    static func describeAsked(_ r: FoodRecord) -> String {
        "\(r.foodName) (\(NutrientFormat.amount(r)), \(NutrientFormat.kcal(r.kcal)) kcal)"
    }
    static func describeDeleted(_ r: FoodRecord) -> String { "\(r.foodName) (\(NutrientFormat.kcal(r.kcal)) kcal)" }

    /// `x`: y/n on the selected entry (the tab's `deletion`, so `u` brings it back).
    func confirmDelete(_ record: FoodRecord) -> ConfirmFlow {
        deletion.confirmFlow(
            about: record, describe: Self.describeDeleted, asked: Self.describeAsked, delete: source.deleteFoodRecord(id:),
            status: { [unowned self] in status }
        ) { [unowned self] status, changed in
            self.status = status
            if changed { reload() }
            if deletion.lastDeleted != nil, changed { lastChange = .deletedEntry }
        }
    }

    /// `X`: y/n on the selected entry's whole meal; `u` adds it back.
    func confirmDeleteMeal(_ records: [FoodRecord]) -> ConfirmFlow {
        let kcal = records.reduce(0) { $0 + $1.kcal }
        return ConfirmFlow(
            title: "Delete meal",
            question: "Delete \(records.first?.meal.label ?? "the meal") on \(day.shortLabel(relativeTo: clock.today)): "
                + "\(Plural.count(records.count, "entry", plural: "entries")), \(NutrientFormat.kcal(kcal)) kcal? y/n",
            yes: "delete", no: "keep", status: { [unowned self] in status },
            onYes: { [unowned self] in
                deleteMeal(records)
                return .tab
            },
            onNo: { [unowned self] in status = StatusMessage("Kept.") })
    }

    private func deleteMeal(_ records: [FoodRecord]) {
        do {
            var removed: [FoodRecord] = []
            for r in records { if let id = r.id, let gone = try source.deleteFoodRecord(id: id) { removed.append(gone) } }
            lastChange = .deletedMeal(removed)
            reload()
            let kcal = removed.reduce(0) { $0 + $1.kcal }
            status = StatusMessage(
                "Deleted \(records.first?.meal.label ?? "the meal"): \(Plural.count(removed.count, "entry", plural: "entries")), "
                    + "\(NutrientFormat.kcal(kcal)) kcal — u to undo.", kind: .success)
        } catch {
            reload()
            status = StatusMessage("Could not delete: \(ErrorLine.text(error))", kind: .error)
        }
    }
}

/// `p`: copies a meal or a whole day from another date into the day on screen; `u` removes the copies.
public final class CopyFlow: DietFlow, FormFlow {
    let tab: DietViewModel
    private var copy: CopyForm

    init(tab: DietViewModel, copy: CopyForm) {
        self.tab = tab
        self.copy = copy
    }

    public var keyMap: KeyMap { .formDialog(title: "Copy food", saveHelp: "copy") }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { copy.fromText != tab.day.adding(days: -1).iso }
    public var formErrors: [String: String] { copy.form.errors }

    public func handle(_ key: Key) -> KeyResult {
        switch copy.form.route(key) {
        case .cancel:
            tab.status = StatusMessage("Nothing copied.")
            return .close
        case .edited:
            return .handled
        case .submit:
            return submit()
        }
    }

    private func submit() -> KeyResult {
        let day = tab.day, today = tab.clock.today, repositories = tab.source
        let from: LocalDate
        do throws(ValidationError) {
            from = try FoodEntries.copySource(copy.fromText, into: day, today: today)
        } catch {
            tab.status = copy.form.show(errors: [CopyForm.fromID: error.inlineMessage], first: CopyForm.fromID)
            return .handled
        }
        do {
            let source = try repositories.foodRecords(in: DateRange(start: from, end: from)).filter {
                copy.meal == nil || $0.meal == copy.meal
            }
            guard !source.isEmpty else {
                let what = copy.meal.map { " at \($0.rawValue)" } ?? ""
                let label = from.shortLabel(relativeTo: today)
                let when = label == "yesterday" ? label : "on " + label
                tab.status = copy.form.show(errors: [CopyForm.fromID: "Nothing logged\(what) \(when)"], first: CopyForm.fromID)
                return .handled
            }
            var batch = HistoryBatch()
            batch.food = FoodEntries.copies(of: source, to: day, meal: copy.into, loggedAt: tab.clock.now)
            let before = Set(try repositories.foodRecords(in: DateRange(start: day, end: day)).compactMap(\.id))
            try repositories.write(batch)
            // What the copy added, for `u`.
            tab.lastChange = .copied(
                try repositories.foodRecords(in: DateRange(start: day, end: day)).filter { r in
                    r.id.map { !before.contains($0) } ?? false
                })
            tab.reload()
            let kcal = source.reduce(0) { $0 + $1.kcal }
            let n = Plural.count(source.count, "entry", plural: "entries")
            tab.status = StatusMessage(
                "Copied \(n) (\(NutrientFormat.kcal(kcal)) kcal) from \(from.shortLabel(relativeTo: today)) — u to undo.", kind: .success)
            return .requests([.closeFlows])
        } catch {
            tab.status = StatusMessage("Could not copy: \(ErrorLine.text(error))", kind: .error)
            return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        FormDialog(
            title: "Copy food into \(tab.day.shortLabel(relativeTo: tab.clock.today))",
            intro: "A whole day or one meal, with the amounts and values it was logged with.",
            form: copy.form, hint: "Enter copy · Esc cancel · Tab next field", width: 64
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
