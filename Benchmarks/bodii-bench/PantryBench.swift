import BodiiDomain
import BodiiStore

/// Ten years of weekly shopping for the Pantry tab's budget (issue 14: opening the tab or
/// switching its views ≤ 5 ms): a dozen catalog foods bought every week at two stores, all but the
/// last weeks' lots used up, a shopping list and a weekly budget. Written through the pantry's
/// port, as the app and the CLI write it.
enum PantryBench {
    static let foods = [
        "usda:09040", "usda:01079", "usda:08120", "usda:05064", "usda:01123", "usda:18075", "usda:11124", "usda:20037",
        "usda:01117", "usda:09003", "usda:16070", "usda:15121",
    ]

    static func fill(_ r: SQLiteRepositories, today: LocalDate, weeks: Int = 520) throws -> Int {
        var items: [GroceryItem] = []
        for (i, id) in foods.enumerated() {
            guard let food = try r.food(id: FoodID(id)) else { continue }
            items.append(
                try r.saveGroceryItem(
                    GroceryItem(
                        name: food.name, foodId: food.id, shelfLifeDays: 3 + i * 5,
                        minimumStock: i % 3 == 0 ? PantryQuantity(500, .grams) : nil)))
        }
        var lots: [StockLot] = []
        var count = 0
        for week in stride(from: weeks, through: 0, by: -1) {
            let date = today.adding(days: -7 * week)
            for (i, item) in items.enumerated() where (week + i) % 2 == 0 {
                let q = PantryQuantity(Double(250 + 50 * (i % 5)), .grams)
                let price = Money(minorUnits: Int64(89 + 37 * i + (week % 13)))
                let saved = try r.recordPurchase(
                    Purchase(
                        itemId: item.id ?? 0, date: date, quantity: q, grams: q.amount, price: price,
                        store: i % 2 == 0 ? "Lidl" : "Aldi"),
                    item: item, bestBefore: date.adding(days: item.shelfLifeDays ?? 7), shoppingListItemId: nil)
                if week > 2 { lots.append(saved.lot) }
                count += 1
            }
        }
        // Everything older than the last three weeks was eaten, some of it thrown away.
        try r.applyStockUses(
            lots.enumerated().map { n, lot in
                StockUse(
                    lotId: lot.id ?? 0, date: lot.purchasedOn.adding(days: 2), amount: lot.left, kind: n % 9 == 0 ? .waste : .use,
                    value: n % 9 == 0 ? lot.price : nil)
            })
        for item in items.prefix(6) {
            try r.addShoppingListItem(ShoppingListItem(itemId: item.id ?? 0, quantity: PantryQuantity(500, .grams), addedOn: today))
        }
        try r.setPantryBudget(PantryBudget(period: .week, amount: Money(minorUnits: 6000), setOn: today.adding(days: -3650)))
        return count
    }
}
