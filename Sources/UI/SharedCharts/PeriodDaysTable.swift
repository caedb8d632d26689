import BodiiDomain
import TerminalKit

/// The period's charts as figures, a row a day: the values the sparklines draw, in their number
/// format (sleep as "7 h 14", as the Sleep tab writes it), "—" for a day without data. Shown where
/// a screen has rows to spare (the Review with an empty board at 160×48); the latest days when
/// not all fit.
public struct PeriodDaysTable: Widget {
    let charts: PeriodCharts
    let unitSystem: UnitSystem
    let today: LocalDate

    public init(charts: PeriodCharts, unitSystem: UnitSystem, today: LocalDate) {
        self.charts = charts
        self.unitSystem = unitSystem
        self.today = today
    }

    /// Rows the whole table takes: a header and a row a day.
    public var height: Int { charts.days.count + 1 }

    /// "Mon 23 Nov", "yesterday", "today".
    static func dayLabel(_ day: LocalDate, today: LocalDate) -> String {
        let short = day.shortLabel(relativeTo: today)
        return day.days(until: today) <= 1 ? short : LocalDate.weekdayShortNames[day.weekdayIndex] + " " + short
    }

    static func cell(_ value: Double?, unit: String) -> Span {
        guard let value, value.isFinite else { return Span("—", .muted) }
        if unit == "h" { return Span(DurationFormat.hoursMinutes(Int((min(max(value, 0), 48) * 60).rounded()))) }
        return Span(PeriodChartsView.number(value, unit: unit))
    }

    static let momentsWidth = 14

    /// "3 · 4.5/5": the day's moments and their mean feeling (the count alone when none was said).
    static func momentsCell(_ day: MomentDay?) -> Span {
        guard let day else { return Span("—", .muted) }
        return Span("\(day.count)" + (day.meanFeeling.map { " · \(FastFormat.oneDecimal($0))/5" } ?? ""))
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let series = PeriodChartsView(charts: charts, unitSystem: unitSystem).series
        // The day's moments where there are some and room for them: how many, and how they felt.
        let showsMoments = charts.moments.contains { $0 != nil } && area.width >= 12 + 14 * series.count + Self.momentsWidth
        let columns =
            [TableColumn("Day", width: .length(12))]
            + series.map { TableColumn($0.unit == "h" ? $0.label : "\($0.label) \($0.unit)", width: .length(14), alignment: .right) }
            + (showsMoments ? [TableColumn("Moments", width: .length(Self.momentsWidth), alignment: .right)] : [])
        let shown = charts.days.indices.suffix(max(0, area.height - 1))
        let rows = shown.map { i in
            TableRow(
                [Span(Self.dayLabel(charts.days[i], today: today), .muted)] + series.map { Self.cell($0.values[i], unit: $0.unit) }
                    + (showsMoments ? [Self.momentsCell(charts.moments.indices.contains(i) ? charts.moments[i] : nil)] : []))
        }
        Table(columns: columns, rows: rows, emptyMessage: "No days yet").render(in: area, buffer: &buffer, context: context)
    }
}
