import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

/// The pantry on the command line (PRODUCT.md §10): where its currency comes from, and its JSON.
enum PantryCLI {
    /// The currency the CLI counts in: the config file's `currency`, else EUR.
    static var currency: Currency { ProcessConfig.currency }

    /// Money in JSON: a number in the currency's main unit with its decimals (1.99); null when unknown.
    static func json(_ money: Money?) -> JSONValue { money.map { .number($0.mainUnits) } ?? .null }

    /// A unit in JSON and text: "g", "ml", "piece", or the measure's label ("1 medium").
    static func unitName(_ unit: PantryUnit) -> String {
        if case .measure(let label) = unit { return label }
        return unit.shortName
    }

    /// `pantry list --json`: one object per lot with stock left, use-soon first.
    static func stock(_ rows: [StockRow]) -> JSONValue {
        .array(
            rows.map { r in
                .object([
                    ("id", .int(r.lot.id.map(Int.init))), ("name", .string(r.item.name)),
                    ("food_id", r.item.foodId.map { .string($0.rawValue) } ?? .null),
                    ("quantity", .number((r.lot.left * 100).rounded() / 100)), ("unit", .string(unitName(r.lot.initialQuantity.unit))),
                    ("best_before", r.lot.bestBefore.map { .string($0.iso) } ?? .null), ("days_left", .int(r.daysLeft)),
                    ("price", json(r.lot.price)), ("store", r.lot.store.map { .string($0) } ?? .null),
                    ("item_id", .int(Int(r.lot.itemId))), ("purchased_on", .string(r.lot.purchasedOn.iso)),
                    ("opened", .bool(r.lot.opened)), ("use_soon", .bool(r.useSoon)), ("expired", .bool(r.expired)),
                ])
            })
    }

    /// `shop list --json`.
    static func shopping(_ overview: ShoppingOverview, bought: [(ShoppingLine, Money?)]) -> JSONValue {
        func line(_ l: ShoppingLine, price: Money?, isBought: Bool) -> JSONValue {
            var quantity = JSONValue.null, unit = JSONValue.null, store = JSONValue.null, food = JSONValue.null
            if let q = l.entry.quantity {
                quantity = .number((q.amount * 100).rounded() / 100)
                unit = .string(unitName(q.unit))
            }
            if let s = l.entry.store { store = .string(s) }
            if let f = l.item.foodId { food = .string(f.rawValue) }
            let id: JSONValue = .int(l.entry.id.map(Int.init))
            return .object([
                ("id", id), ("name", .string(l.item.name)), ("quantity", quantity), ("unit", unit),
                ("expected_price", json(price)), ("bought", .bool(isBought)), ("store", store), ("food_id", food),
            ])
        }
        let b = overview.budget
        return .object([
            ("budget", json(b.budget)), ("spent", json(b.spent)), ("left", json(b.left)),
            (
                "items",
                .array(
                    overview.lines.map { line($0, price: $0.expectedPrice, isBought: false) }
                        + bought.map { line($0.0, price: $0.1, isBought: true) })
            ),
            ("total", json(overview.total)), ("left_after_list", json(overview.leftAfterList)),
            ("period", .string(b.period.kind.rawValue)), ("start", .string(b.period.start.iso)), ("end", .string(b.period.end.iso)),
            ("currency", .string(b.spent.currency.code)),
        ])
    }

    /// `budget --json`.
    static func budget(_ b: BudgetStatus) -> JSONValue {
        .object([
            ("period", .string(b.period.kind.rawValue)), ("budget", json(b.budget)), ("spent", json(b.spent)), ("left", json(b.left)),
            ("waste", json(b.waste)), ("start", .string(b.period.start.iso)), ("end", .string(b.period.end.iso)),
            ("currency", .string(b.spent.currency.code)),
        ])
    }

    /// "spent €50.00 of €60.00 this week (16–22 Nov), €10.00 left; wasted €0.66".
    static func budgetLine(_ b: BudgetStatus) -> String {
        let when = "\(b.period.kind == .week ? "this week" : "this month") (\(b.period.start.iso) to \(b.period.end.iso))"
        var line: String
        if let budget = b.budget, let left = b.left {
            line =
                "Spent \(b.spent.formatted) of \(budget.formatted) \(when): "
                + (left.minorUnits >= 0
                    ? "\(left.formatted) left" : "\(Money(minorUnits: -left.minorUnits, currency: left.currency).formatted) over")
        } else {
            line =
                "Spent \(b.spent.formatted) \(when); no \(b.period.kind.rawValue)ly budget set (bodii budget set AMOUNT --period week|month)"
        }
        if b.waste.minorUnits > 0 { line += "; wasted \(b.waste.formatted)" }
        return line
    }
}
