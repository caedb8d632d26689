import BodiiDomain
import TerminalKit

/// The daily check-in (`c` from anywhere): a guided modal of four steps — weight, last night,
/// mood and energy, a note — then today's summary. Enter answers a step, Ctrl-N skips it,
/// Ctrl-B goes back; the note step saves everything in one transaction. Esc keeps nothing (the
/// shell asks first when something was typed or answered: `hasUnsavedInput`).
@MainActor
public final class CheckInViewModel: Screen {
    public enum Step: Int, CaseIterable, Sendable {
        case weight, sleep, feelings, note, done

        var title: String {
            switch self {
            case .weight: return "Weight"
            case .sleep: return "Last night"
            case .feelings: return "Mood and energy"
            case .note: return "A note"
            case .done: return "Done"
            }
        }
    }

    enum Field {
        static let weight = "weight", bed = "bed", wake = "wake", quality = "quality"
        static let mood = "mood", energy = "energy", note = "note"
    }

    private let checkIn: DailyCheckIn
    /// What `DailyCheckIn` writes and the day's summary it shows.
    public typealias Store = DailyCheckIn.Store & DaySummaryQuery.Source
    private let source: any Store
    private let clock: any Clock
    public private(set) var step: Step = .weight
    public private(set) var form: Form
    public private(set) var answers = DailyCheckIn.Answers()
    public private(set) var status: StatusMessage?
    /// The day's numbers and its check-in as stored, once the last step is answered.
    public private(set) var summary: DaySummary?
    public private(set) var saved: CheckIn?
    /// Whether the last step wrote anything (every step skipped writes nothing).
    public private(set) var wroteAnything = false
    private var start: DailyCheckIn.Start?
    private var forms: [Step: Form] = [:]

    /// `day`: the selected day the check-in is for (today by default).
    public init(source: any Store, clock: any Clock, day: LocalDate? = nil) {
        self.source = source
        self.clock = clock
        checkIn = DailyCheckIn(store: source, clock: clock, day: day)
        form = Form(fields: [])
        do {
            start = try checkIn.start()
        } catch {
            status = StatusMessage("Check-in needs a profile: \(ErrorLine.text(error))", kind: .error)
        }
        form = makeForm(for: .weight)
    }

    private var unitSystem: UnitSystem { start?.unitSystem ?? .metric }
    private var template: String { start?.template ?? Profile.defaultCheckInTemplate }

    public var isEditingText: Bool { step == .weight || step == .sleep || step == .note }
    /// Answers given, or the step's fields changed from what they started with: Esc then asks first.
    public var hasUnsavedInput: Bool {
        step != .done && (answers != DailyCheckIn.Answers() || form.fields.map(\.value) != makeForm(for: step).fields.map(\.value))
    }

    public var keyMap: KeyMap { Self.actions(for: step).keyMap }

    /// What a step's keys do: the one list behind both `handle` and help. Keys not listed go to
    /// the step's form, so text fields take every printable key.
    enum Action: Sendable {
        case close, answer, skip, back
        case rate(Int)
        case field(Key)
    }

    static func actions(for step: Step) -> ActionKeyMap<Action> {
        if step == .done {
            return ActionKeyMap(
                title: "Check-in",
                [
                    KeyBinding([.enter, .escape], label: "Enter/Esc", help: "close", footer: true).performs(.close)
                ])
        }
        var bindings = [
            KeyBinding(
                [.enter], help: step == .note ? "save the check-in" : "next step", footer: true,
                brief: step == .note ? "save" : "next"
            ).performs(Action.answer),
            KeyBinding([.ctrl("n")], label: "Ctrl-N", help: "skip this step", footer: true, brief: "skip").performs(.skip),
            KeyBinding([.escape], help: "cancel, keep nothing", footer: true, brief: "cancel").performs(.close),
        ]
        // Back only where there is a step to go back to.
        if step != .weight {
            bindings.insert(
                KeyBinding([.ctrl("b")], label: "Ctrl-B", help: "back a step", footer: true, brief: "back").performs(.back), at: 2)
        }
        switch step {
        case .sleep:
            bindings.insert(
                KeyBinding([.tab, .backTab], label: "Tab", help: "next / previous field", footer: true, brief: "field")
                    .performs { .field($0) }, at: 0)
        case .feelings:
            bindings.insert(
                contentsOf: [
                    KeyBinding((1...5).map { Key.char(Character(String($0))) }, label: "1–5", help: "rate", footer: true).performs { key in
                        guard case .char(let c) = key, let n = c.wholeNumberValue else { return nil }
                        return .rate(n)
                    },
                    KeyBinding([.left, .right], label: "←/→", help: "lower / higher").performs { .field($0) },
                    KeyBinding([.tab, .up, .down], label: "Tab/↑/↓", help: "mood or energy").performs { .field($0) },
                ], at: 0)
        case .weight, .note, .done:
            break
        }
        return ActionKeyMap(title: "Check-in", bindings)
    }

