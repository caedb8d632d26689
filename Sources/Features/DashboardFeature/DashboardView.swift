import BodiiDomain
import Foundation
import TerminalKit
import SharedCharts

/// Draws the dashboard for one day: cards for calories, weight, sleep and exercise, macros, the
/// goal and check-ins, and below them the trend charts of the chosen range. A pure function of
/// `DashboardState`.
public struct DashboardView: Widget {
    public var state: DashboardState?
    public var day: LocalDate
    public var today: LocalDate
    public var errorMessage: String?
    /// Where the moments' times are read (the clock's).
    public var timeZone: TimeZone

    public init(state: DashboardState?, day: LocalDate, today: LocalDate, errorMessage: String? = nil, timeZone: TimeZone = .gmt) {
        self.state = state
        self.day = day
        self.today = today
        self.errorMessage = errorMessage
        self.timeZone = timeZone
    }

    var isToday: Bool { day == today }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        buffer.write(
            [Span(day.longLabel, .title), Span(isToday ? "  today" : "", .muted)],
            x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        if let state {
            buffer.write(
                Line("charts: last \(state.trends.range.label)  -/+", .muted), in: header.inset(right: 1), alignment: .right,
                context: context)
        }
        guard let state else {
            Paragraph(errorMessage ?? "Loading…", role: errorMessage == nil ? .muted : .bad)
                .render(in: body.inset(left: 1, right: 1), buffer: &buffer, context: context)
            return
        }
        // The Actions card is a fourth card beside Check-ins when there is room, else one line above the charts.
        // Without open actions the dashboard stays as it was: no empty card.
        let actionsBeside = area.width >= Self.actionsCardMinWidth && !state.actions.isEmpty
        // What the pantry says to use soon: one line above the charts, today only (stock is now).
        let wanted = Rows(
            top: 7, middle: actionsBeside && body.height >= Self.tallActionsHeight ? 9 : 7,
            actionsLine: area.width < Self.actionsCardMinWidth && !state.actions.isEmpty ? 1 : 0,
            useSoonLine: isToday && !(state.useSoon.isEmpty && state.unfinished.isEmpty) ? 1 : 0,
            momentsLine: state.summary.moments.isEmpty ? 0 : 1)
        let fit = wanted.compacted(toLeave: Self.chartRows, of: body.height)
        let rows = Layout.split(
            body, .vertical,
            [.length(fit.top), .length(fit.middle), .length(fit.actionsLine), .length(fit.useSoonLine), .length(fit.momentsLine), .min(0)])
        let top = Layout.columns(rows[0], count: 4, spacing: 0)
        card("Calories", caloriesLines(state), top[0], &buffer, context)
        card("Weight", weightLines(state), top[1], &buffer, context)
        weightSparkline(state, in: Block().inner(top[1]), &buffer, context)
        card("Sleep", sleepLines(state), top[2], &buffer, context)
        card("Exercise", exerciseLines(state), top[3], &buffer, context)
        let middle = Layout.columns(rows[1], count: actionsBeside ? 4 : 3, spacing: 0)
        card("Macros", [], middle[0], &buffer, context)
        macroGauges(state, in: Block().inner(middle[0]), &buffer, context)
        card("Goal", goalLines(state, width: Self.textWidth(of: middle[1])), middle[1], &buffer, context)
        checkInCard(state, middle[2], &buffer, context)
        if actionsBeside {
            actionsCard(state, middle[3], &buffer, context)
        } else if fit.actionsLine > 0 {
            // Cut with an ellipsis: a long action text must not end mid-word at 80 columns. Sharing
            // its row with Use soon on a short terminal, each takes half.
            let (actionsRect, useSoonRect) =
                fit.useSoonSharesActionsLine ? rows[2].splitLeft(rows[2].width / 2) : (rows[2], .zero)
            buffer.write(
                Line([Span("Actions ", .action)] + actionsSummary(state)), in: actionsRect.inset(left: 1, right: 1), context: context)
            if fit.useSoonSharesActionsLine {
                let rect = useSoonRect.inset(left: 1, right: 1)
                buffer.write(Line([Span("Use soon ", .warn)] + useSoonSummary(state, width: rect.width - 9)), in: rect, context: context)
            }
        }
        if fit.useSoonLine > 0 {
            let rect = rows[3].inset(left: 1, right: 1)
            buffer.write(Line([Span("Use soon ", .warn)] + useSoonSummary(state, width: rect.width - 9)), in: rect, context: context)
        }
        if fit.momentsLine > 0 {
            let rect = rows[4].inset(left: 1, right: 1)
            buffer.write(Line([Span("Moments ", .accent)] + momentsSummary(state.summary.moments, width: rect.width - 8)), in: rect, context: context)
        }
        TrendCharts(trends: state.trends, unitSystem: state.unitSystem, today: today).render(in: rows[5], buffer: &buffer, context: context)
    }

