import Testing
@testable import BodiiDomain

/// The pantry's domain (PRODUCT.md §10) from worked numbers: money, units, first-expiring-first,
/// prices, the budget and a day's cost.
@Suite struct PantryTests {
    let eur = Currency.default
    let banana = Food(
        id: FoodID("usda:09040"), name: "Bananas, raw", source: "USDA SR",
        per100g: Nutrients(kcal: 89, proteinG: 1.09, carbsG: 22.84, fatG: 0.33),
        servings: [
            FoodServing(label: "1 cup, sliced", grams: 150), FoodServing(label: "1 medium (7\" to 7-7/8\" long)", grams: 118),
            FoodServing(label: "1 large", grams: 136),
        ])
    let chicken = Food(
        id: FoodID("usda:05062"), name: "Chicken, broilers or fryers, breast, meat only, raw", source: "USDA SR",
        per100g: Nutrients(kcal: 120, proteinG: 22.5, carbsG: 0, fatG: 2.62))

    func money(_ minor: Int64) -> Money { Money(minorUnits: minor, currency: eur) }

    // MARK: Money

    @Test func pricesParseWithEitherDecimalMarkIntoMinorUnits() throws {
        #expect(try MoneyInput.parse("3.49").minorUnits == 349)
        #expect(try MoneyInput.parse("3,49").minorUnits == 349)
        #expect(try MoneyInput.parse(" 3,5 ").minorUnits == 350)
        #expect(try MoneyInput.parse("12").minorUnits == 1200)
        #expect(try MoneyInput.parse(".99").minorUnits == 99)
        #expect(try MoneyInput.parse("0").minorUnits == 0)
        // 0.1 + 0.2 is never 0.30000000000000004 here.
        #expect((try MoneyInput.parse("0.1") + MoneyInput.parse("0.2")).minorUnits == 30)
    }

    @Test func ambiguousOrBadPricesAreRefused() {
        // A separator followed by three digits may be thousands grouping: refused, never guessed.
        #expect(problem { try MoneyInput.parse("1,234") } == .invalidFormat)
        #expect(problem { try MoneyInput.parse("1.234") } == .invalidFormat)
        #expect(validationError { try MoneyInput.parse("1,234") }?.allowed.contains("ambiguous") == true)
        #expect(problem { try MoneyInput.parse("1.234,56") } == .invalidFormat)
        #expect(problem { try MoneyInput.parse("3.4.9") } == .invalidFormat)
        #expect(problem { try MoneyInput.parse("3.4999") } == .invalidFormat)  // more decimals than cents
        #expect(problem { try MoneyInput.parse("-1.99") } == .outOfRange)
        #expect(problem { try MoneyInput.parse("1e3") } == .invalidFormat)
        #expect(problem { try MoneyInput.parse("abc") } == .notANumber)
        #expect(problem { try MoneyInput.parse("€3 €") } == .notANumber)  // the sign once, before or after
        #expect(problem { try MoneyInput.parse("") } == .empty)
        #expect(problem { try MoneyInput.parse("3.") } == .invalidFormat)
        #expect(problem { try MoneyInput.parse("10000.01") } == .outOfRange)  // absurd for one purchase
        #expect(problem { try MoneyInput.parse("99999999999999") } == .outOfRange)
        #expect(problem { try MoneyInput.parse("1\u{1B}[2J") } == .invalidCharacters)
    }

    @Test func aThreeDecimalCurrencyTakesItsOwnMarkWithThreeDigits() throws {
        let kwd = Currency(code: "KWD", symbol: "KD ", decimals: 3)
        #expect(try MoneyInput.parse("1.234", currency: kwd, decimalMark: ".").minorUnits == 1234)
        #expect(problem { try MoneyInput.parse("1,234", currency: kwd, decimalMark: ".") } == .invalidFormat)
        let yen = Currency(code: "JPY", symbol: "¥", decimals: 0)
        #expect(try MoneyInput.parse("350", currency: yen).minorUnits == 350)
        #expect(problem { try MoneyInput.parse("3.5", currency: yen) } == .invalidFormat)
        #expect(Money(minorUnits: 350, currency: yen).formatted == "¥350")
    }

    @Test func moneyFormatsExactly() {
        #expect(money(349).formatted == "€3.49")
        #expect(money(5).amountText == "0.05")
        #expect(money(-120).formatted == "−€1.20")
        #expect(money(199).mainUnits == 1.99)
        #expect(money(1000).scaled(by: 1, over: 3)?.minorUnits == 333)
        #expect(money(1000).scaled(by: 2, over: 3)?.minorUnits == 667)
    }

    // MARK: Units

