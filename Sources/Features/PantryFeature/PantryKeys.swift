import BodiiUI
import TerminalKit

/// What a key does in a view of the Pantry tab: one table per view (`actions(for:)`) drives both
/// `PantryViewModel.handle` and the footer and help, so they cannot drift.
enum PantryAction: Sendable {
    case show(PantryView)
    case add, use, waste, itemSettings, buyNow, buyWithPrice, edit, delete, undo, belowMinimum, replaceSoon,
        setBudget, plan
    case move(ListMove)

    static let viewKeys: [BoundKey<PantryAction>] = [
        KeyBinding(
            [.char("s"), .char("l"), .char("p")], label: "s l p", help: "stock / shopping list / prices", footer: true, brief: "views"
        )
        .performs { key in
            switch key {
            case .char("l"): return .show(.list)
            case .char("p"): return .show(.prices)
            default: return .show(.stock)
            }
        },
        KeyBinding([.char("B")], help: "set the grocery budget (amount per week or month)").performs(.setBudget),
        KeyBinding([.char("P")], help: "plan the next 7 days' food within the budget (PRODUCT.md §13)").performs(.plan),
    ]

    static let stockActions = ActionKeyMap<PantryAction>(
        title: "Pantry · Stock",
        [
            KeyBinding([.char("a")], help: "add to stock (a catalog food or any name)", footer: true, brief: "add").performs(.add),
            KeyBinding([.enter], help: "use some (from the lot that expires first)", footer: true, brief: "use").performs(.use),
            KeyBinding([.char("w")], help: "waste some (its price counts as waste)", footer: true, brief: "waste").performs(.waste),
            KeyBinding([.char("i")], help: "shelf life, minimum, take when logging").performs(.itemSettings),
            KeyBinding([.char("x")], help: "delete a purchase entered by mistake (nothing used from it)").performs(.delete),
            KeyBinding([.char("u")], help: "undo the last deleted purchase").performs(.undo),
        ] + viewKeys + ListMove.actions("in the stock") { .move($0) })

    static let listActions = ActionKeyMap<PantryAction>(
        title: "Pantry · Shopping list",
        [
            KeyBinding([.char("b")], help: "buy at the expected price, in one key", footer: true, brief: "buy").performs(.buyNow),
            KeyBinding([.enter], help: "buy, typing the price paid", footer: true, brief: "buy at…").performs(.buyWithPrice),
            KeyBinding([.char("a")], help: "add to the list (a catalog food or any name)", footer: true, brief: "add").performs(.add),
            KeyBinding([.char("m")], help: "add the items below their minimum stock").performs(.belowMinimum),
            KeyBinding([.char("r")], help: "add replacements for what must be used soon").performs(.replaceSoon),
            KeyBinding([.char("e")], help: "edit the selected entry's quantity and store").performs(.edit),
            KeyBinding([.char("x")], help: "remove the selected entry").performs(.delete),
            KeyBinding([.char("u")], help: "undo the last removal").performs(.undo),
        ] + viewKeys + ListMove.actions("in the list") { .move($0) })

    static let priceActions = ActionKeyMap<PantryAction>(title: "Pantry · Prices", viewKeys + ListMove.actions("in the items") { .move($0) })

    static func actions(for view: PantryView) -> ActionKeyMap<PantryAction> {
        switch view {
        case .stock: return stockActions
        case .list: return listActions
        case .prices: return priceActions
        }
    }
}