    /// Rows the trend charts should keep (a border, the x labels and five rows of plot): the cards
    /// give up rows for them on a short terminal (issue 26: 2-row charts at 80×24).
    static let chartRows = 8

    /// The rows above the charts, and how they give way on a short terminal.
    struct Rows {
        var top: Int, middle: Int, actionsLine: Int, useSoonLine: Int, momentsLine: Int
        /// Use soon has moved into the right half of the Actions line (80×24 with both).
        var useSoonSharesActionsLine = false
        var total: Int { top + middle + actionsLine + useSoonLine + momentsLine }

        /// Gives up rows, least missed first, until `chartRows` are left of `height`: the check-in
        /// card's weekday row (7 → 6: two weeks instead of three), a content row of the top cards (the weight sparkline, "No meals logged"), one of the middle cards (the
        /// check-in streak moves into the card's title), then the Moments line (`M`'s message and
        /// Review's day show them), the Use soon line — into the half of
        /// the Actions line when there is one, else away (the Pantry tab has it) — and the Actions
        /// line (the Review tab has them).
        func compacted(toLeave chartRows: Int, of height: Int) -> Rows {
            var rows = self
            let steps: [(inout Rows) -> Void] = [
                { $0.middle = min($0.middle, 6) }, { $0.top = min($0.top, 6) }, { $0.middle = min($0.middle, 5) }, { $0.momentsLine = 0 },
                { r in
                    r.useSoonSharesActionsLine = r.useSoonLine > 0 && r.actionsLine > 0
                    r.useSoonLine = 0
                },
                { r in
                    r.actionsLine = 0
                    r.useSoonSharesActionsLine = false
                },
            ]
            for step in steps where height - rows.total < chartRows { step(&rows) }
            return rows
        }
    }

    /// The check-in card: its streak in the title when the card is too short to give it a row,
    /// the marks' legend on its bottom border.
    private func checkInCard(_ s: DashboardState, _ rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let streakInTitle = Block().inner(rect).height < CheckInCard.rowsWithStreak
        let n = s.calendar.currentStreak
        let streaks = streakInTitle ? ["streak \(n) d", "streak \(n)", "\(n) d"].map { Block(title: "Check-ins", rightTitle: $0) } : []
        let block = Block.firstFitting(
            width: rect.width,
            streaks
                + [Block(title: "Check-ins", rightTitle: "g legend"), Block(title: "Check-ins")])
        block.render(in: rect, buffer: &buffer, context: context)
        let legend = CheckInCard.borderLegend(context.symbols, width: rect.width - 6)
        if rect.height >= 2, !legend.isEmpty {
            buffer.write([Span(" ")] + legend + [Span(" ")], x: rect.x + 2, y: rect.maxY - 1, maxWidth: rect.width - 4, context: context)
        }
        CheckInCard(calendar: s.calendar, today: today, reviewedWeeks: s.reviewedWeeks, weekStart: s.weekStart, showsStreak: !streakInTitle)
            .render(in: block.inner(rect).inset(left: 1), buffer: &buffer, context: context)
    }

    /// Width from which the Actions card gets its own column (Check-ins needs 24 of a quarter).
    static let actionsCardMinWidth = 100
    /// Content height from which the middle cards grow for the actions.
    static let tallActionsHeight = 36

