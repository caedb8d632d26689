import BodiiDomain
import GroceryPlanner
import TerminalKit

/// The plan drawn (PRODUCT.md §13): the menu's day (`PlanMenuView`, when the plan has meals), a
/// table of its foods — what to buy in the units bought before and its cost, what comes from
/// stock — then the total against the budget and the day's nutrients against the targets. When no
/// plan fits, the reason first. Fits 80×24.
@MainActor
struct PlanView {
    let plan: GroceryPlan
    let selected: Int
    /// The menu's day shown above the shopping table (`PlanMenuView`).
    var day = 0

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        guard !area.isEmpty else { return }
        let input = plan.input
        let block = Block(title: "Plan · next \(Plural.count(input.days, "day"))", rightTitle: "\(Plural.count(plan.items.count, "food"))")
        block.render(in: area, buffer: &buffer, context: context)
        var inner = block.inner(area).inset(left: 1, right: 1)
        guard !inner.isEmpty else { return }
        let head = headLines(), nutrients = nutrientParts()
        let measure = { (spans: [Span]) in Self.drawnWidth(spans, context) }
        let wanted = head.count + Self.pack(nutrients, width: inner.width, rows: .max, measure: measure).count
        if let why = plan.explanation {
            // The reason gets the rows it needs (every shortfall it names), down to a header and
            // a few foods in the table (issue 26: cut to 2 rows at 80×24, a second shortfall lost).
            var paragraph = Paragraph(why, role: plan.feasible ? .warn : .bad)
            paragraph.marksHiddenRows = true
            // With a menu, the reason keeps to 3 rows: the day's meals come first.
            let menuRows = plan.menu.isEmpty ? 0 : PlanMenuView(plan: plan, day: day).height + 1
            let room = max(2, min(inner.height - min(3, wanted) - Self.fewestTableRows, menuRows > 0 ? 3 : .max))
            let (top, rest) = inner.splitTop(min(paragraph.height(forWidth: inner.width, context: context), room, inner.height))
            paragraph.render(in: top, buffer: &buffer, context: context)
            inner = rest
        }
        // The menu's day on top (meal mode), as many meals as leave the table its fewest rows.
        let menu = PlanMenuView(plan: plan, day: day)
        if menu.height > 0 {
            let rows = min(menu.height, max(0, inner.height - Self.fewestTableRows - min(3, wanted) - 1))
            let (top, rest) = inner.splitTop(rows)
            menu.render(in: top, buffer: &buffer, context: context)
            inner = rest.splitTop(min(1, rest.height)).1
        }
        // The nutrients take more rows where the table can spare them; those left out are counted.
        let summaryHeight = min(wanted, max(min(3, inner.height), inner.height - Self.fewestTableRows - plan.items.count))
        let (tableArea, summaryArea) = inner.splitBottom(summaryHeight)
        renderTable(tableArea, &buffer, context)
        let lines = head + Self.pack(nutrients, width: inner.width, rows: summaryHeight - head.count, measure: measure)
        for (i, line) in lines.prefix(summaryArea.height).enumerated() {
            buffer.write(line, in: Rect(x: summaryArea.x, y: summaryArea.y + i, width: summaryArea.width, height: 1), context: context)
        }
    }

    /// The table's header and three foods: what the reason and the summary leave at least.
    static let fewestTableRows = 4

    private func renderTable(_ area: Rect, _ buffer: inout Buffer, _ context: RenderContext) {
        let columns = [
            TableColumn("Food"), TableColumn("Eat", width: .length(7), alignment: .right),
            TableColumn("Buy", width: .length(14), alignment: .right), TableColumn("Cost", width: .length(8), alignment: .right),
            TableColumn("Stock", width: .length(7), alignment: .right),
        ]
        let items = plan.items
        let window = Table.window(selected: selected, rowCount: items.count, visibleRows: area.height - 1)
        let rows: [TableRow] = window.map { i in
            let item = items[i]
            return TableRow([
                Span(item.name), Span(grams(item.grams), .muted), Span(Self.buyText(item)),
                Span(item.quantity > 0 ? item.cost.formatted : "—", .muted),
                Span(item.fromStockGrams > 0 ? grams(item.fromStockGrams) : "—", .muted),
            ])
        }
        var table = Table(
            columns: columns, rows: rows, selected: items.isEmpty ? nil : selected - window.lowerBound,
            // With a reason above (a new user's says what to log and buy), the empty table says nothing.
            emptyMessage: plan.explanation == nil ? "Nothing to plan from: log meals and buy food first" : "", columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < items.count
        table.render(in: area, buffer: &buffer, context: context)
    }

    func grams(_ g: Double) -> String { WholeNumber.text(g) + " g" }

    /// "3 pieces", "2 × 500 g": whole packs; "—" when all is from stock.
    static func buyText(_ item: PlanItem) -> String {
        guard item.quantity > 0 else { return "—" }
        return (item.buyUnit ?? .hundredGrams).label(packs: item.quantity)
    }

    /// "Vitamin D 8/≥15 µg": a figure against its target, green when met.
    static func part(_ label: String, _ value: String, _ target: String, ok: Bool, partial: Bool = false) -> [Span] {
        [Span(label + " ", .muted), Span((partial ? "≥" : "") + value, ok ? .good : .bad), Span("/" + target, .muted)]
    }

    /// The total against the budget, and the day's kcal and protein.
    private func headLines() -> [Line] {
        let input = plan.input, d = plan.reportedPerDay, t = input.targets
        var money = [Span("Total ", .muted), Span(plan.cost.formatted)]
        if let budget = input.budget {
            money += [Span(" of ", .muted), Span(budget.formatted), Span(" budget", .muted)]
            let left = budget - plan.cost
            money += [Span(" · left ", .muted), Span(left.formatted, left.minorUnits < 0 ? .bad : .good)]
        }
        let kcal = d["kcal"] ?? 0, protein = d["protein_g"] ?? 0
        var day = [Span("A day: ", .muted)]
        day += Self.part(
            "kcal", WholeNumber.text(kcal), WholeNumber.text(t.kcal), ok: abs(kcal - t.kcal) <= t.kcal * PlanRules.kcalTolerance + 1)
        // ≥ and ≤ as the other screens write them: an ASCII buffer turns them into >= and <=.
        day +=
            [Span("  ")]
            + Self.part("protein", WholeNumber.text(protein), "≥" + WholeNumber.text(t.proteinG) + " g", ok: protein >= t.proteinG - 0.5)
        return [Line(money), Line(day)]
    }

    /// The nutrients with targets under the names the Nutrients view uses: missed first, then
    /// those the plan sits on, then the rest, so what matters comes first.
    private func nutrientParts() -> [[Span]] {
        let d = plan.reportedPerDay, t = plan.input.targets
        let binding = Set(plan.binding.map(\.constraint))
        let keys = t.nutrients.keys.compactMap { key -> (key: NutrientKey, amount: Double, ok: Bool, rank: Int)? in
            guard let target = t.nutrients[key], let amount = target.amount else { return nil }
            let value = d[key.rawValue] ?? 0
            let ok = target.kind == .goal ? value >= amount - 0.5 : value <= amount + 0.5
            let bound = binding.contains(.nutrientGoal(key)) || binding.contains(.nutrientLimit(key))
            return (key, amount, ok, ok ? (bound ? 1 : 2) : 0)
        }.sorted { ($0.rank, $0.key) < ($1.rank, $1.key) }
        return keys.compactMap { key, amount, ok, _ in
            guard let target = t.nutrients[key] else { return nil }
            // Amounts as the Nutrients view writes them ("0.44/0.9 mg", not "0/≥1 mg").
            let bound = (target.kind == .goal ? "≥" : "≤") + NutrientFormat.reading(amount) + " " + key.unit.rawValue
            return Self.part(key.label, NutrientFormat.reading(d[key.rawValue] ?? 0), bound, ok: ok, partial: plan.partial.contains(key))
        }
    }

    /// `parts` as many to a row as fit `width`, in at most `rows` rows, indented under "A day: ";
    /// when some do not fit, the last row ends in "+N more" (it was cut mid-name).
    static func pack(_ parts: [[Span]], width: Int, rows: Int, measure: ([Span]) -> Int) -> [Line] {
        guard rows > 0, !parts.isEmpty else { return [] }
        func spans(_ row: [[Span]]) -> [Span] {
            [Span("       ")] + row.enumerated().flatMap { i, p in (i == 0 ? [] : [Span("  ")]) + p }
        }
        var full: [[[Span]]] = [], current: [[Span]] = [], placed = 0
        for p in parts {
            if !current.isEmpty, measure(spans(current + [p])) > width {
                if full.count + 1 == rows { break }
                full.append(current)
                current = []
            }
            current.append(p)
            placed += 1
        }
        var last = spans(current)
        if placed < parts.count {
            func more(_ n: Int) -> Span { Span("  +\(n) more", .muted) }
            while !current.isEmpty, measure(spans(current) + [more(parts.count - placed)]) > width {
                current.removeLast()
                placed -= 1
            }
            last = spans(current) + [more(parts.count - placed)]
        }
        return (full.map(spans) + [last]).map { Line($0) }
    }

    /// Cells `spans` take as drawn: an ASCII screen writes "≥" as ">=".
    static func drawnWidth(_ spans: [Span], _ context: RenderContext) -> Int {
        let text = spans.map(\.text).joined()
        return TextWidth.of(context.symbols.isUnicode ? text : ASCIIText.transliterate(text))
    }
}
