import Foundation

// The retrospective of PRODUCT.md §8: a week (seven days from the user's week start) or a month,
// its Keep / Problem / Try notes and the actions that come out of it.

public enum ReviewPeriodKind: String, CaseIterable, Sendable {
    case week, month
}

/// A week (Monday to Sunday, or Sunday to Saturday: `WeekStart`) or a calendar month.
public struct ReviewPeriod: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let kind: ReviewPeriodKind
    /// The first day of the week, or the 1st of the month.
    public let start: LocalDate

    /// The period of `kind` that holds `date`, weeks starting on `weekStart`.
    public init(_ kind: ReviewPeriodKind, containing date: LocalDate, weekStart: WeekStart) {
        self.kind = kind
        switch kind {
        case .week: start = weekStart.firstDay(of: date)
        case .month: start = date.adding(days: 1 - date.day)
        }
    }

    /// The period as it was stored: a week keeps the start it was saved with, even when the
    /// user's week start has changed since (see `storedStarts`).
    public init(_ kind: ReviewPeriodKind, startingOn start: LocalDate) {
        self.kind = kind
        self.start = kind == .month ? start.adding(days: 1 - start.day) : start
    }

    /// The start dates of saved reviews of this kind that this period shows. A week shows the
    /// saved weeks whose middle day (start + 3) falls in it: a week saved when weeks began on
    /// Monday shares six days with the Sunday-to-Saturday week that holds its Thursday, and the
    /// other way round. Every saved week has exactly one middle day, so switching `week_start`
    /// never hides a review nor shows it twice.
    public var storedStarts: DateRange {
        switch kind {
        case .week: return DateRange(start: start.adding(days: -3), end: start.adding(days: 3))
        case .month: return DateRange(start: start, end: start)
        }
    }

    /// The period, under `weekStart`, that shows this (saved) one.
    public func shown(weekStart: WeekStart) -> ReviewPeriod {
        kind == .week ? ReviewPeriod(.week, containing: start.adding(days: 3), weekStart: weekStart) : self
    }

    public var end: LocalDate {
        switch kind {
        case .week: return start.adding(days: 6)
        case .month: return start.adding(days: LocalDate.daysIn(month: start.month, year: start.year) - 1)
        }
    }

    public var range: DateRange { DateRange(start: start, end: end) }

    /// The period `count` periods later (earlier when negative).
    public func moved(by count: Int) -> ReviewPeriod {
        switch kind {
        case .week: return ReviewPeriod(.week, startingOn: start.adding(days: 7 * count))
        case .month:
            let months = start.year * 12 + (start.month - 1) + count
            let first = LocalDate(year: months / 12, month: months % 12 + 1, day: 1) ?? start
            return ReviewPeriod(.month, startingOn: first)
        }
    }

    public var next: ReviewPeriod { moved(by: 1) }

    /// The days of the period that have begun by `today` (the whole period once it is over);
    /// nil for a period that has not started.
    public func elapsed(today: LocalDate) -> DateRange? {
        guard start <= today else { return nil }
        return DateRange(start: start, end: min(end, today))
    }

    /// Over when its last day is over: a week is judged on the first day of the next.
    public func isOver(today: LocalDate) -> Bool { end < today }

    /// "week of 16 Nov 2026" / "November 2026".
    public var label: String {
        switch kind {
        case .week:
            let e = end
            let startText = start.month == e.month ? "\(start.day)" : "\(start.day) \(LocalDate.monthShortNames[start.month - 1])"
            return "\(startText)–\(e.day) \(LocalDate.monthShortNames[e.month - 1]) \(e.year)"
        case .month: return "\(Self.monthNames[start.month - 1]) \(start.year)"
        }
    }

    public var description: String { "\(kind.rawValue) \(start.iso)" }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    public static func < (a: ReviewPeriod, b: ReviewPeriod) -> Bool { (a.start, a.kind.rawValue) < (b.start, b.kind.rawValue) }
}

