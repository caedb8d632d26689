import BodiiDomain
import TerminalKit

/// Small charts of a review period, one value a day: sleep hours, exercise minutes, kcal eaten
/// and the weight trend. Days without data are gaps, never zeros.
public struct PeriodCharts: Equatable, Sendable {
    public var days: [LocalDate]
    public var sleepHours: [Double?]
    public var exerciseMinutes: [Double?]
    public var caloriesIn: [Double?]
    public var trendKg: [Double?]
    /// Each day's moments (issue 47 item 3), nil for a day without any.
    public var moments: [MomentDay?] = []

    /// The logs the charts read: nights, workouts, the daily totals and weigh-ins.
    public typealias Source = SleepRepository & ExerciseRepository & DailyLogRepository & BodyRepository & MomentRepository

    /// The charts of `range`, kept until the next write (`KeptFigures`).
    public static func load(range: DateRange, source: any Source) throws -> PeriodCharts {
        try KeptFigures.kept("period charts", key: range, by: source) { try read(range: range, source: source) }
    }

    private static func read(range: DateRange, source: any Source) throws -> PeriodCharts {
        let days = range.days
        var sleep: [LocalDate: Double] = [:]
        for night in try source.sleepRecords(in: range) { sleep[night.date] = Double(night.minutes) / 60 }
        var exercise: [LocalDate: Double] = [:]
        for session in try source.exerciseRecords(in: range) { exercise[session.date, default: 0] += Double(session.minutes) }
        let eaten = Dictionary(try source.dailyLogs(in: range).map { ($0.date, $0.caloriesIn) }, uniquingKeysWith: { _, b in b })
        // The same lead-in as the period summary, so the trend here ends where the summary's does.
        let weights = try source.dailyWeights(in: TargetHistory.weightsNeeded(for: range))
        let trend = Dictionary(WeightTrend.compute(weights).map { ($0.date, $0.trendKg) }, uniquingKeysWith: { _, b in b })
        let moments = Dictionary(MomentDay.days(try source.moments(in: range)).map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        return PeriodCharts(
            days: days, sleepHours: days.map { sleep[$0] }, exerciseMinutes: days.map { exercise[$0] },
            caloriesIn: days.map { d in eaten[d].flatMap { $0 > 0 ? $0 : nil } }, trendKg: days.map { trend[$0] },
            moments: days.map { moments[$0] })
    }
}

/// The period's charts as labelled sparklines, one a row, each with its scale and unit:
/// `Sleep   ▅▆▃▇ 5.2–8.1 h`.
public struct PeriodChartsView: Widget {
    let charts: PeriodCharts
    let unitSystem: UnitSystem

    public init(charts: PeriodCharts, unitSystem: UnitSystem) {
        self.charts = charts
        self.unitSystem = unitSystem
    }

    public static let rows = 4

    var series: [(label: String, values: [Double?], unit: String, role: Role, scale: ClosedRange<Double>?)] {
        let fmt = UnitFormatter(unitSystem)
        let weights = charts.trendKg.map { $0.map(fmt.massValue) }
        return [
            ("Sleep", charts.sleepHours, "h", .series2, 0...11), ("Exercise", charts.exerciseMinutes, "min", .series3, nil),
            ("Calories", charts.caloriesIn, "kcal", .series1, nil), ("Weight", weights, unitSystem == .metric ? "kg" : "lb", .series4, nil),
        ]
    }

    static func number(_ v: Double, unit: String) -> String {
        unit == "kg" || unit == "lb" || unit == "h" ? FastFormat.oneDecimal(v) : "\(WholeNumber.text(v))"
    }

    /// "537–2201 kcal"; one figure when every value shows the same ("55 min", not "55–55 min").
    static func scale(of known: [Double], unit: String) -> String {
        guard let low = known.min(), let high = known.max() else { return "no data" }
        let (from, to) = (number(low, unit: unit), number(high, unit: unit))
        return (from == to ? from : "\(from)–\(to)") + " \(unit)"
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        for (row, s) in series.enumerated() where row < area.height {
            let y = area.y + row
            let scale = Self.scale(of: s.values.compactMap { $0 }, unit: s.unit)
            let labelWidth = 9
            buffer.write(s.label, x: area.x, y: y, style: context.style(.muted), maxWidth: min(labelWidth, area.width))
            let chartWidth = min(s.values.count, max(0, area.width - labelWidth - 1 - TextWidth.of(scale)))
            if chartWidth > 0 {
                Sparkline(s.values, role: s.role, scale: s.scale).render(
                    in: Rect(x: area.x + labelWidth, y: y, width: chartWidth, height: 1),
                    buffer: &buffer, context: context)
            }
            let x = area.x + labelWidth + chartWidth + 1
            if x < area.maxX { buffer.write(scale, x: x, y: y, style: context.style(.muted), maxWidth: area.maxX - x) }
        }
    }
}
