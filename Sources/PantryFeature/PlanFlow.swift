import BodiiDomain
import GroceryPlanner
import TerminalKit

/// `P` in the Pantry: the grocery plan for the next 7 days (PRODUCT.md §13) — what to buy in the
/// units bought before, each line's cost, the total against the budget, and the plan's day against
/// the targets. `a` puts what it buys on the shopping list; Esc goes back.
public final class PantryPlanFlow: PantryFlow {
    let tab: PantryViewModel
    public let plan: GroceryPlan
    private(set) var selected = 0
    private var added = false

    init(tab: PantryViewModel, plan: GroceryPlan) {
        self.tab = tab
        self.plan = plan
    }

    enum Action: Sendable {
        case addToList
        case move(ListMove)
        case back
    }

    static let actions = ActionKeyMap<Action>(
        title: "Pantry · Plan",
        [
            KeyBinding([.char("a")], help: "add what the plan buys to the shopping list", footer: true, brief: "add to list")
                .performs(.addToList),
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
        case .back?:
            return .close
        case nil:
            return .ignored
        }
    }

    public func render(in area: Rect, buffer: inout Buffer, context: RenderContext) {
        buffer.fill(area, style: context.style(.text))
        PlanView(plan: plan, selected: selected).render(in: area, buffer: &buffer, context: context)
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
