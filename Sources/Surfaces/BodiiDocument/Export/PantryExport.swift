import BodiiDomain
import BodiiStore
import Foundation

/// The pantry in `bodii export` and `bodii import bodii` (PRODUCT.md §9, §10). Rows carry their
/// source and external id ("<table>/<id>" for Bodii's own, like the other records) and name the
/// rows they belong to by that external id, so the document needs no database ids and reads back
/// into any database; money is a number in the currency's main unit, read back exactly.
package enum PantryExport {
    package static func load(from r: SQLiteRepositories) throws -> PantryBatch {
        let all = DateRange(start: Validation.earliestDate, end: LocalDate(year: 9999, month: 12, day: 31) ?? Validation.earliestDate)
        var b = PantryBatch()
        try r.readingTogether {
            b.items = try r.groceryItems().sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            b.purchases = try r.purchases(in: all).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            b.lots = try r.stockLots(includingEmpty: true).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            b.uses = try r.stockUses(in: all).sorted { ($0.id ?? 0) < ($1.id ?? 0) }
            b.shoppingList = try r.shoppingListItems(includingBought: true)
            b.budget = try r.pantryBudget()
        }
        return b
    }

    static func ref(_ p: Provenance, _ table: String, _ id: Int64?) -> String {
        p.externalId ?? "\(table)/\(id ?? 0)"
    }

    package static func money(_ m: Money?) -> JSONValue { m.map { .number($0.mainUnits) } ?? .null }

    package static func json(_ b: PantryBatch) -> [(String, JSONValue)] {
        let rows = Rows(b)
        let budget: JSONValue =
            b.budget.map { budget in
                .object([
                    ("period", .string(budget.period.rawValue)), ("amount", money(budget.amount)),
                    ("currency", .string(budget.amount.currency.code)), ("set_on", .string(budget.setOn.iso)),
                ])
            } ?? .null
        return listKeys.map { key in (key, .array(rows.records(key).map { rows.json(key, at: $0) })) } + [("budget", budget)]
    }

    static let listKeys = ["grocery_items", "purchases", "stock_lots", "stock_uses", "shopping_list"]

    /// The pantry's rows as JSON, one at a time (`writeJSON` never holds all of them as JSON).
    struct Rows {
        package let b: PantryBatch
        var itemRef: [Int64: String] = [:], purchaseRef: [Int64: String] = [:], lotRef: [Int64: String] = [:]

        package init(_ b: PantryBatch) {
            self.b = b
            for i in b.items { if let id = i.id { itemRef[id] = ref(i.provenance, "grocery_item", id) } }
            for p in b.purchases { if let id = p.id { purchaseRef[id] = ref(p.provenance, "purchase", id) } }
            for l in b.lots { if let id = l.id { lotRef[id] = ref(l.provenance, "stock_lot", id) } }
        }

        package func records(_ key: String) -> Range<Int> {
            switch key {
            case "grocery_items": return b.items.indices
            case "purchases": return b.purchases.indices
            case "stock_lots": return b.lots.indices
            case "stock_uses": return b.uses.indices
            case "shopping_list": return b.shoppingList.indices
            default: return 0..<0
            }
        }

        package func json(_ key: String, at index: Int) -> JSONValue {
            func link(_ map: [Int64: String], _ id: Int64?) -> JSONValue { id.flatMap { map[$0] }.map { .string($0) } ?? .null }
            func str(_ s: String?) -> JSONValue { s.map { .string($0) } ?? .null }
            func provenance(_ p: Provenance, _ table: String, _ id: Int64?) -> [(String, JSONValue)] {
                [("source", .string(p.source)), ("external_id", .string(ref(p, table, id)))]
            }
            switch key {
            case "grocery_items":
                let i = b.items[index]
                return .object(
                    [
                        ("name", .string(i.name)), ("food_id", str(i.foodId?.rawValue)), ("shelf_life_days", .int(i.shelfLifeDays)),
                        ("take_when_logging", .bool(i.takeFromPantryWhenLogging)),
                        ("minimum_quantity", i.minimumStock.map { .number($0.amount) } ?? .null),
                        ("minimum_unit", str(i.minimumStock?.unit.storageText)),
                    ] + provenance(i.provenance, "grocery_item", i.id))
            case "purchases":
                let p = b.purchases[index]
                return .object(
                    [
                        ("item", link(itemRef, p.itemId)), ("date", .string(p.date.iso)), ("quantity", .number(p.quantity.amount)),
                        ("unit", .string(p.quantity.unit.storageText)), ("grams", p.grams.map { .number($0) } ?? .null),
                        ("price", money(p.price)),
                        ("currency", .string((p.price?.currency ?? .default).code)), ("store", str(p.store)),
                    ]
                        + provenance(p.provenance, "purchase", p.id))
            case "stock_lots":
                let l = b.lots[index]
                return .object(
                    [
                        ("item", link(itemRef, l.itemId)), ("purchase", link(purchaseRef, l.purchaseId)),
                        ("quantity", .number(l.initialQuantity.amount)),
                        ("unit", .string(l.initialQuantity.unit.storageText)), ("left", .number(l.left)),
                        ("purchased_on", .string(l.purchasedOn.iso)),
                        ("best_before", str(l.bestBefore?.iso)), ("opened", .bool(l.opened)), ("price", money(l.price)),
                        ("currency", .string((l.price?.currency ?? .default).code)), ("store", str(l.store)),
                    ]
                        + provenance(l.provenance, "stock_lot", l.id))
            case "stock_uses":
                let u = b.uses[index]
                return .object(
                    [
                        ("lot", link(lotRef, u.lotId)), ("date", .string(u.date.iso)), ("amount", .number(u.amount)),
                        ("kind", .string(u.kind.rawValue)),
                        ("value", money(u.value)), ("currency", .string((u.value?.currency ?? .default).code)),
                        ("food_record_id", u.foodRecordId.map { .number(Double($0)) } ?? .null),
                    ]
                        + provenance(u.provenance, "stock_use", u.id))
            default:
                let e = b.shoppingList[index]
                return .object(
                    [
                        ("item", link(itemRef, e.itemId)), ("quantity", e.quantity.map { .number($0.amount) } ?? .null),
                        ("unit", str(e.quantity?.unit.storageText)), ("store", str(e.store)), ("added_on", .string(e.addedOn.iso)),
                        ("bought_on", str(e.boughtOn?.iso)), ("purchase", link(purchaseRef, e.purchaseId)),
                    ]
                        + provenance(e.provenance, "shopping_list_item", e.id))
            }
        }
    }

    /// What `parse` has read so far: the rows, and the batch-local id of each external id.
    package struct ReadState {
        package var b = PantryBatch()
        package var items: [String: Int64] = [:], purchases: [String: Int64] = [:], lots: [String: Int64] = [:]
    }

    /// Reads what `json` writes, a part of the document at a time (a list or a page of one, its
    /// first row at `part.offsets[key]`); rows get batch-local ids that link them (see
    /// `mergePantry`). A row names rows listed before it, as every export lists them.
    package static func parse(_ part: DocumentPart, into state: inout ReadState) throws {
        // Taken out of `state` while it grows (so appending copies nothing), put back at the end.
        var b = state.b, items = state.items, purchases = state.purchases, lots = state.lots
        state = ReadState()
        defer { state = ReadState(b: b, items: items, purchases: purchases, lots: lots) }
        for (f, o) in try part.records(GroceryItemRecord.self, "grocery_items") {
            let p = try f.provenance(o)
            let id = Int64(f.index + 1)
            items[p.externalId ?? ""] = id
            let minimum = try o.minimum_quantity.map { PantryQuantity($0, try f.unit(o.minimum_unit, "minimum_unit")) }
            b.items.append(
                GroceryItem(
                    id: id, name: try f.text(o.name, "name"), foodId: o.food_id.map(FoodID.init),
                    shelfLifeDays: try f.whole(o.shelf_life_days, "shelf_life_days"),
                    takeFromPantryWhenLogging: o.take_when_logging ?? false, minimumStock: minimum, provenance: p))
        }
        for (f, o) in try part.records(PurchaseRecord.self, "purchases") {
            let p = try f.provenance(o)
            let id = Int64(f.index + 1)
            purchases[p.externalId ?? ""] = id
            guard let item = try f.link(items, o.item, "item") else { throw f.fail("\"item\" is missing") }
            b.purchases.append(
                Purchase(
                    id: id, itemId: item, date: try f.date(o.date, "date"),
                    quantity: PantryQuantity(try f.number(o.quantity, "quantity"), try f.unit(o.unit, "unit")),
                    grams: o.grams, price: try f.money(o.price, "price", currency: o.currency), store: o.store, provenance: p))
        }
        for (f, o) in try part.records(StockLotRecord.self, "stock_lots") {
            let p = try f.provenance(o)
            let id = Int64(f.index + 1)
            lots[p.externalId ?? ""] = id
            guard let item = try f.link(items, o.item, "item") else { throw f.fail("\"item\" is missing") }
            b.lots.append(
                StockLot(
                    id: id, itemId: item, purchaseId: try f.link(purchases, o.purchase, "purchase"),
                    initialQuantity: PantryQuantity(try f.number(o.quantity, "quantity"), try f.unit(o.unit, "unit")),
                    left: try f.number(o.left, "left"), purchasedOn: try f.date(o.purchased_on, "purchased_on"),
                    bestBefore: try f.optionalDate(o.best_before, "best_before"), opened: o.opened ?? false,
                    price: try f.money(o.price, "price", currency: o.currency), store: o.store, provenance: p))
        }
        for (f, o) in try part.records(StockUseRecord.self, "stock_uses") {
            guard let lot = try f.link(lots, o.lot, "lot") else { throw f.fail("\"lot\" is missing") }
            guard let kind = StockUseKind(rawValue: try f.text(o.kind, "kind")) else { throw f.fail("\"kind\" is not use or waste") }
            b.uses.append(
                StockUse(
                    id: Int64(f.index + 1), lotId: lot, date: try f.date(o.date, "date"),
                    amount: try f.number(o.amount, "amount"), kind: kind, value: try f.money(o.value, "value", currency: o.currency),
                    foodRecordId: try f.whole(o.food_record_id, "food_record_id", below: 1e15).map(Int64.init),
                    provenance: try f.provenance(o)))
        }
        for (f, o) in try part.records(ShoppingListRecord.self, "shopping_list") {
            guard let item = try f.link(items, o.item, "item") else { throw f.fail("\"item\" is missing") }
            let quantity = try o.quantity.map { PantryQuantity($0, try f.unit(o.unit, "unit")) }
            b.shoppingList.append(
                ShoppingListItem(
                    id: Int64(f.index + 1), itemId: item, quantity: quantity,
                    store: o.store, addedOn: try f.date(o.added_on, "added_on"), boughtOn: try f.optionalDate(o.bought_on, "bought_on"),
                    purchaseId: try f.link(purchases, o.purchase, "purchase"), provenance: try f.provenance(o)))
        }
        if let o = try DocumentDecoding.object(BudgetRecord.self, "budget", in: part.top) {
            let f = DocumentFields(place: "budget")
            guard let kind = BudgetPeriodKind(rawValue: try f.text(o.period, "period")) else {
                throw f.fail("\"period\" is not week or month")
            }
            // At least one cent, as `budget set` takes it (the database's own check refuses 0).
            guard let amount = try f.money(o.amount, "amount", currency: o.currency, minimum: 1, maximum: MoneyInput.maximumBudget) else {
                throw f.fail("\"amount\" is missing")
            }
            b.budget = PantryBudget(period: kind, amount: amount, setOn: try f.date(o.set_on, "set_on"))
        }
    }
}

