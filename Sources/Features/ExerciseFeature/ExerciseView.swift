import BodiiDomain
import TerminalKit

/// The day's sessions with their total, and minutes per week against the guideline.
struct ExerciseView: Widget {
    let day: LocalDate
    let today: LocalDate
    let sessions: [ExerciseRecord]
    /// The day's totals as the view model sums them (`dayTotalMinutes`, `dayTotalKcal`).
    let totalMinutes: Int
    let totalKcal: Double
    let selected: Int
    let weeks: [ExerciseList.WeekMinutes]
    let weight: ExerciseWeight?
    let unitSystem: UnitSystem
    let weekStart: WeekStart

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        var left = [Span(day.longLabel, .title)]
        if day == today { left.append(Span("  today", .muted)) }
        buffer.write(left, x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        if let weight {
            // How a session's energy is worked out, with the weight new sessions on this day use.
            let fmt = UnitFormatter(unitSystem)
            let formula = "kcal = (MET − 1) × \(fmt.massInKg(weight.kg)) × h" + (weight.isAssumed ? " (no weight logged)" : "")
            let w = TextWidth.of(formula)
            if header.width - 2 - w > TextWidth.of(day.longLabel) + 9 {
                buffer.write(formula, x: header.maxX - 1 - w, y: header.y, style: context.style(weight.isAssumed ? .warn : .muted))
            }
        }

        // The sessions list takes the rows its sessions need (three at least, for the empty
        // message), the chart keeps at least its 11 and gets all the rest: a tall terminal grows
        // the chart instead of leaving empty rows under two sessions.
        let wanted = 3 + max(sessions.count, 3)
        let parts = Layout.split(body, .vertical, [.length(min(wanted, max(0, body.height - Self.chartMinRows))), .fill(1)])
        let count = Plural.count(sessions.count, "session")
        let block = Block(
            title: "Sessions", rightTitle: sessions.isEmpty ? nil : "\(count) · \(totalMinutes) min · \(WholeNumber.text(totalKcal)) kcal")
        block.render(in: parts[0], buffer: &buffer, context: context)
        Table(
            columns: [
                TableColumn("Activity"), TableColumn("Minutes", width: .length(7), alignment: .right),
                TableColumn("Intensity", width: .length(9)), TableColumn("MET", width: .length(4), alignment: .right),
                TableColumn("kcal", width: .length(5), alignment: .right),
            ],
            rows: sessions.map { s in
                TableRow([
                    Span(s.activity), Span("\(s.minutes)", .accent), Span(s.intensity.label), Span(FastFormat.oneDecimal(s.met), .muted),
                    Span("\(WholeNumber.text(s.kcal))", .accent),
                ])
            }, selected: sessions.isEmpty ? nil : selected,
            emptyMessage: "No exercise on this day — press a to add a session.", columnSpacing: 2
        )
        .render(in: block.inner(parts[0]).inset(left: 1, right: 1), buffer: &buffer, context: context)

        renderWeeks(in: parts[1], buffer: &buffer, context: context)
    }

    static let chartMinRows = 11

    func renderWeeks(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let goal = ExerciseList.weeklyGuidelineMinutes
        let current = weeks.last
        let isThisWeek = current.map { weekStart.firstDay(of: today) == $0.start } ?? false
        let which = isThisWeek ? "this week" : "week of \(current.map { $0.start.shortLabel(relativeTo: today) } ?? "")"
        let block = Block(
            title: "Minutes per week — last " + Plural.count(weeks.count, "week"),
            rightTitle: "\(which) \(current?.minutes ?? 0) / \(goal) min")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        let top = Double(max(goal + goal / 3, ((weeks.map(\.minutes).max() ?? 0) + 49) / 50 * 50))
        // Weeks are labelled by their first day; a week without exercise has no bar.
        let labels = AxisLabels.everyNth(count: weeks.count, step: 3) { weeks[$0].start.shortLabel(relativeTo: today) }
        BarChart(
            values: weeks.map { $0.minutes > 0 ? Double($0.minutes) : nil }, labels: labels, unit: "min",
            target: .line(Double(goal)), scale: 0...top, role: .series3, offTargetRole: .good
        )
        .render(in: inner, buffer: &buffer, context: context)
    }
}
