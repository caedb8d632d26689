import Testing
import SnapshotTesting
import BodiiDomain
import BodiiStore
import TerminalKit
import PantryFeature

/// The Pantry tab driven by keys on a real database with the shipped catalog: adding to stock
/// from the search, using first-expiring-first, building a list and buying from it against the
/// budget, bad input in every form, the key map, and snapshots of the three views.
@MainActor
@Suite struct PantryViewModelTests {
    let db: TestDatabase
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
    }

    private func tab() -> FlowHost<PantryViewModel> {
        let vm = FlowHost(PantryViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
        return vm
    }

    private func food(_ id: String) throws -> Food { try #require(try db.repositories.food(id: FoodID(id))) }
    private func day(_ offset: Int) -> LocalDate { today.adding(days: offset) }
    private func euros(_ minor: Int64) -> Money { Money(minorUnits: minor) }

    /// Bought earlier: bananas (2 days left), milk (expired yesterday), oats and chicken breast,
    /// each with a price and a store; a weekly budget of €60.00.
    @discardableResult
    private func stocked() throws -> [String: GroceryItem] {
        let r = db.repositories
        var items: [String: GroceryItem] = [:]
        func buy(
            _ key: String, _ item: GroceryItem, _ q: PantryQuantity, _ price: Int64, _ store: String, on date: LocalDate,
            bestBefore: LocalDate?
        ) throws {
            let f = try item.foodId.flatMap { try r.food(id: $0) }
            let saved = try r.recordPurchase(
                Purchase(
                    itemId: items[key]?.id ?? 0, date: date, quantity: q, grams: PantryUnits.grams(q, food: f),
                    price: euros(price), store: store),
                item: items[key] ?? item, bestBefore: bestBefore, shoppingListItemId: nil)
            items[key] = saved.item
        }
        try buy(
            "banana", GroceryItem(name: "Bananas, raw", foodId: FoodID("usda:09040"), shelfLifeDays: 6), PantryQuantity(6, .pieces), 129,
            "Lidl",
            on: day(-4), bestBefore: day(2))
        try buy(
            "milk", GroceryItem(name: "Milk", foodId: FoodID("usda:01079"), shelfLifeDays: 7), PantryQuantity(1000, .millilitres), 109,
            "Aldi",
            on: day(-8), bestBefore: day(-1))
        try buy(
            "oats", GroceryItem(name: "Oats", foodId: FoodID("usda:08120"), shelfLifeDays: 180), PantryQuantity(500, .grams), 89, "Aldi",
            on: day(-30), bestBefore: day(150))
        try buy(
            "chicken", GroceryItem(name: "Chicken breast", foodId: FoodID("usda:05064"), shelfLifeDays: 3), PantryQuantity(1000, .grams),
            899, "Lidl",
            on: day(-20), bestBefore: day(-17))
        // The chicken was eaten: only its price history stays.
        let chickenLots = try r.stockLots(itemId: try #require(items["chicken"]?.id))
        try r.applyStockUses(chickenLots.map { StockUse(lotId: $0.id ?? 0, date: day(-18), amount: $0.left, kind: .use) })
        try r.setPantryBudget(PantryBudget(period: .week, amount: euros(6000), setOn: day(-30)))
        return items
    }

    // MARK: Stock

    @Test func addingToStockFromTheCatalogSearch() throws {
        let vm = tab()
        vm.press(.char("a"))
        #expect(vm.isPicking)
        vm.type("banana")
        vm.press(.enter)  // Bananas, raw
        #expect(vm.formTitle == "Add to stock — Bananas, raw", "\(String(describing: vm.status))")
        vm.type("6")  // quantity; the unit is pieces (a banana can be weighed by its medium measure)
        vm.press(.tab); vm.press(.tab)
        vm.type("1,29")  // the decimal comma is taken
        vm.press(.tab); vm.type("Lidl")
        vm.press(.tab); vm.type("2026-11-26")
        vm.press(.enter)
        #expect(vm.formTitle == nil, "\(vm.formErrors)")
        let lot = try #require(try db.repositories.stockLots(includingEmpty: false).first)
        #expect(lot.initialQuantity == PantryQuantity(6, .pieces))
        #expect(lot.price == euros(129) && lot.store == "Lidl" && lot.bestBefore == day(4))
        #expect(vm.stockRows.count == 1)
        #expect(vm.status?.text == "Added 6 pieces of Bananas, raw for €1.29, best before 26 Nov.")
        // Spending counts a purchase added to stock too.
        #expect(vm.budget?.spent == euros(129))
    }

    @Test func aFreeNameAndTheBestBeforeFromTheShelfLife() throws {
        try stocked()
        let vm = tab()
        vm.press(.char("a"))
        vm.type("kitchen roll")
        vm.press(.ctrl("o"))  // the text as a free name
        #expect(vm.formTitle == "Add to stock — kitchen roll", "\(String(describing: vm.status))")
        vm.press(.tab, times: 4)
        vm.type("2026-12-22")  // best before only
        vm.press(.enter)
        #expect(vm.formTitle == nil, "\(vm.formErrors)")
        // A new item learns its shelf life from its first best-before: the next lot defaults from it.
        #expect(try db.repositories.groceryItem(foodId: nil, name: "kitchen roll")?.shelfLifeDays == 30)
        // Bananas again: the shelf life of 6 days gives the best-before.
        vm.press(.char("a"))
        vm.type("banan")
        vm.press(.enter)
        #expect(vm.formValue("bestBefore") == "2026-11-28")
        #expect(vm.formValue("quantity") == "6", "the last quantity bought")
        #expect(vm.formValue("store") == "Lidl")
    }

    @Test func usingTakesFromTheLotThatExpiresFirst() throws {
        let items = try stocked()
        let r = db.repositories
        // A second bag of bananas, bought today, best before in 6 days.
        _ = try r.recordPurchase(
            Purchase(
                itemId: try #require(items["banana"]?.id), date: today, quantity: PantryQuantity(5, .pieces), price: euros(119),
                store: "Lidl"), item: try #require(items["banana"]), bestBefore: day(6), shoppingListItemId: nil)
        let vm = tab()
        // Use soon first: the expired milk, then the bananas of 2 days.
        #expect(vm.stockRows.map(\.item.name).prefix(2) == ["Milk", "Bananas, raw"])
        #expect(vm.stockRows.first?.expired == true)
        vm.press(.char("j"))
        vm.press(.enter)  // use
        #expect(vm.formValue("quantity") == "1")
        vm.press(.backspace)
        vm.type("8")
        vm.press(.enter)
        #expect(vm.formTitle == nil, "\(vm.formErrors)")
        let lots = try r.stockLots(itemId: try #require(items["banana"]?.id)).sorted { ($0.bestBefore ?? today) < ($1.bestBefore ?? today) }
        #expect(lots.map(\.left) == [0, 3], "the 6 of the older lot, then 2 of the new one")
        #expect(vm.status?.text == "Used 8 pieces of Bananas, raw, from 2 lots.")

        // Waste the expired milk: its price is waste.
        vm.press(.char("k"))
        vm.press(.char("w"))
        #expect(vm.formValue("quantity") == "1000")
        vm.press(.enter)
        #expect(vm.status?.text == "Wasted 1000 ml of Milk (€1.09 wasted).")
        vm.press(.char("p"))
        #expect(vm.month?.waste == euros(109))
    }

    @Test func tooMuchOrNonsenseStaysInTheFormAndWritesNothing() throws {
        let items = try stocked()
        let vm = tab()
        vm.press(.char("j"))
        vm.press(.enter)
        vm.press(.backspace); vm.type("7")
        vm.press(.enter)
        #expect(vm.formErrors["quantity"]?.contains("up to 6 pieces (what is in stock)") == true, "\(vm.formErrors)")
        vm.press(.backspace); vm.type("-1")
        vm.press(.enter)
        #expect(vm.formErrors["quantity"] != nil)
        vm.press(.escape)
        #expect(vm.status?.text == "Nothing changed.")
        #expect(try db.repositories.stockLots(itemId: try #require(items["banana"]?.id)).first?.left == 6)

        vm.press(.char("B"))
        vm.press(.ctrl("u")); vm.type("1,234")  // ambiguous: a thousands separator or three decimals?
        vm.press(.enter)
        #expect(vm.formErrors["amount"]?.contains("ambiguous") == true, "\(vm.formErrors)")
        vm.press(.escape)
        #expect(try db.repositories.pantryBudget()?.amount == euros(6000))

        vm.press(.char("a")); vm.type("banana"); vm.press(.enter)
        vm.press(.tab); vm.press(.tab); vm.type("3.499")
        vm.press(.tab); vm.press(.tab); vm.type("2020-01-01")
        vm.press(.enter)
        #expect(vm.formErrors.keys.sorted() == ["price"], "one line, at the first bad field: \(vm.formErrors)")
        vm.press(.escape)
        #expect(try db.repositories.purchases(in: DateRange(start: today, end: today)).isEmpty)
    }

    @Test func itemSettingsSayTakingWhenLoggingIsPerItemAndOff() throws {
        try stocked()
        let vm = tab()
        vm.press(.char("j"))
        vm.press(.char("i"))
        #expect(vm.formIntro?.contains("per item and off by default: stock drifts when not every use is logged") == true)
        #expect(vm.formValue("takeWhenLogging") == "off")
        vm.press(.ctrl("u")); vm.type("5")  // shelf life
        vm.press(.tab); vm.type("4")  // minimum 4 pieces
        vm.press(.tab); vm.press(.tab); vm.press(.right)  // take when logging: on
        vm.press(.enter)
        let banana = try #require(try db.repositories.groceryItem(foodId: FoodID("usda:09040"), name: "Bananas, raw"))
        #expect(banana.shelfLifeDays == 5 && banana.minimumStock == PantryQuantity(4, .pieces) && banana.takeFromPantryWhenLogging)
        let screen = render(vm, .small).text
        #expect(screen.contains("Stock drifts unless each use is logged · logging takes stock per item (i), off"))
    }

    // MARK: Shopping list and budget

    @Test func aListBoughtAgainstTheBudget() throws {
        let items = try stocked()
        let vm = tab()
        vm.press(.char("l"))
        // This week (Mon 16 – Sun 22 Nov) so far: the bananas of Wednesday.
        #expect(vm.budget?.budget == euros(6000) && vm.budget?.spent == euros(129))
        // From search: oats at Aldi, 500 g → expected the last price there.
        vm.press(.char("a")); vm.type("oats"); vm.press(.enter)
        #expect(vm.formTitle == "Add to the list — Oats", "\(String(describing: vm.status))")
        vm.type("500")
        vm.press(.tab); vm.press(.right)  // grams (oats: g first? the unit list starts with g when no piece)
        vm.press(.enter)
        #expect(vm.formTitle == nil, "\(vm.formErrors)")
        // Replacements for what must be used soon: bananas and milk.
        vm.press(.char("r"))
        #expect(vm.listLines.map(\.item.name) == ["Oats", "Milk", "Bananas, raw"], "\(vm.listLines.map(\.item.name))")
        #expect(vm.listLines.map(\.expected) == [euros(89), euros(109), euros(129)])
        #expect(vm.listTotal == euros(327))

        // Buy two: b at the expected price (one key), Enter with the price typed.
        vm.press(.char("j"))  // milk
        vm.press(.char("b"))
        #expect(vm.status?.text.hasPrefix("Bought Milk, 1000 ml for €1.09") == true, "\(String(describing: vm.status))")
        #expect(vm.listLines.map(\.item.name) == ["Oats", "Bananas, raw"])
        vm.press(.char("j"))  // bananas
        vm.press(.enter)
        #expect(vm.formValue("price") == "1.29")
        vm.press(.tab); vm.press(.tab)
        vm.press(.ctrl("u")); vm.type("1,39")
        vm.press(.enter)
        #expect(vm.formTitle == nil, "\(vm.formErrors)")
        #expect(vm.listLines.map(\.item.name) == ["Oats"])
        #expect(vm.boughtLines.map(\.paid) == [euros(109), euros(139)])

        // The budget: €60.00 − (€1.29 + €1.09 + €1.39) = €56.23 left; after the oats (€0.89) €55.34.
        #expect(vm.budget?.spent == euros(377) && vm.budget?.left == euros(5623))
        #expect(vm.budget?.leftAfter(listTotal: vm.listTotal) == euros(5534))
        // The stock: a new lot of each.
        let milkLots = try db.repositories.stockLots(itemId: try #require(items["milk"]?.id))
        #expect(milkLots.contains { $0.purchasedOn == today && $0.left == 1000 && $0.bestBefore == day(7) })
        vm.press(.char("s"))
        #expect(vm.stockRows.filter { $0.lot.purchasedOn == today }.map(\.item.name).sorted() == ["Bananas, raw", "Milk"])
        let screen = render(vm, .small).text
        #expect(screen.contains("week €60.00 · left €56.23"), "\(screen)")
    }

    @Test func belowMinimumRemoveAndUndo() throws {
        let items = try stocked()
        var oats = try #require(items["oats"])
        oats.minimumStock = PantryQuantity(1000, .grams)
        _ = try db.repositories.saveGroceryItem(oats)
        let vm = tab()
        vm.press(.char("l"))
        vm.press(.char("m"))
        #expect(vm.status?.text == "Added 1 item below minimum: Oats.")
        #expect(vm.listLines.first?.entry.quantity == PantryQuantity(1000, .grams))
        #expect(vm.listLines.first?.expected == euros(178), "twice the 500 g at €0.89")
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(vm.listLines.isEmpty)
        vm.press(.char("u"))
        #expect(vm.listLines.map(\.item.name) == ["Oats"])
    }

    /// `x` in the stock takes back a purchase entered by mistake (its price leaves the spending,
    /// the list entry it checked off is open again), `u` records it again; a lot something was
    /// used from is refused and nothing changes.
    @Test func aMistakenPurchaseIsDeletedAndUndone() throws {
        let items = try stocked()
        let r = db.repositories
        let oats = try #require(items["oats"])
        let entry = try r.addShoppingListItem(
            ShoppingListItem(itemId: try #require(oats.id), quantity: PantryQuantity(500, .grams), addedOn: today))
        _ = try r.recordPurchase(
            Purchase(
                itemId: try #require(oats.id), date: today, quantity: PantryQuantity(500, .grams), grams: 500,
                price: euros(95), store: "Aldi"), item: oats, bestBefore: day(180), shoppingListItemId: entry.id)
        let vm = tab()
        vm.press(.char("p"))
        let spent = try #require(vm.week?.spent)
        vm.press(.char("s"))
        let row = try #require(vm.stockRows.firstIndex { $0.item.name == "Oats" && $0.lot.purchasedOn == today })
        vm.press(.home)
        vm.press(.char("j"), times: row)
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(
            vm.status?.text == "Deleted the purchase of Oats, 500 g for €0.95, bought today — u to undo.",
            "\(String(describing: vm.status))")
        #expect(!vm.stockRows.contains { $0.item.name == "Oats" && $0.lot.purchasedOn == today })
        #expect(try r.shoppingListItems(includingBought: false).map(\.id) == [entry.id], "the list entry is open again")
        vm.press(.char("p"))
        #expect(vm.week?.spent == spent - euros(95))
        vm.press(.char("s"))
        vm.press(.char("u"))
        #expect(vm.stockRows.contains { $0.item.name == "Oats" && $0.lot.purchasedOn == today })
        #expect(try r.shoppingListItems(includingBought: false).isEmpty, "checked off again")
        vm.press(.char("p"))
        #expect(vm.week?.spent == spent)

        // The bananas were used from: deleting them would rewrite stock and waste.
        vm.press(.char("s"))
        let bananas = try #require(vm.stockRows.firstIndex { $0.item.name == "Bananas, raw" })
        let lot = try #require(vm.stockRows[bananas].lot.id)
        try r.applyStockUses([StockUse(lotId: lot, date: today, amount: 1, kind: .use)])
        vm.tab.reload()
        vm.press(.home)
        vm.press(.char("j"), times: bananas)
        vm.press(.char("x"))
        #expect(vm.status?.text.hasPrefix("Already used from: only untouched purchases") == true, "\(String(describing: vm.status))")
        #expect(vm.handle(.char("y")) == .ignored, "no question was asked")
        #expect(throws: BodiiDomain.ValidationError.self) { try PantryBook(repository: r, weekStart: .monday).removeMistake(lotId: lot) }
        #expect(try r.stockLot(id: lot) != nil)
    }

    @Test func settingTheBudget() throws {
        let vm = tab()
        vm.press(.char("B"))
        #expect(!vm.hasUnsavedInput, "an untouched form loses nothing: q quits without asking")
        vm.type("250")
        #expect(vm.hasUnsavedInput)
        vm.press(.tab); vm.press(.right)  // month
        vm.press(.enter)
        #expect(try db.repositories.pantryBudget()?.amount == euros(25000))
        #expect(try db.repositories.pantryBudget()?.period == .month)
        #expect(vm.status?.text == "Budget set: €250.00 a month.")
    }

    @Test func pricesPerKgAndPerNutrient() throws {
        try stocked()
        let vm = tab()
        vm.press(.char("p"))
        let chicken = try #require(vm.priceLines.first { $0.item.name == "Chicken breast" })
        #expect(chicken.prices.perKg == euros(899))
        #expect(vm.priceLines.map(\.item.name) == ["Bananas, raw", "Chicken breast", "Milk", "Oats"])
        #expect(vm.cheapest.energy.map { vm.snapshot.item(id: $0.purchase.itemId)?.name } == "Oats")
        #expect(vm.cheapest.protein != nil)
        vm.press(.char("j"))
        #expect(vm.history.map(\.price) == [euros(899)])
    }

    // MARK: Keys

    @Test(arguments: PantryView.allCases)
    func everyListedKeyActsAndNoOtherDoes(view: PantryView) throws {
        try stocked()
        let open: () -> FlowHost<PantryViewModel> = {
            let vm = self.tab()
            vm.press(.char(view == .stock ? "s" : view == .list ? "l" : "p"))
            if view == .list { vm.press(.char("r")) }
            return vm
        }
        let listed = open().keyMap.bindings.flatMap(\.keys)
        for key in listed { #expect(open().handle(key) != .ignored, "\(view): \(key.label) is in help but does nothing") }
        let unlisted = "cdfghknoqtvyz0123456789?[]-+".map(Key.char) + [.tab, .backTab, .escape]
        for key in unlisted where !listed.contains(key) {
            #expect(open().handle(key) == .ignored, "\(view): \(key.label) is not in help but was taken")
        }
    }

    // MARK: Snapshots (content areas of an 80×24 and a 160×48 terminal)

    private func snap(
        _ vm: FlowHost<PantryViewModel>, width: Int, height: Int, label: String, testName: String = #function, line: UInt = #line
    ) {
        var buffer = Buffer(width: width, height: height, for: snapshotContext)
        vm.render(in: buffer.area, buffer: &buffer, context: snapshotContext)
        assertSnapshot(of: buffer.text, as: .lines, named: "\(width)x\(height)-\(label)", testName: testName, line: line)
        let ascii = RenderContext(theme: .fallback, symbols: .ascii)
        var plain = Buffer(width: width, height: height, for: ascii)
        vm.render(in: plain.area, buffer: &plain, context: ascii)
        let nonASCII = plain.text.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(label) at \(width)×\(height): \(plain.text)")
        assertSnapshot(of: plain.text, as: .lines, named: "\(width)x\(height)-\(label)-ascii", testName: testName, line: line)
    }

    @Test func snapshots() throws {
        try stocked()
        let vm = tab()
        snap(vm, width: 80, height: 21, label: "stock")
        snap(vm, width: 160, height: 45, label: "stock")
        vm.press(.char("l"))
        vm.press(.char("r"))
        vm.press(.char("b"))
        snap(vm, width: 80, height: 21, label: "list")
        snap(vm, width: 160, height: 45, label: "list")
        vm.press(.char("p"))
        snap(vm, width: 80, height: 21, label: "prices")
        snap(vm, width: 160, height: 45, label: "prices")
        vm.press(.char("s"))
        vm.press(.char("a"))
        vm.type("banana")
        snap(vm, width: 80, height: 21, label: "picker")
        vm.press(.enter)
        vm.press(.tab); vm.press(.tab); vm.type("1.2.3")
        vm.press(.enter)
        snap(vm, width: 80, height: 21, label: "add-error")
    }

    @Test func anEmptyPantry() throws {
        let vm = tab()
        snap(vm, width: 80, height: 21, label: "stock")
        vm.press(.char("l"))
        snap(vm, width: 80, height: 21, label: "list")
    }

    @Test func tinySizesNeverTrapOrDrawOutside() throws {
        try stocked()
        for key in ["s", "l", "p"] {
            let vm = tab()
            vm.press(.char(Character(key)))
            for w in [0, 1, 2, 5, 13, 40, 79] {
                for h in [0, 1, 2, 3, 7, 12] {
                    var buffer = Buffer(width: w + 2, height: h + 2, fill: Cell("#"))
                    vm.render(in: Rect(x: 1, y: 1, width: w, height: h), buffer: &buffer, context: snapshotContext)
                    let border = (0..<(w + 2)).flatMap { x in [(x, 0), (x, h + 1)] } + (0..<(h + 2)).flatMap { y in [(0, y), (w + 1, y)] }
                    #expect(border.allSatisfy { buffer[$0.0, $0.1].symbol == "#" }, "\(key) at \(w)×\(h)")
                }
            }
        }
    }
}
