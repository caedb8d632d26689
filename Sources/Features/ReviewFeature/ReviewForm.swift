import BodiiDomain
import TerminalKit

/// The board's forms: a note (a Try may name the Problem it answers), an action (the Try it came
/// from, a due date, a metric and target), and the note on a dropped action. Checked with
/// `ReviewInput`, the rules the CLI uses.
public struct ReviewForm: Equatable, Sendable {
    enum Purpose: Equatable, Sendable {
        case note(ReviewItemKind, editing: ReviewItem?)
        case action(editing: ReviewAction?)
        case drop(ReviewAction)
    }

    let purpose: Purpose
    public var form: Form
    let period: ReviewPeriod

    enum Field: String { case text, answers, from, due, metric, target, note }

    public var title: String {
        switch purpose {
        case .note(let kind, let editing): return (editing == nil ? "Add a " : "Edit the ") + kind.title
        case .action(let editing): return editing == nil ? "Add an action" : "Edit the action"
        case .drop: return "Drop the action"
        }
    }

    public var intro: String? {
        switch purpose {
        case .note(.try, _): return "A Try answers a Problem: give its number in the Problem column, or leave it empty."
        case .note: return nil
        case .action: return "An action is for the period after this review; a metric is judged from the data when that period ends."
        case .drop(let a): return "“\(a.text)” — why drop it? (optional)"
        }
    }

    var hasInput: Bool {
        form.fields.contains { $0.id != Field.metric.rawValue && !$0.value.isEmpty }
    }

    static func text(_ id: Field, _ label: String, _ text: String, hint: String? = nil, maxLength: Int = ReviewInput.textLength.upperBound)
        -> FormField
    {
        .text(id.rawValue, label: label, text: text, maxLength: maxLength, hint: hint, selected: !text.isEmpty)
    }

    static func number(of id: Int64?, in list: [ReviewItem]) -> String {
        id.flatMap { id in list.firstIndex { $0.id == id }.map { String($0 + 1) } } ?? ""
    }

    static func note(_ kind: ReviewItemKind, editing: ReviewItem?, review: PeriodReview) -> ReviewForm {
        var fields = [text(.text, kind.title, editing?.text ?? "")]
        if kind == .try {
            let problems = review.items(.problem)
            fields.append(
                text(
                    .answers, "Answers Problem", number(of: editing?.problemId, in: problems),
                    hint: problems.isEmpty ? "no Problems yet" : "1–\(problems.count), empty for none", maxLength: Validation.maxInputLength
                ))
        }
        return ReviewForm(purpose: .note(kind, editing: editing), form: Form(fields: fields, inputWidth: 32), period: review.period)
    }

    static let metricOptions = ["none"] + ActionMetric.allCases.map(\.rawValue)

    static func action(editing a: ReviewAction?, review: PeriodReview, today: LocalDate) -> ReviewForm {
        let tries = review.items(.try)
        let metricIndex = a?.metric.flatMap { m in metricOptions.firstIndex(of: m.rawValue) } ?? 0
        let fields: [FormField] = [
            text(.text, "Action", a?.text ?? ""),
            text(
                .from, "From Try", number(of: a?.tryId, in: tries),
                hint: tries.isEmpty ? "no Tries yet" : "1–\(tries.count), empty for none",
                maxLength: Validation.maxInputLength),
            text(.due, "Due", a?.due?.iso ?? "", hint: "YYYY-MM-DD, optional", maxLength: Validation.maxInputLength),
            .choice(Field.metric.rawValue, label: "Metric", options: metricOptions, selected: metricIndex, hint: "←/→ to choose"),
            text(
                .target, "Target", a?.target.map(String.init) ?? "", hint: "nights, minutes, days, weigh-ins or steps a day",
                maxLength: Validation.maxInputLength),
        ]
        return ReviewForm(purpose: .action(editing: a), form: Form(fields: fields, inputWidth: 32), period: a?.period ?? review.period)
    }

    static func drop(_ a: ReviewAction) -> ReviewForm {
        ReviewForm(purpose: .drop(a), form: Form(fields: [text(.note, "Note", "")], inputWidth: 32), period: a.period)
    }

    /// What the form saves.
    enum Outcome {
        case item(ReviewItem)
        case action(ReviewAction)

        var isNew: Bool {
            switch self {
            case .item(let i): return i.id == nil
            case .action(let a): return a.id == nil
            }
        }
    }

    /// Every bad field with its message, and the first of them (where the focus goes).
    struct Failure: Error {
        var messages: [String: String]
        var firstFieldID: String?
    }

    private func value(_ field: Field) -> String { form.value(field.rawValue) ?? "" }

    /// The record to save, or every bad field at once (as the other forms report them).
    func validate(review: PeriodReview, today: LocalDate) -> Result<Outcome, Failure> {
        var errors = FieldErrors<Field>()
        let outcome: Outcome
        switch purpose {
        case .note(let kind, let editing):
            var item = editing ?? ReviewItem(period: period, kind: kind, text: "")
            let text = errors.capture(.text) { () throws(ValidationError) in
                try ReviewInput.text(value(.text), field: kind.title.lowercased())
            }
            if kind == .try,
                let problem = errors.capture(
                    .answers, { () throws(ValidationError) in try pick(.answers, "problem", from: review.items(.problem)) })
            {
                item.problemId = problem
            }
            if let text { item.text = text }
            outcome = .item(item)
        case .action(let editing):
            var a = editing ?? ReviewAction(period: period, text: "", createdOn: today)
            if let text = errors.capture(.text, { () throws(ValidationError) in try ReviewInput.text(value(.text), field: "action") }) {
                a.text = text
            }
            if let tryId = errors.capture(.from, { () throws(ValidationError) in try pick(.from, "try", from: review.items(.try)) }) {
                a.tryId = tryId
            }
            let due = value(.due)
            // An edited action keeps a due date that has passed since; a new one must be ahead.
            if due.trimmingCharacters(in: .whitespaces).isEmpty {
                a.due = nil
            } else if due != editing?.due?.iso,
                let date = errors.capture(.due, { () throws(ValidationError) in try ReviewInput.dueDate(due, today: today) })
            {
                a.due = date
            }
            if let metric = ActionMetric(rawValue: value(.metric)) {
                a.metric = metric
                a.target = errors.capture(.target) { () throws(ValidationError) in try ReviewInput.target(value(.target), metric: metric) }
            } else {
                a.metric = nil
                a.target = nil
            }
            outcome = .action(a)
        case .drop(var a):
            a.status = .dropped
            a.closedOn = today
            if let note = errors.capture(.note, { () throws(ValidationError) in try ReviewInput.note(value(.note)) }) { a.dropNote = note }
            outcome = .action(a)
        }
        guard errors.isEmpty else {
            let messages = Dictionary(uniqueKeysWithValues: errors.byField.map { ($0.key.rawValue, $0.value.message) })
            return .failure(Failure(messages: messages, firstFieldID: errors.firstField?.rawValue))
        }
        return .success(outcome)
    }

    /// The id of the item numbered in `field` (1-based, in the column's order); nil when empty.
    private func pick(_ field: Field, _ noun: String, from list: [ReviewItem]) throws(ValidationError) -> Int64? {
        let text = value(field)
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        guard !list.isEmpty else {
            throw ValidationError(field: noun, value: text, allowed: "empty: there is none yet", problem: .outOfRange)
        }
        return list[try Validation.integer(text, field: noun, range: 1...list.count, unit: nil) - 1].id
    }
}
