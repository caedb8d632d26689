import BodiiDomain
import Foundation
import TerminalKit

/// The search line as a whole meal (PRODUCT.md §3 "What people type"): when the query holds an
/// amount or several foods ("2 eggs, toast, banana, coffee with milk"), the list shows what would
/// be logged — each part's food and amount, found by the same search — and `Enter` logs them all
/// at the meal of the hour; `Tab` / `Shift-Tab` move between the lines (the panel shows the one
/// highlighted). A line is changed by editing its words: the list follows every key.
extension FoodSearch {
    /// True while the query is read as a line of foods.
    public var isLine: Bool { line != nil }

    /// Reads the query as a line when it is one (logging only: a recipe's ingredient is one food).
    mutating func readLine() {
        guard purpose == .log, MealLine.isLine(queryText) else {
            line = nil
            return
        }
        do {
            if recentGrams == nil { recentGrams = try servingHistory() }
            let history = recentGrams ?? [:]
            line = try MealLine.resolve(queryText, catalog: catalog, lastGrams: { history[$0]?.first })
            lineSelected = min(lineSelected, max(0, (line?.entries.count ?? 1) - 1))
            error = nil
        } catch {
            line = nil
            self.error = "Search failed: \(ErrorLine.text(error))"
        }
    }

    /// The highlighted entry of the line.
    public var lineEntry: MealLine.Entry? {
        guard let entries = line?.entries, entries.indices.contains(lineSelected) else { return nil }
        return entries[lineSelected]
    }

    /// A key while the query is a line: Enter logs it, Tab moves, Esc closes, the rest types.
    mutating func handleLine(_ key: Key) -> Outcome? {
        guard let line else { return nil }
        switch key {
        case .enter:
            guard !line.entries.isEmpty else {
                notice = "Nothing in this line matches a food: change its words."
                return .stay
            }
            let records = line.entries.map { e in
                FoodLogging.record(food: e.food, grams: e.portion.grams, meal: likelyMeal, date: day, loggedAt: now)
            }
            return .logLine(records, unmatched: line.unmatched)
        case .tab, .down, .ctrl("n"):
            lineSelected = line.entries.isEmpty ? 0 : (lineSelected + 1) % line.entries.count
            return .stay
        case .backTab, .up, .ctrl("p"):
            lineSelected = line.entries.isEmpty ? 0 : (lineSelected + line.entries.count - 1) % line.entries.count
            return .stay
        default:
            return nil
        }
    }

    /// The line's keys, for the footer and help.
    static let lineActions = KeyMap(
        title: "Food search: a line of foods",
        bindings: [
            KeyBinding([.enter], help: "log every food of the line", footer: true, brief: "log all"),
            KeyBinding([.tab, .backTab], label: "Tab", help: "next / previous line of the list", footer: true, brief: "move"),
            KeyBinding([.escape], help: "close", footer: true),
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the line / a word"),
        ])
}
