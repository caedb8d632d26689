import BodiiDomain
import TerminalKit

/// The weight chart's data for one range: each day's weigh-in (dots) and trend (line), nil where
/// there is none, so a day without data is a gap and never a zero.
public struct WeightChartData: Equatable {
    let range: ChartRange
    let days: [LocalDate]
    let weights: [Double?]
    let trend: [Double?]

    public init(trend points: [TrendPoint], range: ChartRange, today: LocalDate) {
        self.range = range
        days = range.dates(endingOn: today).days
        let byDate = Dictionary(points.map { ($0.date, $0) }, uniquingKeysWith: { _, b in b })
        weights = days.map { d in byDate[d].flatMap { $0.isInterpolated ? nil : $0.weightKg } }
        trend = days.map { byDate[$0]?.trendKg }
    }

    public var isEmpty: Bool { !weights.contains { $0 != nil } }

    /// The trend's change from the first to the last day of the range that has one.
    public var trendChangeKg: Double? {
        guard let first = trend.first(where: { $0 != nil }) ?? nil,
            let last = trend.last(where: { $0 != nil }) ?? nil
        else { return nil }
        return last - first
    }
}

/// Weigh-ins as dots and the trend as a line, in the user's mass unit, with the range in the title.
public struct WeightChartView: Widget {
    let data: WeightChartData
    let unitSystem: UnitSystem
    let today: LocalDate
    /// Whether there is any weigh-in at all, in or out of the range.
    let hasHistory: Bool

    public init(data: WeightChartData, unitSystem: UnitSystem, today: LocalDate, hasHistory: Bool) {
        self.data = data
        self.unitSystem = unitSystem
        self.today = today
        self.hasHistory = hasHistory
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let fmt = UnitFormatter(unitSystem)
        let change = data.trendChangeKg.map { "trend " + fmt.massChange($0) }
        let block = Block(title: "Weight — last \(data.range.label)", rightTitle: change)
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard !data.isEmpty else {
            let hint = hasHistory ? Line("Press - to widen the range.", .muted) : Line("Press a to log your weight.", .muted)
            Paragraph([Line("No weigh-ins in the last \(data.range.label).", .muted), hint])
                .render(in: inner, buffer: &buffer, context: context)
            return
        }
        let convert = { (kg: Double?) in kg.map(fmt.massValue) }
        let step = max(1, data.days.count / 4)
        let labels = AxisLabels.everyNth(count: data.days.count, step: step) { data.days[$0].shortLabel(relativeTo: today) }
        LineChart(
            series: [
                ChartSeries(data.weights.map(convert), role: .muted, joined: false),
                ChartSeries(data.trend.map(convert), role: .series1),
            ],
            labels: labels, unit: fmt.massUnit
        )
        .render(in: inner, buffer: &buffer, context: context)
    }
}
