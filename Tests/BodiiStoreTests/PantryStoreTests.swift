import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// The pantry (migration v9, issue 14) on a real temporary SQLite file.
@Suite struct PantryStoreTests {
    let eur = Currency.default
    func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }

    @Test func migrationV9IsTheLastAndMakesThePantryTables() throws {
        try withDatabase { db, _ throws in
            #expect(try db.appliedMigrations() == (1...Schema.migrations.count).map { "v\($0)" })
            let tables = try db.fetchStrings("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            for table in ["budget", "grocery_item", "purchase", "shopping_list", "shopping_list_item", "stock_lot", "stock_use"] {
                #expect(tables.contains(table))
            }
            #expect(try db.fetchStrings("SELECT COUNT(*) FROM shopping_list") == ["0"])  // a new database holds no rows
        }
    }

    @Test func checksRefuseImpossibleRows() throws {
        try withDatabase { db, _ throws in
            try db.executeRaw("INSERT INTO grocery_item (id, name) VALUES (1, 'Milk')")
            #expect(throws: (any Error).self) {  // a free name twice, ignoring case
                try db.executeRaw("INSERT INTO grocery_item (name) VALUES ('MILK')")
            }
            #expect(throws: (any Error).self) {  // a negative price
                try db.executeRaw(
                    "INSERT INTO purchase (item_id, date, quantity, unit, price_minor, currency) VALUES (1, '2026-11-22', 1, 'piece', -5, 'EUR')"
                )
            }
            #expect(throws: (any Error).self) {  // an unknown unit
                try db.executeRaw(
                    "INSERT INTO purchase (item_id, date, quantity, unit, currency) VALUES (1, '2026-11-22', 1, 'bushel', 'EUR')")
            }
            #expect(throws: (any Error).self) {  // more left than bought
                try db.executeRaw(
                    "INSERT INTO stock_lot (item_id, quantity, unit, quantity_left, purchased_on, currency) VALUES (1, 1, 'g', 2, '2026-11-22', 'EUR')"
                )
            }
            #expect(throws: (any Error).self) {  // a second budget row
                try db.executeRaw(
                    "INSERT INTO budget (id, period_kind, amount_minor, currency, set_on) VALUES (2, 'week', 100, 'EUR', '2026-11-22')")
            }
            try db.executeRaw(
                "INSERT INTO purchase (item_id, date, quantity, unit, currency) VALUES (1, '2026-11-22', 2, 'measure:1 medium', 'EUR')")
        }
    }

    @Test func aPurchaseMakesItsItemLotAndPriceHistoryInOneTransaction() throws {
        try withDatabase { _, repos throws in
            let d = day("2026-11-20")
            let item = GroceryItem(name: "Bananas, raw", foodId: FoodID("usda:09040"), shelfLifeDays: 5)
            let first = try repos.recordPurchase(
                Purchase(itemId: 0, date: d, quantity: PantryQuantity(6, .pieces), grams: 708, price: money(199), store: "Aldi"),
                item: item, bestBefore: day("2026-11-25"), shoppingListItemId: nil)
            #expect(first.item.id != nil)
            #expect(first.lot.left == 6)
            #expect(first.lot.price == money(199))
            // The same food again finds its item instead of making another.
            let second = try repos.recordPurchase(
                Purchase(
                    itemId: 0, date: day("2026-11-21"), quantity: PantryQuantity(1000, .grams), grams: 1000,
                    price: money(249), store: "Rewe"),
                item: item, bestBefore: nil, shoppingListItemId: nil)
            #expect(second.item.id == first.item.id)
            #expect(try repos.groceryItems().count == 1)
            let history = try repos.purchases(itemId: try #require(first.item.id))
            #expect(history.map(\.price) == [money(199), money(249)])
            #expect(history.map(\.store) == ["Aldi", "Rewe"])
            #expect(history[0].quantity == PantryQuantity(6, .pieces))
            #expect(try repos.stockLots(includingEmpty: false).count == 2)
            #expect(try repos.stockLot(id: try #require(first.lot.id)) == first.lot)
            // A shopping list entry that does not exist makes the whole purchase fail.
            #expect(throws: (any Error).self) {
                try repos.recordPurchase(
                    Purchase(itemId: 0, date: d, quantity: PantryQuantity(1, .pieces)), item: item, bestBefore: nil,
                    shoppingListItemId: 999)
            }
            #expect(try repos.purchases(in: DateRange(start: d, end: day("2026-11-30"))).count == 2)
        }
    }

    @Test func usingAndWastingTakeFirstExpiringFirstAndKeepTheWasteValue() throws {
        try withDatabase { _, repos throws in
            let item = GroceryItem(name: "Milk")
            let a = try repos.recordPurchase(
                Purchase(itemId: 0, date: day("2026-11-10"), quantity: PantryQuantity(1000, .millilitres), price: money(119)),
                item: item, bestBefore: day("2026-11-30"), shoppingListItemId: nil)
            let b = try repos.recordPurchase(
                Purchase(itemId: 0, date: day("2026-11-15"), quantity: PantryQuantity(1000, .millilitres), price: money(129)),
                item: item, bestBefore: day("2026-11-24"), shoppingListItemId: nil)
            let lots = try repos.stockLots(itemId: try #require(a.item.id))
            let uses = try StockPlan.take(PantryQuantity(1500, .millilitres), from: lots, food: nil, kind: .waste, on: day("2026-11-22"))
            try repos.applyStockUses(uses)
            #expect(try repos.stockLot(id: try #require(b.lot.id))?.left == 0)
            #expect(try repos.stockLot(id: try #require(a.lot.id))?.left == 500)
            #expect(try repos.stockLots(includingEmpty: false).map(\.id) == [a.lot.id])
            let stored = try repos.stockUses(in: DateRange(start: day("2026-11-22"), end: day("2026-11-22")))
            #expect(stored.map(\.value) == [money(129), money(60)])  // all of b, half of a (59.5 → 60)
            let status = BudgetStatus(budget: nil, today: day("2026-11-22"), purchases: [], uses: stored, weekStart: .monday)
            #expect(status.waste == money(189))
            // A take larger than a lot holds is refused whole.
            #expect(throws: (any Error).self) {
                try repos.applyStockUses([
                    StockUse(lotId: try #require(a.lot.id), date: day("2026-11-22"), amount: 400, kind: .use),
                    StockUse(lotId: try #require(b.lot.id), date: day("2026-11-22"), amount: 1, kind: .use),
                ])
            }
            #expect(try repos.stockLot(id: try #require(a.lot.id))?.left == 500)
        }
    }

    @Test func shoppingListAndBudgetRoundTrip() throws {
        try withDatabase { db, repos throws in
            let item = try repos.saveGroceryItem(GroceryItem(name: "Oat milk", minimumStock: PantryQuantity(2, .pieces)))
            #expect(try repos.groceryItem(foodId: nil, name: "OAT MILK") == item)
            let entry = try repos.addShoppingListItem(
                ShoppingListItem(
                    itemId: try #require(item.id), quantity: PantryQuantity(2, .pieces), store: "Lidl",
                    addedOn: day("2026-11-21")))
            #expect(try repos.shoppingListItems(includingBought: false) == [entry])
            #expect(try db.fetchStrings("SELECT name FROM shopping_list") == ["Shopping"])
            let bought = try repos.recordPurchase(
                Purchase(
                    itemId: 0, date: day("2026-11-22"), quantity: PantryQuantity(2, .pieces), price: money(358),
                    store: "Lidl"),
                item: item, bestBefore: nil, shoppingListItemId: entry.id)
            #expect(try repos.shoppingListItems(includingBought: false).isEmpty)
            let done = try #require(try repos.shoppingListItems(includingBought: true).first)
            #expect(done.boughtOn == day("2026-11-22"))
            #expect(done.purchaseId == bought.purchase.id)
            #expect(try repos.deleteShoppingListItem(id: try #require(done.id)) == done)

            #expect(try repos.pantryBudget() == nil)
            let budget = PantryBudget(period: .week, amount: money(6000), setOn: day("2026-11-16"))
            try repos.setPantryBudget(budget)
            try repos.setPantryBudget(PantryBudget(period: .month, amount: money(25000), setOn: day("2026-11-22")))
            #expect(try repos.pantryBudget() == PantryBudget(period: .month, amount: money(25000), setOn: day("2026-11-22")))
            let snapshot = try repos.pantrySnapshot()
            #expect(snapshot.items == [item])
            #expect(snapshot.lots.count == 1)
            #expect(snapshot.budget?.period == .month)
        }
    }

    @Test func aDaysCostReadsTheLatestPricedPurchaseOnOrBeforeTheDay() throws {
        try withDatabase { _, repos throws in
            let banana = GroceryItem(name: "Bananas, raw", foodId: FoodID("usda:09040"))
            _ = try repos.recordPurchase(
                Purchase(itemId: 0, date: day("2026-11-10"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(199)),
                item: banana, bestBefore: nil, shoppingListItemId: nil)
            _ = try repos.recordPurchase(
                Purchase(itemId: 0, date: day("2026-11-25"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(299)),
                item: banana, bestBefore: nil, shoppingListItemId: nil)
            try repos.addFoodRecord(food(day("2026-11-22"), kcal: 105.02))  // 118 g of banana
            let cost = try DayCost.load(on: day("2026-11-22"), from: repos)
            #expect(cost.amount == money(33))  // 118 × 199 / 708, the price before the day
            #expect(cost.knownShare == 1)
            #expect(try DayCost.load(on: day("2026-11-21"), from: repos).amount == nil)
        }
    }

    @Test func theBookBuysTakesThroughMeasuresAndTotalsTheList() throws {
        try withDatabase { _, repos throws in
            let book = PantryBook(repository: repos, weekStart: .monday)
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            var item = try book.item(for: banana, name: "")
            item.shelfLifeDays = 5
            // 6 bananas for €1.99 at Aldi: weighed through the catalog's "medium" measure.
            let bought = try book.buy(
                item, quantity: PantryQuantity(6, .pieces), price: money(199), store: "Aldi", bestBefore: nil, on: day("2026-11-20"))
            let perPiece = try #require(PantryUnits.gramsPerPiece(of: banana))
            #expect(bought.purchase.grams == 6 * perPiece)
            #expect(bought.lot.bestBefore == day("2026-11-25"))  // the shelf life
            // Eating 2 × the medium measure takes 2 pieces.
            let medium = try PantryUnits.parse("medium", food: banana).unit
            let uses = try book.take(
                fromLot: try #require(bought.lot.id), quantity: PantryQuantity(2, medium), kind: .use, on: day("2026-11-21"))
            #expect(uses.count == 1)
            #expect(abs((try repos.stockLot(id: try #require(bought.lot.id))?.left ?? 0) - 4) < 1e-9)
            #expect(throws: ValidationError.self) {
                try book.take(
                    fromLot: try #require(bought.lot.id), quantity: PantryQuantity(5, .pieces), kind: .waste, on: day("2026-11-21"))
            }
            #expect(throws: ValidationError.self) { try book.take(fromLot: 999, quantity: nil, kind: .waste, on: day("2026-11-21")) }

            let itemId = try #require(bought.item.id)
            try repos.addShoppingListItem(
                ShoppingListItem(itemId: itemId, quantity: PantryQuantity(12, .pieces), store: "Aldi", addedOn: day("2026-11-21")))
            try repos.setPantryBudget(PantryBudget(period: .week, amount: money(5000), setOn: day("2026-11-16")))
            let list = try book.shoppingOverview(today: day("2026-11-22"))
            #expect(list.lines.map(\.expectedPrice) == [money(398)])  // twice the 6 for €1.99
            #expect(list.total == money(398))
            #expect(list.budget.spent == money(199))
            #expect(list.budget.left == money(4801))
            #expect(list.leftAfterList == money(4403))
            // Wasting the rest of the lot (no quantity) counts its share of the price as waste.
            try book.take(fromLot: try #require(bought.lot.id), quantity: nil, kind: .waste, on: day("2026-11-22"))
            #expect(try book.budgetStatus(today: day("2026-11-22")).waste == money(133))  // 4/6 of €1.99
        }
    }

    @Test func loggingTakesFromThePantryOnlyWhenTheItemSaysSo() throws {
        try withDatabase { _, repos throws in
            let book = PantryBook(repository: repos, weekStart: .monday)
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            let bought = try book.buy(
                try book.item(for: banana, name: ""), quantity: PantryQuantity(500, .grams), price: money(100), store: nil,
                bestBefore: nil, on: day("2026-11-20"))
            let record = try repos.addFoodRecord(food(day("2026-11-21"), kcal: 89 * 1.18))  // 118 g
            #expect(try book.takeForLoggedFood(record).isEmpty)  // off by default
            var item = bought.item
            item.takeFromPantryWhenLogging = true
            try repos.saveGroceryItem(item)
            let uses = try book.takeForLoggedFood(record)
            #expect(uses.map(\.foodRecordId) == [record.id])
            #expect(abs((try repos.stockLot(id: try #require(bought.lot.id))?.left ?? 0) - 382) < 1e-6)
            // Logging and taking in one transaction; more than is in stock takes what there is.
            let big = food(day("2026-11-21"), kcal: 890)  // 1000 g
            let planned = try book.plannedTakes(for: big)
            #expect(try repos.stockLot(id: try #require(bought.lot.id))?.left ?? 0 > 0)  // planning writes nothing
            let logged = try repos.addFoodRecord(big, takingFromPantry: planned)
            #expect(try repos.stockLot(id: try #require(bought.lot.id))?.left == 0)
            let takes = try repos.stockUses(in: DateRange(start: day("2026-11-21"), end: day("2026-11-21")))
            #expect(takes.last?.foodRecordId == logged.id)
            #expect(try repos.dailyLog(on: day("2026-11-21"))?.caloriesIn ?? 0 > 900)
            // A plan that no longer fits the stock logs nothing.
            let before = try repos.foodRecords(in: DateRange(start: day("2026-11-21"), end: day("2026-11-21"))).count
            #expect(throws: (any Error).self) { try repos.addFoodRecord(big, takingFromPantry: planned) }
            #expect(try repos.foodRecords(in: DateRange(start: day("2026-11-21"), end: day("2026-11-21"))).count == before)
        }
    }

    /// The food diary's use case (the Diet tab and `bodii log food` both call it) logs and takes
    /// in one go, only where the item says so.
    @Test func theFoodDiaryLogsAndTakesFromThePantryWhereTheItemSaysSo() throws {
        try withDatabase { _, repos throws in
            let book = PantryBook(repository: repos, weekStart: .monday)
            let diary = FoodDiary(store: repos)
            let banana = try #require(try repos.food(id: FoodID("usda:09040")))
            let bought = try book.buy(
                try book.item(for: banana, name: ""), quantity: PantryQuantity(500, .grams), price: money(100), store: nil,
                bestBefore: nil, on: day("2026-11-20"))
            let lot = try #require(bought.lot.id)
            let first = try diary.log(food(day("2026-11-21"), kcal: 89 * 1.18))  // 118 g
            #expect(first.taken.isEmpty && first.record.id != nil)  // off by default
            #expect(try repos.stockLot(id: lot)?.left == 500)
            var item = bought.item
            item.takeFromPantryWhenLogging = true
            try repos.saveGroceryItem(item)
            let second = try diary.log(food(day("2026-11-21"), kcal: 89 * 1.18))
            #expect(second.taken.count == 1)
            let takes = try repos.stockUses(in: DateRange(start: day("2026-11-21"), end: day("2026-11-21")))
            #expect(takes.map(\.foodRecordId) == [second.record.id], "the take is linked to the entry it was logged with")
            #expect(abs((try repos.stockLot(id: lot)?.left ?? 0) - 382) < 1e-6)
            #expect(try repos.foodRecords(in: DateRange(start: day("2026-11-21"), end: day("2026-11-21"))).count == 2)
        }
    }
}
