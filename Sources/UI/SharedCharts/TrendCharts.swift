import BodiiDomain
import TerminalKit

/// The four trend charts under the dashboard cards: a 2×2 grid when there is height for it, else
/// one row of four. All four cover the same dates in the same slots — one grouping (days, weeks…)
/// and one y-axis width — so a column of one chart is the same days as that column of the others.
public struct TrendCharts: Widget {
    public init(trends: DashboardTrends, unitSystem: UnitSystem, today: LocalDate, stacked: Bool = false) {
        self.trends = trends
        self.unitSystem = unitSystem
        self.today = today
        self.stacked = stacked
    }

    let trends: DashboardTrends
    let unitSystem: UnitSystem
    let today: LocalDate

    /// One under another, full width (the plain-text report).
    var stacked = false

    /// Below this height the charts share one row.
    static let gridMinHeight = 14

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard area.height >= 5 else { return }
        let cells: [Rect]
        if stacked {
            cells = Layout.split(area, .vertical, Array(repeating: .fill(1), count: 4))
        } else if area.height >= Self.gridMinHeight {
            let halves = Layout.split(area, .vertical, [.percentage(50), .fill(1)])
            cells = halves.flatMap { Layout.columns($0, count: 2, spacing: 0) }
        } else {
            cells = Layout.columns(area, count: 4, spacing: 0)
        }
        // Every chart gets the narrowest cell's width (spare columns stay left of its axis).
        let width = cells.map { Block().inner($0).width - 2 }.min() ?? 0
        let plan = Plan(trends: trends, unitSystem: unitSystem, today: today, width: width)
        let frames = [calories(plan), weight(plan), sleep(plan), exercise(plan)]
        for (cell, chart) in zip(cells, frames) {
            let block = Block.firstFitting(width: cell.width, chart.titles)
            block.render(in: cell, buffer: &buffer, context: context)
            let inner = block.inner(cell).inset(left: 1, right: 1)
            let content = inner.inset(left: max(0, inner.width - width))
            if let widget = chart.widget {
                widget.render(in: content, buffer: &buffer, context: context)
            } else {
                Paragraph(chart.empty, role: .muted).render(in: inner, buffer: &buffer, context: context)
            }
        }
    }

    private var span: String { "last \(trends.range.label)" }

    /// One chart: its titles (longest first; the unit stays in every one), and what it draws.
    private struct Chart {
        var titles: [Block]
        var widget: (any Widget)?
        var empty: String
    }

    /// Title options, longest first: the name with each unit, then the shortest unit beside the
    /// name or its abbreviation, then the unit alone.
    private static func titles(_ name: String, short: String? = nil, _ units: [String]) -> [Block] {
        let unit = units.last ?? ""
        return units.map { Block(title: name, rightTitle: $0) } + [Block(title: "\(name) \(unit)")]
            + (short.map { [Block(title: "\($0) \(unit)")] } ?? []) + [Block(title: unit)]
    }

    private func calories(_ plan: Plan) -> Chart {
        let grouped = plan.grouping.isDaily ? [] : ["kcal/day, \(plan.grouping.barLabel)"]
        return Chart(
            titles: Self.titles("Calories", grouped + ["kcal/day", "kcal"]),
            widget: plan.bars.caloriesIn.contains { $0 != nil } ? plan.charts.calories : nil,
            empty: "No meals logged in the \(span).")
    }

    private func weight(_ plan: Plan) -> Chart {
        let unit = UnitFormatter(unitSystem).massUnit
        let hasData = trends.weights.contains { $0 != nil } || trends.trend.contains { $0 != nil }
        return Chart(
            titles: Self.titles("Weight", ["\(unit), trend", unit]), widget: hasData ? plan.charts.weight : nil,
            empty: "No weigh-ins in the \(span).")
    }

    private func sleep(_ plan: Plan) -> Chart {
        let units = plan.grouping.isDaily ? ["h, band 7–9", "h"] : ["h/night, \(plan.grouping.barLabel)", "h/night", "h"]
        return Chart(
            titles: Self.titles("Sleep", units), widget: plan.bars.sleepHours.contains { $0 != nil } ? plan.charts.sleep : nil,
            empty: "No nights logged in the \(span).")
    }

    private func exercise(_ plan: Plan) -> Chart {
        let units = plan.grouping.isDaily ? ["min"] : ["min/week vs 150", "min/week", "min/wk"]
        return Chart(
            titles: Self.titles("Exercise", short: "Exerc.", units),
            widget: plan.bars.exerciseMinutes.contains { $0 != nil } ? plan.charts.exercise : nil,
            empty: "No workouts in the \(span).")
    }
}

