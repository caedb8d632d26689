import BodiiDomain
import TerminalKit

/// The Pantry tab drawn from its model: a heading with the views and the budget left, then the
/// focused view — Stock, Shopping list or Prices. A pure function of the model's state.
@MainActor
struct PantryScreenView {
    let model: PantryViewModel
    let today: LocalDate

    /// From this width a side panel shows the selected item's details beside the table.
    static let sidePanelWidth = 120

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (header, body) = area.splitTop(1)
        renderHeader(header, &buffer, context)
        switch model.view {
        case .stock: renderStock(body, &buffer, context)
        case .list: renderList(body, &buffer, context)
        case .prices: renderPrices(body, &buffer, context)
        }
    }

    // MARK: Heading

    private func renderHeader(_ row: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        var spans = [Span("Pantry ", .title)]
        for v in PantryView.allCases {
            spans.append(Span(" "))
            spans.append(Span(" \(v.key) \(v.title) ", v == model.view ? .selection : .muted))
        }
        let used = buffer.write(spans, x: row.x + 1, y: row.y, maxWidth: max(0, row.width - 1), context: context)
        guard let budget = model.budget else { return }
        let summary = budgetSummary(budget)
        // Measured as drawn: in ASCII "€" becomes "EUR ".
        let w = summary.reduce(0) { $0 + TextWidth.of(context.symbols.isUnicode ? $1.text : ASCIIText.transliterate($1.text)) }
        if w + used + 3 <= row.width { buffer.write(summary, x: row.maxX - w - 1, y: row.y, maxWidth: w, context: context) }
    }

    /// "week €60.00 · left €23.45", or what was spent when no budget is set.
    private func budgetSummary(_ b: BudgetStatus) -> [Span] {
        guard let budget = b.budget, let left = b.left else {
            return [Span("spent this \(b.period.kind.rawValue) ", .muted), Span(b.spent.formatted)]
        }
        return [
            Span("\(b.period.kind.rawValue) \(budget.formatted) · left ", .muted), Span(left.formatted, left.minorUnits < 0 ? .bad : .good),
        ]
    }

    /// The first of `options` (longest first) that fits the row, in the muted role.
    static func writeNote(_ options: [String], in row: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let inner = row.inset(left: 1, right: 1)
        guard let text = options.first(where: { TextWidth.of($0) <= inner.width }) ?? options.last else { return }
        buffer.write(Line(text, .muted), in: inner, context: context)
    }

    // MARK: Stock

    static func freshness(_ row: StockRow) -> Freshness {
        if row.expired { return .expired }
        if row.useSoon { return .soon }
        return row.daysLeft == nil ? .undated : .fine
    }

    private func renderStock(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let (main, note) = area.splitBottom(min(1, area.height))
        Self.writeNote(
            [
                "Stock drifts when not every use is logged · taking from stock when logging is per item (i), off by default",
                "Stock drifts unless each use is logged · logging takes stock per item (i), off",
            ], in: note, &buffer, context)
        var tableArea = main
        if main.width >= Self.sidePanelWidth {
            let (left, right) = main.splitRight(44)
            tableArea = left
            renderItemPanel(right, &buffer, context)
        }
        let rows = model.stockRows
        let soon = rows.filter { $0.useSoon && !$0.expired }.count, expired = rows.filter(\.expired).count
        var right: [String] = []
        if expired > 0 { right.append("\(expired) expired") }
        if soon > 0 { right.append("\(soon) use soon") }
        right.append(Plural.count(rows.count, "lot"))
        let block = Block(title: "Stock", rightTitle: right.joined(separator: " · "))
        block.render(in: tableArea, buffer: &buffer, context: context)
        var inner = block.inner(tableArea).inset(left: 1, right: 1)
        if let row = model.selectedStockRow, inner.height >= 6, tableArea.width < Self.sidePanelWidth {
            let (top, detail) = inner.splitBottom(1)
            inner = top
            buffer.write(Line(lotDetail(row), .muted), in: detail, context: context)
        }
        let wide = inner.width >= 100
        var columns = [
            TableColumn("Item"), TableColumn("Quantity", width: .length(11), alignment: .right),
            TableColumn("Best before", width: .length(11)), TableColumn("Left", width: .length(7), alignment: .right),
            TableColumn("Price", width: .length(9), alignment: .right), TableColumn("Store", width: .length(wide ? 14 : 9)),
        ]
        if wide { columns.insert(TableColumn("Bought", width: .length(9)), at: 2) }
        let window = Table.window(selected: model.selectedRow, rowCount: rows.count, visibleRows: inner.height - 1)
        let tableRows: [TableRow] = window.map { i in
            let row = rows[i]
            let fresh = Self.freshness(row)
            var cells = [
                Span(fresh.mark(context.symbols) + row.item.name, fresh.role), Span(row.lot.leftQuantity.label),
                Span(row.lot.bestBefore.map { $0.shortLabel(relativeTo: today) } ?? "—", .muted),
                Span(DaysLeftText.of(row.daysLeft), fresh == .fine || fresh == .undated ? .muted : fresh.role),
                Span(row.lot.price?.formatted ?? "—", .muted), Span(row.lot.store ?? "—", .muted),
            ]
            if wide { cells.insert(Span(row.lot.purchasedOn.shortLabel(relativeTo: today), .muted), at: 2) }
            return TableRow(cells)
        }
        var table = Table(
            columns: columns, rows: tableRows, selected: rows.isEmpty ? nil : model.selectedRow - window.lowerBound,
            emptyMessage: "Nothing in stock — a adds what you bought", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < rows.count
        table.render(in: inner, buffer: &buffer, context: context)
    }

    /// "6 pieces bought 20 Nov · opened · take when logging: off".
    private func lotDetail(_ row: StockRow) -> String {
        var parts = [
            "\(row.lot.leftQuantity.label) of \(row.lot.initialQuantity.label) left, bought \(row.lot.purchasedOn.shortLabel(relativeTo: today))"
        ]
        if row.lot.opened { parts.append("opened") }
        if let days = row.item.shelfLifeDays { parts.append("keeps \(days) d") }
        parts.append("take when logging: " + (row.item.takeFromPantryWhenLogging ? "on" : "off"))
        return parts.joined(separator: " · ")
    }

    /// The selected item at a glance (wide terminals): its lots, settings and how to change them.
    private func renderItemPanel(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: model.selectedStockRow?.item.name ?? "Item")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard let row = model.selectedStockRow else {
            buffer.write(Line("a adds what you bought", .muted), in: inner, context: context)
            return
        }
        let lots = model.snapshot.lots.filter { $0.itemId == row.item.id && !$0.isEmpty }
        var lines: [Line] = [Line([Span("In stock           ", .muted), Span(Plural.count(lots.count, "lot"))])]
        for lot in StockPlan.takingOrder(lots) {
            let until = lot.bestBefore.map { "best before " + $0.shortLabel(relativeTo: today) } ?? "no best-before"
            lines.append(Line("  \(lot.leftQuantity.label), \(until)" + (lot.opened ? ", opened" : ""), .text))
        }
        lines += forecastLines(row.item.id.flatMap { model.forecasts[$0] })
        lines.append(Line(""))
        lines.append(Line([Span("Shelf life         ", .muted), Span(row.item.shelfLifeDays.map { "\($0) days" } ?? "not set")]))
        lines.append(Line([Span("Minimum stock      ", .muted), Span(row.item.minimumStock?.label ?? "none")]))
        lines.append(Line([Span("Take when logging  ", .muted), Span(row.item.takeFromPantryWhenLogging ? "on" : "off")]))
        lines.append(Line(""))
        lines.append(Line("Next use or waste takes from the first lot above (opened, then expiring first).", .muted))
        lines.append(
            Line(
                "i changes shelf life, minimum and taking when logging (off by default: stock drifts when not every use is logged).",
                .muted))
        Paragraph(lines).render(in: inner, buffer: &buffer, context: context)
    }

    /// The item's predictions from its own history, each with what it is based on on the line
    /// below (the panel is 42 columns): "Runs out ~Feb 3" / "  at your rate, from 20 days of use".
    private func forecastLines(_ f: ItemForecast?) -> [Line] {
        guard let f else { return [] }
        var lines: [Line] = []
        func add(_ label: String, _ value: String, _ basis: String) {
            lines.append(Line([Span(label, .muted), Span(value)]))
            lines.append(Line("  " + basis, .muted))
        }
        if let out = f.runsOut {
            add("Runs out           ", "~" + out.value.shortLabel(relativeTo: today), "at your rate, \(out.basisText)")
        }
        if let life = f.lotLife { add("A lot lasts        ", Plural.count(life.value, "day"), life.basisText) }
        if let price = f.expectedPrice {
            add(
                "Expected price     ", price.value.formatted + (f.priceQuantity.map { " for " + $0.label } ?? ""),
                "last paid, of \(Plural.count(price.basis, "purchase"))")
        }
        return lines.isEmpty ? [] : [Line("")] + lines
    }

    // MARK: Shopping list

    private func renderList(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let (budgetArea, rest) = area.splitTop(min(4, area.height))
        renderBudget(budgetArea, &buffer, context)
        let (listArea, note) = rest.splitBottom(min(1, rest.height))
        Self.writeNote(
            [
                "b buys at the expected price in one key · Enter types the price paid · m adds what is below minimum · "
                    + "r adds replacements for what to use soon",
                "m adds what is below its minimum · r adds replacements for what to use soon",
            ], in: note, &buffer, context)
        let lines = model.listLines
        let total = model.listTotal
        let unpriced = model.unpricedCount
        let right = "\(lines.count) to buy · \(total.formatted)" + (unpriced > 0 ? " + \(unpriced) unpriced" : "")
        let block = Block(title: "Shopping list", rightTitle: lines.isEmpty ? nil : right)
        block.render(in: listArea, buffer: &buffer, context: context)
        let inner = block.inner(listArea).inset(left: 1, right: 1)
        let all = lines + model.boughtLines
        let window = Table.window(selected: lines.isEmpty ? nil : model.selectedRow, rowCount: all.count, visibleRows: inner.height - 1)
        let (open, done) = context.symbols.isUnicode ? ("[ ] ", "[✓] ") : ("[ ] ", "[x] ")
        let tableRows: [TableRow] = window.map { i in
            let l = all[i]
            let bought = i >= lines.count
            let role: Role = bought ? .muted : .text
            let price = bought ? (l.paid.map { "paid " + $0.formatted } ?? "bought") : (l.expected?.formatted ?? "?")
            return TableRow([
                Span((bought ? done : open) + l.item.name, role), Span(l.entry.quantity?.label ?? "some", role),
                Span(l.entry.store ?? "—", .muted), Span(price, bought || l.expected == nil ? .muted : .text),
            ])
        }
        var table = Table(
            columns: [
                TableColumn("Item"), TableColumn("Quantity", width: .length(11), alignment: .right),
                TableColumn("Store", width: .length(10)), TableColumn("Expected", width: .length(12), alignment: .right),
            ],
            rows: tableRows, selected: lines.isEmpty ? nil : model.selectedRow - window.lowerBound,
            emptyMessage: "The list is empty — a adds, m adds what is below minimum", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < all.count
        table.render(in: inner, buffer: &buffer, context: context)
    }

    /// The period's budget: spent as a bar, then left, the list's total and what would be left after it.
    private func renderBudget(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard let b = model.budget, !area.isEmpty else { return }
        let title =
            "This \(b.period.kind.rawValue), \(b.period.start.shortLabel(relativeTo: today))–\(b.period.end.shortLabel(relativeTo: today))"
        let block = Block(title: title)
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let (first, second) = inner.splitTop(1)
        guard let budget = b.budget, let left = b.left else {
            buffer.write(
                [Span("Spent ", .muted), Span(b.spent.formatted), Span(" · no budget set — B sets one per week or month", .muted)],
                x: first.x, y: first.y, maxWidth: first.width, context: context)
            if !second.isEmpty {
                buffer.write(
                    [Span("This list ", .muted), Span(model.listTotal.formatted)], x: second.x, y: second.y, maxWidth: second.width,
                    context: context)
            }
            return
        }
        Gauge(
            label: "Spent", value: Double(b.spent.minorUnits), max: Double(budget.minorUnits),
            valueText: "\(b.spent.formatted) of \(budget.formatted)", role: .good, overRole: .bad
        )
        .render(in: first, buffer: &buffer, context: context)
        guard !second.isEmpty else { return }
        let after = b.leftAfter(listTotal: model.listTotal)
        var spans = [
            Span("Left ", .muted), Span(left.formatted, left.minorUnits < 0 ? .bad : .good),
            Span(" · this list ", .muted), Span(model.listTotal.formatted),
        ]
        if let after {
            spans += [Span(" · left after it ", .muted), Span(after.formatted, after.minorUnits < 0 ? .bad : .good)]
        }
        buffer.write(spans, x: second.x, y: second.y, maxWidth: second.width, context: context)
    }

    // MARK: Prices

    private func renderPrices(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let wide = area.width >= Self.sidePanelWidth
        let spendingHeight = 7
        if wide {
            let (left, right) = area.splitRight(area.width - 56)
            let (spending, history) = left.splitTop(min(spendingHeight, left.height))
            renderSpending(spending, &buffer, context)
            renderHistory(history, &buffer, context)
            renderPriceTable(right, &buffer, context)
        } else {
            let (spending, rest) = area.splitTop(min(spendingHeight, area.height))
            renderSpending(spending, &buffer, context)
            let historyHeight = rest.height >= 14 ? 6 : min(rest.height / 2, 5)
            let (table, history) = rest.splitBottom(historyHeight)
            renderPriceTable(table, &buffer, context)
            renderHistory(history, &buffer, context)
        }
    }

    private func renderSpending(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: "Spending")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        var lines: [Line] = []
        for (label, status) in [("This week ", model.week), ("This month", model.month)] {
            guard let s = status else { continue }
            var spans = [Span(label + "  ", .muted), Span(s.spent.formatted)]
            if let budget = s.budget, let left = s.left {
                spans += [Span(" of \(budget.formatted) · left ", .muted), Span(left.formatted, left.minorUnits < 0 ? .bad : .good)]
            }
            lines.append(Line(spans))
        }
        if let w = model.week, let m = model.month {
            lines.append(
                Line([
                    Span("Wasted      ", .muted), Span(w.waste.formatted, w.waste.minorUnits > 0 ? .warn : .text),
                    Span(" this week · ", .muted), Span(m.waste.formatted, m.waste.minorUnits > 0 ? .warn : .text),
                    Span(" this month", .muted),
                ]))
        }
        let name = { (p: Purchase) in model.snapshot.item(id: p.itemId)?.name ?? "?" }
        if let p = model.cheapest.protein {
            lines.append(
                Line([Span("Cheapest protein  ", .muted), Span(name(p.purchase)), Span(" \(p.price.formatted) per 10 g protein", .muted)]))
        } else {
            lines.append(Line("Cheapest protein  — (buy catalog foods with a price)", .muted))
        }
        if let e = model.cheapest.energy {
            lines.append(
                Line([Span("Cheapest energy   ", .muted), Span(name(e.purchase)), Span(" \(e.price.formatted) per 1000 kcal", .muted)]))
        }
        Paragraph(lines, overflow: .truncate).render(in: inner, buffer: &buffer, context: context)
    }

    private func renderPriceTable(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let block = Block(title: "Prices paid, last \(PantryPrices.days) days", rightTitle: "latest per item")
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        let lines = model.priceLines
        let window = Table.window(selected: lines.isEmpty ? nil : model.selectedRow, rowCount: lines.count, visibleRows: inner.height - 1)
        let dash = "—"
        let rows: [TableRow] = window.map { i in
            let l = lines[i]
            return TableRow([
                Span(l.item.name), Span(l.latest.store ?? dash, .muted), Span(l.latest.price?.formatted ?? dash),
                Span(l.prices.perKg?.formatted ?? dash, .muted), Span(l.prices.per1000kcal?.formatted ?? dash, .muted),
                Span(l.prices.per10gProtein?.formatted ?? dash, .muted),
            ])
        }
        var table = Table(
            columns: [
                TableColumn("Item"), TableColumn("Store", width: .length(9)),
                TableColumn("Paid", width: .length(9), alignment: .right),
                TableColumn("/kg", width: .length(9), alignment: .right),
                TableColumn("/1000kcal", width: .length(9), alignment: .right),
                TableColumn("/10g prot", width: .length(9), alignment: .right),
            ],
            rows: rows, selected: lines.isEmpty ? nil : model.selectedRow - window.lowerBound,
            emptyMessage: "No purchase with a price yet", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < lines.count
        table.render(in: inner, buffer: &buffer, context: context)
    }

    /// Every purchase of the selected item, newest first, with the price per kg of each.
    private func renderHistory(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let line = model.priceLines.indices.contains(model.selectedRow) ? model.priceLines[model.selectedRow] : nil
        let block = Block(
            title: line.map { "History — \($0.item.name)" } ?? "History",
            rightTitle: model.history.isEmpty ? nil : Plural.count(model.history.count, "purchase"))
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        let history = Array(model.history.reversed())
        let rows: [TableRow] = history.prefix(max(0, inner.height - 1)).map { p in
            TableRow([
                Span(p.date.shortLabel(relativeTo: today), .muted), Span(p.store ?? "—", .muted), Span(p.quantity.label),
                Span(p.price?.formatted ?? "—"), Span(UnitPrices(p, food: nil).perKg?.formatted ?? "", .muted),
            ])
        }
        Table(
            columns: [
                TableColumn("Date", width: .length(11)), TableColumn("Store", width: .length(10)),
                TableColumn("Quantity", width: .length(12), alignment: .right), TableColumn("Paid", width: .length(8), alignment: .right),
                TableColumn("Per kg", width: .fill(1), alignment: .right),
            ],
            rows: rows, emptyMessage: "Select an item above", columnSpacing: 1
        )
        .render(in: inner, buffer: &buffer, context: context)
    }
}
