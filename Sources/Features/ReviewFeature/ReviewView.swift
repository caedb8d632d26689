import BodiiDomain
import SharedCharts
import TerminalKit

/// The Review tab drawn from its model: the heading, the summary (with the period's small charts
/// when there is room), the actions open from earlier periods, the four columns, and a detail
/// line with the whole text of the selected card.
@MainActor
struct ReviewView {
    let model: ReviewViewModel
    let today: LocalDate

    /// Terminal width from which the charts sit beside the summary.
    static let chartsBesideWidth = 118
    static let chartsWidth = 40
    /// Content height from which narrower terminals get the charts under the summary (100×30 does; 80×24 has no room).
    static let chartsBelowHeight = 26

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty, let review = model.review else { return }
        let text = ReviewText(review: review, unitSystem: model.unitSystem, today: today)
        let (header, rest) = area.splitTop(1)
        buffer.write(
            [
                Span("Review · ", .muted), Span(text.heading, .title),
                Span("   [ ] \(review.period.kind.rawValue) · -/+ week/month", .muted),
            ],
            x: header.x + 1, y: header.y, maxWidth: max(0, header.width - 1), context: context)

        let rows = text.rows
        let chartsBelow = area.width < Self.chartsBesideWidth && area.height >= Self.chartsBelowHeight && model.charts != nil
        let summaryHeight = rows.count + 2 + (chartsBelow ? PeriodChartsView.rows + 1 : 0)
        let carried = review.carriedOver
        // The carried actions scroll so the board keeps at least three rows of cards.
        let boardRows = 3 + 2 + 1
        let carriedHeight = carried.isEmpty ? 0 : min(carried.count, max(1, rest.height - summaryHeight - boardRows - 2)) + 2
        let (summaryArea, afterSummary) = rest.splitTop(min(summaryHeight, rest.height))
        renderSummary(text, rows: rows, chartsBelow: chartsBelow, in: summaryArea, &buffer, context)
        let (carriedArea, afterCarried) = afterSummary.splitTop(min(carriedHeight, afterSummary.height))
        if !carried.isEmpty { renderCarried(text, in: carriedArea, &buffer, context) }
        let (board, detail) = afterCarried.splitBottom(min(1, afterCarried.height))
        var boardArea = board
        if let days = daysTable(boardArea) {
            // An empty board takes its hint row; the period's days take the rows it had.
            let (daysArea, rest) = board.splitTop(days.height)
            let block = Block(title: "Each day")
            block.render(in: daysArea, buffer: &buffer, context: context)
            days.table.render(in: block.inner(daysArea).inset(left: 1, right: 1), buffer: &buffer, context: context)
            let (boardRows, spare) = rest.splitTop(min(Self.emptyBoardRows, rest.height))
            boardArea = boardRows
            renderInsights(in: spare, &buffer, context)
        }
        renderBoard(review, in: boardArea, &buffer, context)
        renderDetail(text, in: detail, &buffer, context)
    }

    /// An empty board's height: its borders and the hint row.
    static let emptyBoardRows = 3
    /// Days the table must show whole (or all of a shorter period) to be worth its rows.
    static let fewestTableDays = 3

    /// The period's days as a table, and the rows it takes with its border, when the board is
    /// empty and `area` (the board's rows) holds both (issue 26: an empty board 25 rows tall at
    /// 160×48). Nil otherwise: the board keeps its rows, as at 80×24. The detail line stays last.
    private func daysTable(_ area: Rect) -> (table: PeriodDaysTable, height: Int)? {
        guard let charts = model.charts, !charts.days.isEmpty,
            [BoardColumn.keep, .problem, .try, .action].allSatisfy({ model.cards(in: $0).isEmpty })
        else { return nil }
        let table = PeriodDaysTable(charts: charts, unitSystem: model.unitSystem, today: today)
        let room = area.height - Self.emptyBoardRows - 2
        guard room >= min(table.height, 1 + Self.fewestTableDays) else { return nil }
        return (table, min(table.height, room) + 2)
    }

    /// The insights in the rows the days and the empty board leave (none at 80×24 or 100×30:
    /// there they are read only when `i` opens them).
    private func renderInsights(in area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard area.height >= ReviewInsightsView.fewestRows, area.width > 4, let insights = model.insights() else { return }
        let view = ReviewInsightsView(insights: insights)
        view.render(in: area.splitTop(view.height(in: area, context: context)).0, buffer: &buffer, context: context)
    }

    private func renderSummary(
        _ text: ReviewText, rows: [(label: String, value: [Span])], chartsBelow: Bool, in area: Rect,
        _ buffer: inout Buffer, _ context: RenderContext
    ) {
        guard !area.isEmpty else { return }
        var summary = area
        if let charts = model.charts, area.width >= Self.chartsBesideWidth {
            let (left, right) = area.splitRight(Self.chartsWidth)
            summary = left
            let block = Block(title: "Day by day")
            block.render(in: right, buffer: &buffer, context: context)
            PeriodChartsView(charts: charts, unitSystem: model.unitSystem).render(
                in: block.inner(right).inset(left: 1), buffer: &buffer, context: context)
        }
        let range = model.review?.summary?.range
        let block = Block(
            title: "Summary", rightTitle: range.map { $0.daysToLabel(today: today) })
        block.render(in: summary, buffer: &buffer, context: context)
        let inner = block.inner(summary).inset(left: 1, right: 1)
        for (i, row) in rows.enumerated() where i < inner.height {
            // Cut with an ellipsis: a row that ends mid-number would misread.
            buffer.write(
                Line([Span(row.label.padding(toLength: 10, withPad: " ", startingAt: 0), .muted)] + row.value),
                in: Rect(x: inner.x, y: inner.y + i, width: inner.width, height: 1), context: context)
        }
        if chartsBelow, let charts = model.charts, inner.height > rows.count + 1 {
            PeriodChartsView(charts: charts, unitSystem: model.unitSystem)
                .render(in: inner.inset(top: rows.count + 1), buffer: &buffer, context: context)
        }
    }

    private func renderCarried(_ text: ReviewText, in area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let focused = model.focus == .carried
        let cards = model.cards(in: .carried)
        let block = Block(
            title: "Open actions from earlier periods", rightTitle: "d done · D drop · o keep open",
            borderRole: focused ? .accent : .border, titleRole: .action)
        block.render(in: area, buffer: &buffer, context: context)
        let inner = block.inner(area).inset(left: 1, right: 1)
        let selected = model.rows[.carried] ?? 0
        let first = max(0, min(selected - inner.height + 1, cards.count - inner.height))
        for (i, card) in cards.enumerated().dropFirst(first) where i - first < inner.height {
            guard case .action(let a) = card else { continue }
            let y = inner.y + i - first
            let isSelected = focused && i == selected
            if isSelected { buffer.fill(Rect(x: inner.x, y: y, width: inner.width, height: 1), style: context.style(.selection)) }
            let spans = [Span(Self.statusMark(a.status, context.symbols), a.status == .open ? .action : .muted)] + text.actionLine(a)
            buffer.write(
                isSelected ? spans.map { Span($0.text, .selection) } : spans, x: inner.x, y: y, maxWidth: inner.width, context: context)
        }
    }

    static func statusMark(_ status: ActionStatus, _ symbols: Symbols) -> String {
        switch status {
        case .open: return "[ ] "
        case .done: return symbols.isUnicode ? "[✓] " : "[x] "
        case .dropped: return "[-] "
        }
    }

    private func renderBoard(_ review: PeriodReview, in area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty else { return }
        let columns: [BoardColumn] = [.keep, .problem, .try, .action]
        for (column, rect) in zip(columns, Layout.columns(area, count: columns.count, spacing: 0)) {
            let cards = model.cards(in: column)
            let focused = model.focus == column
            let block = Block(
                title: column.title, rightTitle: cards.isEmpty ? nil : "\(cards.count)", borderRole: focused ? .accent : .border,
                titleRole: column.role)
            block.render(in: rect, buffer: &buffer, context: context)
            let inner = block.inner(rect).inset(left: 1)
            guard !inner.isEmpty else { continue }
            if cards.isEmpty {
                buffer.write(focused ? "a to add" : "—", x: inner.x, y: inner.y, style: context.style(.muted), maxWidth: inner.width)
                continue
            }
            let selected = model.rows[column] ?? 0
            // Each card wraps into the rows it needs; the one that runs out of rows ends in "…".
            let paragraphs = cards.enumerated().map { i, card in
                var label = "\(i + 1). \(card.text)"
                if case .action(let a) = card, a.status != .open { label = Self.statusMark(a.status, context.symbols) + card.text }
                let role: Role = focused && i == selected ? .selection : (Self.isClosed(card) ? .muted : .text)
                var paragraph = Paragraph(label, role: role)
                paragraph.marksHiddenRows = true
                return paragraph
            }
            let heights = paragraphs.map { $0.height(forWidth: inner.width, context: context) }
            // The first card shown: the earliest from which the selected one still fits whole.
            var first = 0
            let shown = min(max(0, selected), cards.count - 1)
            while first < shown, heights[first...shown].reduce(0, +) > inner.height { first += 1 }
            var y = inner.y
            for i in cards.indices.dropFirst(first) where y < inner.maxY {
                let card = Rect(x: inner.x, y: y, width: inner.width, height: min(heights[i], inner.maxY - y))
                if focused && i == selected { buffer.fill(card, style: context.style(.selection)) }
                paragraphs[i].render(in: card, buffer: &buffer, context: context)
                y = card.maxY
            }
        }
    }

    static func isClosed(_ card: BoardCard) -> Bool {
        if case .action(let a) = card { return a.status != .open }
        return false
    }

    /// The whole text of the selected card, with what it links to and how its metric stands.
    private func renderDetail(_ text: ReviewText, in area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        guard !area.isEmpty, let review = model.review else { return }
        var spans: [Span]
        switch model.selectedCard {
        case .item(let item)?:
            spans = [Span("\(item.kind.title): ", ReviewText.role(item.kind)), Span(text.itemText(item))]
        case .action(let a)?:
            spans = [Span("Action ", .action)] + text.actionLine(a)
            if let from = review.item(id: a.tryId) { spans.append(Span(" · from Try “\(from.text)”", .muted)) }
        case nil:
            spans = [Span(model.focus == .carried ? "" : "Nothing in \(model.focus.title) yet — a adds one.", .muted)]
        }
        buffer.write(spans, x: area.x + 1, y: area.y, maxWidth: max(0, area.width - 1), context: context)
    }
}
