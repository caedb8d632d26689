import BodiiDomain
import TerminalKit

/// Settings → Nutrients (issue 27): every nutrient with its DRI default for the profile and the
/// user's own target; Enter changes a target (empty goes back to the default), `h` hides or shows
/// a nutrient, `r` resets it. Only what differs from the default is stored, so the defaults keep
/// following the profile when age or sex changes.
public final class NutrientSettingsFlow: Flow {
    private let store: any NutrientTargetSet.Source
    private let today: LocalDate
    public private(set) var targets = NutrientTargetSet(targets: [:])
    public private(set) var preferences: [NutrientKey: NutrientPreference] = [:]
    public private(set) var selected = 0
    /// The target being typed, when one is.
    private var field: TextField?
    public private(set) var fieldError: String?
    private var message: StatusMessage?

    public init(store: any NutrientTargetSet.Source, today: LocalDate) {
        self.store = store
        self.today = today
        reload()
    }

    public var status: StatusMessage? { message }
    public var isEditingText: Bool { field != nil }
    public var hasUnsavedInput: Bool { field != nil }
    var key: NutrientKey { NutrientKey.allCases[min(selected, NutrientKey.allCases.count - 1)] }

    enum Action: Sendable {
        case move(ListMove)
        case edit, toggleHidden, reset, close
    }

    static let actions = ActionKeyMap<Action>(
        title: "Nutrient targets",
        ListMove.actions("in the nutrients") { .move($0) } + [
            KeyBinding(
                [.enter, .char("e")], label: "Enter", help: "change the target (empty: back to the default)", footer: true,
                brief: "change"
            ).performs(.edit),
            KeyBinding([.char("h")], help: "hide or show the nutrient", footer: true, brief: "hide/show").performs(.toggleHidden),
            KeyBinding([.char("r")], help: "back to the default target, shown", footer: true, brief: "reset").performs(.reset),
            KeyBinding([.escape], help: "close", footer: true).performs(.close),
        ])

    public var keyMap: KeyMap { field == nil ? Self.actions.keyMap : .formDialog(title: "Nutrient target") }

    private func reload() {
        do {
            targets = try NutrientTargetSet.load(on: today, source: store)
            preferences = try store.nutrientPreferences()
        } catch {
            message = StatusMessage("Could not read the targets: \(ErrorLine.text(error))", kind: .error)
        }
    }

    private func save(_ preference: NutrientPreference, _ text: String) {
        do {
            try store.saveNutrientPreference(preference)
            message = StatusMessage(text, kind: .success)
        } catch {
            message = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
        }
        reload()
    }

    public func handle(_ key: Key) -> KeyResult {
        if field != nil { return handleField(key) }
        guard let action = Self.actions.action(for: key) else { return .ignored }
        var preference = preferences[self.key] ?? NutrientPreference(key: self.key)
        switch action {
        case .move(let move): selected = move.apply(to: selected, count: NutrientKey.allCases.count)
        case .close: return .close
        case .edit:
            let current = targets.targets[self.key]?.amount.map { NutrientFormat.number($0, decimals: 2) } ?? ""
            field = TextField(text: current, placeholder: "empty: the default", maxLength: 12)
            fieldError = nil
        case .toggleHidden:
            preference.hidden.toggle()
            save(preference, "\(self.key.label) \(preference.hidden ? "hidden" : "shown").")
        case .reset:
            save(NutrientPreference(key: self.key), "\(self.key.label) back to the default.")
        }
        return .handled
    }

    private func handleField(_ key: Key) -> KeyResult {
        guard var typed = field else { return .handled }
        switch key {
        case .escape:
            field = nil
            message = StatusMessage("\(self.key.label) unchanged.")
        case .enter:
            var preference = preferences[self.key] ?? NutrientPreference(key: self.key)
            let text = typed.text.trimmingCharacters(in: .whitespaces)
            if text.isEmpty {
                preference.amount = nil
            } else {
                do throws(ValidationError) {
                    preference.amount = try Validation.number(
                        text, field: self.key.label, range: 0...1_000_000, unit: self.key.shownUnit)
                } catch {
                    fieldError = error.inlineMessage
                    return .handled
                }
            }
            field = nil
            let what = preference.amount.map { "\(NutrientFormat.number($0, decimals: 2)) \(self.key.shownUnit)" } ?? "the default"
            save(preference, "\(self.key.label): \(what).")
        default:
            _ = typed.handle(key)
            field = typed
            fieldError = nil
        }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(
            title: "Nutrient targets", rightTitle: "DRI for your age and sex", width: min(area.width, 78), height: area.height)
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 4 else { return }
        let (body, bottom) = inner.splitBottom(2)
        let keys = NutrientKey.allCases
        let window = Table.window(selected: selected, rowCount: keys.count, visibleRows: body.height - 1)
        let rows = window.map { i in
            let key = keys[i], pref = preferences[key]
            let base = targets.defaults[key]
            return TableRow([
                Span(key.label), Span(base?.amount.map { NutrientFormat.number($0, decimals: 2) } ?? "—", .muted),
                Span(pref?.amount.map { NutrientFormat.number($0, decimals: 2) } ?? "", .accent),
                Span(key.shownUnit, .muted), Span((targets.targets[key] ?? base)?.kind == .limit ? "limit" : "goal", .muted),
                Span(pref?.hidden == true ? "hidden" : "shown", pref?.hidden == true ? .warn : .muted),
            ])
        }
        var table = Table(
            columns: [
                TableColumn("Nutrient"), TableColumn("Default", width: .length(8), alignment: .right),
                TableColumn("Yours", width: .length(8), alignment: .right), TableColumn("Unit", width: .length(4)),
                TableColumn("Kind", width: .length(5)), TableColumn("", width: .length(6)),
            ],
            rows: Array(rows), selected: selected - window.lowerBound, emptyMessage: "", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < keys.count
        table.render(in: body, buffer: &buffer, context: context)
        let (first, second) = bottom.splitTop(1)
        if var typed = field {
            let label = "\(key.label) (\(key.shownUnit)): "
            let (labelRect, fieldRect) = first.splitLeft(min(first.width / 2, TextWidth.of(label)))
            buffer.write(Line(label, .accent), in: labelRect, context: context)
            typed.isFocused = true
            typed.render(in: fieldRect.splitLeft(min(fieldRect.width, 14)).0, buffer: &buffer, context: context)
            buffer.write(
                Line(fieldError ?? "Enter save · Esc cancel · empty: the default", fieldError == nil ? .muted : .bad), in: second,
                context: context)
        } else {
            buffer.write(
                Line("Defaults: National Academies DRI (RDA or AI); sodium, saturated fat are limits.", .muted), in: first, context: context
            )
            buffer.write(Line("Enter change · h hide/show · r reset · Esc close", .muted), in: second, context: context)
        }
    }
}
