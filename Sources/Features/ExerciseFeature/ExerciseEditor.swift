import BodiiDomain
import TerminalKit

/// The session form: activity (Enter to choose another), minutes, intensity and date, for a new
/// session or an edit. Enter walks from field to field and saves on the last one.
struct ExerciseEditor: Equatable {
    enum Purpose: Equatable {
        case add
        case edit(ExerciseRecord)
    }

    typealias Field = ExerciseEntryField

    var purpose: Purpose
    private(set) var activity: SessionActivity
    var form: Form
    /// The live energy line, worked out by the view model after every change.
    var estimate: ExerciseEstimate?

    static let intensities = Intensity.allCases.map(\.rawValue)

    init(purpose: Purpose, activity: SessionActivity, minutes: String, intensity: Intensity, date: LocalDate) {
        self.purpose = purpose
        self.activity = activity
        form = Form(
            fields: [
                .text(Field.activity.rawValue, label: "Activity", text: activity.name, hint: "Enter: change"),
                .text(
                    Field.minutes.rawValue, label: "Minutes", text: minutes, placeholder: "e.g. 30", maxLength: Validation.maxInputLength,
                    hint: "1–1440"),
                .choice(
                    Field.intensity.rawValue, label: "Intensity", options: Self.intensities,
                    selected: Intensity.allCases.firstIndex(of: intensity) ?? 1, hint: "←/→ or l m h"),
                .text(Field.date.rawValue, label: "Date", text: date.iso, maxLength: Validation.maxInputLength, hint: "YYYY-MM-DD"),
            ], focus: 1, inputWidth: 36)
    }

    var title: String {
        switch purpose {
        case .add: return "Log exercise"
        case .edit: return "Edit session"
        }
    }

    var focusedField: Field? { form.focusedID.flatMap(Field.init(rawValue:)) }

    var input: ExerciseEntryInput {
        ExerciseEntryInput(
            activity: activity, minutes: form.value(Field.minutes.rawValue) ?? "",
            intensity: form.value(Field.intensity.rawValue) ?? "", date: form.value(Field.date.rawValue) ?? "")
    }

    var intensity: Intensity? { form.value(Field.intensity.rawValue).flatMap(Intensity.init(rawValue:)) }

    mutating func choose(_ activity: Activity) {
        self.activity = .catalog(activity)
        form.setText(Field.activity.rawValue, activity.name)
        form.errors[Field.activity.rawValue] = nil
        form.errors[Field.intensity.rawValue] = nil
        form.focus(Field.minutes.rawValue)
    }

    mutating func setIntensity(_ intensity: Intensity) {
        guard let i = form.fields.firstIndex(where: { $0.id == Field.intensity.rawValue }),
            let option = Intensity.allCases.firstIndex(of: intensity)
        else { return }
        form.fields[i].input = .choice(options: Self.intensities, selected: option)
    }
}

/// What the form shows under its fields: the MET of the chosen intensity, the weight used and,
/// once the minutes are valid, the energy.
struct ExerciseEstimate: Equatable {
    var met: Double?
    var minutes: Int?
    var weight: ExerciseWeight
    /// The MET of each intensity, and the Compendium codes they come from.
    var metLine: String
    var codesLine: String?

    var kcal: Double? {
        guard let met, let minutes else { return nil }
        return ExerciseLogging.kcal(met: met, weightKg: weight.kg, minutes: minutes)
    }
}

