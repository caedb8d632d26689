import BodiiDomain
import TerminalKit

/// Enter in the Nutrients view: which of the day's foods gave how much of one nutrient, largest
/// first; entries that do not know it last, as "—".
public final class NutrientSourcesFlow: DietFlow {
    let tab: DietViewModel
    public let key: NutrientKey
    let day: LocalDate
    public let sources: [NutrientSource]
    private var first = 0

    init(tab: DietViewModel, key: NutrientKey, day: LocalDate, sources: [NutrientSource]) {
        self.tab = tab
        self.key = key
        self.day = day
        self.sources = sources
    }

    public var keyMap: KeyMap { NutrientListKeys.keyMap(title: "Foods giving \(key.label)") }

    public func handle(_ key: Key) -> KeyResult {
        if key == .escape || key == .enter { return .close }
        if let move = ListMove(key) { first = move.apply(to: first, count: sources.count) }
        return .handled
    }

    /// "≈ from Rice, white, long-grain, …": where an entry's amount is estimated, the food it came
    /// from (the whole SR24 name fits the 76 columns an 80-column screen leaves).
    var estimateNote: String? {
        let donors = Set(sources.compactMap(\.estimatedFrom))
        guard let donor = donors.first else { return nil }
        return donors.count == 1 ? "≈ from \(donor)" : "≈ from similar USDA SR24 foods"
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let total = sources.compactMap(\.amount).reduce(0, +)
        let unit = key.shownUnit
        let rows = sources.map { s in
            TableRow([
                Span((s.estimatedFrom == nil ? "" : "≈ ") + s.foodName), Span(s.grams.map { NutrientFormat.number($0, decimals: 0) + " g" } ?? (s.isSupplement ? "suppl." : "quick"), .muted),
                Span(s.amount.map { NutrientAmount.text($0) + " " + unit } ?? "—", s.amount == nil ? .muted : .text),
                Span(s.amount.map { total > 0 ? WholeNumber.text($0 / total * 100) + " %" : "" } ?? "", .muted),
            ])
        }
        NutrientListModal(
            title: "\(key.label) on \(day.shortLabel(relativeTo: tab.clock.today))",
            rightTitle: "\(NutrientAmount.text(total)) \(unit)",
            columns: [
                TableColumn("Food"), TableColumn("Amount", width: .length(7), alignment: .right),
                TableColumn(key.label, width: .length(10), alignment: .right), TableColumn("Share", width: .length(5), alignment: .right),
            ],
            // What the reader must know about this figure, where there is something (water: drinks count).
            rows: rows, first: first, empty: "Nothing logged on this day.", hint: estimateNote ?? key.caveat ?? "j/k scroll · Esc back"
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}

/// `g` in the Nutrients view: the foods the user eats, ranked by how much of the week's average
/// gap a usual portion closes (10 % at least), with its kcal and the share per unit of money where
/// a price is known.
public final class CloseTheGapFlow: DietFlow {
    let tab: DietViewModel
    public let key: NutrientKey
    public let gap: Double
    public let suggestions: [CloseTheGap.Suggestion]
    private var first = 0

    init(tab: DietViewModel, key: NutrientKey, gap: Double, suggestions: [CloseTheGap.Suggestion]) {
        self.tab = tab
        self.key = key
        self.gap = gap
        self.suggestions = suggestions
    }

    public var keyMap: KeyMap { NutrientListKeys.keyMap(title: "Close the \(key.label) gap") }

    public func handle(_ key: Key) -> KeyResult {
        if key == .escape || key == .enter { return .close }
        if let move = ListMove(key) { first = move.apply(to: first, count: suggestions.count) }
        return .handled
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let unit = key.shownUnit
        let rows = suggestions.map { s in
            TableRow([
                Span(s.food.origin == .pantry ? s.food.name + " (pantry)" : s.food.name),
                Span(NutrientFormat.number(s.food.usualGrams, decimals: 0) + " g", .muted),
                Span(NutrientAmount.text(s.portionAmount) + " " + unit),
                Span(WholeNumber.text(s.gapShare * 100) + " %", s.gapShare >= 1 ? .good : .text),
                Span(NutrientFormat.kcal(s.portionKcal), .muted),
                Span(s.sharePerMoney.map { WholeNumber.text($0 * 100) + " %" } ?? "—", .muted),
            ])
        }
        NutrientListModal(
            title: "Close the \(key.label) gap",
            rightTitle: "short \(NutrientAmount.text(gap)) \(unit)/day",
            columns: [
                TableColumn("Food you eat"), TableColumn("Usual", width: .length(6), alignment: .right),
                TableColumn("Gives", width: .length(9), alignment: .right), TableColumn("Gap", width: .length(5), alignment: .right),
                TableColumn("kcal", width: .length(4), alignment: .right),
                TableColumn("Gap/1", width: .length(5), alignment: .right),
            ],
            rows: rows, first: first,
            empty: "No usual portion of a food you eat (\(CloseTheGap.historyDays) days, pantry) closes 10 % of it.",
            hint: "most of the gap first · Gap/1: gap closed per unit of money · Esc back"
        )
        .render(in: area, buffer: &buffer, context: context)
    }
}

enum NutrientListKeys {
    static func keyMap(title: String) -> KeyMap {
        KeyMap(
            title: title,
            bindings: [
                KeyBinding([.char("j"), .char("k"), .down, .up], label: "j/k", help: "scroll"),
                KeyBinding([.escape, .enter], label: "Esc", help: "back to the nutrients", footer: true, brief: "back"),
            ])
    }
}

/// A modal with a title, a table from row `first`, and a hint line.
struct NutrientListModal: Widget {
    let title: String
    let rightTitle: String?
    let columns: [TableColumn]
    let rows: [TableRow]
    let first: Int
    let empty: String
    let hint: String

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(title: title, rightTitle: rightTitle, width: min(area.width - 2, 96), height: min(area.height, 22))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 3 else { return }
        let (body, hintRow) = inner.splitBottom(1)
        let start = min(first, max(0, rows.count - 1))
        var table = Table(
            columns: columns, rows: Array(rows.dropFirst(start)), selected: nil, emptyMessage: empty, columnSpacing: 1)
        table.moreAbove = start > 0
        table.moreBelow = rows.count - start > body.height - 1
        table.render(in: body, buffer: &buffer, context: context)
        buffer.write(Line(hint, .muted), in: hintRow, context: context)
    }
}
