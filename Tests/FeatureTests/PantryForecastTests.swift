import BodiiDomain
import BodiiStore
import PantryFeature
import TerminalKit
import Testing

/// Issue 29 item 4 where the Pantry lists an item's lots (the side panel of a wide terminal): the
/// day its stock runs out at the current rate, how long a lot lasts, and the expected price, each
/// with what it is based on.
@MainActor
@Suite struct PantryForecastTests {
    @Test func theItemPanelShowsItsPredictionsAndTheirBasis() throws {
        let db = try TestDatabase.demo()
        let r = db.repositories, today = TestDay.fixed
        // An old lot of 500 g used up over 20 days (25 g a day), then a lot of 1,450 g used at 20 g a
        // day on the last 20 days: 1,050 g left, 400 g used in the last 28 days.
        let old = try r.recordPurchase(
            Purchase(
                itemId: 0, date: today.adding(days: -60), quantity: PantryQuantity(500, .grams), grams: 500, price: Money(minorUnits: 120)),
            item: GroceryItem(name: "Rice"), bestBefore: nil, shoppingListItemId: nil)
        let oldLot = try #require(old.lot.id)
        try r.applyStockUses((0..<20).map { StockUse(lotId: oldLot, date: today.adding(days: -59 + $0), amount: 25, kind: .use) })
        let new = try r.recordPurchase(
            Purchase(
                itemId: try #require(old.item.id), date: today.adding(days: -25), quantity: PantryQuantity(1_450, .grams), grams: 1_450,
                price: Money(minorUnits: 350)),
            item: old.item, bestBefore: today.adding(days: 200), shoppingListItemId: nil)
        let newLot = try #require(new.lot.id)
        try r.applyStockUses((1...20).map { StockUse(lotId: newLot, date: today.adding(days: -$0), amount: 20, kind: .use) })

        let vm = FlowHost(PantryViewModel(source: r, clock: db.clock))
        vm.didBecomeVisible()
        var buffer = Buffer(width: 160, height: 45, for: snapshotContext)
        vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        let text = buffer.text
        // 1,050 g at 400 g / 28 days lasts 73.5 days: out on day 73.
        let day = today.adding(days: 73).shortLabel(relativeTo: today)
        #expect(text.contains("Runs out           ~\(day)"), "\(text)")
        #expect(text.contains("  at your rate, from 20 days of use"))
        // The one lot used up lasted from its purchase (day −60) to its last use (day −40).
        #expect(text.contains("A lot lasts        20 days") && text.contains("  from 1 lot"))
        #expect(text.contains("Expected price     €3.50 for 1"))
        #expect(text.contains("  last paid, of 2 purchases"))
    }
}
