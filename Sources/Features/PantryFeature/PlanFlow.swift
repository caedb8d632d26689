import BodiiDomain
import GroceryPlanner
import TerminalKit

/// `P` in the Pantry: the grocery plan for the next 7 days (PRODUCT.md §13) — the menu day by day
/// (`[` `]` step the day), what to buy in the units bought before, each line's cost, the total
/// against the budget, what comes from stock, and the plan's day against the targets. `a` puts
/// what it buys on the shopping list; `l` logs the shown day's meals (`u` takes them out again); Esc goes back.
public final class PantryPlanFlow: PantryFlow {
    let tab: PantryViewModel
    public let plan: GroceryPlan
    private(set) var selected = 0
    /// The menu's day shown (an index into `plan.menu`).
    private(set) var day = 0
    private var added = false
    /// The entries `l` logged last, which `u` removes.
    private var logged: [FoodRecord] = []

    init(tab: PantryViewModel, plan: GroceryPlan) {
        self.tab = tab
        self.plan = plan
    }

    enum Action: Sendable {
        case addToList
        case move(ListMove)
        case previousDay, nextDay
        case logDay, undoLog
        case back
    }

    static let actions = ActionKeyMap<Action>(
        title: "Pantry · Plan",
        [
            KeyBinding([.char("a")], help: "add what the plan buys to the shopping list", footer: true, brief: "add to list")
                .performs(.addToList),
            KeyBinding([.char("["), .char("]")], label: "[ ]", help: "the menu's previous / next day", footer: true, brief: "day")
                .performs { key in key == .char("[") ? .previousDay : .nextDay },
            KeyBinding([.char("l")], help: "log the shown day's meals in the food log", footer: true, brief: "log day")
                .performs(.logDay),
            KeyBinding([.char("u")], help: "undo the day just logged").performs(.undoLog),
            KeyBinding([.escape], help: "back to the Pantry", footer: true, brief: "back").performs(.back),
        ] + ListMove.actions("in the plan") { .move($0) })

    public var keyMap: KeyMap { Self.actions.keyMap }

    /// The lines that buy something.
    var toBuy: [PlanItem] { plan.items.filter { $0.quantity > 0 } }

    public func handle(_ key: Key) -> KeyResult {
        switch Self.actions.action(for: key) {
        case .addToList?:
            guard !added else {
                tab.status = StatusMessage("The plan is on the shopping list already.")
                return .handled
            }
            let count = tab.addToList(toBuy)
            added = count > 0
            tab.status = StatusMessage(
                count > 0 ? "Added \(Plural.count(count, "item")) to the shopping list." : "The plan buys nothing.",
                kind: count > 0 ? .success : .info)
            return .handled
        case .move(let move)?:
            selected = move.apply(to: selected, count: plan.items.count)
            return .handled
        case .previousDay?:
            day = max(0, day - 1)
            return .handled
        case .nextDay?:
            day = min(max(0, plan.menu.count - 1), day + 1)
            return .handled
        case .logDay?:
            guard plan.menu.indices.contains(day) else {
                tab.status = StatusMessage("This plan has no menu to log (no meals of yours to plan with).")
                return .handled
            }
            if let records = tab.log(plan.menu[day]) { logged = records }
            return .handled
        case .undoLog?:
            guard !logged.isEmpty else {
                tab.status = StatusMessage("Nothing to undo: l logs the shown day's meals.")
                return .handled
            }
            if tab.unlog(logged) { logged = [] }
            return .handled
        case .back?:
            return .close
        case nil:
            return .ignored
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, style: context.style(.text))
        PlanView(plan: plan, selected: selected, day: day).render(in: area, buffer: &buffer, context: context)
    }
}

extension PantryViewModel {
    /// `P`: solves the plan and opens it; a failure is the status line.
    func openPlan() -> (any Flow)? {
        guard let planner else {
            status = StatusMessage("The planner is not available here.", kind: .error)
            return nil
        }
        do {
            return PantryPlanFlow(tab: self, plan: try planner(PlanRules.defaultDays))
        } catch {
            status = StatusMessage("No plan: \(error)", kind: .error)
            return nil
        }
    }

    /// Puts each bought line on the shopping list in the unit it is bought in; returns how many.
    func addToList(_ items: [PlanItem]) -> Int {
        var count = 0
        do {
            for item in items {
                guard let grocery = snapshot.items.first(where: { $0.foodId == item.foodId }), let id = grocery.id else { continue }
                let quantity = (item.buyUnit ?? .hundredGrams).shoppingQuantity(packs: item.quantity)
                try source.addShoppingListItem(ShoppingListItem(itemId: id, quantity: quantity, addedOn: clock.today))
                count += 1
            }
        } catch {
            status = StatusMessage("Could not add to the list: \(error)", kind: .error)
        }
        reload()
        return count
    }
}
