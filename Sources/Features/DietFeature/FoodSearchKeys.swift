import BodiiDomain
import Foundation
import TerminalKit

/// What a key does in a step of the food search: one table per step (`actions(for:purpose:)`)
/// drives both `FoodSearch.handle` and the footer and help (`FoodSearch.keyMap`), so they cannot drift.
enum FoodSearchAction: Sendable {
    case close, back, choose, next, save, newFood, quickAdd, favourite, renameMeal, deleteMeal
    /// Move the selection by this many rows (the meal list wraps around).
    case move(Int)
    case meal(Meal)
    /// A digit typed in the serving step starts the amount with it.
    case startAmount(Character)

    /// Keys the shell keeps where nothing is typed: help and quit.
    static let shellKeys: [Key] = [.char("?"), .char("q")]
    static let amountKeys: [Key] = Array("0123456789.,").map { Key.char($0) }

    static let foodActions = ActionKeyMap<FoodSearchAction>(
        title: "Food search",
        [
            KeyBinding([.up, .down, .ctrl("p"), .ctrl("n")], label: "↑↓ Ctrl-P/N", help: "select (j, k type)", footer: true, brief: "move")
                .performs { key in key == .up || key == .ctrl("p") ? .move(-1) : .move(1) },
            KeyBinding([.enter], help: "choose", footer: true).performs(.choose),
            KeyBinding([.ctrl("o")], help: "new custom food", footer: true, brief: "new").performs(.newFood),
            KeyBinding(
                [.ctrl("t")], label: "Ctrl-T", help: "quick add: kcal (and P/C/F) without a food", footer: true,
                brief: "quick add"
            ).performs(.quickAdd),
            KeyBinding([.escape], help: "close", footer: true).performs(.close),
            KeyBinding([.char("*")], help: "mark or unmark the selected food as a favourite (listed first)").performs(.favourite),
            KeyBinding([.ctrl("r")], label: "Ctrl-R", help: "rename the selected saved meal").performs(.renameMeal),
            KeyBinding([.ctrl("x")], label: "Ctrl-X", help: "delete the selected saved meal (y/n)").performs(.deleteMeal),
            KeyBinding([.pageUp, .pageDown], label: "PgUp/PgDn", help: "page through the results")
                .performs { key in key == .pageUp ? .move(-10) : .move(10) },
            // Done by the query's text field; listed for help.
            KeyBinding([.ctrl("u"), .ctrl("w")], label: "Ctrl-U/W", help: "clear the query / a word").performs { _ in nil },
        ])

    static let servingActions = ActionKeyMap<FoodSearchAction>(
        title: "Serving",
        [
            KeyBinding(
                [.char("j"), .char("k"), .up, .down, .ctrl("p"), .ctrl("n"), .left, .right, .tab], label: "j/k",
                help: "choose a serving", footer: true, brief: "select"
            )
            .performs { key in [.char("k"), .up, .ctrl("p"), .left].contains(key) ? .move(-1) : .move(1) },
            KeyBinding([.enter], help: "next: amount", footer: true, brief: "amount").performs(.next),
            KeyBinding([.escape], help: "back", footer: true).performs(.back),
            KeyBinding(amountKeys, label: "0–9", help: "type the amount at once", footer: true, brief: "type it").performs { key in
                if case .char(let c) = key { return .startAmount(c) }
                return nil
            },
        ])

    static let amountActions = ActionKeyMap<FoodSearchAction>(
        title: "Amount",
        [
            KeyBinding([.enter], help: "next: meal", footer: true, brief: "meal").performs(.next),
            KeyBinding([.escape], help: "back", footer: true).performs(.back),
        ])

    static let ingredientAmountActions = ActionKeyMap<FoodSearchAction>(
        title: "Amount",
        [
            KeyBinding([.enter], help: "add the ingredient", footer: true, brief: "add").performs(.next),
            KeyBinding([.escape], help: "back", footer: true).performs(.back),
        ])

    static let mealActions = ActionKeyMap<FoodSearchAction>(
        title: "Meal",
        [
            KeyBinding(
                [.char("j"), .char("k"), .up, .down, .left, .right, .ctrl("p"), .ctrl("n"), .tab, .backTab], label: "j/k",
                help: "choose the meal", footer: true, brief: "select"
            )
            .performs { key in [.char("k"), .up, .left, .ctrl("p"), .backTab].contains(key) ? .move(-1) : .move(1) },
            KeyBinding(
                [.char("b"), .char("l"), .char("d"), .char("s")], label: "b l d s", help: "breakfast, lunch, dinner, snacks",
                footer: true, brief: "meal"
            ).performs { key in
                switch key {
                case .char("b"): return .meal(.breakfast)
                case .char("l"): return .meal(.lunch)
                case .char("d"): return .meal(.dinner)
                default: return .meal(.snacks)
                }
            },
            KeyBinding([.enter], help: "save", footer: true).performs(.save),
            KeyBinding([.escape], help: "back", footer: true).performs(.back),
        ])

    static func actions(for step: FoodSearch.Step, purpose: FoodSearch.Purpose = .log) -> ActionKeyMap<FoodSearchAction> {
        switch step {
        case .food: return foodActions
        case .serving: return servingActions
        case .amount: return purpose == .ingredient ? ingredientAmountActions : amountActions
        case .meal: return mealActions
        }
    }
}

extension FoodSearch {
    typealias Action = FoodSearchAction

    /// The keys for help and footer: the rename dialog's, the line's while the query is one, else the step's.
    public var keyMap: KeyMap {
        if renaming != nil { return .formDialog(title: "Rename saved meal", saveHelp: "rename", cancelHelp: "keep the name") }
        if step == .food, isLine { return mealLine.keyMap }
        var map = Action.actions(for: step, purpose: purpose).keyMap
        // An ingredient is a food: no quick add.
        if purpose == .ingredient { map.bindings.removeAll { $0.keys.contains(.ctrl("t")) } }
        return map
    }
}
