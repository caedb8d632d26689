import Testing
@testable import BodiiDomain

/// Predictions from the pantry's own history (issue 29 item 4), from worked numbers.
@Suite struct PantryPredictionsTests {
    let today = LocalDate(year: 2026, month: 11, day: 25)!

    func lot(_ id: Int64, bought: Int, left: Double, bestBefore: Int? = nil) -> StockLot {
        StockLot(
            id: id, itemId: 1, initialQuantity: PantryQuantity(500, .grams), left: left, purchasedOn: today.adding(days: bought),
            bestBefore: bestBefore.map { today.adding(days: $0) })
    }

    @Test func aLotLastsTheMedianOfTheUsedUpLots() throws {
        // Lots used up after 4, 6 and 9 days; the open one does not count.
        let lots = [
            lot(1, bought: -30, left: 0), lot(2, bought: -20, left: 0), lot(3, bought: -12, left: 0), lot(4, bought: -2, left: 300),
        ]
        let uses = [
            StockUse(lotId: 1, date: today.adding(days: -28), amount: 200, kind: .use),
            StockUse(lotId: 1, date: today.adding(days: -26), amount: 300, kind: .use),
            StockUse(lotId: 2, date: today.adding(days: -14), amount: 500, kind: .waste),
            StockUse(lotId: 3, date: today.adding(days: -3), amount: 500, kind: .use),
            StockUse(lotId: 4, date: today.adding(days: -1), amount: 200, kind: .use),
        ]
        let life = try #require(PantryPredictions.lotLife(lots: lots, uses: uses))
        #expect(life.value == 6)
        #expect(life.basisText == "from 3 lots")
    }

    @Test func stockRunsOutAtTheRateOfUseAndALotCanExpireFirst() throws {
        // 700 g used over 28 days on 7 days: 25 g a day; 300 g left lasts 12 days.
        let uses =
            (1...7).map { StockUse(lotId: 4, date: today.adding(days: -$0 * 3), amount: 100, kind: .use) }
            + [StockUse(lotId: 4, date: today.adding(days: -2), amount: 999, kind: .waste)]
        let rate = try #require(PantryPredictions.dailyUse(uses: uses, gramsPerUnit: 1, today: today))
        #expect(rate.value == 25)
        #expect(rate.basisText == "from 7 days of use")
        let out = try #require(PantryPredictions.runsOut(grams: 300, rate: rate, today: today))
        #expect(out.value == today.adding(days: 12))
        #expect(
            PantryPredictions.expiresBeforeFinished(
                lot: lot(5, bought: 0, left: 300, bestBefore: 10), gramsBefore: 0, lotGrams: 300, rate: rate, today: today))
        #expect(
            !PantryPredictions.expiresBeforeFinished(
                lot: lot(5, bought: 0, left: 300, bestBefore: 12), gramsBefore: 0, lotGrams: 300, rate: rate, today: today))
        #expect(PantryPredictions.dailyUse(uses: [], gramsPerUnit: 1, today: today) == nil)
    }
}