    @Test func piecesMeasuresAndGramsAreTheSameStock() throws {
        #expect(PantryUnits.gramsPerPiece(of: banana) == 118)  // "medium" wins over the cup
        #expect(PantryUnits.grams(PantryQuantity(2, .pieces), food: banana) == 236)
        let medium = PantryUnit.measure("1 medium (7\" to 7-7/8\" long)")
        #expect(PantryUnits.convert(PantryQuantity(236, .grams), to: medium, food: banana) == 2)
        #expect(PantryUnits.convert(PantryQuantity(2, medium), to: .pieces, food: banana) == 2)
        #expect(PantryUnits.convert(PantryQuantity(1, .measure("1 cup, sliced")), to: .grams, food: banana) == 150)
        // A free name has no measures: pieces and grams do not convert.
        #expect(PantryUnits.convert(PantryQuantity(2, .pieces), to: .grams, food: nil) == nil)
        #expect(PantryQuantity(2, medium).label == "2 medium (7\" to 7-7/8\" long)")
        #expect(PantryQuantity(1, .pieces).label == "1 piece")
    }

    @Test func unitsParseFromWhatPeopleType() throws {
        #expect(try PantryUnits.parse("kg", food: nil).unit == .grams)
        #expect(try PantryUnits.parse("kg", food: nil).factor == 1000)
        #expect(try PantryUnits.parse("pcs", food: nil).unit == .pieces)
        #expect(try PantryUnits.parse("medium", food: banana).unit == .measure("1 medium (7\" to 7-7/8\" long)"))
        #expect(problem { try PantryUnits.parse("bushel", food: banana) } == .unknown)
        #expect(problem { try PantryUnits.parse("medium", food: nil) } == .unknown)
        #expect(try PantryUnits.amount("1.5", factor: 1000) == 1500)
        #expect(problem { try PantryUnits.amount("-2") } == .outOfRange)
        #expect(problem { try PantryUnits.amount("0") } == .outOfRange)
        #expect(problem { try PantryUnits.amount("1000000") } == .outOfRange)
    }

    // MARK: First expiring first

    func lot(
        _ id: Int64, _ amount: Double, _ unit: PantryUnit = .grams, bestBefore: String?, opened: Bool = false, price: Int64? = nil,
        bought: String = "2026-11-01"
    ) throws -> StockLot {
        StockLot(
            id: id, itemId: 1, initialQuantity: PantryQuantity(amount, unit), purchasedOn: try date(bought),
            bestBefore: try bestBefore.map { try date($0) }, opened: opened, price: price.map(money))
    }