extension TrendCharts {
    /// The grouping and axis width the four charts share at one plot width: the finest grouping
    /// whose bars fit beside the widest y labels of the four.
    struct Plan {
        let grouping: ChartGrouping
        let bars: DashboardTrends.Bars
        let charts: Widgets

        struct Widgets {
            var calories: BarChart, weight: LineChart, sleep: BarChart, exercise: BarChart
            var labelWidth: Int { [calories.labelWidth, weight.labelWidth, sleep.labelWidth, exercise.labelWidth].max() ?? 0 }
        }

        init(trends: DashboardTrends, unitSystem: UnitSystem, today: LocalDate, width: Int) {
            let range = trends.span
            var grouping = ChartGrouping.fitting(range, columns: width - 6)
            var charts = Self.widgets(trends, grouping, unitSystem, today, axisWidth: 0)
            // The labels depend on the bars' values and the bars on the room the labels leave:
            // settle both in a few rounds (one, almost always).
            for _ in 0..<3 {
                let next = ChartGrouping.fitting(range, columns: width - charts.labelWidth)
                if next == grouping { break }
                grouping = next
                charts = Self.widgets(trends, grouping, unitSystem, today, axisWidth: 0)
            }
            let axis = charts.labelWidth
            self.grouping = grouping
            bars = trends.bars(grouping)
            self.charts = Self.widgets(trends, grouping, unitSystem, today, axisWidth: axis)
        }

        private static func widgets(
            _ trends: DashboardTrends, _ grouping: ChartGrouping, _ unitSystem: UnitSystem,
            _ today: LocalDate, axisWidth: Int
        ) -> Widgets {
            let b = trends.bars(grouping)
            let labels = axisLabels(grouping, today: today)
            let fmt = UnitFormatter(unitSystem)
            let convert = { (kg: Double?) in kg.map(fmt.massValue) }
            // Over a quarter or a year the daily weigh-ins become a cloud: the trend alone says it.
            let dots = trends.range <= .month ? [ChartSeries(trends.weights.map(convert), role: .muted, joined: false)] : []
            return Widgets(
                calories: BarChart(
                    values: b.caloriesIn, labels: labels, target: .perBar(b.calorieTargets),
                    role: .series1, offTargetRole: .warn, axisWidth: axisWidth),
                weight: LineChart(
                    series: dots + [ChartSeries(trends.trend.map(convert), role: .series1)], labels: labels,
                    slots: grouping.dayCounts, axisWidth: axisWidth),
                sleep: BarChart(
                    values: b.sleepHours, labels: labels, target: .band(7...9), scale: 0...11,
                    role: .series2, offTargetRole: .warn, axisWidth: axisWidth),
                exercise: BarChart(
                    values: b.exerciseMinutes, labels: labels, target: grouping.isDaily ? nil : .line(150),
                    role: .series3, axisWidth: axisWidth))
        }

        /// One label per bar: the range's first day under the first bar, its last day under the
        /// last, and the start of every few bars between (charts drop labels that would overlap).
        static func axisLabels(_ grouping: ChartGrouping, today: LocalDate) -> [String] {
            let groups = grouping.groups
            let step = max(1, groups.count / 3)
            return groups.indices.map { i in
                if i == groups.count - 1 { return groups[i].end.shortLabel(relativeTo: today) }
                return i == 0 || (groups.count - 1 - i) % step == 0 ? label(groups[i].start, today: today) : ""
            }
        }

        /// "16 Nov", or "Nov 2025" in another year: short enough to name where a year starts.
        static func label(_ day: LocalDate, today: LocalDate) -> String {
            day.year == today.year ? day.shortLabel(relativeTo: today) : "\(LocalDate.monthShortNames[day.month - 1]) \(day.year)"
        }
    }
}