    // MARK: Keys

    public func handle(_ key: Key) -> KeyResult {
        guard let action = Self.actions(for: step).action(for: key) else {
            // Typing in the step's fields; the summary waits for Enter or Esc.
            if step != .done { _ = form.handle(key) }
            return .handled
        }
        switch action {
        case .close: return .close
        case .answer: answer()
        case .skip: skip()
        case .back: back()
        case .rate(let n): setRating(n)
        case .field(let key): _ = form.handle(key)
        }
        return .handled
    }

    private func setRating(_ n: Int) {
        guard form.fields.indices.contains(form.focus), case .choice(let options, _) = form.fields[form.focus].input else { return }
        form.fields[form.focus].input = .choice(options: options, selected: n)
        // Rating mood moves on to energy, so two digits answer the step.
        if form.focus == 0 { form.focus = 1 }
    }

    private func skip() {
        switch step {
        case .weight: answers.weightKg = nil
        case .sleep: answers.night = nil
        case .feelings: answers.mood = nil; answers.energy = nil
        case .note: answers.note = nil
        case .done: return
        }
        status = nil
        advance()
    }

    private func back() {
        guard let previous = Step(rawValue: step.rawValue - 1) else { return }
        forms[step] = form
        step = previous
        form = forms[previous] ?? makeForm(for: previous)
        status = nil
    }

    /// Validates the step; on success records the answer and moves on (the note step saves).
    private func answer() {
        switch step {
        case .weight:
            guard let start else { return skip() }
            switch checkIn.weight(form.value(Field.weight) ?? "", start: start) {
            case .success(nil): return skip()
            case .success(let kg?): answers.weightKg = kg
            case .failure(let error):
                status = form.show(errors: [Field.weight: error.inlineMessage], first: Field.weight)
                return
            }
        case .sleep:
            let bed = form.value(Field.bed) ?? "", wake = form.value(Field.wake) ?? "", quality = form.value(Field.quality) ?? ""
            if [bed, wake, quality].allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { return skip() }
            switch checkIn.night(bedtime: bed, wakeTime: wake, quality: quality) {
            case .success(let night): answers.night = night
            case .failure(let errors):
                let ids: [SleepEntryField: String] = [.bedtime: Field.bed, .wakeTime: Field.wake, .quality: Field.quality]
                var messages: [String: String] = [:]
                for (field, error) in errors.byField { messages[ids[field] ?? Field.bed] = error.inlineMessage }
                status = form.show(errors: messages, first: errors.firstField.flatMap { ids[$0] })
                return
            }
        case .feelings:
            answers.mood = rating(Field.mood)
            answers.energy = rating(Field.energy)
        case .note:
            switch checkIn.note(form.value(Field.note) ?? "") {
            case .success(let note): answers.note = note
            case .failure(let error):
                status = form.show(errors: [Field.note: error.inlineMessage], first: Field.note)
                return
            }
        case .done:
            return
        }
        status = nil
        advance()
    }

    /// The chosen rating, nil when "skip" is chosen.
    private func rating(_ id: String) -> Int? {
        guard let field = form.fields.first(where: { $0.id == id }), case .choice(_, let selected) = field.input, selected > 0 else {
            return nil
        }
        return selected
    }

    private func advance() {
        forms[step] = form
        if step == .note { return save() }
        guard let next = Step(rawValue: step.rawValue + 1) else { return }
        step = next
        form = forms[next] ?? makeForm(for: next)
        // The mood may have changed since the note's form was made: its label follows it.
        if next == .note, form.fields.indices.contains(0) { form.fields[0].label = noteLabel }
    }

