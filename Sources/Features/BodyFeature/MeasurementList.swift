import BodiiDomain
import BodiiUI
import TerminalKit

/// The Body tab's second view (`m`): body measurements as a `DatedListKind` — the list newest
/// first, a chart of the selected row's kind, the latest of each kind and the Navy estimate.
@MainActor
public final class MeasurementList: DatedListKind {
    public typealias Store = MeasurementRepository & ProfileRepository
    private let source: any Store
    private let clock: any Clock
    public private(set) var summary = MeasurementSummary(latest: [:], profile: nil)
    public private(set) var unitSystem: UnitSystem = .metric
    public private(set) var range: ChartRange = .quarter

    /// How much history the table shows, as the weigh-ins'.
    static let historyDays = 730

    public init(source: any Store, clock: any Clock) {
        self.source = source
        self.clock = clock
    }

    public let title = "Body"
    public let noun = "measurement"
    public let nothingHere = ""

    public static let actions = ActionKeyMap<ListTabAction<ChartZoom>>(
        title: "Body: measurements",
        ListTabAction.recordKeys(
            add: ("log a measurement: waist, hips, neck, chest, arm, thigh, blood pressure, resting heart rate", "log"),
            edit: ("edit the selected measurement", "edit"), delete: ("delete the selected measurement", "delete"),
            undo: "undo the last delete")
            + ListMove.actions("in the history") { .move($0) } + ChartZoom.actions { .extra($0) })

    public func load() throws -> [BodyMeasurement] {
        let today = clock.today
        let profile = try source.loadProfile()
        unitSystem = profile?.unitSystem ?? .metric
        summary = MeasurementSummary(latest: try source.latestMeasurements(onOrBefore: today), profile: profile)
        return try source.measurements(in: DateRange(ending: today, days: Self.historyDays)).reversed()
    }

    public func describe(_ m: BodyMeasurement) -> String { "\(m.kind.name) \(m.text(unitSystem)) of \(m.date.iso)" }
    public func delete(id: Int64) throws -> BodyMeasurement? { try source.deleteMeasurement(id: id) }
    public func restore(_ m: BodyMeasurement) throws -> BodyMeasurement { try source.addMeasurement(m) }
    public func reveal(_ m: BodyMeasurement) {}

    public func perform(_ zoom: ChartZoom) -> ListTabRefresh {
        range = zoom == .wider ? range.wider : range.narrower
        return .redraw
    }

    /// The log form: the kind, the value in the user's units (or "120/80"), the day.
    public func formFlow(editing m: BodyMeasurement?, tab: DatedListTab<MeasurementList>) -> any Flow {
        let valueText = m.map { m in
            switch m.kind.quantity {
            case .circumference: DecimalText.format(UnitFormatter(unitSystem).circumferenceValue(m.value))
            case .pressure: "\(DecimalText.format(m.value))/\(DecimalText.format(m.diastolic ?? 0))"
            case .heartRate: DecimalText.format(m.value)
            }
        }
        let form = Form(fields: [
            .text(
                MeasurementField.kind.rawValue, label: "Measure", text: m?.kind.argument ?? "", maxLength: Validation.maxInputLength,
                hint: "e.g. waist, hips, neck, bp, rhr"),
            .text(
                MeasurementField.value.rawValue, label: "Value", text: valueText ?? "", maxLength: Validation.maxInputLength,
                hint: "\(UnitFormatter(unitSystem).circumferenceUnit), 120/80 or bpm"),
            .text(
                MeasurementField.date.rawValue, label: "Date", text: (m?.date ?? clock.today).iso, maxLength: Validation.maxInputLength,
                hint: "YYYY-MM-DD"),
        ])
        return tab.formFlow(
            title: m == nil ? "Log a measurement" : "Edit measurement", form: form, prefilled: [MeasurementField.date.rawValue],
            editing: m != nil
        ) { [unowned self, unowned tab] flow in submit(flow, editing: m, tab: tab) }
    }

    private func submit(_ flow: RecordFormFlow, editing original: BodyMeasurement?, tab: DatedListTab<MeasurementList>) -> RecordFormFlow.Outcome {
        let f = flow.form
        let input = MeasurementInput(
            kind: f.value(MeasurementField.kind.rawValue) ?? "", value: f.value(MeasurementField.value.rawValue) ?? "",
            date: f.value(MeasurementField.date.rawValue) ?? "")
        return tab.submit(
            MeasurementLogging.validate(input, unitSystem: unitSystem, today: clock.today, now: clock.now), in: flow, editing: original,
            keep: { m, original in
                m.id = original.id
                m.recordedAt = original.recordedAt  // keeps its place among the day's
                m.provenance = original.provenance
            },
            update: source.updateMeasurement, add: source.addMeasurement
        ) { [unitSystem] verb, m in "\(verb) \(m.kind.name) \(m.text(unitSystem)) on \(m.date.iso)." }
    }

    public func render(records: [BodyMeasurement], selected: Int, in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let kind = records.indices.contains(selected) ? records[selected].kind : summary.inOrder.first?.kind ?? .waist
        MeasurementView(
            records: records, selected: selected, summary: summary, unitSystem: unitSystem, today: clock.today,
            chart: MeasurementChartData(kind: kind, records: records, range: range, today: clock.today)
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}

/// The Body tab: the weigh-ins, and `m` for the measurements.
@MainActor
public enum BodyTab {
    public static func make(source: any BodyList.Store & MeasurementList.Store, clock: any Clock) -> ViewSwitchingTab {
        ViewSwitchingTab(
            ("weigh-ins", BodyViewModel(source: source, clock: clock)),
            then: [("measurements", DatedListTab(MeasurementList(source: source, clock: clock)))], key: .char("m"))
    }
}
