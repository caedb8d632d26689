import BodiiDomain
import TerminalKit

/// Draws the food search modal: the steps, the query (or the chosen food), the step's list or
/// input on the left, and the food's numbers per 100 g and for the amount on the right.
struct FoodSearchView: Widget {
    let search: FoodSearch
    let today: LocalDate

    static let panelWidth = 30

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let day = search.day == today ? "today" : search.day.shortLabel(relativeTo: today)
        // The whole content area up to a comfortable size; only very large terminals see it float.
        let title = search.purpose == .ingredient ? "Add an ingredient" : "Add food — \(day)"
        let modal = Modal(title: title, width: min(area.width, 110), height: min(area.height, 30))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 6, inner.width >= 40 else { return }
        let (top, rest) = inner.splitTop(3)
        let (body, hintRow) = rest.splitBottom(1)
        drawSteps(Rect(x: top.x, y: top.y, width: top.width, height: 1), &buffer, context)
        drawField(Rect(x: top.x, y: top.y + 1, width: top.width, height: 1), &buffer, context)

        let (left, right) = body.splitRight(Self.panelWidth)
        let list = left.inset(right: 3)
        for y in body.y..<body.maxY { buffer.write(context.symbols.vertical, x: right.x - 2, y: y, style: context.style(.border)) }
        switch search.step {
        case .food where search.isLine: drawLine(list, &buffer, context)
        case .food: drawResults(list, &buffer, context)
        case .serving: drawServings(list, &buffer, context)
        case .amount: drawAmount(list, &buffer, context)
        case .meal: drawMeals(list, &buffer, context)
        }
        NutrientPanel(food: search.shownFood, grams: search.shownGrams, amount: search.shownAmount).render(
            in: right, buffer: &buffer, context: context)
        buffer.write(Line(hint, .muted), in: hintRow, context: context)
    }

    /// The step's footer keys, from the same key map that dispatches them.
    private var hint: String {
        search.keyMap.bindings.filter(\.inFooter).map { "\($0.keyLabel) \($0.brief ?? $0.help)" }.joined(separator: " · ")
    }

    private func drawSteps(_ row: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        var spans: [Span] = []
        let arrow = context.symbols.isUnicode ? " › " : " > "
        for step in FoodSearch.Step.allCases where search.purpose == .log || step != .meal {
            if !spans.isEmpty { spans.append(Span(arrow, .muted)) }
            let role: Role = step == search.step ? .accent : (step.rawValue < search.step.rawValue ? .text : .muted)
            spans.append(Span("\(step.rawValue + 1) \(step.title)", role))
        }
        buffer.write(spans, x: row.x, y: row.y, maxWidth: row.width, context: context)
    }

    private func drawField(_ row: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (label, field) = row.splitLeft(8)
        if let (_, name) = search.renaming {
            buffer.write(Line("Rename", .accent), in: label, context: context)
            var input = name
            input.isFocused = true
            input.render(in: field.inset(right: Self.panelWidth + 2), buffer: &buffer, context: context)
        } else if search.step == .food {
            buffer.write(Line("Search", .accent), in: label, context: context)
            var q = search.query
            q.isFocused = true
            q.render(in: field.inset(right: Self.panelWidth + 2), buffer: &buffer, context: context)
        } else if let food = search.food {
            buffer.write(Line("Food", .muted), in: label, context: context)
            buffer.write(Line(food.name, .title), in: field, context: context)
        } else if let saved = search.savedMealToLog {
            buffer.write(Line("Meal", .muted), in: label, context: context)
            buffer.write(Line(saved.name, .title), in: field, context: context)
        }
    }

    /// The query read as a line of foods: what Enter logs, and the parts no food matched; with
    /// `e` the highlighted line's amount field above the list, with `f` its food's choices.
    private func drawLine(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let line = search.line else { return }
        let kcal = line.entries.reduce(0) { $0 + $1.kcal }
        let entry = search.lineEntry
        var (head, listArea) = area.splitTop(1)
        switch search.lineFocus {
        case .amount:
            (head, listArea) = area.splitTop(3)
            let row = Rect(x: head.x, y: head.y, width: head.width, height: 1)
            let (_, unitRect) = drawAmountField(search.lineField, on: row, &buffer, context)
            // After a bare count its measure as said ("2" "slices of Bread"); after "2 slices" the food alone.
            let count = AmountText.parse(search.lineField.text.trimmingCharacters(in: .whitespaces))
            let unit = count.flatMap { n in entry?.portion.serving.map { ServingWords.unit(after: n, of: $0) + " " } } ?? (count == nil ? "" : "g ")
            buffer.write(Line(unit + "of " + (entry?.food.name ?? ""), .text), in: unitRect.inset(left: 1), context: context)
            let message = Rect(x: head.x, y: head.y + 1, width: head.width, height: 1)
            if let error = search.lineError {
                let mark = context.symbols.isUnicode ? "✗ " : "! "
                buffer.write(Line(mark + error, .bad), in: message, context: context)
            } else {
                buffer.write(Line("A number counts the serving; or 150 g, 2 slices, 1 cup. Esc keeps it.", .muted), in: message, context: context)
            }
        case .food:
            let words = entry?.part.food ?? ""
            let title = search.lineError.map { Line($0, .bad) } ?? Line("Food for “\(words)”: Enter picks, Esc keeps it", .accent)
            buffer.write(title, in: head, context: context)
            let names = DistinctNames.shorten(
                search.lineChoices.map(\.name), width: listArea.width - 2 - 4 - 1, ellipsis: context.symbols.ellipsis)
            let window = Table.window(selected: search.lineChoice, rowCount: search.lineChoices.count, visibleRows: listArea.height - 1)
            let rows = window.map { i in
                TableRow([
                    Span(names[i], search.lineChoices[i].id == entry?.food.id ? .accent : .text),
                    Span(NutrientFormat.kcal(search.lineChoices[i].per100g.kcal), .muted),
                ])
            }
            var table = Table(
                columns: [TableColumn("Food"), TableColumn("kcal", width: .length(4), alignment: .right)],
                rows: rows, selected: search.lineChoice - window.lowerBound, columnSpacing: 1)
            table.moreAbove = window.lowerBound > 0
            table.moreBelow = window.upperBound < search.lineChoices.count
            table.render(in: listArea, buffer: &buffer, context: context)
            return
        case .query, .list:
            let title =
                line.entries.isEmpty
                ? Line(search.notice ?? "No food matches this line", .accent)
                : Line(
                    "Enter logs \(Plural.count(line.entries.count, "food", plural: "foods")), \(NutrientFormat.kcal(kcal)) kcal, "
                        + "at \(search.likelyMeal.rawValue)", .accent)
            buffer.write(title, in: head, context: context)
        }
        // In the order typed; a part not logged says why ("0 g bread" names a food: "bad amount").
        let rows: [TableRow] = line.order.map { slot in
            switch slot {
            case .entry(let i):
                let e = line.entries[i]
                return TableRow([Span(e.portion.label, .muted), Span(e.food.name), Span(NutrientFormat.kcal(e.kcal), .muted)])
            case .unmatched(let i):
                return TableRow([Span(line.misses[i].label, .bad), Span(line.unmatched[i], .bad), Span("")])
            }
        }
        let selectedRow = line.entries.isEmpty ? nil : line.order.firstIndex(of: .entry(search.lineSelected))
        let table = Table(
            columns: [
                TableColumn("Amount", width: .length(min(22, max(6, listArea.width / 3)))), TableColumn("Food"),
                TableColumn("kcal", width: .length(4), alignment: .right),
            ],
            rows: rows, selected: selectedRow, columnSpacing: 1)
        table.render(in: listArea, buffer: &buffer, context: context)
    }

    private func drawResults(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (head, listArea) = area.splitTop(1)
        if let error = search.error {
            buffer.write(Line(error, .bad), in: head, context: context)
        } else if let notice = search.notice {
            buffer.write(Line(notice, .accent), in: head, context: context)
        } else if search.showingRecent {
            buffer.write(
                Line(search.results.isEmpty ? "Nothing logged yet — type to search the catalog" : "Recent and frequent", .muted),
                in: head, context: context)
        } else {
            let n = search.results.count
            let count =
                n == 0
                ? "No food matches" : (n >= FoodSearchList.resultLimit ? "Best \(n) matches" : Plural.count(n, "match", plural: "matches"))
            // The catalog lacks the food: say the list is only the closest, and how to add it.
            let missing = n == 0 ? "No food matches; Ctrl-O: new custom food" : "Closest foods; Ctrl-O: new custom food"
            buffer.write(search.answersQuery ? Line(count, .muted) : Line(missing, .accent), in: head, context: context)
        }
        let window = Table.window(selected: search.selected, rowCount: search.rowCount, visibleRows: listArea.height - 1)
        let query = search.query.text.trimmingCharacters(in: .whitespaces)
        // The name column: the list less the selection gutter, the kcal column and the space between.
        let names = DistinctNames.shorten(search.results.map(\.name), width: listArea.width - 2 - 4 - 1, ellipsis: context.symbols.ellipsis)
        let rows: [TableRow] = window.map { i in
            guard i < search.results.count else {
                return TableRow([Span(query.isEmpty ? "+ New custom food" : "+ New custom food “\(query)”", .accent), Span("")])
            }
            let food = search.results[i]
            let star = search.favourites.contains(food.id) ? (context.symbols.isUnicode ? "★ " : "* ") : ""
            return TableRow([
                Span(star + names[i], food.source == "custom" || food.source == "meal" ? .accent : .text),
                Span(NutrientFormat.kcal(food.per100g.kcal), .muted),
            ])
        }
        var table = Table(
            columns: [TableColumn("Food"), TableColumn("kcal", width: .length(4), alignment: .right)],
            rows: rows, selected: search.selected - window.lowerBound, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < search.rowCount
        table.render(in: listArea, buffer: &buffer, context: context)
    }

    private func drawServings(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let (head, listArea) = area.splitTop(1)
        buffer.write(Line(search.error ?? "How much? Pick a serving", search.error == nil ? .muted : .bad), in: head, context: context)
        guard let food = search.food else { return }
        let window = Table.window(selected: search.servingIndex, rowCount: search.servings.count, visibleRows: listArea.height - 1)
        let rows: [TableRow] = window.map { i in
            let choice = search.servings[i]
            guard let s = choice.serving else { return TableRow([Span("grams"), Span("any", .muted), Span("")]) }
            return TableRow([
                Span(s.label), Span(NutrientFormat.number(s.grams) + " g", .muted),
                Span(NutrientFormat.kcal(food.per100g.kcal * s.grams / 100)),
            ])
        }
        var table = Table(
            columns: [
                TableColumn("Serving"), TableColumn("Weight", width: .length(8), alignment: .right),
                TableColumn("kcal", width: .length(4), alignment: .right),
            ],
            rows: rows, selected: search.servingIndex - window.lowerBound, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < search.servings.count
        table.render(in: listArea, buffer: &buffer, context: context)
    }

    /// "Amount" and `field`, focused, on `row`; returns the row after the label and what is
    /// left after the field, where its unit goes. The line's and the serving's amounts share it.
    private func drawAmountField(
        _ field: TextField, on row: Rect, _ buffer: inout Buffer, _ context: RenderContext
    ) -> (rest: Rect, unit: Rect) {
        let (label, rest) = row.splitLeft(8)
        buffer.write(Line("Amount", .accent), in: label, context: context)
        var field = field
        field.isFocused = true
        let (fieldRect, unitRect) = rest.splitLeft(10)
        field.render(in: fieldRect, buffer: &buffer, context: context)
        return (rest, unitRect)
    }

    private func drawAmount(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let serving = search.serving else { return }
        buffer.write(Line(serving.serving == nil ? "How many grams?" : "How many servings?", .muted), in: area, context: context)
        let row = Rect(x: area.x, y: area.y + 2, width: area.width, height: 1)
        let (rest, unitRect) = drawAmountField(search.amount, on: row, &buffer, context)
        var y = row.y + 1
        if let s = serving.serving {
            // The measure under the number: USDA labels are long ("1 medium (7" to 7-7/8" long)").
            let count = AmountText.parse(search.amount.text.trimmingCharacters(in: .whitespaces)) ?? 1
            let unit = Paragraph([Line(ServingWords.unit(after: count, of: s), .text)])
            let h = min(2, unit.height(forWidth: rest.width, context: context))
            unit.render(in: Rect(x: rest.x, y: y, width: rest.width, height: h), buffer: &buffer, context: context)
            y += h
            let grams = search.shownGrams.map { "= \(NutrientFormat.number($0)) g" } ?? "= — g"
            buffer.write(Line(grams, .muted), in: Rect(x: rest.x, y: y, width: rest.width, height: 1), context: context)
            y += 1
        } else {
            buffer.write(Line("g", .text), in: unitRect.inset(left: 1), context: context)
        }
        let message = Rect(x: area.x, y: y + 1, width: area.width, height: max(0, area.maxY - y - 1))
        if let error = search.amountError {
            let mark = context.symbols.isUnicode ? "✗ " : "! "
            Paragraph(mark + error, role: .bad).render(in: message, buffer: &buffer, context: context)
        } else if search.amountIsDefault {
            Paragraph("Type to replace \(search.amount.text), or Enter to keep it.", role: .muted).render(
                in: message, buffer: &buffer, context: context)
        }
    }

    private func drawMeals(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let saved = search.savedMealToLog
        // A saved meal asks only when the meal it belongs to already has entries: say so.
        let question = saved.map { s in
            let from = (s.meal ?? search.likelyMeal).label
            let day = search.day == today ? "today" : search.day.shortLabel(relativeTo: today)
            return "\(from) already has entries \(day). Which meal?"
        }
        let headHeight = question.map { Paragraph($0, role: .accent).height(forWidth: area.width, context: context) + 1 } ?? 2
        let (head, listArea) = area.splitTop(min(3, headHeight))
        Paragraph(question ?? "Which meal?", role: question == nil ? .muted : .accent).render(in: head, buffer: &buffer, context: context)
        let rows = Meal.allCases.map { m in
            let note =
                saved.map { s in m == s.meal ? "saved from" : (s.meal == nil && m == search.likelyMeal ? "usual at this hour" : "") }
                ?? (m == search.likelyMeal ? "usual at this hour" : "")
            return TableRow([Span(m.label), Span(note, .muted)])
        }
        Table(
            columns: [TableColumn("Meal", width: .length(12)), TableColumn("")], rows: rows,
            selected: Meal.allCases.firstIndex(of: search.meal), showHeader: false, columnSpacing: 1
        )
        .render(in: listArea, buffer: &buffer, context: context)
    }
}

/// A food's energy and nutrients per 100 g and for an amount, side by side.
struct NutrientPanel: Widget {
    let food: Food?
    let grams: Double?
    /// The amount in words, under the source line.
    let amount: String?

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard let food else {
            Paragraph("Nothing selected.", role: .muted).render(in: area, buffer: &buffer, context: context)
            return
        }
        let name = Paragraph([Line(food.name, .title)])
        // The whole name, wrapped: the list may show it shortened (DistinctNames).
        let nameHeight = min(4, name.height(forWidth: area.width, context: context))
        name.render(in: Rect(x: area.x, y: area.y, width: area.width, height: nameHeight), buffer: &buffer, context: context)
        var y = area.y + nameHeight
        let source = food.source == "custom" ? "Custom food" : [food.source, food.release].compactMap { $0 }.joined(separator: " ")
        // Wrapped: a supplement food's record ("USDA FoodData Central Foundation, FDC 2257046") is long.
        let sourceText = Paragraph([Line(source, .muted)])
        let sourceHeight = min(2, sourceText.height(forWidth: area.width, context: context))
        sourceText.render(in: Rect(x: area.x, y: y, width: area.width, height: sourceHeight), buffer: &buffer, context: context)
        y += sourceHeight
        // A saved meal's row holds the whole meal's totals, not 100 g of something (issue 26).
        let wholeMeal = food.source == FoodSearchList.savedMealSource
        if let amount = wholeMeal ? "the whole meal" : amount {
            let text = Paragraph([Line("for " + amount, .muted)])
            let h = min(2, text.height(forWidth: area.width, context: context))
            text.render(in: Rect(x: area.x, y: y, width: area.width, height: h), buffer: &buffer, context: context)
            y += h
        }
        y += 1
        let n = food.per100g
        let amount = wholeMeal ? nil : grams.map { n.scaled(toGrams: $0) }
        typealias Row = (String, Double?, Double?, Role, String)
        let rows: [Row] = [
            ("kcal", n.kcal, amount?.kcal, .accent, ""),
            ("Protein", n.proteinG, amount?.proteinG, .protein, ""),
            ("Carbs", n.carbsG, amount?.carbsG, .carbs, ""),
            ("Fat", n.fatG, amount?.fatG, .fat, ""),
            ("Fiber", n.fiberG, amount?.fiberG, .text, ""),
            ("Sugars", n.sugarsG, amount?.sugarsG, .text, ""),
            ("Sat fat", n.saturatedFatG, amount?.saturatedFatG, .text, ""),
            ("Sodium", n.sodiumMg, amount?.sodiumMg, .text, "mg"),
        ]
        let header = wholeMeal ? ["", "whole meal"] : ["", "100 g", grams.map { NutrientFormat.number($0) + " g" } ?? "—"]
        let cols =
            [TableColumn("", width: .length(8)), TableColumn("", width: .fill(1), alignment: .right)]
            + (wholeMeal ? [] : [TableColumn("", width: .fill(1), alignment: .right)])
        let tableRows =
            [TableRow(header.map { Span($0, .title) })]
            + rows.map { r in
                let fmt: (Double?) -> String = { v in
                    guard let v else { return "—" }
                    return r.0 == "kcal" || r.4 == "mg"
                        ? NutrientFormat.kcal(v) + (r.4.isEmpty ? "" : " mg") : NutrientFormat.number(v) + " g"
                }
                return TableRow(
                    wholeMeal ? [Span(r.0, r.3), Span(fmt(r.1), .text)] : [Span(r.0, r.3), Span(fmt(r.1), .muted), Span(fmt(r.2), .text)])
            }
        Table(columns: cols, rows: tableRows, showHeader: false, columnSpacing: 1)
            .render(in: Rect(x: area.x, y: y, width: area.width, height: area.maxY - y), buffer: &buffer, context: context)
    }
}