    @Test func useTakesFromTheOpenedThenTheFirstExpiringLot() throws {
        let lots = [
            try lot(1, 500, bestBefore: "2026-11-30"), try lot(2, 500, bestBefore: "2026-11-25"),
            try lot(3, 200, bestBefore: "2026-12-30", opened: true), try lot(4, 100, bestBefore: nil),
        ]
        #expect(StockPlan.takingOrder(lots).map(\.id) == [3, 2, 1, 4])
        let uses = try StockPlan.take(PantryQuantity(450, .grams), from: lots, food: nil, kind: .use, on: try date("2026-11-22"))
        #expect(uses.map(\.lotId) == [3, 2])
        #expect(uses.map(\.amount) == [200, 250])
        #expect(
            problem { try StockPlan.take(PantryQuantity(1301, .grams), from: lots, food: nil, kind: .use, on: try date("2026-11-22")) }
                == .outOfRange)
    }

    @Test func takesConvertThroughMeasuresAndCarryTheirShareOfThePrice() throws {
        // 6 bananas for €1.99 (a lot in pieces); waste 236 g = 2 medium = 2 pieces: €0.66.
        let lots = [try lot(7, 6, .pieces, bestBefore: "2026-11-24", price: 199)]
        let uses = try StockPlan.take(PantryQuantity(236, .grams), from: lots, food: banana, kind: .waste, on: try date("2026-11-22"))
        #expect(uses.count == 1)
        #expect(isClose(uses[0].amount, 2))
        #expect(uses[0].value == money(66))
    }

    @Test func useSoonComesFirstWithItsDaysLeft() throws {
        let items = [GroceryItem(id: 1, name: "Bananas"), GroceryItem(id: 2, name: "Apples"), GroceryItem(id: 3, name: "Milk")]
        var lots = [
            try lot(1, 6, .pieces, bestBefore: "2026-11-24"), try lot(2, 1000, bestBefore: "2026-12-20"),
            try lot(3, 1000, .millilitres, bestBefore: "2026-11-21"),
        ]
        lots[1].itemId = 2
        lots[2].itemId = 3
        let snapshot = PantrySnapshot(items: items, lots: lots, shoppingList: [], budget: nil)
        let rows = StockOverview.rows(snapshot, today: try date("2026-11-22"))
        #expect(rows.map(\.item.name) == ["Milk", "Bananas", "Apples"])
        #expect(rows.map(\.daysLeft) == [-1, 2, 28])
        #expect(rows.map(\.useSoon) == [true, true, false])
        #expect(rows.map(\.expired) == [true, false, false])
        #expect(StockOverview.rows(snapshot, today: try date("2026-11-22"), onlyWithin: 2).count == 2)
    }

    // MARK: Prices

    @Test func pricesPerKgKcalAndProteinFromWorkedNumbers() throws {
        // 1 kg of chicken breast at €8.99, 120 kcal and 22.5 g protein per 100 g:
        // €8.99/kg, €0.90/100 g, 8.99 / 1.2 = €7.49 per 1000 kcal, 8.99 / 22.5 = €0.40 per 10 g protein.
        let purchase = Purchase(
            itemId: 1, date: try date("2026-11-20"), quantity: PantryQuantity(1, .grams), grams: 1000, price: money(899))
        let prices = UnitPrices(purchase, food: chicken)
        #expect(prices.perKg == money(899))
        #expect(prices.per100g == money(90))
        #expect(prices.per1000kcal == money(749))
        #expect(prices.per10gProtein == money(40))
        #expect(UnitPrices(purchase, food: nil).per1000kcal == nil)
    }

    @Test func expectedPriceIsTheLastPaidAtThatStoreElseAnywhere() throws {
        let history = [
            Purchase(
                itemId: 1, date: try date("2026-11-01"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(199), store: "Aldi"),
            Purchase(
                itemId: 1, date: try date("2026-11-08"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(249), store: "Rewe"),
            Purchase(itemId: 1, date: try date("2026-11-15"), quantity: PantryQuantity(6, .pieces), grams: 708, price: nil, store: "Aldi"),
        ]
        #expect(PriceBook.expectedPrice(history: history, quantity: nil, store: "aldi", food: banana) == money(199))
        #expect(PriceBook.expectedPrice(history: history, quantity: nil, store: "Lidl", food: banana) == money(249))
        #expect(PriceBook.expectedPrice(history: history, quantity: nil, store: nil, food: banana) == money(249))
        // 3 pieces at Aldi: half of 6 for €1.99 = €1.00 (rounded half away from zero).
        #expect(PriceBook.expectedPrice(history: history, quantity: PantryQuantity(3, .pieces), store: "Aldi", food: banana) == money(100))
        #expect(PriceBook.expectedPrice(history: [], quantity: nil, store: nil, food: nil) == nil)
    }

    @Test func cheapestProteinAndEnergyBought() throws {
        let items = [GroceryItem(id: 1, name: "Chicken", foodId: chicken.id), GroceryItem(id: 2, name: "Bananas", foodId: banana.id)]
        let purchases = [
            Purchase(itemId: 1, date: try date("2026-11-20"), quantity: PantryQuantity(1000, .grams), grams: 1000, price: money(899)),
            Purchase(itemId: 2, date: try date("2026-11-20"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(199)),
        ]
        let cheapest = PriceBook.cheapest(purchases, items: items, foods: [chicken.id: chicken, banana.id: banana])
        #expect(cheapest.protein?.purchase.itemId == 1)
        #expect(cheapest.protein?.price == money(40))
        // Bananas: 708 g = 630.12 kcal for €1.99 → €3.16 per 1000 kcal, cheaper than chicken's €7.49.
        #expect(cheapest.energy?.purchase.itemId == 2)
        #expect(cheapest.energy?.price == money(316))
    }

    // MARK: Budget

    @Test func budgetWeeksStartOnMondayAndCountEveryPurchaseInMinorUnits() throws {
        let today = try date("2026-11-22")  // a Sunday
        let week = BudgetPeriod(.week, containing: today, weekStart: .monday)
        #expect(week.start == (try date("2026-11-16")))
        #expect(week.end == today)
        #expect(BudgetPeriod(.week, containing: today, weekStart: .sunday).start == today)  // a Sunday-start week
        #expect(BudgetPeriod(.month, containing: today, weekStart: .monday).end == (try date("2026-11-30")))
        let purchases = [
            Purchase(itemId: 1, date: try date("2026-11-15"), quantity: PantryQuantity(1, .pieces), price: money(1000)),  // last week
            Purchase(itemId: 1, date: try date("2026-11-16"), quantity: PantryQuantity(1, .pieces), price: money(1)),
            Purchase(itemId: 1, date: try date("2026-11-18"), quantity: PantryQuantity(1, .pieces), price: money(2)),
            Purchase(itemId: 1, date: try date("2026-11-22"), quantity: PantryQuantity(1, .pieces), price: money(4997)),
            Purchase(itemId: 1, date: try date("2026-11-22"), quantity: PantryQuantity(1, .pieces), price: nil),
        ]
        let uses = [
            StockUse(lotId: 1, date: try date("2026-11-20"), amount: 1, kind: .waste, value: money(66)),
            StockUse(lotId: 1, date: try date("2026-11-20"), amount: 1, kind: .use, value: money(500)),
        ]
        let budget = PantryBudget(period: .week, amount: money(6000), setOn: try date("2026-11-01"))
        let status = BudgetStatus(budget: budget, today: today, purchases: purchases, uses: uses, weekStart: .monday)
        #expect(status.spent == money(5000))
        #expect(status.left == money(1000))
        #expect(status.waste == money(66))
        #expect(status.leftAfter(listTotal: money(1250)) == money(-250))
        let month = BudgetStatus(budget: budget, kind: .month, today: today, purchases: purchases, uses: uses, weekStart: .monday)
        #expect(month.spent == money(6000))
        #expect(month.budget == nil)
        #expect(BudgetStatus(budget: nil, today: today, purchases: [], uses: [], weekStart: .monday).left == nil)
    }

    // MARK: What a day cost

    @Test func aLoggedDaysCostComesFromTheLatestPricePerGram() throws {
        let d = try date("2026-11-22")
        let records = [
            FoodLogging.record(food: banana, grams: 118, meal: .breakfast, date: d),
            FoodLogging.record(food: chicken, grams: 200, meal: .dinner, date: d),
            FoodRecord(
                date: d, meal: .snacks, foodId: FoodID("quick:1"), foodName: "Quick add", grams: 1, kcal: 300, proteinG: 0, carbsG: 0,
                fatG: 0),
        ]
        // Bananas €1.99 for 708 g: 118 g cost €0.33 (0.3317); chicken €8.99/kg: 200 g cost €1.80 (1.798).
        let latest = [
            banana.id: Purchase(
                itemId: 2, date: try date("2026-11-20"), quantity: PantryQuantity(6, .pieces), grams: 708, price: money(199)),
            chicken.id: Purchase(
                itemId: 1, date: try date("2026-11-18"), quantity: PantryQuantity(1000, .grams), grams: 1000, price: money(899)),
        ]
        let cost = DayCost(records: records, latestPurchases: latest)
        #expect(cost.amount == money(213))
        // Priced kcal: 105.02 + 240 of 645.02.
        #expect(isClose(cost.knownShare, 345.02 / 645.02, tolerance: 1e-9))
        #expect(cost.pricedEntries == 2)
        let none = DayCost(records: records, latestPurchases: [:])
        #expect(none.amount == nil)
        #expect(none.knownShare == 0)
        #expect(DayCost(records: [], latestPurchases: [:]).knownShare == nil)

        // After a switch to dollars the day counts in its newest price's currency; the euro price
        // is unpriced, never converted. With no price at all, the fallback names the currency.
        let usd = Currency.resolve(code: "USD")
        var switched = latest
        switched[banana.id] = Purchase(
            itemId: 2, date: try date("2026-11-21"), quantity: PantryQuantity(6, .pieces), grams: 708,
            price: Money(minorUnits: 249, currency: usd))
        let dollars = DayCost(records: records, latestPurchases: switched)
        #expect(dollars.amount == Money(minorUnits: 42, currency: usd))  // 118/708 of $2.49 = 0.415
        #expect(dollars.pricedEntries == 1)
        #expect(DayCost(records: records, latestPurchases: [:], currency: usd).currency == usd)
    }

    @Test func pantryInputRefusesPastBestBeforeAndControlCharacters() throws {
        let today = try date("2026-11-22")
        #expect(try PantryInput.bestBefore("2026-11-22", today: today) == today)
        #expect(problem { try PantryInput.bestBefore("2026-11-21", today: today) } == .outOfRange)
        #expect(problem { try PantryInput.bestBefore("2040-01-01", today: today) } == .outOfRange)
        #expect(problem { try PantryInput.bestBefore("2026-02-30", today: today) } == .notARealDate)
        #expect(problem { try PantryInput.name("  ") } == .empty)
        #expect(problem { try PantryInput.name("Milk\u{1B}[31m") } == .invalidCharacters)
        #expect(try PantryInput.name("  Oat milk ") == "Oat milk")
    }
}
