import BodiiDomain

/// One entry of the shopping list as the tab shows it: the entry, its item, and what it is
/// expected to cost (the last price paid, at its store when it names one).
public struct ListLine: Equatable, Sendable {
    public var entry: ShoppingListItem
    public var item: GroceryItem
    public var expected: Money?
    /// What was paid, for an entry bought this budget period.
    public var paid: Money?
}

/// What the shopping list view shows: the open entries with what each is expected to cost, and
/// the entries bought in the budget period with what was paid for them.
public struct PantryShoppingList {
    public private(set) var open: [ListLine] = []
    /// Entries bought this budget period, shown checked under the list.
    public private(set) var bought: [ListLine] = []

    /// Reads both; `food` gives an item's catalog food (its measures convert the expected price).
    mutating func read(
        _ snapshot: PantrySnapshot, boughtIn range: DateRange, from source: any PantryViewModel.Store,
        food: (GroceryItem) throws -> Food?
    ) throws {
        open = try snapshot.shoppingList.compactMap { entry in try Self.line(entry, snapshot, source, food, paid: nil) }
        let purchases = try source.purchases(in: range)
        bought = try source.shoppingListItems(includingBought: true).filter { e in e.boughtOn.map(range.contains) ?? false }
            .compactMap { e in
                try Self.line(e, snapshot, source, food, paid: purchases.first { $0.id == e.purchaseId }?.price, expected: false)
            }
    }

    /// The expected total of the open list (entries without a known price count as nothing, and
    /// `unpricedCount` says how many).
    func total(in currency: Currency) -> Money {
        open.reduce(Money.zero(currency)) { $0 + ($1.expected ?? .zero(currency)) }
    }
    var unpricedCount: Int { open.filter { $0.expected == nil }.count }

    private static func line(
        _ entry: ShoppingListItem, _ snapshot: PantrySnapshot, _ source: any PantryViewModel.Store, _ food: (GroceryItem) throws -> Food?,
        paid: Money?, expected: Bool = true
    ) throws -> ListLine? {
        guard let item = try snapshot.item(id: entry.itemId) ?? source.groceryItem(id: entry.itemId) else { return nil }
        var price: Money?
        if expected, let id = item.id {
            price = PriceBook.expectedPrice(
                history: try source.purchases(itemId: id), quantity: entry.quantity, store: entry.store, food: try food(item))
        }
        return ListLine(entry: entry, item: item, expected: price, paid: paid)
    }
}
