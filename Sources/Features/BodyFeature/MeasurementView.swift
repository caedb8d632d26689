import BodiiDomain
import TerminalKit

/// One kind's measurements over the chart's range: a value per day (the day's last), nil where none.
struct MeasurementChartData: Equatable {
    let kind: MeasurementKind
    let range: ChartRange
    let days: [LocalDate]
    let values: [Double?]
    /// Blood pressure's second line.
    let diastolic: [Double?]

    init(kind: MeasurementKind, records: [BodyMeasurement], range: ChartRange, today: LocalDate) {
        self.kind = kind
        self.range = range
        days = range.dates(endingOn: today).days
        // `records` are newest first: the first seen of a day is its last.
        var byDate: [LocalDate: BodyMeasurement] = [:]
        for m in records where m.kind == kind && byDate[m.date] == nil { byDate[m.date] = m }
        values = days.map { byDate[$0]?.value }
        diastolic = days.map { byDate[$0]?.diastolic }
    }

    var isEmpty: Bool { !values.contains { $0 != nil } }
}

/// The measurements view: the selected kind's chart over the history table, the latest of each
/// kind and the Navy body-fat estimate beside them.
struct MeasurementView: Widget {
    let records: [BodyMeasurement]
    let selected: Int
    let summary: MeasurementSummary
    let unitSystem: UnitSystem
    let today: LocalDate
    let chart: MeasurementChartData

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (leftArea, cardArea) = area.splitLeft(max(0, area.width - 26))
        let (chartArea, tableArea) = leftArea.splitTop(min(max(8, leftArea.height * 2 / 5), max(0, leftArea.height - 6)))
        renderChart(in: chartArea, buffer: &buffer, context: context)
        let block = Block(title: "Measurements", rightTitle: records.isEmpty ? nil : Plural.count(records.count, "measurement"))
        block.render(in: tableArea, buffer: &buffer, context: context)
        let inner = block.inner(tableArea).inset(left: 1)
        let window = Table.window(selected: selected, rowCount: records.count, visibleRows: inner.height - 1)
        let rows = records[window].map { m in
            TableRow([Span(m.date.iso), Span(m.kind.label), Span(m.text(unitSystem), .accent), Span(m.provenance.source == "bodii" ? "" : m.provenance.source, .muted)])
        }
        var table = Table(
            columns: [
                TableColumn("Date", width: .length(10)), TableColumn("Measure", width: .length(18)),
                TableColumn("Value", width: .length(12), alignment: .right), TableColumn("", width: .fill(1)),
            ], rows: rows, selected: selected - window.lowerBound,
            emptyMessage: "No measurements yet — press a to log your waist, blood pressure or resting heart rate.", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < records.count
        table.render(in: inner, buffer: &buffer, context: context)

        let card = Block(title: "Latest")
        card.render(in: cardArea, buffer: &buffer, context: context)
        var lines: [Line] = summary.inOrder.map { m in
            Line([Span(m.kind.shortLabel.padding(toLength: 11, withPad: " ", startingAt: 0), .muted), Span(m.text(unitSystem), .accent)])
        }
        if lines.isEmpty { lines = [Line("Nothing measured yet.", .muted)] }
        lines += ["", Line("Body fat (Navy)", .title)]
        if let navy = summary.estimatedBodyFatPercent {
            lines += [Line(String(format: "%.1f %%", navy), .accent), Line("estimated from the tape", .muted)]
        } else {
            lines += [Line("needs waist and neck", .muted), Line("(and hips for women)", .muted)]
        }
        Paragraph(lines, overflow: .truncate).render(in: card.inner(cardArea).inset(left: 1), buffer: &buffer, context: context)
    }

    private func renderChart(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let block = Block(title: "\(chart.kind.label) — last \(chart.range.label)")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard !chart.isEmpty else {
            Paragraph([Line("No \(chart.kind.name) in the last \(chart.range.label).", .muted), Line("Press a to log one; - widens the range.", .muted)])
                .render(in: inner, buffer: &buffer, context: context)
            return
        }
        let fmt = UnitFormatter(unitSystem)
        let convert = { (v: Double?) in chart.kind.quantity == .circumference ? v.map(fmt.circumferenceValue) : v }
        let unit = chart.kind.quantity == .circumference ? fmt.circumferenceUnit : chart.kind.storedUnit
        let step = max(1, chart.days.count / 4)
        let labels = AxisLabels.everyNth(count: chart.days.count, step: step) { chart.days[$0].shortLabel(relativeTo: today) }
        var series = [ChartSeries(chart.values.map(convert), role: .series1)]
        if chart.kind == .bloodPressure { series.append(ChartSeries(chart.diastolic, role: .series2)) }
        LineChart(series: series, labels: labels, unit: unit).render(in: inner, buffer: &buffer, context: context)
    }
}
