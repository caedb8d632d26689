import BodiiDomain
import BodiiUI
import SharedCharts
import TerminalKit

/// The Body tab: a weight chart with its trend over the chosen range, the weigh-in history, the
/// current BMR/TDEE and its formula, and forms to log (`a`) and edit (`e`) weight, body fat and
/// muscle mass. The list, delete and undo are `DatedListTab`'s.
public typealias BodyViewModel = DatedListTab<BodyList>

extension DatedListTab where Kind == BodyList {
    public convenience init(source: any BodyList.Store, clock: any Clock) {
        self.init(BodyList(source: source, clock: clock))
    }
}

/// The weigh-ins as a `DatedListKind`: what the Body tab reads, its form and its drawing.
@MainActor
public final class BodyList: DatedListKind {
    public struct Row: Equatable, Sendable {
        public var record: BodyRecord
        public var trendKg: Double?
    }

    /// The profile, the weigh-ins and the goal: what the tab reads and `BodyLogging` writes.
    public typealias Store = BodyLogging.Store & TargetHistory.Source
    private let source: any Store
    private let logging: BodyLogging
    private let clock: any Clock
    /// The trend of every day from the first to the last weigh-in of the history.
    public private(set) var trend: [TrendPoint] = []
    /// The history's rows, newest first, with their trend: the tab's records, as read.
    public private(set) var rows: [Row] = []
    public private(set) var snapshot: MetabolismSnapshot?
    /// The Navy estimate Katch-McArdle used, when the goal lets it stand in (issue 47).
    public private(set) var bodyFatEstimate: BodyFatEstimate?
    public private(set) var goal: Goal?
    /// The expenditure today's target starts from (the formula blended with the adaptive estimate):
    /// the one figure every screen shows beside the formula's TDEE.
    public private(set) var expenditure: ExpenditureBasis?
    public private(set) var progress: GoalProgress?
    public private(set) var unitSystem: UnitSystem = .metric
    public private(set) var range: ChartRange = .month

    /// How much history the table shows.
    static let historyDays = 730

    public init(source: any Store, clock: any Clock) {
        self.source = source
        self.clock = clock
        logging = BodyLogging(store: source, clock: clock)
    }

    public let title = "Body"
    public let noun = "weigh-in"
    public let nothingHere = ""

    public static let actions = ActionKeyMap<ListTabAction<ChartZoom>>(
        title: "Body",
        ListTabAction.recordKeys(
            add: ("log weight, body fat, muscle", "log"), edit: ("edit the selected weigh-in", "edit"),
            delete: ("delete the selected weigh-in", "delete"), undo: "undo the last delete")
            + ListMove.actions("in the history") { .move($0) } + ChartZoom.actions { .extra($0) })

    /// The weigh-ins newest first; the trend, the metabolism card and the goal beside them.
    public func load() throws -> [BodyRecord] {
        let today = clock.today
        unitSystem = try source.loadProfile()?.unitSystem ?? .metric
        let records = try source.bodyRecords(in: DateRange(ending: today, days: Self.historyDays))
        trend = WeightTrend.compute(WeightTrend.dailyWeights(records))
        let trendByDate = Dictionary(trend.map { ($0.date, $0.trendKg) }, uniquingKeysWith: { _, b in b })
        rows = records.reversed().map { Row(record: $0, trendKg: trendByDate[$0.date]) }
        // The BMR every surface shows: the latest snapshot under the goal's body-fat choice.
        let history = try TargetHistory.load(range: DateRange(start: today, end: today), source: source)
        let metabolism = history.metabolism(onOrBefore: today)
        snapshot = metabolism?.snapshot
        bodyFatEstimate = metabolism?.estimate
        goal = try source.activeGoal()
        expenditure = history.targets(on: today)?.expenditure
        progress = goal.flatMap { GoalProgress.compute(goal: $0, trend: trend, today: today) }
        return rows.map(\.record)
    }

    public func describe(_ record: BodyRecord) -> String {
        let fmt = UnitFormatter(unitSystem)
        // A body-fat-only reading (imported) is named by its body fat.
        let what = record.weightKg.map(fmt.mass) ?? record.bodyFatPercent.map { "body fat \(DecimalText.format($0)) %" } ?? "a reading"
        return "\(what) of \(record.date.iso)"
    }

    public func delete(id: Int64) throws -> BodyRecord? { try logging.delete(id: id) }
    public func restore(_ record: BodyRecord) throws -> BodyRecord { try logging.save(record) }
    public func reveal(_ record: BodyRecord) {}

    public func perform(_ zoom: ChartZoom) -> ListTabRefresh {
        range = zoom == .wider ? range.wider : range.narrower
        return .redraw
    }

    /// The log form, empty but for today's date, or filled with `record`'s values in the user's units.
    public func formFlow(editing record: BodyRecord?, tab: DatedListTab<BodyList>) -> any Flow {
        let fmt = UnitFormatter(unitSystem)
        let massText = { (kg: Double?) in kg.map { DecimalText.format(fmt.massValue($0)) } ?? "" }
        let form = Form(fields: [
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
        return tab.formFlow(
            title: record == nil ? "Log weight" : "Edit weigh-in", form: form, prefilled: [BodyEntryField.date.rawValue],
            editing: record != nil
        ) { [unowned self, unowned tab] flow in submit(flow, editing: record, tab: tab) }
    }

    private func submit(_ flow: RecordFormFlow, editing original: BodyRecord?, tab: DatedListTab<BodyList>) -> RecordFormFlow.Outcome {
        let f = flow.form
        let input = BodyEntryInput(
            weight: f.value(BodyEntryField.weight.rawValue) ?? "",
            bodyFat: f.value(BodyEntryField.bodyFat.rawValue) ?? "",
            muscleMass: f.value(BodyEntryField.muscleMass.rawValue) ?? "",
            date: f.value(BodyEntryField.date.rawValue) ?? "")
        return tab.submit(
            logging.validate(input, unitSystem: unitSystem), in: flow, editing: original,
            keep: { record, original in
                record.id = original.id
                record.recordedAt = original.recordedAt  // keeps its place among the day's weigh-ins
                record.provenance = original.provenance  // an imported reading stays the import's: a re-import finds it
            },
            update: logging.update, add: logging.save
        ) { [unitSystem] verb, record in
            "\(verb) \(record.weightKg.map(UnitFormatter(unitSystem).mass) ?? "a reading") on \(record.date.iso)."
        }
    }

    public func render(records: [BodyRecord], selected: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        BodyView(
            rows: rows, selected: selected, snapshot: snapshot, bodyFatEstimate: bodyFatEstimate, expenditure: expenditure, goal: goal, progress: progress,
            unitSystem: unitSystem, today: clock.today,
            chart: WeightChartData(trend: trend, range: range, today: clock.today)
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}