extension DocumentFields {
    package func unit(_ v: String?, _ k: String) throws -> PantryUnit {
        guard let u = PantryUnit(storageText: try text(v, k)) else { throw fail("\"\(k)\" is not a unit (g, ml, piece, measure:LABEL)") }
        return u
    }

    /// A row of this document named by its external id (nil stays nil).
    func link(_ map: [String: Int64], _ ref: String?, _ k: String) throws -> Int64? {
        guard let ref else { return nil }
        guard let id = map[ref] else { throw fail("\"\(k)\" names no row of this document") }
        return id
    }

    /// Money as typed input allows it (MoneyInput): a known currency, no more decimals than it
    /// has (1.999 € is refused, not stored as 2.00), from 0 to the most a price or budget may be.
    package func money(
        _ v: Double?, _ k: String, currency code: String?, minimum: Int64 = 0, maximum: (Currency) -> Int64 = MoneyInput.maximumPrice
    ) throws -> Money? {
        guard let v else { return nil }
        let code = try text(code, "currency")
        guard let currency = Currency.known.first(where: { $0.code == code }) else {
            throw fail(
                ValidationError(
                    field: "currency", value: code, allowed: Currency.known.map(\.code).joined(separator: ", "), problem: .unknown
                ).message)
        }
        let most = maximum(currency)
        let high = Money(minorUnits: most, currency: currency).amountText
        let minor = (v * Double(currency.scale)).rounded()
        guard minor >= Double(minimum), minor <= Double(most) else {
            let low = Money(minorUnits: minimum, currency: currency).amountText
            throw fail(
                ValidationError(field: k, value: BodiiDocumentCheck.shown(v), allowed: "\(minimum == 0 ? "0" : low)–\(high) \(code)", problem: .outOfRange)
                    .message)
        }
        guard minor / Double(currency.scale) == v else {
            throw fail(
                ValidationError(
                    field: k, value: "\(v)", allowed: "an amount with at most \(currency.decimals) decimals in \(code)",
                    problem: .invalidFormat
                ).message)
        }
        return Money(minorUnits: Int64(minor), currency: currency)
    }
}
