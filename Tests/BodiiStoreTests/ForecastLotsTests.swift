import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

/// `stockLots(takenFromIn:)`: the lots a forecast reads instead of every lot ever bought. The
/// forecasts made from it are the forecasts made from every lot.
@Suite struct ForecastLotsTests {
    let today = day("2026-11-30")

    /// Milk bought weekly for a year and used up, the last weeks' still in stock; rice bought in
    /// grams long ago and once in pieces, so it has no rate (two units).
    func fill(_ repos: SQLiteRepositories) throws {
        let milk = GroceryItem(name: "Milk", shelfLifeDays: 9)
        let rice = GroceryItem(name: "Rice")
        for week in stride(from: 52, through: 0, by: -1) {
            let date = today.adding(days: -7 * week)
            let saved = try repos.recordPurchase(
                Purchase(itemId: 0, date: date, quantity: PantryQuantity(1000, .millilitres)), item: milk,
                bestBefore: date.adding(days: 9), shoppingListItemId: nil)
            if week > 1 {
                try repos.applyStockUses([
                    StockUse(lotId: saved.lot.id ?? 0, date: date.adding(days: 3), amount: 1000, kind: week % 5 == 0 ? .waste : .use)
                ])
            } else {
                try repos.applyStockUses([StockUse(lotId: saved.lot.id ?? 0, date: today.adding(days: -1), amount: 100, kind: .use)])
            }
        }
        let old = try repos.recordPurchase(
            Purchase(itemId: 0, date: today.adding(days: -700), quantity: PantryQuantity(500, .grams)), item: rice, bestBefore: nil,
            shoppingListItemId: nil)
        try repos.applyStockUses([StockUse(lotId: old.lot.id ?? 0, date: today.adding(days: -690), amount: 500, kind: .use)])
        let now = try repos.recordPurchase(
            Purchase(itemId: 0, date: today.adding(days: -5), quantity: PantryQuantity(2, .pieces)), item: rice,
            bestBefore: today.adding(days: 3), shoppingListItemId: nil)
        try repos.applyStockUses([StockUse(lotId: now.lot.id ?? 0, date: today.adding(days: -2), amount: 1, kind: .use)])
    }

    @Test func forecastsFromTheLotsTakenFromEqualForecastsFromEveryLot() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            let snapshot = try repos.pantrySnapshot()
            let every = try repos.stockLots(includingEmpty: true)
            for days in [ExpiryForecast.rateDays, 365] {
                let range = DateRange(start: today.adding(days: -days), end: today)
                let uses = try repos.stockUses(in: range)
                let some = try repos.stockLots(takenFromIn: range)
                if days == ExpiryForecast.rateDays { #expect(some.count < every.count / 2, "reads \(some.count) of \(every.count) lots") }
                #expect(
                    ExpiryForecast.unfinished(snapshot, allLots: some, uses: uses, today: today)
                        == ExpiryForecast.unfinished(snapshot, allLots: every, uses: uses, today: today))
                let purchases = try repos.purchases(in: range)
                let forecasts = ExpiryForecast.items(snapshot, allLots: some, uses: uses, purchases: purchases, today: today)
                #expect(forecasts == ExpiryForecast.items(snapshot, allLots: every, uses: uses, purchases: purchases, today: today))
                #expect(forecasts.values.contains { $0.runsOut != nil }, "milk has a rate: the comparison is of something")
            }
        }
    }

    /// Outside the window's uses, the lots read are exactly the first (lowest id) of each item and
    /// unit: rice's grams and its pieces, milk's first week, however the lots are scattered.
    @Test func theFirstLotOfEachItemAndUnitIsRead() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            let every = try repos.stockLots(includingEmpty: true)
            var first: [String: Int64] = [:]
            for lot in every {
                guard let id = lot.id else { continue }
                let key = "\(lot.itemId) \(lot.initialQuantity.unit)"
                first[key] = min(first[key] ?? id, id)
            }
            let noUses = DateRange(start: today.adding(days: -3000), end: today.adding(days: -2990))
            let read = try repos.stockLots(takenFromIn: noUses).compactMap(\.id)
            #expect(first.count == 3, "milk in ml, rice in g and in pieces")
            #expect(Set(read) == Set(first.values))
            #expect(read.count == first.count)
        }
    }

    /// The first lot of each item and unit is kept until the next commit (`keptUntilNextCommit`):
    /// an item bought after a read, long before the window, is among the lots read next.
    @Test func aWriteOfThisProcessEndsTheKeptFirstLots() throws {
        try withDatabase { _, repos throws in
            try fill(repos)
            let range = DateRange(start: today.adding(days: -ExpiryForecast.rateDays), end: today)
            let before = try repos.stockLots(takenFromIn: range)
            #expect(try repos.stockLots(takenFromIn: range) == before, "nothing written, the same lots")
            let oats = try repos.recordPurchase(
                Purchase(itemId: 0, date: today.adding(days: -400), quantity: PantryQuantity(500, .grams)),
                item: GroceryItem(name: "Oats"), bestBefore: nil, shoppingListItemId: nil)
            let after = try repos.stockLots(takenFromIn: range)
            #expect(after.count == before.count + 1)
            #expect(after.contains { $0.id == oats.lot.id })
        }
    }

    /// Another process's purchase is among the lots once the app has noticed it (`outsideWriteStamp`, every tick).
    @Test func anotherConnectionsWriteEndsTheKeptFirstLotsOnceNoticed() throws {
        try withTemporaryFolder { folder in
            let url = folder.appendingPathComponent("bodii.sqlite")
            let app = try BodiiDatabase(url: url)
            try fill(app.repositories)
            _ = try app.repositories.outsideWriteStamp()
            let range = DateRange(start: today.adding(days: -ExpiryForecast.rateDays), end: today)
            let before = try app.repositories.stockLots(takenFromIn: range)

            let command = try BodiiDatabase(url: url, access: .command)
            let oats = try command.repositories.recordPurchase(
                Purchase(itemId: 0, date: today.adding(days: -400), quantity: PantryQuantity(500, .grams)),
                item: GroceryItem(name: "Oats"), bestBefore: nil, shoppingListItemId: nil)
            try command.close()

            _ = try app.repositories.outsideWriteStamp()
            let after = try app.repositories.stockLots(takenFromIn: range)
            #expect(after.count == before.count + 1)
            #expect(after.contains { $0.id == oats.lot.id })
            try app.close()
        }
    }
}
