import BodiiDomain
import TerminalKit

/// The four trend charts under the dashboard cards: a 2×2 grid when there is height for it, else
/// one row of four.
struct TrendCharts: Widget {
    init(trends: DashboardTrends, unitSystem: UnitSystem, today: LocalDate, stacked: Bool = false) {
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

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
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
        calories(in: cells[0], &buffer, context)
        weight(in: cells[1], &buffer, context)
        sleep(in: cells[2], &buffer, context)
        exercise(in: cells[3], &buffer, context)
    }

    private var span: String { "last \(trends.range.label)" }

    /// The bars to draw in a chart of `width` columns, their x labels, and whether they are weeks.
    private func bars(width: Int) -> (bars: DashboardTrends.Bars, labels: [String], isWeekly: Bool, gap: Int) {
        // The y labels take about 5 columns of the width.
        let plot = width - 5
        let (bars, weekly) = trends.bars(width: plot)
        let starts = bars.starts
        let labels = AxisLabels.everyNth(count: starts.count, step: max(1, starts.count / 3)) { starts[$0].shortLabel(relativeTo: today) }
        return (bars, labels, weekly, starts.count * 2 - 1 <= plot ? 1 : 0)
    }

    private func frame(_ title: String, _ right: String?, in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) -> Rect {
        let block = Block(title: title, rightTitle: right)
        block.render(in: rect, buffer: &buffer, context: context)
        return block.inner(rect).inset(left: 1, right: 1)
    }

    private func empty(_ text: String, in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        Paragraph(text, role: .muted).render(in: rect, buffer: &buffer, context: context)
    }

    private func calories(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (b, labels, weekly, gap) = bars(width: rect.width - 4)
        let inner = frame("Calories", weekly ? "kcal/day, weekly" : "kcal", in: rect, &buffer, context)
        guard b.caloriesIn.contains(where: { $0 != nil }) else { return empty("No meals logged in the \(span).", in: inner, &buffer, context) }
        BarChart(values: b.caloriesIn, labels: labels, unit: "", target: trends.calorieTarget.map { .line($0) },
                 role: .series1, offTargetRole: .warn, gap: gap)
            .render(in: inner, buffer: &buffer, context: context)
    }

    private func weight(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let fmt = UnitFormatter(unitSystem)
        let inner = frame("Weight", "\(fmt.massUnit), trend", in: rect, &buffer, context)
        guard trends.weights.contains(where: { $0 != nil }) || trends.trend.contains(where: { $0 != nil }) else {
            return empty("No weigh-ins in the \(span).", in: inner, &buffer, context)
        }
        let convert = { (kg: Double?) in kg.map(fmt.massValue) }
        let labels = AxisLabels.everyNth(count: trends.days.count, step: max(1, trends.days.count / 3)) { trends.days[$0].shortLabel(relativeTo: today) }
        // Over a quarter or a year the daily weigh-ins become a cloud: the trend alone says it.
        let dots = trends.range <= .month ? [ChartSeries(trends.weights.map(convert), role: .muted, joined: false)] : []
        LineChart(series: dots + [ChartSeries(trends.trend.map(convert), role: .series1)], labels: labels, unit: "")
            .render(in: inner, buffer: &buffer, context: context)
    }

    private func sleep(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (b, labels, weekly, gap) = bars(width: rect.width - 4)
        let inner = frame("Sleep", weekly ? "h/night, weekly" : "h, band 7–9", in: rect, &buffer, context)
        guard b.sleepHours.contains(where: { $0 != nil }) else { return empty("No nights logged in the \(span).", in: inner, &buffer, context) }
        BarChart(values: b.sleepHours, labels: labels, unit: "", target: .band(7...9), scale: 0...11,
                 role: .series2, offTargetRole: .warn, gap: gap)
            .render(in: inner, buffer: &buffer, context: context)
    }

    private func exercise(in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (b, labels, weekly, gap) = bars(width: rect.width - 4)
        let inner = frame("Exercise", weekly ? "min/week vs 150" : "min", in: rect, &buffer, context)
        guard b.exerciseMinutes.contains(where: { $0 != nil }) else { return empty("No workouts in the \(span).", in: inner, &buffer, context) }
        BarChart(values: b.exerciseMinutes, labels: labels, unit: "", target: weekly ? .line(150) : nil, role: .series3, gap: gap)
            .render(in: inner, buffer: &buffer, context: context)
    }
}

/// The check-in card: streaks, then the last weeks as rows of dots (● full, ◐ partial, ○ none),
/// colored by how close intake came to target.
struct CheckInCard: Widget {
    let calendar: CheckInCalendar
    let today: LocalDate
    /// Days with a check-in in the last seven.
    let thisWeek: Int

    static func role(_ adherence: CalorieAdherence?) -> Role {
        switch adherence {
        case .onTarget?: return .good
        case .near?: return .warn
        case .off?: return .bad
        case nil: return .muted
        }
    }

    static func symbol(_ c: CheckInCompleteness, _ symbols: Symbols) -> String {
        switch c {
        case .full: return symbols.dotFull
        case .partial: return symbols.dotHalf
        case .none: return symbols.dotEmpty
        }
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        buffer.write([Span("Streak ", .muted), Span("\(calendar.currentStreak) d", calendar.currentStreak > 0 ? .good : .muted),
                      Span("  this week ", .muted), Span("\(thisWeek)/7", .text)],
                     x: area.x, y: area.y, maxWidth: area.width, context: context)
        let weeks = DashboardTrends.weeks(calendar.days)
        for (row, week) in weeks.suffix(max(0, area.height - 1)).enumerated() {
            let y = area.y + 1 + row
            let label = (week.first?.date.shortLabel(relativeTo: today) ?? "").padding(toLength: 10, withPad: " ", startingAt: 0)
            var x = area.x + buffer.write(label, x: area.x, y: y, style: context.style(.muted), maxWidth: area.width)
            for day in week where x < area.maxX {
                x += buffer.write(Self.symbol(day.completeness, context.symbols) + " ", x: x, y: y,
                                  style: context.style(Self.role(day.adherence)), maxWidth: area.maxX - x)
            }
        }
    }
}
