import BodiiDomain
import BodiiSearch
import Foundation
import TerminalKit

/// `h` on the Diet tab (issue 15): "when did I last eat X". Type a food (or a day: 2026-11-20,
/// today, yesterday); the log's matching entries are listed newest first, from `EatingHistory`,
/// the computation `bodii history` prints. Enter goes to the selected entry's day.
public struct HistorySearch {
    public enum Outcome: Equatable {
        case stay
        case close
        /// Enter: show this entry's day with it selected.
        case show(FoodRecord)
        /// `?` or `q` with nothing typed: the shell's.
        case ignored
    }

    enum Action: Sendable {
        case move(Int)
        case show, close
    }

    static let limit = 200

    static let actions = ActionKeyMap<Action>(
        title: "History",
        [
            KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑↓ Ctrl-P/N", help: "select (j, k type)", footer: true, brief: "move")
                .performs { key in key == .up || key == .ctrl("p") ? .move(-1) : .move(1) },
            KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "page through the entries")
                .performs { key in key == .pageUp ? .move(-10) : .move(10) },
            KeyBinding([.enter], help: "go to the entry's day", footer: true, brief: "go to day").performs(.show),
            KeyBinding([.escape], help: "close", footer: true).performs(.close),
            // Done by the query's text field; listed for help.
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the query / a word").performs { _ in nil },
        ])

    public var keyMap: KeyMap { Self.actions.keyMap }

    private let source: any FoodHistoryRepository & FoodLogRepository
    public let today: LocalDate
    public private(set) var query = TextField(placeholder: "a food, or a day: 2026-11-20, yesterday", maxLength: 60)
    public private(set) var entries: [FoodRecord] = []
    public private(set) var selected = 0
    public private(set) var error: String?

    public init(source: any FoodHistoryRepository & FoodLogRepository, today: LocalDate) {
        self.source = source
        self.today = today
    }

    public var selectedEntry: FoodRecord? { entries.indices.contains(selected) ? entries[selected] : nil }
    public var hasQuery: Bool { EatingHistory.query(query.text, today: today) != nil }

    public mutating func handle(_ key: Key) -> Outcome {
        switch Self.actions.action(for: key) {
        case .close: return .close
        case .show: return selectedEntry.map(Outcome.show) ?? .stay
        case .move(let by): selected = min(max(0, selected + by), max(0, entries.count - 1))
        case nil:
            if query.text.isEmpty, key == .char("?") || key == .char("q") { return .ignored }
            let before = query.text
            _ = query.handle(key)
            if query.text != before { run() }
        }
        return .stay
    }

    private mutating func run() {
        selected = 0
        do {
            entries = try EatingHistory.entries(query.text, today: today, limit: Self.limit, in: source)
            error = nil
        } catch {
            entries = []
            self.error = "Could not read the log: \(ErrorLine.text(error))"
        }
    }
}

/// The history modal: the query, then date, meal, food, amount and kcal per entry, newest first.
struct HistorySearchView: Widget {
    let history: HistorySearch

    func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        let modal = Modal(
            title: "History — when did I eat…",
            rightTitle: history.hasQuery ? Plural.count(history.entries.count, "entry", plural: "entries") : nil,
            width: min(area.width - 2, 100), height: min(area.height, 24))
        let inner = modal.draw(in: area, buffer: &buffer, context: context).inset(left: 1, right: 1)
        guard inner.height >= 4 else { return }
        let (top, rest) = inner.splitTop(2)
        let (body, hintRow) = rest.splitBottom(1)
        let (label, field) = Rect(x: top.x, y: top.y, width: top.width, height: 1).splitLeft(8)
        buffer.write(Line("Search", .accent), in: label, context: context)
        var q = history.query
        q.isFocused = true
        q.render(in: field, buffer: &buffer, context: context)

        let window = Table.window(selected: history.selected, rowCount: history.entries.count, visibleRows: body.height - 1)
        // Foods that share a long start show the part that differs, as in the food search.
        let foodWidth = body.width - 2 - 10 - 9 - 8 - 5 - 4
        let names = DistinctNames.shorten(history.entries.map(\.foodName), width: foodWidth, ellipsis: context.symbols.ellipsis)
        let rows = window.map { i in
            let r = history.entries[i]
            return TableRow([
                Span(r.date.iso, .muted), Span(r.meal.label), Span(names[i]),
                Span(NutrientFormat.amount(r), .muted), Span(NutrientFormat.kcal(r.kcal), .accent),
            ])
        }
        let empty =
            history.error
            ?? (history.hasQuery ? "Nothing in your log matches." : "Type a food you ate, or a day (YYYY-MM-DD, today, yesterday).")
        var table = Table(
            columns: [
                TableColumn("Date", width: .length(10)), TableColumn("Meal", width: .length(9)), TableColumn("Food"),
                TableColumn("Amount", width: .length(8), alignment: .right),
                TableColumn("kcal", width: .length(5), alignment: .right),
            ],
            rows: Array(rows), selected: history.entries.isEmpty ? nil : history.selected - window.lowerBound,
            emptyMessage: empty, columnSpacing: 1)
        table.moreAbove = window.lowerBound > 0
        table.moreBelow = window.upperBound < history.entries.count
        table.render(in: body, buffer: &buffer, context: context)
        let keys = HistorySearch.actions.keyMap.bindings.filter(\.inFooter).map { "\($0.keyLabel) \($0.brief ?? $0.help)" }.joined(
            separator: " · ")
        buffer.write(Line(keys, .muted), in: hintRow, context: context)
    }
}

/// `h` as a flow: Enter shows the entry's day on the tab, with the entry selected.
public final class HistoryFlow: DietFlow {
    let tab: DietViewModel
    public private(set) var history: HistorySearch

    init(tab: DietViewModel, history: HistorySearch) {
        self.tab = tab
        self.history = history
    }

    public var keyMap: KeyMap { history.keyMap }
    public var isEditingText: Bool { true }

    public func handle(_ key: Key) -> KeyResult {
        switch history.handle(key) {
        case .stay: return .handled
        case .ignored: return .ignored
        case .close: return .close
        case .show(let entry):
            // The shared selected day moves: every tab shows that day now.
            tab.show(entry.date, selecting: entry.id, else: 0)
            tab.status = StatusMessage(
                "\(entry.foodName) on \(entry.date.shortLabel(relativeTo: tab.clock.today)) at \(entry.meal.rawValue).")
            return .requests([.closeFlows])
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        HistorySearchView(history: history).render(in: area, buffer: &buffer, context: context)
    }
}
