import BodiiDomain
import TerminalKit
import SharedCharts

/// The weight chart over the history table, and the metabolism card beside them.
struct BodyView: Widget {
    let rows: [BodyList.Row]
    let selected: Int
    let snapshot: MetabolismSnapshot?
    let bodyFatEstimate: BodyFatEstimate?
    let expenditure: ExpenditureBasis?
    let goal: Goal?
    let progress: GoalProgress?
    let unitSystem: UnitSystem
    let today: LocalDate
    let chart: WeightChartData

    /// Once the adaptive estimate weighs in, the expenditure targets start from (it is no longer
    /// the formula's TDEE above it): "Used  2050 kcal" / "71% from your logs, 24 days" (in the
    /// words the sidebar has room for, as the Goal card says it); else a blank line.
    private func expenditureLines(width: Int) -> [Line] {
        guard let e = expenditure, e.measuredShare > 0 else { return [""] }
        return [
            Line([Span("Used  ", .muted), Span("\(WholeNumber.text(e.kcalPerDay)) kcal", .accent)]),
            Line.firstFitting(e.sourcePhrasings.map { Line($0, .muted) }, width: width),
        ]
    }

    /// What the BMR's formula used: "(uses body fat)", "(no recent body fat)", or the Navy estimate
    /// when the goal lets Katch-McArdle use it, on two lines the narrow card has room for:
    /// "est. body fat 18.4 %" / "(Navy, 20 Nov)".
    private func bodyFatLines(_ s: MetabolismSnapshot) -> [Line] {
        if let e = bodyFatEstimate {
            return [
                Line("est. body fat \(DecimalText.format(e.percent, decimals: 1)) %", .muted),
                Line("(Navy, \(e.date.shortLabel(relativeTo: today)))", .muted),
            ]
        }
        return [Line(s.formula == .katchMcArdle ? "(uses body fat)" : "(no recent body fat)", .muted)]
    }

    /// The formula TDEE today's target starts from, when it is not the one above: a day's target
    /// takes the snapshot from before that day (PRODUCT.md §6), so today's weigh-in moves the TDEE
    /// shown but not today's target (Settings' "formula 2700" beside "TDEE 2695" here). The figure is
    /// the target's own (`ExpenditureBasis.formulaKcal`); nothing when the target is all from logs.
    private func targetTDEELines(_ snapshot: MetabolismSnapshot, width: Int) -> [Line] {
        guard let e = expenditure, e.measuredShare < 1, let formula = e.formulaKcal,
            WholeNumber.text(formula) != WholeNumber.text(snapshot.tdee)
        else { return [] }
        let kcal = WholeNumber.text(formula)
        let phrasings = ["today's target uses \(kcal)", "\(kcal) in today's target", "target uses \(kcal)"]
        return [Line.firstFitting(phrasings.map { Line($0, .muted) }, width: width)]
    }

    /// The goal's target and how far the trend has come: what a weigh-in is for.
    private func goalLines(_ fmt: UnitFormatter) -> [Line] {
        guard let goal else { return [Line("None yet: Settings (6).", .muted)] }
        let rate = goal.weeklyRateKg == 0 ? "hold steady" : fmt.massChange(-goal.weeklyRateKg) + "/wk"
        var lines = [Line(goal.type.label + " · " + rate, .text)]
        guard let target = goal.targetWeightKg else { return lines + [Line("no target weight", .muted)] }
        lines.append(Line("target " + fmt.mass(target), .text))
        if let p = progress {
            if p.reached {
                lines.append(Line("reached", .good))
            } else {
                lines.append(Line(fmt.mass(abs(p.remainingKg)) + " to go", .accent))
                lines.append(Line(p.eta.map { "ETA " + $0.shortLabel(relativeTo: today) } ?? "no ETA yet", .muted))
            }
        }
        return lines
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let (leftArea, cardArea) = area.splitLeft(max(0, area.width - 26))
        // The chart takes about two fifths of the height; the history keeps at least 6 rows.
        let (chartArea, tableArea) = leftArea.splitTop(min(max(8, leftArea.height * 2 / 5), max(0, leftArea.height - 6)))
        WeightChartView(data: chart, unitSystem: unitSystem, today: today, hasHistory: !rows.isEmpty).render(
            in: chartArea, buffer: &buffer, context: context)
        let fmt = UnitFormatter(unitSystem)
        let block = Block(title: "History", rightTitle: rows.isEmpty ? nil : Plural.count(rows.count, "weigh-in"))
        block.render(in: tableArea, buffer: &buffer, context: context)
        let tableInner = block.inner(tableArea).inset(left: 1)
        // Only the rows on screen are formatted: the history can hold years of weigh-ins.
        let window = Table.window(selected: selected, rowCount: rows.count, visibleRows: tableInner.height - 1)
        let tableRows = rows[window].map { row in
            TableRow([
                Span(row.record.date.iso),
                Span(row.record.weightKg.map(fmt.mass) ?? "—", .accent),  // "—": an imported body-fat-only reading
                Span(row.trendKg.map(fmt.mass) ?? "—", .muted),
                Span(row.record.bodyFatPercent.map { String(format: "%.1f %%", $0) } ?? "—"),
                Span(row.record.muscleMassKg.map(fmt.mass) ?? "—"),
            ])
        }
        var table = Table(
            columns: [
                TableColumn("Date", width: .length(10)), TableColumn("Weight", width: .length(8), alignment: .right),
                TableColumn("Trend", width: .length(8), alignment: .right), TableColumn("Fat", width: .length(6), alignment: .right),
                TableColumn("Muscle", width: .length(8), alignment: .right), TableColumn("", width: .fill(1)),
            ], rows: tableRows, selected: selected - window.lowerBound,
            emptyMessage: "No weigh-ins yet — press a to log your weight.", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < rows.count
        table.render(in: tableInner, buffer: &buffer, context: context)

        let card = Block(title: "Metabolism")
        card.render(in: cardArea, buffer: &buffer, context: context)
        var lines: [Line]
        if let s = snapshot {
            lines =
                [
                    Line([Span("BMR   ", .muted), Span("\(WholeNumber.text(s.bmr)) kcal", .accent)]),
                    Line([Span("TDEE  ", .muted), Span("\(WholeNumber.text(s.tdee)) kcal", .accent)]),
                ] + targetTDEELines(s, width: max(0, card.inner(cardArea).width - 2))
                + expenditureLines(width: max(0, card.inner(cardArea).width - 2)) + [
                    Line(s.formula.label, .text),
                ] + bodyFatLines(s) + [
                    Line("× \(String(describing: s.activityLevel.factor)) \(s.activityLevel.shortLabel)", .muted),
                    Line("as of \(s.date.shortLabel(relativeTo: today))", .muted),
                ]
        } else {
            lines = [Line("Log a weight to see", .muted), Line("your BMR and TDEE.", .muted)]
        }
        lines += ["", Line("Goal", .title)] + goalLines(fmt)
        Paragraph(lines, overflow: .truncate).render(in: card.inner(cardArea).inset(left: 1), buffer: &buffer, context: context)
    }
}
