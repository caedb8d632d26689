import BodiiDomain

/// What a Pantry form (or `b`) produced, written: a purchase (from the list or into the stock), a
/// use or waste, a list entry, an item's settings, the budget; and the line that says what was done.
/// The tab reads again and shows the line (`PantryViewModel.store`).
struct PantryWrite {
    let source: any PantryViewModel.Store
    let book: PantryBook
    let today: LocalDate
    let currency: Currency

    /// Writes `outcome`; what the status line says. `taken` names the item a use or waste is of.
    func apply(_ outcome: PantryForm.Outcome, taken: String) throws -> String {
        switch outcome {
        case .purchase(let purchase, let item, let bestBefore, let entryId):
            let saved = try book.buy(
                item, quantity: purchase.quantity, price: purchase.price, store: purchase.store, bestBefore: bestBefore,
                on: purchase.date, shoppingListItemId: entryId)
            let price = saved.purchase.price.map { " for \($0.formatted)" } ?? ""
            let until = saved.lot.bestBefore.map { ", best before \($0.shortLabel(relativeTo: today))" } ?? ""
            return entryId == nil
                ? "Added \(saved.purchase.quantity.label) of \(saved.item.name)\(price)\(until)."
                : "Bought \(saved.item.name), \(saved.purchase.quantity.label)\(price) — now in stock\(until)."
        case .take(let uses, let quantity):
            try source.applyStockUses(uses)
            let kind = uses.first?.kind ?? .use
            let value = uses.compactMap(\.value).reduce(Money.zero(currency), +)
            return (kind == .use ? "Used " : "Wasted ") + "\(quantity.label) of \(taken)"
                + (kind == .waste && value.minorUnits > 0 ? " (\(value.formatted) wasted)" : "")
                + (uses.count > 1 ? ", from \(uses.count) lots." : ".")
        case .listEntry(let entry, let item):
            var entry = entry
            var item = item
            if item.id == nil { item = try source.saveGroceryItem(item) }
            entry.itemId = item.id ?? entry.itemId
            if entry.id == nil {
                try source.addShoppingListItem(entry)
                return "Put \(item.name) on the list."
            }
            try source.updateShoppingListItem(entry)
            return "Saved \(item.name) on the list."
        case .item(let item):
            try source.saveGroceryItem(item)
            return "Saved \(item.name): "
                + (item.takeFromPantryWhenLogging ? "logging it takes it from stock." : "logging it leaves stock as it is.")
        case .budget(let b):
            try source.setPantryBudget(b)
            return "Budget set: \(b.amount.formatted) a \(b.period.rawValue)."
        }
    }
}