    // MARK: cards

    /// Open actions in the order to look at them: overdue ones, then those whose metric is being
    /// judged now (their progress is news), then by due date.
    private func sortedActions(_ s: DashboardState) -> [ReviewAction] {
        func rank(_ a: ReviewAction) -> (Int, Int, Int64) {
            let running = a.id.flatMap { s.actionProgress[$0] }.map { $0.started && !$0.isFinal } == true
            return (a.isOverdue(today: today) ? 0 : running ? 1 : 2, a.due?.daysSinceEpoch ?? .max, a.id ?? 0)
        }
        return s.actions.sorted { rank($0) < rank($1) }
    }

    /// How an action stands in a few words: "due today · 5/6 days with meals".
    private func actionDetail(_ a: ReviewAction, _ s: DashboardState) -> [Span] {
        // Progress first: it is what changes from day to day.
        var spans: [Span] = []
        if let id = a.id, let p = s.actionProgress[id] { spans.append(Span(p.verdict, p.met.map { $0 ? .good : .bad } ?? .accent)) }
        if let due = a.due {
            spans.append(
                Span((spans.isEmpty ? "" : " · ") + "due \(due.shortLabel(relativeTo: today))", a.isOverdue(today: today) ? .bad : .muted))
        }
        return spans
    }

    /// The Actions card: the counts, then the actions in order, each wrapped into the rows it
    /// needs (its detail indented under it) while it fits whole; one that does not fit whole but
    /// has two rows left is cut to a row of text and a row of detail, marked "…" (issue 26: lines
    /// cut at 160×48 with rows to spare).
    private func actionsCard(_ s: DashboardState, _ rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: "Actions")
        block.render(in: rect, buffer: &buffer, context: context)
        let inner = block.inner(rect).inset(left: 1)
        guard !inner.isEmpty else { return }
        guard !s.actions.isEmpty else {
            Paragraph([Line("No open actions", .muted), Line("7: weekly review", .muted)], overflow: .truncate)
                .render(in: inner, buffer: &buffer, context: context)
            return
        }
        let overdue = s.actions.filter { $0.isOverdue(today: today) }.count
        buffer.write(
            Line([Span("\(s.actions.count) open", .text), Span(overdue > 0 ? " · \(overdue) overdue" : "", .bad)]),
            in: inner.splitTop(1).0, context: context)
        var y = inner.y + 1
        for a in sortedActions(s) where y < inner.maxY {
            let text = Paragraph([Line(a.text, a.isOverdue(today: today) ? .bad : .action)])
            let detailSpans = actionDetail(a, s)
            let detail = Paragraph(detailSpans.isEmpty ? [] : [Line(detailSpans)])
            let (textHeight, detailHeight) = (
                text.height(forWidth: inner.width, context: context), detail.height(forWidth: inner.width - 1, context: context)
            )
            let left = inner.maxY - y
            var cut = (text: text, detail: detail)
            if textHeight + detailHeight > left {
                guard left >= 1 + (detailSpans.isEmpty ? 0 : 1) else { break }
                cut.text.overflow = .truncate
                cut.detail.overflow = .truncate
            }
            let rows = cut.text.height(forWidth: inner.width, context: context)
            cut.text.render(in: Rect(x: inner.x, y: y, width: inner.width, height: rows), buffer: &buffer, context: context)
            y += rows
            let detailRows = min(cut.detail.height(forWidth: inner.width - 1, context: context), inner.maxY - y)
            cut.detail.render(in: Rect(x: inner.x + 1, y: y, width: inner.width - 1, height: detailRows), buffer: &buffer, context: context)
            y += detailRows
        }
    }

    /// The one-line form: counts, then the most pressing action.
    private func actionsSummary(_ s: DashboardState) -> [Span] {
        let overdue = s.actions.filter { $0.isOverdue(today: today) }.count
        var spans = [Span("\(s.actions.count) open" + (overdue > 0 ? ", \(overdue) overdue" : ""), overdue > 0 ? .bad : .text)]
        if let first = sortedActions(s).first {
            spans += [Span(" · "), Span(first.text, .action), Span(" ")] + actionDetail(first, s)
        }
        return spans
    }

    private func card(_ title: String, _ lines: [Line], _ rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: title)
        block.render(in: rect, buffer: &buffer, context: context)
        Paragraph(lines, overflow: .truncate).render(in: block.inner(rect).inset(left: 1), buffer: &buffer, context: context)
    }

    /// The cells the Goal card's sentences choose their words for: inside the border, a space
    /// either side, so the longest that fits does not touch it.
    static func textWidth(of card: Rect) -> Int { max(0, Block().inner(card).width - 2) }

    private func kcal(_ v: Double?) -> String { v.map { "\(WholeNumber.text($0))" } ?? "—" }

    private func pair(_ label: String, _ value: String, _ role: Role = .text, pad: Int = 10) -> Line {
        Line([Span(label.padding(toLength: pad, withPad: " ", startingAt: 0), .muted), Span(value, role)])
    }

    private func caloriesLines(_ s: DashboardState) -> [Line] {
        let d = s.summary
        var lines = [
            pair("Eaten", kcal(d.eatenKcal)),
            pair("Exercise", "+" + kcal(d.burnedKcal)),
            pair("Target", kcal(d.targetKcal)),
        ]
        if let targets = d.targets, let left = d.remainingKcal {
            lines.append(pair(DayTargets.leftWord, SignedNumber.whole(left), left < 0 ? .bad : .good))
            // "Left incl. exercise" does not fit the label column: the qualifier goes on a line of its own.
            if let qualifier = targets.leftQualifier { lines.append(Line("  " + qualifier, .muted)) }
        }
        if d.foods.isEmpty { lines.append(Line("No meals logged", .muted)) }
        return lines
    }

    private func weightLines(_ s: DashboardState) -> [Line] {
        let fmt = UnitFormatter(s.unitSystem)
        guard let latest = s.latestWeight else { return [Line("No weigh-ins yet", .muted), Line("2, then a to log", .muted)] }
        let when = latest.date.shortLabel(relativeTo: today)
        // Labels of 8 so "176.1 lb" fits an 80-column card.
        var lines = [pair("Weighed", when, .muted, pad: 8), pair("Latest", fmt.mass(latest.kg), .accent, pad: 8)]
        lines.append(pair("Trend", s.trendKg.map(fmt.mass) ?? "—", pad: 8))
        if let change = s.weekChangeKg {
            lines.append(pair("7 days", fmt.massChange(change), change <= 0 ? .good : .warn, pad: 8))
        }
        return lines
    }

    /// The last 30 days of the trend along the bottom row of the weight card.
    private func weightSparkline(_ s: DashboardState, in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard s.latestWeight != nil, rect.height >= 5 else { return }
        let row = Rect(x: rect.x + 1, y: rect.maxY - 1, width: rect.width - 2, height: 1)
        let (label, line) = row.splitLeft(8)
        let days = min(s.last30Trend.count, line.width)
        buffer.write(Line(Plural.count(days, "day"), .muted), in: label, context: context)
        Sparkline(Array(s.last30Trend.suffix(days)), role: .series1).render(in: line, buffer: &buffer, context: context)
    }

    private func sleepLines(_ s: DashboardState) -> [Line] {
        var lines: [Line] = []
        if let m = s.summary.sleepMinutes {
            let status = SleepMath.status(minutes: m)
            lines.append(Line([Span(DurationFormat.hoursMinutes(m), .accent), Span("  " + status.label, status.role)]))
            if let q = s.summary.sleepQuality { lines.append(pair("Quality", "\(q)/5")) }
        } else {
            lines.append(Line("No night logged", .muted))
        }
        lines.append(pair("7-day avg", s.sleepAverage7Minutes.map(DurationFormat.hoursMinutes) ?? "—"))
        return lines
    }

    private func exerciseLines(_ s: DashboardState) -> [Line] {
        [
            pair("Today", "\(s.summary.exerciseMinutes) min", pad: 7),
            pair("Burned", kcal(s.summary.burnedKcal) + " kcal", pad: 7),
            pair("7 days", "\(s.exerciseMinutes7) min", s.exerciseMinutes7 >= 150 ? .good : .text, pad: 7),
            Line("goal 150/week", .muted),
        ] + activityLines(s)
    }

    /// The day's steps from an import (Apple Health), under the exercise figures; none without.
    private func activityLines(_ s: DashboardState) -> [Line] {
        guard let steps = s.summary.activity?.steps else { return [] }
        return [pair("Steps", ActivityText.grouped(steps), .accent, pad: 7)]
    }

    private func macroGauges(_ s: DashboardState, in rect: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let d = s.summary
        let targets = d.targets?.macros
        let items: [(String, Double, Double?, Role)] = [
            ("Protein", d.proteinG, targets?.proteinG, .protein), (targets?.carbsLabel ?? "Carbs", d.carbsCountedG, targets?.carbsG, .carbs),
            ("Fat", d.fatG, targets?.fatG, .fat),
        ]
        for (i, item) in items.enumerated() where i < rect.height {
            let row = Rect(x: rect.x + 1, y: rect.y + i, width: rect.width - 2, height: 1)
            let text = item.2.map { "\(WholeNumber.text(item.1))/\(WholeNumber.text($0)) g" } ?? "\(WholeNumber.text(item.1)) g"
            Gauge(label: item.0, value: item.1, max: item.2 ?? 0, valueText: text, role: item.3, labelWidth: 8)
                .render(in: row, buffer: &buffer, context: context)
        }
    }

    private func goalLines(_ s: DashboardState, width: Int) -> [Line] {
        let fmt = UnitFormatter(s.unitSystem)
        guard let goal = s.goal else {
            // Says "burn" as the line below does, and names the tab as the tab bar does.
            return [Line("No goal: the target", .muted), Line("is your burn.", .muted)] + changeLine(s, width: width)
                + burnLine(s, width: width) + [Line("Set one in 6 Settings", .muted)]
        }
        let rate = goal.weeklyRateKg == 0 ? "hold steady" : fmt.massChange(-goal.weeklyRateKg) + "/wk"
        var lines = [Line([Span(goal.type.label + " ", .accent), Span(rate, .text)])] + changeLine(s, width: width)
        if let target = goal.targetWeightKg {
            if let p = s.goalProgress, p.reached {
                lines.append(Line("Target " + fmt.mass(target) + " reached", .good))
            } else if let p = s.goalProgress {
                lines.append(pair("To go", fmt.mass(abs(p.remainingKg)) + " → " + fmt.mass(target), pad: 6))
                lines.append(
                    pair(
                        "ETA", p.eta.map { $0.shortLabel(relativeTo: today) } ?? "not heading there yet", p.eta == nil ? .warn : .text,
                        pad: 6))
            }
        }
        return lines + burnLine(s, width: width)
    }

    /// The burn the target starts from, and how much of it is measured (PRODUCT.md §6), in as many
    /// words as the card has room for: "Burn 2441: 71% from your logs, 24 d" … "Burn 2441: 71% logged".
    private func burnLine(_ s: DashboardState, width: Int) -> [Line] {
        guard let targets = s.summary.targets else { return [] }
        return [Line.firstFitting(targets.originPhrasings.map { Line($0, .muted) }, width: width)]
    }

    /// How the target moved since yesterday and why, in words: "Target +36 kcal: fewer days logged"
    /// (at 80 columns "Target +36: fewer days"). News, so it goes right under the goal, before what
    /// a small card may cut.
    private func changeLine(_ s: DashboardState, width: Int) -> [Line] {
        guard let change = s.targetChange else { return [] }
        let role: Role = change.kcal < 0 ? .warn : .accent
        let variants = change.phrasings.map { Line([Span($0.lead, role), Span($0.reason, .muted)]) }
        return [Line.firstFitting(variants, width: width)]
    }
}
