import Foundation

/// How a metric-bound action stands: the figure of its period so far and, once the period is
/// over, whether the target was met (PRODUCT.md §8).
public struct ActionProgress: Equatable, Sendable {
    public var metric: ActionMetric
    public var target: Int
    /// The period the action is judged over (the one after its review).
    public var period: ReviewPeriod
    /// The figure so far; nil before the period starts or when there is no data (steps).
    public var value: Double?
    /// True once the period is over: the figure is final.
    public var isFinal: Bool
    /// False before the period's first day.
    public var started = true

    /// Met or not once the period is over; nil until then, or when there is no data to judge.
    public var met: Bool? {
        guard isFinal, let value else { return nil }
        return value >= Double(target)
    }

    /// "3/5 nights ≥ 7 h", "no data"; past the target "6 nights ≥ 7 h (target 5)", since
    /// "6/5 nights" reads as a fraction nobody would say.
    public var figure: String {
        guard let value else { return "no data/\(target) \(metric.unit)" }
        guard value <= Double(target) else { return "\(WholeNumber.text(value)) \(metric.unit) (target \(target))" }
        return "\(WholeNumber.text(value))/\(target) \(metric.unit)"
    }

    /// "met 5/5 nights ≥ 7 h", "not met 3/5 …", "so far 2/5 …".
    public var verdict: String {
        switch met {
        case true?: return "met " + figure
        case false?: return "not met " + figure
        case nil:
            guard started else {
                return "from \(period.start.day) \(LocalDate.monthShortNames[period.start.month - 1]): target \(target) \(metric.unit)"
            }
            return (isFinal ? "not judged " : "so far ") + figure
        }
    }

    /// Judges `action` from the figures of its period up to `today`; nil for an action without a metric.
    public static func judge(_ action: ReviewAction, today: LocalDate, source: any PeriodSummary.Source) throws -> ActionProgress? {
        guard let metric = action.metric, let target = action.target else { return nil }
        let period = action.judgedPeriod
        var value: Double?
        if let days = period.elapsed(today: today) {
            let p = try PeriodSummary.load(range: days, source: source)
            value = figure(metric, of: p)
        }
        return ActionProgress(
            metric: metric, target: target, period: period, value: value, isFinal: period.isOver(today: today),
            started: period.start <= today)
    }

    /// Judges many actions, reading each judged period's figures once (actions of one review share it).
    public static func judge(_ actions: [ReviewAction], today: LocalDate, source: any PeriodSummary.Source) throws -> [Int64:
        ActionProgress]
    {
        var summaries: [ReviewPeriod: PeriodSummary?] = [:]
        var out: [Int64: ActionProgress] = [:]
        for action in actions {
            guard let id = action.id, let metric = action.metric, let target = action.target else { continue }
            let period = action.judgedPeriod
            if summaries[period] == nil {
                summaries[period] = try period.elapsed(today: today).map { try PeriodSummary.load(range: $0, source: source) }
            }
            let summary = summaries[period] ?? nil
            out[id] = ActionProgress(
                metric: metric, target: target, period: period, value: summary.flatMap { figure(metric, of: $0) },
                isFinal: period.isOver(today: today), started: period.start <= today)
        }
        return out
    }

    /// The one figure of a period an action of `metric` is held against.
    public static func figure(_ metric: ActionMetric, of p: PeriodSummary) -> Double? {
        switch metric {
        case .sleep: return Double(p.sleep.nightsOf7HoursOrMore)
        case .exercise: return Double(p.exercise.minutes)
        case .meals: return Double(p.calories.loggedDays)
        case .weighIns: return Double(p.weight.weighInDays)
        case .steps: return p.steps.average
        }
    }
}

/// A period's review as every screen shows it: the summary of the days so far, the actions still
/// open from earlier periods, the notes and the period's own actions, with metric progress.
public struct PeriodReview: Equatable, Sendable {
    public var period: ReviewPeriod
    /// nil for a period that has not started.
    public var summary: PeriodSummary?
    public var items: [ReviewItem]
    public var actions: [ReviewAction]
    public var carriedOver: [ReviewAction]
    public var progress: [Int64: ActionProgress]
    /// What was bought and wasted in the period so far; nil when nothing was.
    public var groceries: GrocerySummary?

