import BodiiDomain
import TerminalKit

/// The Nutrients view's drawing (PRODUCT.md §11): every shown nutrient with a bar against its
/// target, in two columns where they fit. Gaps in the warn role, excesses (over a limit or the
/// upper level) in the bad role, "≥" where some foods lack a value, "≈" where a value is estimated
/// from a similar food. A pure function of its values.
public struct NutrientsView: Widget {
    let report: NutrientReport?
    let day: LocalDate
    let today: LocalDate
    let selected: Int
    var error: String? = nil

    public init(report: NutrientReport?, day: LocalDate, today: LocalDate, selected: Int, error: String? = nil) {
        self.report = report
        self.day = day
        self.today = today
        self.selected = selected
        self.error = error
    }

    /// The hint line under the list (fits 76 columns).
    static let hint = "Enter which foods · g close the gap · -/+ day/week/month · [ ] day · Esc"
    /// The label column's least width (12 cells of name and a space: what 80 columns leave).
    static let minimumLabelWidth = 13
    static let valueWidth = 16
    /// The bar's least width where labels grow into a wide column.
    static let minimumBarWidth = 20

    /// The label column of a list column `columnWidth` wide: the longest label whole with a space
    /// after it where the bar and the numbers keep their room, 13 cells at least (issue 26:
    /// "Monounsatur…" cut at 12 cells even at 160 columns).
    static func labelWidth(labels: [String], columnWidth: Int) -> Int {
        let longest = labels.map { TextWidth.of($0) }.max() ?? 0
        return min(longest + 1, max(minimumLabelWidth, columnWidth - valueWidth - minimumBarWidth))
    }

    /// "Wed 25 Nov 2026 · today" / "2026-11-19 to 2026-11-25 · week average, 6 of 7 days logged".
    static func heading(_ report: NutrientReport, day: LocalDate, today: LocalDate) -> String {
        guard report.span != .day else { return day.longLabel + (day == today ? " · today" : "") }
        return "\(report.range.start.iso) to \(report.range.end.iso) · \(report.span.rawValue) average, "
            + "\(report.daysLogged) of \(report.range.dayCount) days logged"
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        // The heading is the title, so 35 nutrients fit in two columns at 80×24.
        let title = report.map { "Nutrients — " + Self.heading($0, day: day, today: today) } ?? "Nutrients"
        let modal = Modal(title: title, rightTitle: report.map { $0.span.rawValue }, width: area.width, height: area.height)
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 2, inner.width >= 20 else { return }
        let (body, hint) = inner.splitBottom(1)
        buffer.write(Line(Self.hint, .muted), in: hint, context: context)
        guard let report else {
            buffer.write(Line(error ?? "Nothing to show.", error == nil ? .muted : .bad), in: body.splitTop(1).0, context: context)
            return
        }
        let rows = report.statuses
        var listArea = body
        if report.daysLogged == 0 || rows.isEmpty {
            let message =
                rows.isEmpty ? "Every nutrient is hidden: Settings → Nutrients shows them again." : "Nothing logged — a or / adds food."
            buffer.write(Line(message, .muted), in: body.splitTop(1).0, context: context)
            listArea = body.inset(top: 1)
        }
        guard !rows.isEmpty, listArea.height > 0 else { return }
        let columns = listArea.width >= 2 * 34 + 2 ? 2 : 1
        // Balanced columns while everything fits; pages of whole columns otherwise.
        let perColumn = max(1, min(listArea.height, (rows.count + columns - 1) / columns))
        let perPage = perColumn * columns
        let first = (selected / perPage) * perPage
        let columnWidth = (listArea.width - (columns - 1) * 2) / columns
        let labelWidth = Self.labelWidth(labels: rows.map(\.key.label), columnWidth: columnWidth)
        for i in first..<min(rows.count, first + perPage) {
            let column = (i - first) / perColumn, row = (i - first) % perColumn
            let rect = Rect(x: listArea.x + column * (columnWidth + 2), y: listArea.y + row, width: columnWidth, height: 1)
            NutrientRow(status: rows[i], isSelected: i == selected, labelWidth: labelWidth).render(
                in: rect, buffer: &buffer, context: context)
        }
    }
}

/// One nutrient: label, bar against the target, "amount/target unit".
struct NutrientRow: Widget {
    let status: NutrientStatus
    let isSelected: Bool
    /// Cells for the name and the space after it (`NutrientsView.labelWidth`).
    let labelWidth: Int

    /// The bar's role: a gap warns, an excess is bad.
    var role: Role {
        switch status.level {
        case .under: .warn
        case .over: .bad
        case .fine: .good
        case .unknown, .noTarget: .muted
        }
    }

    /// "≥ 82/90 mg", "≈ 0.9/2.4 µg" with an estimated value in it, "45 mg" without a target, "— mg"
    /// when no food knows it.
    static func valueText(_ s: NutrientStatus) -> String {
        let unit = s.key.shownUnit
        guard let amount = s.amount else { return "— " + unit }
        let prefix = s.qualifier
        let target = s.target?.amount.map { "/" + NutrientAmount.text($0) } ?? ""
        return prefix + NutrientAmount.text(amount) + target + " " + unit
    }

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let (labelRect, rest) = area.splitLeft(min(labelWidth, area.width))
        let label = Truncation.cut(status.key.label, to: labelRect.width - 1, marker: context.symbols.ellipsis)
        buffer.write(Line(label, isSelected ? .selection : .text), in: labelRect, context: context)
        let text = Self.valueText(status)
        let (barRect, textRect) = rest.splitRight(min(rest.width, NutrientsView.valueWidth))
        buffer.write(Line(text, status.level == .over ? .bad : .text), in: textRect, alignment: .right, context: context)
        let bar = barRect.inset(right: 1)
        guard !bar.isEmpty, status.target?.amount != nil else { return }
        let share = min(1, max(0, status.share ?? 0))
        let filled = Int((share * Double(bar.width)).rounded())
        for i in 0..<bar.width {
            let on = i < filled
            buffer.write(
                on ? context.symbols.full : context.symbols.empty, x: bar.x + i, y: bar.y, style: context.style(on ? role : .muted))
        }
    }
}

/// Nutrient amounts as people read them (`NutrientFormat.reading`, shared with the plan).
enum NutrientAmount {
    static func text(_ v: Double) -> String { NutrientFormat.reading(v) }
}
