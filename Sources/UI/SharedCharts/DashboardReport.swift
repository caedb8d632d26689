import BodiiDomain
import TerminalKit

/// The dashboard as plain text for `bodii report`: today's numbers, the range in numbers, and the
/// four trend charts one under another. Drawn into a buffer like any view; the CLI prints it.
public struct DashboardReport: Widget {
    public var state: DashboardState
    public var day: LocalDate
    /// The range's figures, as the review computes them.
    public var period: PeriodSummary
    /// The range's imported activity days (steps, active energy); none without an import.
    public var activity: [ActivitySnapshot]

    public init(state: DashboardState, day: LocalDate, period: PeriodSummary, activity: [ActivitySnapshot] = []) {
        self.state = state
        self.day = day
        self.period = period
        self.activity = activity
    }

    /// Rows of text before the charts; each chart gets `chartHeight` rows.
    public var textHeight: Int { lines.count + 1 }
    public static let chartHeight = 12

    public var height: Int { textHeight + 4 * Self.chartHeight }

    var lines: [Line] {
        let s = state, d = state.summary, t = state.trends
        let fmt = UnitFormatter(s.unitSystem)
        func whole(_ v: Double?) -> String { SignedNumber.whole(v) }
        func kcal(_ v: Double?) -> String { v.map { whole($0) + " kcal" } ?? "—" }
        func row(_ label: String, _ value: String) -> Line {
            Line([Span("  " + label.padding(toLength: 11, withPad: " ", startingAt: 0), .muted), Span(value)])
        }
        var out: [Line] = [Line("Bodii — \(day.longLabel) · report for the last \(t.range.label)", .title), "", Line("Today", .title)]
        let leftLabel = (d.targets?.leftLabel ?? DayTargets.leftWord).lowercased()
        // Exercise kcal go on the exercise line: this one must fit 80 columns with four numbers.
        out.append(row("Calories", "eaten \(whole(d.eatenKcal)) · target \(whole(d.targetKcal)) · \(leftLabel) \(kcal(d.remainingKcal))"))
        let targets = d.targets?.macros
        func macro(_ name: String, _ value: Double, _ target: Double?) -> String {
            "\(name) \(WholeNumber.text(value))" + (target.map { "/\(WholeNumber.text($0))" } ?? "") + " g"
        }
        out.append(
            row(
                "Macros",
                [
                    macro("protein", d.proteinG, targets?.proteinG), macro(targets?.carbsAreNet == true ? "net carbs" : "carbs", d.carbsCountedG, targets?.carbsG),
                    macro("fat", d.fatG, targets?.fatG),
                ].joined(separator: " · ")))
        var weight = s.latestWeight.map { fmt.mass($0.kg) + " (" + $0.date.shortLabel(relativeTo: day) + ")" } ?? "—"
        if let trend = s.trendKg { weight += " · trend " + fmt.mass(trend) }
        if let change = s.weekChangeKg { weight += " · 7 days " + fmt.massChange(change) }
        out.append(row("Weight", weight))
        var sleep =
            d.sleepMinutes.map { DurationFormat.hoursMinutes($0) + (d.sleepQuality.map { ", quality \($0)/5" } ?? "") } ?? "no night logged"
        if let avg = s.sleepAverage7Minutes { sleep += " · 7-day average " + DurationFormat.hoursMinutes(avg) }
        out.append(row("Sleep", sleep))
        out.append(
            row("Exercise", "\(d.exerciseMinutes) min today, \(kcal(d.burnedKcal)) · \(s.exerciseMinutes7) min in 7 days (guideline 150)"))
        if let a = d.activity { out.append(row("Activity", ActivityText.line(a))) }
        if let goal = s.goal {
            var text = goal.type.label + (goal.weeklyRateKg == 0 ? "" : " " + fmt.mass(abs(goal.weeklyRateKg)) + "/week")
            if let p = s.goalProgress {
                text +=
                    p.reached
                    ? " · target reached"
                    : " · " + fmt.mass(abs(p.remainingKg)) + " to go"
                        + (p.eta.map { " · ETA " + $0.longLabel } ?? "")
            }
            out.append(row("Goal", text))
        }
        if let basis = d.expenditure {
            // The figures behind the words on a line of their own: together they pass 80 columns.
            out.append(row("Basis", basis.burnPhrasings.first ?? basis.explanation))
            if let detail = basis.basisDetail { out.append(row("", "(" + detail + ")")) }
        }
        out.append(
            row(
                "Check-ins",
                "streak " + Plural.count(s.calendar.currentStreak, "day")
                    + (s.calendar.longestStreak.map { " · longest " + Plural.count($0, "day") } ?? "")))

        let p = period
        out += ["", Line("The last \(t.range.label) (\(p.range.start.iso) to \(p.range.end.iso))", .title)]
        let c = p.calories
        out.append(
            row(
                "Calories",
                c.averageEaten.map { eaten in
                    "average \(kcal(eaten))/day on \(c.loggedDays) of \(Plural.count(p.range.dayCount, "day"))"
                        + (c.averageTarget == nil ? "" : " · \(c.adherentDays) within 10 % of target")
                } ?? "no meals logged"))
        if let start = p.weight.startTrendKg, let end = p.weight.endTrendKg {
            out.append(row("Weight", "trend \(fmt.mass(start)) → \(fmt.mass(end)) (\(fmt.massChange(from: start, to: end)))"))
        } else {
            out.append(row("Weight", "no weigh-ins"))
        }
        out.append(
            row(
                "Sleep",
                p.sleep.averageMinutes.map {
                    "average \(DurationFormat.hoursMinutes($0)) on \(Plural.count(p.sleep.nights, "night")), \(p.sleep.goodNights) of 7–9 h"
                } ?? "no nights logged"))
        out.append(
            row(
                "Exercise",
                "\(p.exercise.minutes) min in \(Plural.count(p.exercise.sessions, "session")), "
                    + "\(WholeNumber.text(p.exercise.minutesPerWeek)) min a week on average"))
        let stepDays = activity.compactMap(\.steps)
        if !stepDays.isEmpty {
            let average = stepDays.reduce(0, +) / stepDays.count
            out.append(row("Steps", "average \(ActivityText.grouped(average))/day on \(Plural.count(stepDays.count, "day")) with steps"))
        }
        return out
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (text, charts) = area.splitTop(textHeight)
        Paragraph(lines, overflow: .truncate).render(in: text, buffer: &buffer, context: context)
        TrendCharts(trends: state.trends, unitSystem: state.unitSystem, today: day, stacked: true)
            .render(in: charts, buffer: &buffer, context: context)
    }
}