    public typealias Source = ReviewRepository & PeriodSummary.Source & GrocerySummary.Source

    public init(
        period: ReviewPeriod, summary: PeriodSummary?, items: [ReviewItem], actions: [ReviewAction], carriedOver: [ReviewAction],
        progress: [Int64: ActionProgress], groceries: GrocerySummary? = nil
    ) {
        self.period = period
        self.groceries = groceries
        self.summary = summary
        self.items = items
        self.actions = actions
        self.carriedOver = carriedOver
        self.progress = progress
    }

    public func items(_ kind: ReviewItemKind) -> [ReviewItem] { items.filter { $0.kind == kind } }

    public func item(id: Int64?) -> ReviewItem? { id.flatMap { id in items.first { $0.id == id } } }

    public var wellness: WellnessScore? { summary?.wellness }

    /// The review of `period` as of `today`, kept until the next write (`KeptFigures`): reopening
    /// the Review, or stepping back to a period just shown, reads nothing again.
    public static func load(_ period: ReviewPeriod, today: LocalDate, source: any Source) throws -> PeriodReview {
        try KeptFigures.kept("period review", key: LoadKey(period: period, today: today), by: source) {
            try read(period, today: today, source: source)
        }
    }

    private struct LoadKey: Hashable, Sendable {
        var period: ReviewPeriod, today: LocalDate
    }

    private static func read(_ period: ReviewPeriod, today: LocalDate, source: any Source) throws -> PeriodReview {
        let elapsed = period.elapsed(today: today)
        let summary = try elapsed.map { try PeriodSummary.load(range: $0, source: source) }
        let actions = try source.actions(in: period)
        let carried = try source.actionsCarriedOver(into: period)
        return PeriodReview(
            period: period, summary: summary, items: try source.reviewItems(in: period), actions: actions,
            carriedOver: carried, progress: try ActionProgress.judge(carried + actions, today: today, source: source),
            groceries: try elapsed.flatMap { try GrocerySummary.load(range: $0, source: source) })
    }
}

/// Checks what a person types into a review, for the board's forms and the CLI alike.
public enum ReviewInput {
    /// A note or an action: one line of plain text.
    public static let textLength = 1...500

    public static func text(_ text: String, field: String = "text") throws(ValidationError) -> String {
        try Validation.name(text, field: field, length: textLength)
    }

    /// An optional note (why an action was dropped): empty means none.
    public static func note(_ text: String, field: String = "note") throws(ValidationError) -> String? {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : try Self.text(text, field: field)
    }

    /// A due date: YYYY-MM-DD from today up to a year ahead.
    public static func dueDate(_ text: String, today: LocalDate, field: String = "due date") throws(ValidationError) -> LocalDate {
        let latest = Validation.latestDate(today: today)
        let allowed = "a date as YYYY-MM-DD, \(today.iso) to \(latest.iso)"
        let date = try Validation.isoDate(text, field: field, allowed: allowed)
        guard date >= today, date <= latest else {
            throw ValidationError(field: field, value: text, allowed: allowed, problem: .outOfRange)
        }
        return date
    }

    public static func metric(_ text: String, field: String = "metric") throws(ValidationError) -> ActionMetric {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !trimmed.isEmpty else { throw ValidationError(field: field, value: text, allowed: ActionMetric.names, problem: .empty) }
        guard let metric = ActionMetric(rawValue: trimmed) else {
            throw ValidationError(field: field, value: text, allowed: ActionMetric.names, problem: .invalidFormat)
        }
        return metric
    }

    public static func target(_ text: String, metric: ActionMetric, field: String = "target") throws(ValidationError) -> Int {
        try Validation.integer(text, field: field, range: metric.targetRange, unit: metric.unit)
    }
}
