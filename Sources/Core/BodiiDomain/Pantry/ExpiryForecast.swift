// "Will expire before you finish it" (issue 29 item 4, Grocy #2559): the lots that, taken in the
// pantry's own order at the item's current rate of use, are not finished by their best-before.
// The figures are `PantryPredictions`'; this only walks the stock.

/// A lot that will expire before it is finished, with the day the item's stock runs out up to it
/// and what that rate of use is based on ("from 6 days of use").
public struct UnfinishedLot: Equatable, Sendable {
    public var item: GroceryItem
    public var lot: StockLot
    /// The day the stock up to and including this lot runs out at the current rate.
    public var finishedBy: Prediction<LocalDate>

    public var basisText: String { finishedBy.basisText }
}

public enum ExpiryForecast {
    /// The days of use the rate is learned from (`PantryPredictions.dailyUse`).
    public static let rateDays = 28

    /// Every lot not yet expired whose best-before comes before the day it would be finished, by
    /// best-before. `allLots`: every lot `uses` take from, used up ones too (the rate counts their
    /// uses), and a lot of each unit each item was bought in (`stockLots(takenFromIn:)`). An item
    /// with lots in different units, or with no use in the last `rateDays`, has no rate: no
    /// forecast (never a guess).
    public static func unfinished(_ snapshot: PantrySnapshot, allLots: [StockLot], uses: [StockUse], today: LocalDate) -> [UnfinishedLot] {
        let items = Dictionary(snapshot.items.compactMap { i in i.id.map { ($0, i) } }, uniquingKeysWith: { a, _ in a })
        let itemOfLot = Dictionary(
            (allLots + snapshot.lots).compactMap { l in l.id.map { ($0, l.itemId) } }, uniquingKeysWith: { a, _ in a })
        let usesOfItem = Dictionary(grouping: uses.filter { itemOfLot[$0.lotId] != nil }) { itemOfLot[$0.lotId] ?? 0 }
        var out: [UnfinishedLot] = []
        for (itemId, lots) in Dictionary(grouping: snapshot.lots, by: \.itemId) {
            let units = Set(allLots.filter { $0.itemId == itemId }.map(\.initialQuantity.unit)).union(lots.map(\.initialQuantity.unit))
            guard let item = items[itemId], units.count == 1,
                let rate = PantryPredictions.dailyUse(uses: usesOfItem[itemId] ?? [], gramsPerUnit: 1, today: today, days: rateDays)
            else { continue }
            var before = 0.0
            for lot in StockPlan.takingOrder(lots) {
                defer { before += lot.left }
                guard let bestBefore = lot.bestBefore, bestBefore >= today,
                    PantryPredictions.expiresBeforeFinished(lot: lot, gramsBefore: before, lotGrams: lot.left, rate: rate, today: today),
                    let finished = PantryPredictions.runsOut(grams: before + lot.left, rate: rate, today: today)
                else { continue }
                out.append(UnfinishedLot(item: item, lot: lot, finishedBy: finished))
            }
        }
        return out.sorted { ($0.lot.bestBefore ?? today, $0.item.name) < ($1.lot.bestBefore ?? today, $1.item.name) }
    }
}

/// What an item's own history predicts (issue 29 item 4), each with its basis: the day its stock
/// runs out at the current rate of use, how long a lot of it lasts, and what its usual purchase
/// is expected to cost (the price the shopping list expects: the last paid).
public struct ItemForecast: Equatable, Sendable {
    public var runsOut: Prediction<LocalDate>?
    public var lotLife: Prediction<Int>?
    /// The last purchase's quantity at the expected price; the basis counts the priced purchases.
    public var expectedPrice: Prediction<Money>?
    public var priceQuantity: PantryQuantity?
}

extension ExpiryForecast {
    /// The forecast of every item with stock, by item id. `uses` and `purchases`: the history to
    /// learn from (a year is plenty); the rate of use is the last `rateDays`'. `allLots` as for
    /// `unfinished`.
    public static func items(
        _ snapshot: PantrySnapshot, allLots: [StockLot], uses: [StockUse], purchases: [Purchase], today: LocalDate
    ) -> [Int64: ItemForecast] {
        let lotsOfItem = Dictionary(grouping: allLots + snapshot.lots.filter { l in !allLots.contains { $0.id == l.id } }, by: \.itemId)
        let itemOfLot = Dictionary(allLots.compactMap { l in l.id.map { ($0, l.itemId) } }, uniquingKeysWith: { a, _ in a })
        let usesOfItem = Dictionary(grouping: uses.filter { itemOfLot[$0.lotId] != nil }) { itemOfLot[$0.lotId] ?? 0 }
        let purchasesOfItem = Dictionary(grouping: purchases, by: \.itemId)
        var out: [Int64: ItemForecast] = [:]
        for itemId in Set(snapshot.lots.map(\.itemId)) {
            let lots = lotsOfItem[itemId] ?? [], itemUses = usesOfItem[itemId] ?? []
            var forecast = ItemForecast()
            if Set(lots.map(\.initialQuantity.unit)).count == 1,
                let rate = PantryPredictions.dailyUse(uses: itemUses, gramsPerUnit: 1, today: today, days: rateDays)
            {
                let left = snapshot.lots.filter { $0.itemId == itemId }.reduce(0) { $0 + $1.left }
                forecast.runsOut = PantryPredictions.runsOut(grams: left, rate: rate, today: today)
            }
            forecast.lotLife = PantryPredictions.lotLife(lots: lots, uses: itemUses)
            let history = (purchasesOfItem[itemId] ?? []).sorted { ($0.date, $0.id ?? 0) < ($1.date, $1.id ?? 0) }
            let priced = history.filter { $0.price != nil }
            if let last = priced.last, let price = PriceBook.expectedPrice(history: history, quantity: last.quantity, store: nil, food: nil)
            {
                forecast.expectedPrice = Prediction(value: price, basis: priced.count, basisNoun: "purchase")
                forecast.priceQuantity = last.quantity
            }
            out[itemId] = forecast
        }
        return out
    }
}
