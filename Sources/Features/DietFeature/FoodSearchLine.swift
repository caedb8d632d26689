import BodiiDomain
import Foundation
import TerminalKit

/// The food search's side of a line of foods (`MealLineEditor`): when the query is read as one,
/// and what Enter logs of it — every entry, at the meal of the hour.
extension FoodSearch {
    public typealias LineFocus = MealLineEditor.Focus

    /// True while the query is read as a line of foods.
    public var isLine: Bool { mealLine.line != nil }
    public var line: MealLine.Result? { mealLine.line }
    public var lineSelected: Int { mealLine.selected }
    public var lineFocus: LineFocus { mealLine.focus }
    public var lineField: TextField { mealLine.field }
    public var lineError: String? { mealLine.error }
    public var lineChoices: [Food] { mealLine.choices }
    public var lineChoice: Int { mealLine.choice }
    public var lineEntry: MealLine.Entry? { mealLine.entry }

    /// Reads the query as a line when it is one (logging only: a recipe's ingredient is one food).
    mutating func readLine() {
        guard purpose == .log, MealLine.isLine(queryText) else {
            mealLine.close()
            return
        }
        do {
            if recentGrams == nil { recentGrams = try servingHistory() }
            try mealLine.read(queryText, history: recentGrams ?? [:])
            error = nil
        } catch {
            mealLine.line = nil
            self.error = "Search failed: \(ErrorLine.text(error))"
        }
    }

    /// A key while the query is a line (nil: the query's text field takes it).
    mutating func handleLine(_ key: Key) -> Outcome? {
        switch mealLine.handle(key) {
        case .typed: return nil
        case .stay: return .stay
        case .ignored: return .ignored
        case .log: return logLine()
        }
    }

    private mutating func logLine() -> Outcome {
        guard let line = mealLine.line, !line.entries.isEmpty else {
            notice = "Nothing in this line matches a food: change its words."
            return .stay
        }
        let records = line.entries.map { e in
            FoodLogging.record(food: e.food, grams: e.portion.grams, meal: likelyMeal, date: day, loggedAt: now)
        }
        return .logLine(records, notLogged: line.unmatchedSummary)
    }
}