    /// "because" continues the sentence "Today felt good because …"; without a mood there is none.
    private var noteLabel: String { usesSentence ? "because" : "Note" }

    private var usesSentence: Bool { (answers.mood ?? start?.checkIn?.mood) != nil && template.contains("[note]") }

    private func save() {
        do {
            wroteAnything = try checkIn.save(answers, template: template)
            // The summary shows the day as stored, skipped answers included.
            saved = try source.checkIn(on: checkIn.day)
            summary = try DaySummaryQuery(source: source).summary(for: checkIn.day)
            step = .done
            status =
                wroteAnything ? StatusMessage("Check-in saved.", kind: .success) : StatusMessage("Every step was skipped: nothing saved.")
        } catch {
            status = StatusMessage("Could not save the check-in: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: Forms

    private func makeForm(for step: Step) -> Form {
        let fmt = UnitFormatter(unitSystem)
        switch step {
        case .weight:
            return Form(fields: [
                .text(
                    Field.weight, label: "Weight", text: start?.prefilledWeight ?? "", maxLength: Validation.maxInputLength,
                    hint: fmt.massUnit, selected: true)
            ])
        case .sleep:
            let night = start?.night
            // Prefilled text, which Enter logs; the examples only show where there is none.
            let (bed, wake) = start?.prefilledSleep ?? ("", "")
            return Form(fields: [
                .text(
                    Field.bed, label: "Bedtime", text: bed, placeholder: "23:30", maxLength: Validation.maxInputLength, hint: "23:15, 11pm",
                    selected: true),
                .text(
                    Field.wake, label: "Wake time", text: wake, placeholder: "07:00", maxLength: Validation.maxInputLength,
                    hint: "7:00, 7am", selected: true),
                .text(
                    Field.quality, label: "Quality", text: night?.quality.map(String.init) ?? "", placeholder: "optional",
                    maxLength: Validation.maxInputLength, hint: "1 (poor) – 5 (great)", selected: true),
            ])
        case .feelings:
            let earlier = start?.checkIn
            return Form(fields: [
                .choice(Field.mood, label: "Mood", options: Self.ratingOptions(DailyCheckIn.moodWords), selected: earlier?.mood ?? 0),
                .choice(
                    Field.energy, label: "Energy", options: Self.ratingOptions(DailyCheckIn.energyWords), selected: earlier?.energy ?? 0),
            ])
        case .note:
            return Form(
                fields: [.text(Field.note, label: noteLabel, placeholder: "optional", maxLength: DailyCheckIn.noteLength.upperBound)],
                inputWidth: 48)
        case .done:
            return Form(fields: [])
        }
    }

    /// "—" (not rated) then "1 awful" … "5 great".
    static func ratingOptions(_ words: [String]) -> [String] {
        ["— skip"] + words.enumerated().map { "\($0.offset + 1) \($0.element)" }
    }

    // MARK: Drawing

    /// The intro line of a step: what it asks, with the sentence preview on the note step.
    var intro: String {
        switch step {
        case .weight:
            if let weighIn = start?.dayWeighIn {
                let fat = weighIn.bodyFatPercent.map { ", body fat \(DecimalText.format($0)) % kept" } ?? ""
                return
                    "Already weighed: \(weighIn.weightKg.map(UnitFormatter(unitSystem).mass) ?? "—"). Enter keeps it; a new value replaces it\(fat)."
            }
            return "Your weight this morning (prefilled with the last one; Enter keeps it unlogged)."
        case .sleep:
            if start?.night != nil { return "Last night is already logged; change it or press Enter to keep it." }
            if let usual = start?.usualNight {
                let nights = usual.nights == 1 ? "your last logged night" : "your usual times over the last \(usual.nights) nights"
                return "Filled in from \(nights): Enter logs them, or type over them."
            }
            return "When did you go to bed and wake up? A bedtime after midnight is fine."
        case .feelings:
            return "How do you feel today? Press 1–5 for mood, then for energy."
        case .note:
            guard usesSentence else { return "Anything to remember about today? Enter saves without one." }
            let mood = answers.mood ?? start?.checkIn?.mood
            let typed = form.value(Field.note) ?? ""
            return "“" + DailyCheckIn.sentence(template: template, mood: mood, note: typed.isEmpty ? "…" : typed) + "”"
        case .done:
            return ""
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        // A day other than today is named as such: a check-in for last Sunday must not pass for today's.
        let daysAgo = checkIn.day.days(until: clock.today)
        let title = "Check-in · \(checkIn.day.longLabel)" + (daysAgo == 0 ? "" : daysAgo == 1 ? " · yesterday" : " · \(daysAgo) days ago")
        if step == .done {
            CheckInSummaryView(
                title: title, summary: summary, checkIn: saved, wroteAnything: wroteAnything, unitSystem: unitSystem,
                today: clock.today
            )
            .render(in: area, buffer: &buffer, context: context)
            return
        }
        let progress = Step.allCases.dropLast().map { $0.rawValue < step.rawValue ? "●" : ($0 == step ? "◉" : "○") }.joined(separator: " ")
        FormDialog(
            title: title, intro: "\(progress)  Step \(step.rawValue + 1) of 4 · \(step.title)\n\(intro)", form: form,
            hint: step == .note
                ? "Enter save · Ctrl-N skip · Ctrl-B back · Esc cancel" : "Enter next · Ctrl-N skip · Ctrl-B back · Esc cancel",
            width: 72
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}

/// Today at a glance, after saving: what the check-in recorded and the day's numbers.
struct CheckInSummaryView: Widget {
    let title: String
    let summary: DaySummary?
    let checkIn: CheckIn?
    let wroteAnything: Bool
    let unitSystem: UnitSystem
    let today: LocalDate

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let fmt = UnitFormatter(unitSystem)
        let glance = summary.map { $0.date == today ? "Today at a glance:" : "\($0.date.longLabel) at a glance:" } ?? "At a glance:"
        var lines: [Line] = [wroteAnything ? Line("Saved. " + glance, .good) : Line("Nothing saved. " + glance, .muted), ""]
        func row(_ label: String, _ value: String, _ role: Role = .accent) {
            lines.append(Line([Span(label.padding(toLength: 10, withPad: " ", startingAt: 0), .muted), Span(value, role)]))
        }
        if let s = summary {
            row("Weight", s.weightKg.map { fmt.mass($0) + (s.trendWeightKg.map { "  (trend " + fmt.mass($0) + ")" } ?? "") } ?? "—")
            row("Slept", s.sleepMinutes.map { DurationFormat.hoursMinutes($0) + (s.sleepQuality.map { "  quality \($0)/5" } ?? "") } ?? "—")
            row("Eaten", fmt.energy(s.eatenKcal))
            if let t = s.targets {
                // The burn in the Goal card's words ("burn 2147 (formula)"), not a second bare figure.
                // A fixed target before a weigh-in has no burn behind it.
                let burn = t.expenditure.map { e in
                    " · burn \(WholeNumber.text(e.kcalPerDay))" + (e.sourcePhrasings.last.map { " (\($0))" } ?? "")
                }
                row("Target", fmt.energy(t.kcal) + (burn ?? " (\(t.basisLabel))"))
            }
            row("Exercise", "\(s.exerciseMinutes) min, \(fmt.energy(s.burnedKcal))")
        }
        let mood = checkIn?.mood.map { DailyCheckIn.moodWords[$0 - 1] } ?? "—"
        let energy = checkIn?.energy.map { DailyCheckIn.energyWords[$0 - 1] } ?? "—"
        row("Feeling", "mood \(mood), energy \(energy)")
        if let note = checkIn?.note { lines.append(""); lines.append(Line(note, .text)) }
        let body = Paragraph(lines)
        let inner = Modal(title: title, width: 64, height: lines.count + 5).draw(in: area, buffer: &buffer, context: context)
            .inset(top: 1, left: 1, bottom: 0, right: 1)
        guard !inner.isEmpty else { return }
        let (text, footer) = inner.splitBottom(1)
        body.render(in: text, buffer: &buffer, context: context)
        buffer.write(Line("Enter or Esc closes", .muted), in: footer, context: context)
    }
}