/// The three note columns of the board; actions are the fourth.
public enum ReviewItemKind: String, CaseIterable, Sendable {
    case keep, problem, `try`

    public var title: String {
        switch self {
        case .keep: return "Keep"
        case .problem: return "Problem"
        case .try: return "Try"
        }
    }
}

/// A Keep, Problem or Try note of a review.
public struct ReviewItem: Equatable, Sendable, Identifiable {
    public var id: Int64?
    public var period: ReviewPeriod
    public var kind: ReviewItemKind
    public var text: String
    /// The Problem a Try answers (a Try only).
    public var problemId: Int64?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, period: ReviewPeriod, kind: ReviewItemKind, text: String, problemId: Int64? = nil,
        provenance: Provenance = .bodii
    ) {
        self.id = id
        self.period = period
        self.kind = kind
        self.text = text
        self.problemId = kind == .try ? problemId : nil
        self.provenance = provenance
    }
}

public enum ActionStatus: String, CaseIterable, Sendable {
    case open, done, dropped
}

/// What an action can be bound to, judged from the data of its period (PRODUCT.md §8).
public enum ActionMetric: String, CaseIterable, Sendable {
    case sleep, exercise, meals
    case weighIns = "weigh-ins"
    case steps

    /// What the target counts: "nights of 7 h or more".
    public var unit: String {
        switch self {
        case .sleep: return "nights ≥ 7 h"
        case .exercise: return "min exercise"
        case .meals: return "days with meals"
        case .weighIns: return "weigh-ins"
        case .steps: return "steps a day"
        }
    }

    /// Targets a user may set: counts of days fit in a month; minutes and steps within reason.
    public var targetRange: ClosedRange<Int> {
        switch self {
        case .sleep, .meals, .weighIns: return 1...31
        case .exercise: return 1...10_000
        case .steps: return 1...100_000
        }
    }

    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// An action of a review: to be done in the period after the review that wrote it.
public struct ReviewAction: Equatable, Sendable, Identifiable {
    public var id: Int64?
    /// The review that wrote it.
    public var period: ReviewPeriod
    public var text: String
    /// The Try it came from.
    public var tryId: Int64?
    public var due: LocalDate?
    public var status: ActionStatus
    /// Why it was dropped (optional).
    public var dropNote: String?
    public var metric: ActionMetric?
    public var target: Int?
    public var createdOn: LocalDate
    /// The day it was marked done or dropped; nil while open.
    public var closedOn: LocalDate?
    public var provenance: Provenance

    public init(
        id: Int64? = nil, period: ReviewPeriod, text: String, tryId: Int64? = nil, due: LocalDate? = nil, status: ActionStatus = .open,
        dropNote: String? = nil, metric: ActionMetric? = nil, target: Int? = nil, createdOn: LocalDate, closedOn: LocalDate? = nil,
        provenance: Provenance = .bodii
    ) {
        self.id = id
        self.period = period
        self.text = text
        self.tryId = tryId
        self.due = due
        self.status = status
        self.dropNote = dropNote
        self.metric = metric
        self.target = target
        self.createdOn = createdOn
        self.closedOn = closedOn
        self.provenance = provenance
    }

    /// A retrospective's action is for the next period: written on Sunday, done in the week after.
    public var judgedPeriod: ReviewPeriod { period.next }

    public func isOverdue(today: LocalDate) -> Bool { status == .open && due.map { $0 < today } == true }
}

/// What pointed at a note when it was deleted (issue 23 #21): the Tries that answered it (when it
/// is a Problem) and the actions that came from it (when it is a Try). The database cuts these
/// links on delete (ON DELETE SET NULL); an undo gives them back.
public struct ReviewLinks: Equatable, Sendable {
    public var answeringTries: [Int64]
    public var actions: [Int64]

    public init(answeringTries: [Int64] = [], actions: [Int64] = []) {
        self.answeringTries = answeringTries
        self.actions = actions
    }

    public var isEmpty: Bool { answeringTries.isEmpty && actions.isEmpty }
}
