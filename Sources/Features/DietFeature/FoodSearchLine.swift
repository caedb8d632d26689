import BodiiDomain
import Foundation
import TerminalKit

/// The search line as a whole meal (PRODUCT.md §3 "What people type"): when the query holds an
/// amount or several foods ("2 eggs, toast, banana, coffee with milk"), the list shows what would
/// be logged — each part's food and amount, found by the same search — and `Enter` logs them all
/// at the meal of the hour. `Tab` moves to the list (the panel shows the line highlighted), where
/// `e` changes a line's amount in place and `f` its food, among what its words find; Esc backs
/// out one level and never logs. Typing changes the line's words: the list follows every key.
extension FoodSearch {
    /// True while the query is read as a line of foods.
    public var isLine: Bool { line != nil }

    /// Where keys go while the query is a line: the query (typing), the list (a line highlighted:
    /// `e` its amount, `f` its food), the highlighted line's amount field, or its food's choices.
    public enum LineFocus: Equatable, Sendable { case query, list, amount, food }

    /// Reads the query as a line when it is one (logging only: a recipe's ingredient is one food).
    /// Lines changed by hand (`e`, `f`) keep the change while the part's words stay the same.
    mutating func readLine() {
        guard purpose == .log, MealLine.isLine(queryText) else {
            line = nil
            lineFocus = .query
            return
        }
        do {
            if recentGrams == nil { recentGrams = try servingHistory() }
            let history = recentGrams ?? [:]
            var resolved = try MealLine.resolve(queryText, catalog: catalog, lastGrams: { history[$0]?.first }, lookups: lineLookups)
            for i in resolved.entries.indices {
                if let changed = lineChanges[resolved.entries[i].text] { resolved.entries[i] = changed }
            }
            line = resolved
            lineSelected = min(lineSelected, max(0, resolved.entries.count - 1))
            if resolved.entries.isEmpty { lineFocus = .query }
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

    /// A key while the query is a line (nil: the query's text field takes it).
    mutating func handleLine(_ key: Key) -> Outcome? {
        guard let line else { return nil }
        switch lineFocus {
        case .query:
            switch key {
            case .enter: return logLine(line)
            case .tab, .down, .ctrl("n"):
                if !line.entries.isEmpty { lineFocus = .list }
                return .stay
            case .backTab, .up, .ctrl("p"):
                guard !line.entries.isEmpty else { return .stay }
                lineFocus = .list
                moveLine(-1)
                return .stay
            default: return nil
            }
        case .list:
            switch key {
            case .enter: return logLine(line)
            case .tab, .down, .ctrl("n"), .char("j"): moveLine(1)
            case .backTab, .up, .ctrl("p"), .char("k"): moveLine(-1)
            case .char("e"): startLineAmount()
            case .char("f"): startLineFood()
            case .escape, .char("/"): lineFocus = .query
            case .char("?"), .char("q"): return .ignored
            default:
                // Anything else types into the query again.
                lineFocus = .query
                return nil
            }
            return .stay
        case .amount:
            switch key {
            case .enter: setLineAmount()
            case .escape:
                lineFocus = .list
                lineError = nil
            default:
                _ = lineField.handle(key)
                lineError = nil
            }
            return .stay
        case .food:
            switch key {
            case .enter: pickLineFood()
            case .escape:
                lineFocus = .list
                lineError = nil
            case .tab, .down, .ctrl("n"), .char("j"):
                lineChoice = min(lineChoice + 1, max(0, lineChoices.count - 1))
                lineError = nil
                loadLineChoice()
            case .backTab, .up, .ctrl("p"), .char("k"):
                lineChoice = max(0, lineChoice - 1)
                lineError = nil
                loadLineChoice()
            case .char("?"), .char("q"): return .ignored
            default: break
            }
            return .stay
        }
    }

    private mutating func logLine(_ line: MealLine.Result) -> Outcome {
        guard !line.entries.isEmpty else {
            notice = "Nothing in this line matches a food: change its words."
            return .stay
        }
        let records = line.entries.map { e in
            FoodLogging.record(food: e.food, grams: e.portion.grams, meal: likelyMeal, date: day, loggedAt: now)
        }
        return .logLine(records, notLogged: line.unmatchedSummary)
    }

    private mutating func moveLine(_ by: Int) {
        guard let n = line?.entries.count, n > 0 else { return }
        lineSelected = ((lineSelected + by) % n + n) % n
    }

    /// `e`: the highlighted line's amount in a field, as many of its serving (grams when none),
    /// or any amount with a unit ("150 g", "2 slices"), read as the amount step reads it.
    private mutating func startLineAmount() {
        guard let e = lineEntry else { return }
        lineField = TextField(
            text: ServingChoice(e.portion.serving).amountText(forGrams: e.portion.grams), maxLength: Validation.maxInputLength,
            selected: true)
        lineError = nil
        lineFocus = .amount
    }

    private mutating func setLineAmount() {
        guard var e = lineEntry else { return }
        do throws(ValidationError) {
            e.portion = try FoodPortions.portion(lineField.text, of: e.food, counting: e.portion.serving)
            e.portion.source = .typed
        } catch {
            lineError = error.inlineMessage
            return
        }
        change(e, amountEdited: true)
        lineFocus = .list
    }

    /// `f`: the foods the highlighted line's words find, to pick another.
    private mutating func startLineFood() {
        guard let e = lineEntry else { return }
        do {
            lineChoices = try catalog.searchCatalogListing(e.part.food, limit: Self.lineChoiceLimit).foods
        } catch {
            lineError = "Search failed: \(ErrorLine.text(error))"
            return
        }
        lineChoice = lineChoices.firstIndex { $0.id == e.food.id } ?? 0
        lineError = nil
        lineFocus = .food
        loadLineChoice()
    }

    /// The highlighted choice read whole (a listing holds only kcal and the macros), once per food:
    /// the panel shows its nutrients, and Enter logs the food read here.
    mutating func loadLineChoice() {
        guard lineChoices.indices.contains(lineChoice) else { return }
        let id = lineChoices[lineChoice].id
        guard previews[id] == nil else { return }
        do {
            previews[id] = try catalog.food(id: id)
        } catch {
            lineError = "Could not read the food: \(ErrorLine.text(error))"
        }
    }

    /// The highlighted choice as read whole (nil until read, or when it left the catalog).
    var lineChoiceFood: Food? {
        lineChoices.indices.contains(lineChoice) ? previews[lineChoices[lineChoice].id] : nil
    }

    /// What the line would log of `food` if picked for `e`: an amount edited by hand keeps its
    /// grams, an amount typed in the line is read for this food, else this food's own default.
    func linePortion(of food: Food, for e: MealLine.Entry) throws(ValidationError) -> FoodPortion {
        if lineEdited.contains(e.text) { return FoodPortion(grams: e.portion.grams, serving: nil) }
        if let amount = e.part.amount { return try FoodPortions.portion(amount, of: food) }
        return UsualPortion.portion(for: food, lastGrams: recentGrams?[food.id]?.first)
    }

    static let lineChoiceLimit = 20

    /// Enter on a choice: the line logs that food, at the amount typed for it (an amount edited
    /// by hand keeps its grams), else that food's own default portion.
    private mutating func pickLineFood() {
        guard var e = lineEntry, lineChoices.indices.contains(lineChoice) else { return }
        loadLineChoice()
        guard lineError == nil else { return }
        guard let food = lineChoiceFood else {
            lineError = "\(lineChoices[lineChoice].name) is no longer in the catalog."
            return
        }
        do throws(ValidationError) {
            e.portion = try linePortion(of: food, for: e)
            e.food = food
        } catch {
            lineError = error.inlineMessage
            return
        }
        change(e, amountEdited: false)
        lineFocus = .list
    }

    private mutating func change(_ e: MealLine.Entry, amountEdited: Bool) {
        lineChanges[e.text] = e
        if amountEdited { lineEdited.insert(e.text) }
        line?.entries[lineSelected] = e
        lineError = nil
    }

    /// The line's keys for the footer and help, by where the keys go.
    var lineKeyMap: KeyMap {
        switch lineFocus {
        case .query: return Self.lineActions
        case .list: return Self.lineListActions
        case .amount: return Self.lineAmountActions
        case .food: return Self.lineFoodActions
        }
    }

    static let lineActions = KeyMap(
        title: "Food search: a line of foods",
        bindings: [
            KeyBinding([.enter], help: "log every food of the line", footer: true, brief: "log all"),
            KeyBinding([.tab, .backTab], label: "Tab", help: "to the list: change a line's food or amount", footer: true, brief: "edit"),
            KeyBinding([.escape], help: "close, nothing logged", footer: true, brief: "close"),
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the line / a word"),
        ])

    static let lineListActions = KeyMap(
        title: "Food search: the line's list",
        bindings: [
            KeyBinding([.char("j"), .char("k"), .tab, .backTab, .up, .down], label: "j/k", help: "next / previous line", footer: true, brief: "move"),
            KeyBinding([.char("e")], help: "change the line's amount", footer: true, brief: "amount"),
            KeyBinding([.char("f")], help: "change the line's food (from what its words find)", footer: true, brief: "food"),
            KeyBinding([.enter], help: "log every food of the line", footer: true, brief: "log all"),
            KeyBinding([.escape, .char("/")], label: "Esc", help: "back to typing the line", footer: true, brief: "type"),
        ])

    static let lineAmountActions = KeyMap(
        title: "Food search: a line's amount",
        bindings: [
            KeyBinding([.enter], help: "set the amount: a number of the serving, or 150 g, 2 slices, 1 cup", footer: true, brief: "set"),
            KeyBinding([.escape], help: "keep the amount", footer: true, brief: "keep"),
        ])

    static let lineFoodActions = KeyMap(
        title: "Food search: a line's food",
        bindings: [
            KeyBinding([.char("j"), .char("k"), .up, .down], label: "j/k", help: "choose a food", footer: true, brief: "move"),
            KeyBinding([.enter], help: "log this food for the line", footer: true, brief: "pick"),
            KeyBinding([.escape], help: "keep the food", footer: true, brief: "keep"),
        ])
}
