import BodiiDomain
import TerminalKit

/// The selected day: meals with their entries on the left, the day's totals against the targets
/// on the right. A pure function of its values.
struct DietView: Widget {
    let day: LocalDate
    let today: LocalDate
    /// By meal, as the view model orders them.
    let items: [FoodRecord]
    let selected: Int
    /// The day's targets (the same `DaySummary` the dashboard reads), and its exercise kcal for
    /// "add exercise back".
    let targets: DayTargets?
    let burnedKcal: Double
    /// What the day's eating cost, from the pantry's prices (`DayCost`); shown when any is priced.
    var cost: DayCost? = nil

    /// The totals column: narrower on an 80-column terminal, where food names need the room.
    static func totalsWidth(_ width: Int) -> Int { width >= 100 ? 32 : 28 }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        let totals = FoodTotals(items)
        var spans = [Span(day.longLabel, .title), Span(day == today ? "  today" : "", .muted)]
        if !items.isEmpty {
            spans.append(
                Span("   \(Plural.count(items.count, "entry", plural: "entries")), \(NutrientFormat.kcal(totals.kcal)) kcal", .muted))
        }
        buffer.write(spans, x: header.x + 1, y: header.y, maxWidth: header.width - 1, context: context)
        let (mealsArea, totalsArea) = body.splitRight(Self.totalsWidth(area.width))
        drawMeals(mealsArea, &buffer, context)
        drawTotals(totals, totalsArea, &buffer, context)
    }

    // MARK: meals

    private func drawMeals(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: "Meals")
        block.render(in: area, buffer: &buffer, context: context)
        var rows: [TableRow] = []
        var selectedRow: Int?
        var index = 0
        if !items.isEmpty {
            for meal in Meal.allCases {
                let entries = items.filter { $0.meal == meal }
                let sums = FoodTotals(entries)  // the same sums as the day's totals
                rows.append(
                    TableRow([
                        Span(meal.label, .title), Span(""),
                        Span(entries.isEmpty ? "—" : NutrientFormat.kcal(sums.kcal), entries.isEmpty ? .muted : .title),
                        Span(entries.isEmpty ? "" : macros(sums.proteinG, sums.carbsG, sums.fatG), .muted),
                    ]))
                for r in entries {
                    if index == selected { selectedRow = rows.count }
                    rows.append(
                        TableRow([
                            Span("  " + r.foodName), Span(NutrientFormat.wholeAmount(r), .muted),
                            Span(NutrientFormat.kcal(r.kcal)), Span(macros(r.proteinG, r.carbsG, r.fatG), .muted),
                        ]))
                    index += 1
                }
            }
        }
        var inner = block.inner(area).inset(left: 1, right: 1)
        // The selected entry in full under the table: USDA names are long, the column is not.
        if let entry = items.indices.contains(selected) ? items[selected] : nil, inner.height >= 8 {
            let (top, bottom) = inner.splitBottom(2)
            inner = top
            Paragraph([Line(entry.foodName, .text), Line(detailText(entry), .muted)], overflow: .truncate)
                .render(in: bottom, buffer: &buffer, context: context)
        }
        Table(
            columns: [
                TableColumn("Food"), TableColumn("Amount", width: .length(6), alignment: .right),
                TableColumn("kcal", width: .length(4), alignment: .right),
                TableColumn("P/C/F g", width: .length(9), alignment: .right),
            ],
            rows: rows, selected: selectedRow,
            emptyMessage: "Nothing logged — a or / adds food", columnSpacing: 1
        )
        .render(in: inner, buffer: &buffer, context: context)
    }

    private func detailText(_ r: FoodRecord) -> String {
        NutrientFormat.amount(r) + " · \(NutrientFormat.kcal(r.kcal)) kcal · P \(NutrientFormat.grams(r.proteinG))"
            + " · C \(NutrientFormat.grams(r.carbsG)) · F \(NutrientFormat.grams(r.fatG)) g"
    }

    private func macros(_ p: Double, _ c: Double, _ f: Double) -> String {
        "\(WholeNumber.text(p))/\(WholeNumber.text(c))/\(WholeNumber.text(f))"
    }

    // MARK: totals

    private func drawTotals(_ t: FoodTotals, _ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: "Day total")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        var y = inner.y
        func row() -> Rect { Rect(x: inner.x, y: y, width: inner.width, height: 1) }
        guard inner.height > 0 else { return }

        // Value texts padded to one width, so the four bars start and end together.
        let goal = targets?.macros
        // A keto target counts net carbs: the bar compares net carbs eaten with it.
        let carbs = goal?.carbsCounted(carbsG: t.carbsG, fiberG: t.fiberG.value) ?? t.carbsG
        let kcalText = targets.map { "\(NutrientFormat.kcal(t.kcal))/\(NutrientFormat.kcal($0.kcal))" } ?? ""
        let macroTexts = [(t.proteinG, goal?.proteinG), (carbs, goal?.carbsG), (t.fatG, goal?.fatG)].map { grams, target in
            target.map { "\(WholeNumber.text(grams))/\(WholeNumber.text($0)) g" } ?? ""
        }
        let textWidth = ([kcalText] + macroTexts).map(TextWidth.of).max() ?? 0
        func padded(_ text: String) -> String { String(repeating: " ", count: max(0, textWidth - TextWidth.of(text))) + text }
        if let targets {
            Gauge(
                label: "kcal", value: t.kcal, max: targets.kcal, valueText: padded(kcalText),
                role: .accent, overRole: .bad, labelWidth: 7
            )
            .render(in: row(), buffer: &buffer, context: context)
            y += 1
            let left = targets.left(eaten: t.kcal, burned: burnedKcal)
            let extra = targets.leftQualifier.map { " " + $0 } ?? ""
            if y < inner.maxY {
                // Under the gauge's bar; from the edge when "incl. exercise" needs the room.
                buffer.write(
                    Line([
                        Span(String(repeating: " ", count: targets.addsExerciseBack ? 0 : 8)),
                        Span(
                            left >= 0 ? "\(NutrientFormat.kcal(left)) left" : "\(NutrientFormat.kcal(-left)) over", left >= 0 ? .good : .bad
                        ),
                        Span(extra, .muted),
                    ]),
                    in: row(), context: context)
            }
            y += 1
            // Where the target comes from, as on every screen that shows one.
            if y < inner.maxY {
                let room = row()
                let phrasings = targets.originPhrasings.map { Line($0, .muted) }
                buffer.write(Line.firstFitting(phrasings, width: room.width), in: room, context: context)
            }
            y += 2
        } else {
            buffer.write(
                Line([Span("kcal    ", .text), Span(NutrientFormat.kcal(t.kcal), .accent), Span("  no target yet", .muted)]),
                in: row(), context: context)
            y += 2
        }

        let macros: [(String, Double, Double?, Role, String)] = [
            ("Protein", t.proteinG, goal?.proteinG, .protein, macroTexts[0]), (goal?.carbsLabel ?? "Carbs", carbs, goal?.carbsG, .carbs, macroTexts[1]),
            ("Fat", t.fatG, goal?.fatG, .fat, macroTexts[2]),
        ]
        for (label, grams, target, role, text) in macros where y < inner.maxY {
            if let target {
                Gauge(
                    label: label, value: grams, max: target, valueText: padded(text),
                    role: role, overRole: .warn, labelWidth: 7
                )
                .render(in: row(), buffer: &buffer, context: context)
            } else {
                buffer.write(
                    Line([Span(label.padding(toLength: 8, withPad: " ", startingAt: 0), .text), Span("\(WholeNumber.text(grams)) g", role)]
                    ),
                    in: row(), context: context)
            }
            y += 1
        }
        y += 1

        let others: [(String, FoodTotals.Partial, String)] = [
            ("Fiber", t.fiberG, "g"), ("Sugars", t.sugarsG, "g"), ("Sat fat", t.saturatedFatG, "g"), ("Sodium", t.sodiumMg, "mg"),
        ]
        for (label, value, unit) in others where y < inner.maxY {
            buffer.write(
                Line([
                    Span(label.padding(toLength: 8, withPad: " ", startingAt: 0), .muted),
                    Span(Self.text(value, unit, empty: items.isEmpty)),
                ]),
                in: row(), context: context)
            y += 1
        }
        if y < inner.maxY, let cost, let amount = cost.amount {
            // "€2.13 (53 %)": the share of the day's kcal whose price is known, when not all is.
            let share = cost.knownShare.flatMap { $0 < 0.995 ? " (\(WholeNumber.text(($0 * 100))) %)" : nil } ?? ""
            buffer.write(
                Line([Span("Cost".padding(toLength: 8, withPad: " ", startingAt: 0), .muted), Span(amount.formatted), Span(share, .muted)]),
                in: row(), context: context)
            y += 1
        }
        if y < inner.maxY, !items.isEmpty,
            [t.fiberG, t.sugarsG, t.saturatedFatG, t.sodiumMg].contains(where: { !$0.complete && $0.value != nil })
        {
            y += 1
            Paragraph("≥ some foods lack it", role: .muted).render(
                in: Rect(x: inner.x, y: y, width: inner.width, height: inner.maxY - y),
                buffer: &buffer, context: context)
        }
    }

    /// "12 g", "≥ 12 g" when some entries don't know it, "—" when none do.
    static func text(_ p: FoodTotals.Partial, _ unit: String, empty: Bool) -> String {
        guard let v = p.value else { return empty ? "0 " + unit : "—" }
        let n = unit == "mg" ? NutrientFormat.kcal(v) : NutrientFormat.grams(v)
        return (p.complete ? "" : "≥ ") + n + " " + unit
    }
}
