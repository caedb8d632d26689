import BodiiDomain
import TerminalKit

/// What the Pantry tab opens and writes: the forms for its keys, the lists made from the stock,
/// and saving what a form or `b` produced.
extension PantryViewModel {
    // MARK: Opening forms

    func openPicker(forList: Bool) -> (any Flow)? {
        let known = snapshot.items.map { item -> PickedItem in
            if let id = item.foodId, let f = foods[id] { return .food(f) }
            return item.foodId.map {
                .food(Food(id: $0, name: item.name, source: "pantry", per100g: Nutrients(kcal: 0, proteinG: 0, carbsG: 0, fatG: 0)))
            }
                ?? .name(item.name)
        }
        status = nil
        return ItemPickerFlow(tab: self, picker: ItemPicker(catalog: source, known: known), forList: forList)
    }

    /// The form for what the picker chose; nil when there is none to open (already on the list,
    /// or the pantry could not be read: the status says which).
    func form(for picked: PickedItem, forList: Bool) -> PantryForm? {
        do {
            let food: Food? = if case .food(let f) = picked { f } else { nil }
            let existing = try source.groceryItem(foodId: food?.id, name: picked.name)
            let last = try existing?.id.map { try source.purchases(itemId: $0) }?.last
            let unit = PantryDefaults.unit(lastBought: last?.quantity, minimum: existing?.minimumStock, food: food)
            if forList {
                if let existing, let onList = listLines.first(where: { $0.item.id == existing.id }) {
                    rows[.list] = listLines.firstIndex { $0.entry.id == onList.entry.id } ?? selectedRow
                    status = StatusMessage("\(existing.name) is on the list already — e edits it.")
                    return nil
                }
                return PantryForm.listEntry(picked, existing: existing, food: food, editing: nil, usualUnit: unit, currency: currency)
            }
            return PantryForm.addLot(
                picked, existing: existing, food: food, quantity: last?.quantity ?? PantryQuantity(1, unit), price: nil,
                store: last?.store, today: clock.today, currency: currency)
        } catch {
            status = StatusMessage("Could not read the pantry: \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    /// A form flow for what `make` builds, or the error reading what it needs.
    private func formFlow(_ what: String, _ make: () throws -> PantryForm) -> (any Flow)? {
        do {
            let flow = PantryFormFlow(tab: self, form: try make())
            status = nil
            return flow
        } catch {
            status = StatusMessage("Could not read the \(what): \(ErrorLine.text(error))", kind: .error)
            return nil
        }
    }

    func openTake(_ kind: StockUseKind) -> (any Flow)? {
        guard let row = selectedStockRow else { status = StatusMessage("Nothing in stock: a adds something."); return nil }
        return formFlow("food") {
            let lots = snapshot.lots.filter { $0.itemId == row.item.id }
            return PantryForm.take(kind, row: row, lots: lots, food: try food(of: row.item), currency: currency)
        }
    }

    func openItemSettings() -> (any Flow)? {
        guard let row = selectedStockRow else { status = StatusMessage("Select an item in stock first."); return nil }
        return formFlow("food") { PantryForm.itemSettings(row.item, food: try food(of: row.item), currency: currency) }
    }

    func openListEdit() -> (any Flow)? {
        guard let line = selectedListLine else { status = StatusMessage("Nothing to edit: a adds to the list."); return nil }
        return formFlow("food") {
            let food = try food(of: line.item)
            let picked: PickedItem = food.map(PickedItem.food) ?? .name(line.item.name)
            return PantryForm.listEntry(
                picked, existing: line.item, food: food, editing: line.entry,
                usualUnit: PantryDefaults.unit(lastBought: nil, minimum: line.item.minimumStock, food: food), currency: currency)
        }
    }

    /// What a buy of `line` records when nothing is typed: the entry's quantity (else the last
    /// one bought, else one piece), its store (else the last one), the expected price.
    private func defaultPurchase(_ line: ListLine) throws -> (quantity: PantryQuantity, store: String?, food: Food?) {
        let last = try line.item.id.map { try source.purchases(itemId: $0) }?.last
        let food = try food(of: line.item)
        let quantity =
            line.entry.quantity ?? last?.quantity
            ?? PantryQuantity(1, PantryDefaults.unit(lastBought: nil, minimum: line.item.minimumStock, food: food))
        return (quantity, line.entry.store ?? last?.store, food)
    }

    func openBuyForm() -> (any Flow)? {
        guard let line = selectedListLine else { status = StatusMessage("The list is empty: a adds to it."); return nil }
        return formFlow("pantry") {
            let d = try defaultPurchase(line)
            let picked: PickedItem = d.food.map(PickedItem.food) ?? .name(line.item.name)
            return PantryForm.addLot(
                picked, existing: line.item, food: d.food, listEntry: line.entry, quantity: d.quantity,
                price: line.expected, store: d.store, today: clock.today, currency: currency)
        }
    }

    /// `b`: checks the entry off at its expected price, in one keystroke. Without a known price it
    /// opens the buy form instead, so a purchase never counts as free.
    func buyNow() -> (any Flow)? {
        guard let line = selectedListLine else { status = StatusMessage("The list is empty: a adds to it."); return nil }
        guard let price = line.expected else {
            let flow = openBuyForm()
            status = StatusMessage("No price known for \(line.item.name) yet: type what you paid.")
            return flow
        }
        do {
            let d = try defaultPurchase(line)
            // Best-before from the item's shelf life: PantryBook.buy's default.
            let purchase = Purchase(itemId: line.item.id ?? 0, date: clock.today, quantity: d.quantity, price: price, store: d.store)
            store(.purchase(purchase, item: line.item, bestBefore: nil, listEntryId: line.entry.id))
        } catch {
            status = StatusMessage("Could not buy: \(ErrorLine.text(error))", kind: .error)
        }
        return nil
    }

    // MARK: Lists from the stock

    /// `m`: every item under its minimum stock that is not on the list yet, for its minimum.
    func addBelowMinimum() {
        do {
            try loadFoods(for: snapshot.items)
            let onList = Set(snapshot.shoppingList.map(\.itemId))
            let missing = StockOverview.belowMinimum(snapshot, foods: foods).filter { $0.id.map { !onList.contains($0) } ?? false }
            for item in missing {
                guard let id = item.id else { continue }
                try source.addShoppingListItem(ShoppingListItem(itemId: id, quantity: item.minimumStock, addedOn: clock.today))
            }
            reload()
            status =
                missing.isEmpty
                ? StatusMessage("Nothing is below its minimum stock (i sets an item's minimum in Stock).")
                : StatusMessage(
                    "Added \(Plural.count(missing.count, "item")) below minimum: " + missing.map(\.name).joined(separator: ", ") + ".",
                    kind: .success)
        } catch {
            status = StatusMessage("Could not add to the list: \(ErrorLine.text(error))", kind: .error)
        }
    }

    /// `r`: a replacement for every item that must be used soon (or has expired), as last bought.
    func addReplacements() {
        do {
            let onList = Set(snapshot.shoppingList.map(\.itemId))
            var added: [String] = []
            var seen = Set<Int64>()
            for row in StockOverview.rows(snapshot, today: clock.today) where row.useSoon {
                guard let id = row.item.id, !onList.contains(id), seen.insert(id).inserted else { continue }
                try source.addShoppingListItem(
                    ShoppingListItem(
                        itemId: id, quantity: row.lot.initialQuantity, store: row.lot.store,
                        addedOn: clock.today))
                added.append(row.item.name)
            }
            reload()
            status =
                added.isEmpty
                ? StatusMessage("Nothing to use soon that is not on the list already.")
                : StatusMessage("Added \(Plural.count(added.count, "replacement")): " + added.joined(separator: ", ") + ".", kind: .success)
        } catch {
            status = StatusMessage("Could not add to the list: \(ErrorLine.text(error))", kind: .error)
        }
    }

    // MARK: Saving

    /// Saves what a form (or `b`) produced (`PantryWrite`); true when it was saved (the status says what).
    @discardableResult
    func store(_ outcome: PantryForm.Outcome) -> Bool {
        do {
            let write = PantryWrite(source: source, book: book, today: clock.today, currency: currency)
            let message = try write.apply(outcome, taken: selectedStockRow?.item.name ?? "it")
            reload()
            // The entry just put on the list is the selected one.
            if case .listEntry(let entry, let item) = outcome, entry.id == nil,
                let row = listLines.lastIndex(where: { $0.item.id == item.id || $0.item.name == item.name })
            {
                rows[.list] = row
            }
            status = StatusMessage(message, kind: .success)
            return true
        } catch {
            status = StatusMessage("Could not save: \(ErrorLine.text(error))", kind: .error)
            return false
        }
    }
}