extension ExerciseEstimate {
    /// The estimate of what `editor` holds now: its activity's MET at the chosen intensity, its
    /// minutes, the weight on its date (else `day`'s), and the lines that say where the MET comes from.
    @MainActor
    static func of(_ editor: ExerciseEditor, logging: ExerciseLogging, today: LocalDate, day: LocalDate) throws -> ExerciseEstimate {
        let input = editor.input
        let minutes = try? Validation.minutes(input.minutes)
        let date = (try? Validation.date(input.date, today: today)) ?? day
        let intensity = editor.intensity ?? .moderate
        let catalog = editor.activity.activity
        // A session logged earlier may carry another MET than the catalog's for its intensity.
        var asLogged: Intensity?
        if case .logged(_, let li, let lm, let c) = editor.activity, c?.met(for: li) != lm { asLogged = li }
        let metLine: String
        var codesLine: String?
        if let catalog, catalog.isSingleEntry, asLogged == nil {
            metLine = "\(FastFormat.oneDecimal(catalog.moderate.met)) at every intensity"
            codesLine = "Compendium 2011: \(catalog.moderate.code), its only entry"
        } else {
            metLine = Intensity.allCases.map { i in
                "\(i.rawValue) \(editor.activity.met(for: i).map(FastFormat.oneDecimal) ?? "?")"
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
        return ExerciseEstimate(
            met: editor.activity.met(for: intensity), minutes: minutes, weight: try logging.weight(on: date),
            metLine: metLine, codesLine: codesLine)
    }
}

/// The form in a modal, with the live estimate and the key hints.
struct ExerciseEditorView: Widget {
    let editor: ExerciseEditor
    let unitSystem: UnitSystem
    let today: LocalDate

    func estimateLines() -> [Line] {
        guard let e = editor.estimate else { return [] }
        let fmt = UnitFormatter(unitSystem)
        var lines: [Line] = []
        if let met = e.met {
            if let kcal = e.kcal, let minutes = e.minutes {
                let shownHours = hoursText(minutes)
                lines.append(
                    Line([
                        Span("Estimate  ", .muted), Span("\(WholeNumber.text(kcal)) kcal", .accent),
                        Span("  = (\(FastFormat.oneDecimal(met)) − 1) MET × \(fmt.massInKg(e.weight.kg)) × \(shownHours) h", .muted),
                    ]))
            } else {
                lines.append(Line([Span("Estimate  ", .muted), Span("type the minutes to see the energy", .muted)]))
            }
        } else {
            lines.append(Line([Span("Estimate  ", .muted), Span("pick an activity to change the intensity", .warn)]))
        }
        lines.append(Line([Span("MET       ", .muted), Span(e.metLine, .text)]))
        if let codes = e.codesLine { lines.append(Line([Span("          ", .muted), Span(codes, .muted)])) }
        if let day = e.weight.measuredOn {
            lines.append(
                Line([
                    Span("Weight    ", .muted), Span(fmt.mass(e.weight.kg), .text),
                    Span(", weighed \(day.shortLabel(relativeTo: today))", .muted),
                ]))
        } else {
            lines.append(
                Line([
                    Span("Weight    ", .muted),
                    Span("none logged yet: estimated for \(fmt.mass(e.weight.kg)) (log it in Body)", .warn),
                ]))
        }
        return lines
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let lines = estimateLines()
        let formHeight = editor.form.fields.indices.reduce(0) { $0 + editor.form.height(of: $1) }
        let height = formHeight + lines.count + 5
        let inner = Modal(title: editor.title, width: 76, height: height).draw(in: area, buffer: &buffer, context: context)
            .inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let (body, hintRow) = inner.splitBottom(1)
        let (formArea, below) = body.splitTop(min(body.height, formHeight))
        editor.form.render(in: formArea, buffer: &buffer, context: context)
        let estimateArea = below.inset(top: 1)
        for (i, line) in lines.enumerated() where i < estimateArea.height {
            buffer.write(line, in: Rect(x: estimateArea.x, y: estimateArea.y + i, width: estimateArea.width, height: 1), context: context)
        }
        let save = editor.focusedField == .date ? "Enter save" : "Enter next"
        buffer.write(Line("\(save) · Tab move · Esc cancel", .muted), in: hintRow, context: context)
    }
}

/// Minutes as hours with up to two decimals: 30 → "0.5", 45 → "0.75", 20 → "0.33", 120 → "2".
func hoursText(_ minutes: Int) -> String {
    let hundredths = (minutes * 100 + 30) / 60
    let whole = String(hundredths / 100)
    let frac = hundredths % 100
    if frac == 0 { return whole }
    return whole + "." + (frac % 10 == 0 ? String(frac / 10) : FastFormat.zeroPadded(frac, 2))
}
