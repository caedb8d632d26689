import BodiiDomain
import TerminalKit
import SharedCharts

struct SleepView: Widget {
    let day: LocalDate
    let today: LocalDate
    let nights: [SleepRecord]
    let selected: Int

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        let week = SleepMath.lastSevenDays(nights, endingOn: day)
        let average = SleepMath.averageMinutes(week.map(\.minutes)).map(DurationFormat.hoursMinutes) ?? "—"
        let spread = SleepMath.bedtimeConsistency(week.compactMap(\.bedtime)).map { "± \(WholeNumber.text($0)) min" } ?? "—"
        buffer.write(
            [
                Span("Nights up to \(day.shortLabel(relativeTo: today))", .title), Span("   7-day average ", .muted),
                Span(average, .accent),
                Span("   bedtime ", .muted), Span(spread, .accent),
            ],
            x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let parts = Layout.split(body, .vertical, [.fill(1), .length(11)])
        let block = Block(title: "Nights", rightTitle: "\(nights.count) of last 30")
        block.render(in: parts[0], buffer: &buffer, context: context)
        let newestFirst = Array(nights.reversed())
        Table(
            columns: [
                TableColumn("Date", width: .length(10)), TableColumn("Bed", width: .length(5)), TableColumn("Wake", width: .length(5)),
                TableColumn("Slept", width: .length(7), alignment: .right), TableColumn("Quality", width: .length(7)),
                TableColumn("Status"),
            ],
            rows: newestFirst.map { n in
                TableRow([
                    Span(n.date.iso), Span(n.bedtime?.description ?? "—"), Span(n.wakeTime?.description ?? "—"),
                    Span(DurationFormat.hoursMinutes(n.minutes), .accent), Span(n.quality.map { "\($0)/5" } ?? "—"),
                    Span(n.status.label, n.status.role),
                ])
            },
            selected: selected, emptyMessage: "No nights logged in these 30 days — press a to log one."
        )
        .render(in: block.inner(parts[0]).inset(left: 1), buffer: &buffer, context: context)

        let chart = Block(title: "Hours slept — last 30 days", rightTitle: "band: 7–9 h")
        chart.render(in: parts[1], buffer: &buffer, context: context)
        let byDate = Dictionary(nights.map { ($0.date, Double($0.minutes) / 60) }, uniquingKeysWith: { _, b in b })
        let days = DateRange(ending: day, days: 30).days
        BarChart(
            values: days.map { byDate[$0] },
            labels: AxisLabels.everyNth(count: days.count, step: 7) { days[$0].shortLabel(relativeTo: today) },
            unit: "h", target: .band(7...9), scale: 0...11, role: .series2, offTargetRole: .warn
        )
        .render(in: chart.inner(parts[1]).inset(left: 1, right: 1), buffer: &buffer, context: context)
    }
}
