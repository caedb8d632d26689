import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Exercise tab: the selected day's sessions with their energy, and minutes per week against
/// the 150 min/week guideline. `a` adds a session from the searchable activity list, `e` edits the
/// selected one, `x` deletes it after y/n and `u` brings it back.
public typealias ExerciseViewModel = DatedListTab<ExerciseList>

extension DatedListTab where Kind == ExerciseList {
    public convenience init(source: any ExerciseList.Store, clock: any Clock, selection: SelectedDay? = nil) {
        self.init(ExerciseList(source: source, clock: clock, selection: selection))
    }

    /// The day's sessions, as the table lists them.
    public var sessions: [ExerciseRecord] { records }
}

/// The sessions as a `DatedListKind`: one day's list, the weekly minutes chart, and the
/// search-then-form (`ActivityPickerFlow`, then `ExerciseEditorFlow`) that logs and edits.
@MainActor
public final class ExerciseList: DatedListKind {
    /// The profile (units) and the sessions: what the tab reads and `ExerciseLogging` writes.
    public typealias Store = ProfileRepository & ExerciseLogging.Store
    private let source: any Store
    let clock: any Clock
    let logging: ExerciseLogging
    /// The selected day, shared with the other tabs.
    public internal(set) var day: LocalDate {
        get { selection.date }
        set { selection.date = newValue }
    }
    private let selection: SelectedDay
    private var sessions: [ExerciseRecord] = []
    /// Minutes in each calendar week (from the user's week start), oldest first, the last one holding `day`.
    public private(set) var weeks: [WeekMinutes] = []
    /// The weight new sessions on `day` are worked out with.
    public private(set) var weight: ExerciseWeight?
    public private(set) var unitSystem: UnitSystem = .metric

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
    public let noun = "session"
    public let nothingHere = " on this day"

    public var dayTotalKcal: Double { sessions.reduce(0) { $0 + $1.kcal } }
    public var dayTotalMinutes: Int { sessions.reduce(0) { $0 + $1.minutes } }

    public static let actions = ActionKeyMap<ListTabAction<DayStep>>(
        title: "Exercise",
        ListTabAction.recordKeys(add: ("add", nil), edit: ("edit", nil), delete: ("delete", nil), undo: "undo the last delete")
            + ListMove.actions("in the day's sessions") { .move($0) } + DayStep.actions { .extra($0) })

    /// The day's sessions; the weeks of the chart and the weight beside them.
    public func load() throws -> [ExerciseRecord] {
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
        weight = try logging.weight(on: day)
        return sessions
    }

    public func perform(_ step: DayStep) -> ListTabRefresh {
        day = day.moved(by: step.offset, today: clock.today)
        return .reloadFromTop
    }

    public func describe(_ record: ExerciseRecord) -> String {
        "\(record.minutes) min of \(record.activity) of \(record.date.iso)"
    }

    public func delete(id: Int64) throws -> ExerciseRecord? { try logging.delete(id: id) }
    public func restore(_ record: ExerciseRecord) throws -> ExerciseRecord { try logging.restore(record) }
    public func reveal(_ record: ExerciseRecord) { day = record.date }

    /// A new session starts at the activity list; an edit opens the form on the session.
    public func formFlow(editing record: ExerciseRecord?, tab: DatedListTab<ExerciseList>) -> any Flow {
        guard let record else { return ActivityPickerFlow(tab: tab, picker: ActivityPicker(units: unitSystem), editor: nil) }
        return ExerciseEditorFlow(
            tab: tab,
            editor: ExerciseEditor(
                purpose: .edit(record), activity: SessionActivity(record: record), minutes: "\(record.minutes)",
                intensity: record.intensity, date: record.date))
    }

    public func render(records: [ExerciseRecord], selected: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        ExerciseView(
            day: day, today: clock.today, sessions: records, totalMinutes: dayTotalMinutes, totalKcal: dayTotalKcal, selected: selected,
            weeks: weeks, weight: weight, unitSystem: unitSystem, weekStart: clock.weekStart
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
