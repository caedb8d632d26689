import BodiiDomain
import BodiiUI
import TerminalKit

/// The searchable activity list on the stack: for a new session (Enter opens the form in its
/// place, Esc logs nothing) or over the form to choose another activity (Esc goes back to it).
public final class ActivityPickerFlow: Flow {
    let tab: ExerciseViewModel
    private(set) var picker: ActivityPicker
    /// The form this list chooses for; nil when choosing opens a new one.
    private let editor: ExerciseEditorFlow?

    init(tab: ExerciseViewModel, picker: ActivityPicker, editor: ExerciseEditorFlow?) {
        self.tab = tab
        self.picker = picker
        self.editor = editor
    }

    public var status: StatusMessage? { tab.status }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { picker.hasInput }
    /// The query and the results, best first (for tests and the README's screens alike).
    public var query: String { picker.query.text }
    public var results: [Activity] { picker.results }
    public var selection: Activity? { picker.selection }

    public var keyMap: KeyMap {
        KeyMap(
            title: "Choose an activity",
            bindings: [
                KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑/↓", help: "move (also Ctrl-P / Ctrl-N)", footer: true),
                KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "move a page"),
                KeyBinding([.enter], help: "choose", footer: true),
                KeyBinding([.escape], help: editor == nil ? "cancel" : "back to the form", footer: true),
            ])
    }

    public func handle(_ key: Key) -> KeyResult {
        switch picker.handle(key) {
        case .cancel:
            if editor == nil { tab.status = StatusMessage("Nothing logged.") }
            return .close
        case .chosen(let activity):
            if let editor {
                editor.choose(activity)
                return .close
            }
            let form = ExerciseEditorFlow(
                tab: tab,
                editor: ExerciseEditor(purpose: .add, activity: .catalog(activity), minutes: "", intensity: .moderate, date: tab.kind.day))
            return .requests([.closeFlows, .present(form)])
        case .edited:
            return .handled
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ActivityPickerView(
            title: editor == nil ? "Log exercise — choose an activity" : "Choose another activity", picker: picker,
            closeHint: editor == nil ? "Esc cancel" : "Esc back"
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}

/// The session form on the stack: activity (Enter or typing opens the list over it), minutes,
/// intensity (←/→ or l m h) and date, with the live energy estimate; Enter walks the fields and
/// saves on the last one, Esc cancels.
public final class ExerciseEditorFlow: Flow {
    typealias Field = ExerciseEntryField
    let tab: ExerciseViewModel
    private(set) var editor: ExerciseEditor
    private var list: ExerciseList { tab.kind }

    init(tab: ExerciseViewModel, editor: ExerciseEditor) {
        self.tab = tab
        self.editor = editor
        updateEstimate()
    }

    public var status: StatusMessage? { tab.status }
    public var isEditingText: Bool { true }
    public var hasUnsavedInput: Bool { true }
    public var form: Form { editor.form }
    /// The energy estimate in kcal, once the minutes are valid.
    public var estimatedKcal: Double? { editor.estimate?.kcal }
    /// Esc cancels the form: asked first once a value changed.
    public var escapeLosesInput: Bool { editor.form.isChanged }

    public var keyMap: KeyMap {
        KeyMap(
            title: editor.title,
            bindings: [
                KeyBinding([.enter], help: "next field; save on the last", footer: true),
                KeyBinding([.tab, .backTab], label: "Tab", help: "next / previous field", footer: true),
                KeyBinding([.left, .right], label: "←/→", help: "change the intensity (or l, m, h)"),
                KeyBinding([.escape], help: "cancel", footer: true),
            ])
    }

    func choose(_ activity: Activity) {
        editor.choose(activity)
        updateEstimate()
    }

    /// The activity list over the form.
    private func picker(query: String = "") -> KeyResult {
        let picker =
            query.isEmpty
            ? ActivityPicker(current: editor.activity.activity, units: list.unitSystem) : ActivityPicker(query: query, units: list.unitSystem)
        return .requests([.present(ActivityPickerFlow(tab: tab, picker: picker, editor: self))])
    }

    public func handle(_ key: Key) -> KeyResult {
        switch key {
        case .escape:
            if case .edit = editor.purpose { tab.status = StatusMessage("Nothing changed.") } else { tab.status = StatusMessage("Nothing logged.") }
            return .close
        case .enter:
            switch editor.focusedField {
            case .activity?: return picker()
            case .date?, nil: return submit()
            case let field?:
                check(field)
                return .handled
            }
        default:
            break
        }
        switch editor.focusedField {
        case .activity?:
            // Typing on the activity starts a search for another one.
            if case .char(let c) = key, !c.isWhitespace { return picker(query: String(c)) }
            if key == .backspace || key == .char(" ") { return picker() }
            if [.tab, .backTab, .up, .down].contains(key) { _ = editor.form.handle(key) }
        case .intensity?:
            switch key {
            case .char("l"), .char("L"): editor.setIntensity(.low)
            case .char("m"), .char("M"): editor.setIntensity(.moderate)
            case .char("h"), .char("H"): editor.setIntensity(.high)
            default: _ = editor.form.handle(key)
            }
        default:
            _ = editor.form.handle(key)
        }
        updateEstimate()
        return .handled
    }

    /// Enter on a field: its error if it has one, else on to the next field.
    private func check(_ field: Field) {
        if case .failure(let errors) = list.logging.validate(editor.input, defaultDate: list.day), let error = errors[field] {
            editor.form.errors[field.rawValue] = error.inlineMessage
            tab.status = StatusMessage("Please fix the marked field.", kind: .error)
        } else {
            editor.form.errors[field.rawValue] = nil
            editor.form.focus = min(editor.form.fields.count - 1, editor.form.focus + 1)
            tab.status = nil
        }
    }

    private func submit() -> KeyResult {
        switch list.logging.validate(editor.input, defaultDate: list.day) {
        case .failure(let errors):
            tab.status = editor.form.show(errors: errors.inlineMessages, first: errors.firstField?.rawValue)
            return .handled
        case .success(let entry):
            do {
                let saved: ExerciseRecord
                let verb: String
                switch editor.purpose {
                case .add:
                    saved = try list.logging.save(entry)
                    verb = "Logged"
                case .edit(let original):
                    saved = try list.logging.update(original, with: entry)
                    verb = "Saved"
                }
                tab.saved(
                    saved,
                    status: StatusMessage(
                        "\(verb) \(saved.minutes) min of \(saved.activity) (\(saved.intensity.rawValue)) on \(saved.date.iso): "
                            + "\(WholeNumber.text(saved.kcal)) kcal.", kind: .success))
                return .requests([.closeFlows])
            } catch {
                tab.status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
                return .handled
            }
        }
    }

    /// Works the form's estimate out again from what it holds now.
    private func updateEstimate() {
        do {
            editor.estimate = try ExerciseEstimate.of(editor, logging: list.logging, today: list.clock.today, day: list.day)
        } catch {
            editor.estimate = nil
            tab.status = StatusMessage("Could not read the database: \(ErrorLine.text(error))", kind: .error)
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ExerciseEditorView(editor: editor, unitSystem: list.unitSystem, today: list.clock.today).render(
            in: area, buffer: &buffer, context: context)
    }
}
