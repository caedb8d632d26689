import Foundation
import Testing
import BodiiDomain
import BodiiStore
import TerminalKit
import DietFeature

/// The Diet tab driven by keys on a real temporary database with the shipped USDA catalog:
/// the search modal step by step, edit, delete and undo, copy, and custom foods.
@MainActor
@Suite struct DietViewModelTests {
    let db: TestDatabase
    let vm: FlowHost<DietViewModel>
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
        vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
    }

    private func stored(_ day: LocalDate? = nil) throws -> [FoodRecord] {
        let d = day ?? today
        return try db.repositories.foodRecords(in: DateRange(start: d, end: d))
    }

    private func banana() throws -> Food { try #require(try db.repositories.food(id: FoodID("usda:09040"))) }

    // MARK: search → serving → amount → meal

    @Test func aCommonFoodTakesFourKeysAfterItsFirstLetters() throws {
        #expect(vm.handle(.char("a")) == .handled)
        #expect(vm.search?.step == .food)
        vm.type("bana")
        #expect(vm.search?.results.first?.name == "Bananas, raw")
        var keys = 0
        func press(_ key: Key) { keys += 1; _ = vm.handle(key) }
        press(.enter)  // the food
        #expect(vm.search?.step == .serving)
        #expect(vm.search?.serving?.label == "1 medium (7\" to 7-7/8\" long)", "the serving a person means is preselected")
        press(.enter)  // the serving
        #expect(vm.search?.step == .amount)
        #expect(vm.search?.amount.text == "1")
        press(.enter)  // amount 1
        #expect(vm.search?.step == .meal)
        #expect(vm.search?.meal == .lunch, "noon on the test clock")
        press(.enter)  // the meal: saved
        #expect(keys <= 6)
        #expect(keys == 4)

        #expect(vm.search == nil)
        let records = try stored()
        #expect(records.count == 1)
        let r = try #require(records.first)
        #expect(r.foodId == FoodID("usda:09040"))
        #expect(r.foodName == "Bananas, raw")
        #expect(r.grams == 118)
        #expect(r.meal == .lunch)
        #expect(r.date == today)
        #expect(abs(r.kcal - 89 * 1.18) < 1e-9)
        #expect(abs(r.carbsG - 22.84 * 1.18) < 1e-9)
        #expect(r.fiberG.map { abs($0 - 2.6 * 1.18) < 1e-9 } == true)
        #expect(r.loggedAt == db.clock.now)
        #expect(vm.items == records)
        #expect(vm.selectedRecord == r)
        #expect(
            vm.status == StatusMessage("Logged Bananas, raw, 1 medium (7\" to 7-7/8\" long) (118 g), 105 kcal at lunch.", kind: .success))
        // The daily log follows in the same transaction.
        #expect(try db.repositories.dailyLog(on: today).map { abs($0.caloriesIn - 105.02) < 1e-9 } == true)
    }

    @Test func slashOpensTheSearchToo() {
        #expect(vm.handle(.char("/")) == .handled)
        #expect(vm.search != nil)
        #expect(vm.isEditingText)
    }

    @Test func escapeAtEveryStepGoesBackAndWritesNothing() throws {
        for depth in 0...3 {
            vm.press(.char("a"))
            vm.type("bana")
            vm.press(.enter, times: depth)
            #expect(vm.search?.step.rawValue == depth)
            for back in stride(from: depth, through: 1, by: -1) {
                vm.press(.escape)
                #expect(vm.search?.step.rawValue == back - 1, "Esc goes back one step")
            }
            #expect(vm.search?.query.text == "bana", "the query survives going back")
            vm.press(.escape)
            #expect(vm.search == nil)
            #expect(vm.status?.text == "Nothing logged.")
            #expect(try stored().isEmpty)
            #expect(try db.repositories.dailyLog(on: today) == nil)
        }
    }

    @Test func jAndKTypeWhileArrowsAndCtrlNPSelect() throws {
        vm.press(.char("a"))
        vm.type("jam")
        #expect(vm.search?.query.text == "jam")
        let results = try #require(vm.search?.results)
        #expect(results.count > 2)
        #expect(vm.search?.selected == 0)
        vm.press(.down)
        vm.press(.ctrl("n"))
        #expect(vm.search?.selected == 2)
        vm.press(.ctrl("p"))
        #expect(vm.search?.selected == 1)
        #expect(vm.search?.preview?.id == results[1].id, "the selected food's numbers are shown")
        #expect(vm.search?.preview?.servings.isEmpty == false, "with its servings")
        // Every keystroke searches again and starts at the top.
        vm.press(.backspace)
        #expect(vm.search?.query.text == "ja")
        #expect(vm.search?.selected == 0)
        vm.press(.ctrl("u"))
        #expect(vm.search?.showingRecent == true)
    }

    @Test func emptyQueryListsRecentFoods() throws {
        vm.press(.char("a"))
        #expect(vm.search?.showingRecent == true)
        #expect(vm.search?.results.isEmpty == true)
        vm.type("bana")
        vm.press(.enter, times: 4)
        vm.press(.char("a"))
        #expect(vm.search?.showingRecent == true)
        #expect(vm.search?.results.map(\.name) == ["Bananas, raw"])
        // Enter on a recent food goes on with the serving it was eaten in.
        vm.press(.enter)
        #expect(vm.search?.serving?.serving?.grams == 118)
    }

    @Test func theLastAmountIsTheNextDefault() throws {
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter)
        vm.press(.char("j"), times: 10)  // grams
        vm.type("135")  // not a whole number of any measure
        vm.press(.enter, times: 2)
        #expect(try stored().map(\.grams) == [135])
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter)
        #expect(vm.search?.serving == .grams)
        vm.press(.enter)
        #expect(vm.search?.amount.text == "135")
        #expect(vm.search?.amountIsDefault == true)
        vm.press(.escape)
        vm.press(.char("k"))  // another serving: its own default
        vm.press(.enter)
        #expect(vm.search?.amount.text == "1")
    }

    @Test func theAmountReplacesItsDefaultAndShowsLiveNumbers() throws {
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter, times: 2)
        #expect(vm.search?.amountIsDefault == true)
        #expect(vm.search?.shownGrams == 118)
        vm.type("2")
        #expect(vm.search?.amount.text == "2", "the first key replaces the default")
        #expect(vm.search?.shownGrams == 236)
        vm.type(".5")
        #expect(vm.search?.shownGrams == 295)
        vm.type("x")
        #expect(vm.search?.shownGrams == nil, "no numbers for an amount that is not one")
        vm.press(.enter)
        #expect(vm.search?.step == .amount)
        #expect(
            vm.search?.amountError
                == "Not a number: allowed 0.01–42.37 (1 medium (7\" to 7-7/8\" long) is 118 g; one entry 0.1–5000 g), "
                + "or with a unit: 150 g, 6 oz, 250 ml, 2 slices")
        vm.press(.backspace)
        vm.press(.enter)
        #expect(vm.search?.step == .meal)
        vm.press(.char("d"))
        vm.press(.enter)
        let r = try #require(try stored().first)
        #expect(r.grams == 295)
        #expect(r.meal == .dinner)
    }

    @Test func gramsAndANumberTypedInTheServingStep() throws {
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter)
        let count = try #require(vm.search?.servings.count)
        vm.press(.char("j"), times: count)  // past the end: stays on grams
        #expect(vm.search?.serving == .grams)
        vm.type("150")  // a digit starts the amount at once
        #expect(vm.search?.step == .amount)
        #expect(vm.search?.amount.text == "150")
        vm.press(.enter, times: 2)
        #expect(try stored().map(\.grams) == [150])
        #expect(try stored().first.map { abs($0.kcal - 133.5) < 1e-9 } == true)
    }

    @Test func amountsOutOfRangeAreRefused() throws {
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter)
        vm.press(.char("k"), times: 10)  // the first measure: 1 cup, mashed (225 g)
        vm.press(.enter)
        vm.type("30")
        vm.press(.enter)
        #expect(vm.search?.amountError == "Out of range: allowed 0.01–22.22 (1 cup, mashed is 225 g; one entry 0.1–5000 g)")
        #expect(vm.search?.step == .amount)
        #expect(try stored().isEmpty)
    }

    /// Logging from the Diet tab takes from the pantry exactly when the item says so (off by
    /// default), in the same way as `bodii log food` (`PantryBook.logFood`).
    @Test func loggingTakesFromThePantryOnlyWhereTheItemSaysSo() throws {
        let book = PantryBook(repository: db.repositories, weekStart: .monday)
        let item = try db.repositories.saveGroceryItem(GroceryItem(name: "Bananas, raw", foodId: FoodID("usda:09040")))
        let bought = try book.buy(item, quantity: PantryQuantity(6, .pieces), price: nil, store: nil, bestBefore: nil, on: today)
        let lotId = try #require(bought.lot.id)
        func left() throws -> Double { try #require(try db.repositories.stockLot(id: lotId)).left }
        func logBanana() { vm.press(.char("a")); vm.type("bana"); vm.press(.enter, times: 4) }
        logBanana()
        #expect(try left() == 6, "off by default: nothing taken")
        #expect(vm.status?.text.hasSuffix("at lunch.") == true)
        var taking = bought.item
        taking.takeFromPantryWhenLogging = true
        _ = try db.repositories.saveGroceryItem(taking)
        logBanana()
        #expect(abs(try left() - 5) < 1e-9, "one medium banana of six")
        #expect(vm.status?.text.hasSuffix("taken from the pantry.") == true, "\(String(describing: vm.status))")
        #expect(try stored().count == 2)
    }

    @Test func logsIntoTheDayOnScreen() throws {
        vm.press(.char("["), times: 2)
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter, times: 4)
        #expect(try stored(today.adding(days: -2)).count == 1)
        #expect(try stored().isEmpty)
        #expect(vm.status?.text.hasSuffix("at lunch on 20 Nov.") == true)
    }

    // MARK: edit, delete, undo

    @Test func editRecomputesFromTheCatalogAndKeepsTheEntry() throws {
        let food = try banana()
        let logged = try db.repositories.addFoodRecord(
            FoodLogging.record(food: food, grams: 118, meal: .breakfast, date: today, loggedAt: db.clock.now))
        vm.tab.reload()
        vm.press(.char("e"))
        #expect(vm.isEditingEntry)
        #expect(vm.isEditingText)
        // Opened the way it was logged: 1 medium.
        vm.press(.ctrl("u"))
        vm.type("2")
        vm.press(.down)
        vm.press(.down)
        vm.press(.right)  // meal: breakfast → lunch
        vm.press(.enter)
        #expect(!vm.isEditingEntry)
        let r = try #require(try stored().first)
        #expect(r.id == logged.id)
        #expect(r.grams == 236)
        #expect(r.meal == .lunch)
        #expect(abs(r.kcal - 89 * 2.36) < 1e-9)
        #expect(r.loggedAt == logged.loggedAt)
        #expect(vm.status?.kind == .success)
    }

    @Test func changingTheServingKeepsTheGrams() throws {
        let food = try banana()
        try db.repositories.addFoodRecord(FoodLogging.record(food: food, grams: 225, meal: .breakfast, date: today))
        vm.tab.reload()
        vm.press(.char("e"))
        vm.press(.down)  // to the serving
        // 1 cup, mashed → 1 cup, sliced (150 g): the amount becomes 1.5.
        vm.press(.right)
        vm.press(.enter)
        #expect(try stored().first?.grams == 225)
        vm.press(.char("e"))
        vm.type("x")
        vm.press(.enter)
        #expect(
            vm.formErrors["amount"]
                == "Not a number: allowed 0.01–22.22 (1 cup, mashed is 225 g; one entry 0.1–5000 g), or with a unit: 150 g, 6 oz, 250 ml, 2 slices")
        vm.press(.escape)
        #expect(vm.status?.text == "Entry unchanged.")
        #expect(try stored().first?.grams == 225)
    }

    @Test func editOfAFoodNoLongerInTheCatalogScalesTheStoredValues() throws {
        try DietFixtures.logMeals(in: db, on: today)
        vm.tab.reload()
        // Breakfast: oats (60 g, 228 kcal) from a food id the catalog does not have.
        #expect(vm.selectedRecord?.foodName == "Oats, rolled")
        vm.press(.char("e"))
        vm.press(.ctrl("u"))
        vm.type("90")
        vm.press(.enter)
        let oats = try #require(try stored().first { $0.foodName == "Oats, rolled" })
        #expect(oats.grams == 90)
        #expect(oats.kcal == 342)
        #expect(oats.proteinG == 12)
    }

    @Test func deleteAsksThenUndoBringsItBack() throws {
        try DietFixtures.logMeals(in: db, on: today)
        vm.tab.reload()
        vm.press(.char("j"))
        let victim = try #require(vm.selectedRecord)
        #expect(victim.foodName == "Banana")
        vm.press(.char("x"))
        #expect(vm.pendingDelete == victim)
        vm.press(.char("z"))  // a stray key deletes nothing
        #expect(vm.pendingDelete == victim)
        vm.press(.char("n"))
        #expect(try stored().count == DietFixtures.meals.count)
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try stored().count == DietFixtures.meals.count - 1)
        #expect(try !stored().contains(victim))
        #expect(vm.lastDeleted == victim)
        let eaten = try #require(try db.repositories.dailyLog(on: today)?.caloriesIn)
        #expect(abs(eaten - (1190 - 105)) < 1e-9)
        // Undo from another day: back with the same id, on its own day.
        vm.press(.char("["))
        vm.press(.char("u"))
        #expect(vm.day == today)
        #expect(try stored().contains(victim))
        #expect(vm.selectedRecord == victim)
        #expect(vm.lastDeleted == nil)
        vm.press(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
    }

    @Test func deleteAndUndoNameTheEntryByItsFood() throws {
        try DietFixtures.logMeals(in: db, on: today)
        vm.tab.reload()
        vm.press(.char("j"))
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(vm.status?.text == "Deleted Banana (105 kcal) — u to undo.")
        vm.press(.char("u"))
        #expect(vm.status?.text == "Restored Banana.")
    }

    @Test func pageAndHomeEndKeysMoveThroughTheDay() throws {
        try DietFixtures.logMeals(in: db, on: today)
        vm.tab.reload()
        let last = DietFixtures.meals.count - 1
        vm.press(.end)
        #expect(vm.selected == last)
        vm.press(.home)
        #expect(vm.selected == 0)
        vm.press(.pageDown)
        #expect(vm.selected == last, "a page is more than the day holds")
        vm.press(.pageUp)
        #expect(vm.selected == 0)
    }

    @Test func nothingToEditOrDeleteOnAnEmptyDay() {
        vm.press(.char("e"))
        #expect(!vm.isEditingEntry)
        vm.press(.char("x"))
        #expect(vm.pendingDelete == nil)
        #expect(vm.status?.text == "Nothing to delete.")
    }

    // MARK: custom foods

    @Test func deletingALoggedCustomFoodKeepsWhatWasLogged() throws {
        let bar = try db.repositories.addCustomFood(
            Food(
                id: FoodID("custom:new"), name: "Zesty protein bar", source: "custom",
                per100g: Nutrients(kcal: 400, proteinG: 40, carbsG: 36, fatG: 14),
                servings: [FoodServing(label: "1 bar", grams: 50)]))
        vm.press(.char("a"))
        vm.type("zesty")
        vm.press(.enter, times: 4)
        let logged = try stored()
        #expect(logged.map(\.foodId) == [bar.id])
        vm.press(.char("m"))
        #expect(vm.isShowingMyFoods)
        vm.press(.char("x"))
        #expect(vm.keyMap.title == "Delete food")
        vm.press(.char("n"))
        #expect(try db.repositories.food(id: bar.id) != nil)
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try db.repositories.food(id: bar.id) == nil)
        #expect(try !db.repositories.searchFoods("zesty protein bar", limit: 5).contains { $0.id == bar.id })
        #expect(try stored() == logged, "the entry keeps its name and values")
        #expect(vm.items == logged)
        #expect(vm.status?.text == "Deleted Zesty protein bar; what you logged with it stays.")
    }

    // MARK: saved meals and favourites

    @Test func aSavedMealIsLoggedAgainInTwoKeysFromTheDietTab() throws {
        try DietFixtures.logMeals(in: db, on: today.adding(days: -1))
        vm.press(.char("["))  // yesterday
        let breakfast = vm.items.filter { $0.meal == .breakfast }
        vm.press(.char("S"))  // the selected entry's meal: breakfast
        #expect(vm.status?.text.hasPrefix("Saved Breakfast") == true)
        vm.press(.char("t"))  // back to today
        var keys = 0
        func press(_ key: Key) { keys += 1; _ = vm.handle(key) }
        press(.char("a"))
        #expect(vm.search?.results.first?.source == "meal", "saved meals lead the empty-query list")
        press(.enter)
        #expect(keys <= 4)
        let logged = try stored()
        #expect(logged.map(\.foodName) == breakfast.map(\.foodName))
        #expect(logged.map(\.kcal) == breakfast.map(\.kcal))
        #expect(logged.allSatisfy { $0.meal == .breakfast }, "into the meal it was saved from (issue 26)")
        vm.press(.char("u"))
        #expect(try stored().isEmpty)
    }

    @Test func starMarksAFavouriteThatLeadsTheEmptyQueryList() throws {
        vm.press(.char("a"))
        vm.type("cheddar")
        let cheddar = try #require(vm.search?.results.first)
        vm.press(.char("*"))
        #expect(vm.search?.favourites.contains(cheddar.id) == true)
        #expect(vm.search?.query.text == "cheddar", "* marks, it does not type")
        vm.press(.escape)
        vm.press(.char("a"))
        #expect(vm.search?.results.first?.id == cheddar.id)
    }

    // MARK: quick add

    @Test func quickAddLogsEnergyAndMacrosWithoutAFood() throws {
        vm.press(.char("a"))
        vm.type("burrito")
        // The key is in the step's key map, so help and the footer show it.
        #expect(vm.keyMap.bindings.contains { $0.keys == [.ctrl("t")] && $0.inFooter })
        vm.press(.ctrl("t"))
        #expect(vm.isQuickAdding)
        vm.type("850")
        vm.press(.tab)
        vm.type("40")
        vm.press(.enter)
        #expect(!vm.isQuickAdding)
        let r = try #require(try stored().first)
        #expect(r.isQuickAdd && r.foodName == "burrito" && r.kcal == 850 && r.proteinG == 40 && r.carbsG == 0)
        #expect(r.meal == .lunch && r.date == today)
        #expect(vm.status == StatusMessage("Logged burrito, 850 kcal at lunch.", kind: .success))
        // Its energy counts like any entry's.
        #expect(try db.repositories.dailyLog(on: today).map(\.caloriesIn) == 850)
        // No amount to edit.
        vm.press(.char("e"))
        #expect(!vm.isEditingEntry)
    }

    @Test func quickAddRefusesBadValuesAndEscGoesBackToTheSearch() throws {
        vm.press(.char("a"))
        vm.press(.ctrl("t"))
        vm.type("0")
        vm.press(.enter)
        #expect(vm.isQuickAdding)
        #expect(vm.formErrors["kcal"]?.contains("1–10000 kcal") == true)
        vm.press(.escape)
        #expect(!vm.isQuickAdding && vm.search?.step == .food)
        #expect(try stored().isEmpty)
    }

    // MARK: copy

    @Test func copyAWholeDayFromYesterday() throws {
        let yesterday = today.adding(days: -1)
        try DietFixtures.logMeals(in: db, on: yesterday)
        vm.press(.char("p"))
        #expect(vm.isCopying)
        vm.press(.enter)  // defaults: yesterday, all meals, same meals
        #expect(!vm.isCopying)
        let copied = try stored()
        let source = try stored(yesterday)
        #expect(copied.count == source.count)
        #expect(copied.map(\.foodName) == source.map(\.foodName))
        #expect(copied.map(\.meal) == source.map(\.meal))
        #expect(copied.map(\.kcal) == source.map(\.kcal))
        #expect(Set(copied.compactMap(\.id)).isDisjoint(with: source.compactMap(\.id)))
        #expect(copied.allSatisfy { $0.loggedAt == db.clock.now })
        #expect(try db.repositories.dailyLog(on: today)?.caloriesIn == source.reduce(0) { $0 + $1.kcal })
        #expect(vm.status?.text == "Copied 6 entries (1190 kcal) from yesterday — u to undo.")
    }

    @Test func uUndoesACopyAndOnlyTheCopy() throws {
        let yesterday = today.adding(days: -1)
        try DietFixtures.logMeals(in: db, on: yesterday)
        vm.press(.char("a"))
        vm.type("bana")
        vm.press(.enter, times: 4)  // one entry of today's own
        let own = try stored()
        vm.press(.char("p"))
        vm.press(.enter)
        #expect(try stored().count == own.count + 6)
        vm.press(.char("u"))
        #expect(try stored() == own)
        #expect(try stored(yesterday).count == 6, "the source day is untouched")
        #expect(vm.status?.text == "Undid the copy: removed 6 entries.")
        #expect(try db.repositories.dailyLog(on: today)?.caloriesIn == own.reduce(0) { $0 + $1.kcal })
        vm.press(.char("u"))
        #expect(vm.status?.text == "Nothing to undo.")
        #expect(try stored() == own)
    }

    @Test func deletingAWholeMealAsksAndUComesBackWithIt() throws {
        try DietFixtures.logMeals(in: db, on: today)
        vm.tab.reload()
        let all = try stored()
        let meal = try #require(vm.selectedRecord?.meal)
        let inMeal = all.filter { $0.meal == meal }
        #expect(inMeal.count > 1)
        vm.press(.char("X"))
        vm.press(.char("n"))
        #expect(try stored() == all && vm.status?.text == "Kept.")
        vm.press(.char("X"))
        vm.press(.char("y"))
        #expect(try stored() == all.filter { $0.meal != meal })
        #expect(vm.status?.text.contains("u to undo") == true)
        vm.press(.char("u"))
        #expect(try stored() == all, "same ids and values")
    }

    @Test func copyOneMealIntoAnother() throws {
        let from = today.adding(days: -3)
        try DietFixtures.logMeals(in: db, on: from)
        vm.press(.char("p"))
        vm.press(.ctrl("u"))
        vm.type(from.iso)
        vm.press(.tab)
        vm.press(.right, times: 3)  // All → Breakfast → Lunch → Dinner
        vm.press(.tab)
        vm.press(.right, times: 2)  // Same → Breakfast → Lunch
        vm.press(.enter)
        let copied = try stored()
        #expect(copied.map(\.foodName) == ["Salmon, baked"])
        #expect(copied.map(\.meal) == [.lunch])
    }

    @Test func copyRefusesBadSourcesAndWritesNothing() throws {
        vm.press(.char("p"))
        vm.press(.enter)
        #expect(vm.formErrors["from"] == "Nothing logged yesterday")
        vm.press(.ctrl("u"))
        vm.type(today.iso)
        vm.press(.enter)
        #expect(vm.formErrors["from"] == "Out of range: allowed a day other than 2026-11-22, not after 2026-11-22")
        vm.press(.ctrl("u"))
        vm.type("2026-12-01")
        vm.press(.enter)
        #expect(vm.formErrors["from"]?.hasPrefix("In the future") == true)
        #expect(vm.isCopying)
        vm.press(.escape)
        #expect(!vm.isCopying)
        #expect(try stored().isEmpty)
    }

    // MARK: custom foods

    @Test func customFoodValidationShowsInlineAndWritesNothing() throws {
        vm.press(.char("n"))
        #expect(vm.isEditingCustomFood)
        vm.type("Protein bar")
        vm.press(.tab)
        vm.press(.right)  // values per 100 g
        vm.press(.tab, times: 3)  // past the optional serving, to the energy
        for text in ["950", "60", "30", "20"] {
            vm.type(text)
            vm.press(.tab)
        }
        vm.press(.enter)
        #expect(vm.formErrors["kcal"] == "Out of range: allowed 0–900 kcal for 100 g (at most 900 kcal per 100 g)")
        #expect(vm.formErrors["fat"]?.hasPrefix("Out of range: allowed at most") == true, "110 g of macros in 100 g")
        #expect(vm.formErrors.count == 2)
        #expect(vm.status?.kind == .error)
        #expect(try db.repositories.customFoods().isEmpty)
        vm.press(.escape)
        #expect(!vm.isEditingCustomFood)
        #expect(try db.repositories.customFoods().isEmpty)
    }

    @Test func aCustomFoodPerServingIsSavedAndFoundBySearch() throws {
        vm.press(.char("n"))
        vm.type("Zesty protein bar")
        vm.press(.tab)  // values per serving: the default
        for text in ["1 bar", "50", "200", "20", "18", "7", "5", "3", "2.5", "150"] {
            vm.press(.tab)
            vm.type(text)
        }
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood, "\(vm.formErrors)")
        let saved = try #require(try db.repositories.customFoods().first)
        #expect(saved.name == "Zesty protein bar")
        #expect(saved.per100g.kcal == 400)
        #expect(saved.per100g.sodiumMg == 300)
        #expect(saved.servings.first == FoodServing(label: "1 bar", grams: 50))
        #expect(vm.status?.text == "Created Zesty protein bar — a or / to log it.")

        vm.press(.char("a"))
        vm.type("zesty")
        #expect(vm.search?.results.first?.id == saved.id)
        vm.press(.enter, times: 4)
        let r = try #require(try stored().first)
        #expect(r.foodId == saved.id)
        #expect(r.grams == 50)
        #expect(r.kcal == 200)
    }

    @Test func newCustomFoodFromTheSearchGoesOnToTheAmount() throws {
        vm.press(.char("a"))
        vm.type("zqx flapjack")
        #expect(vm.search?.results.isEmpty == true)
        #expect(vm.search?.isOnNewCustomFood == true, "with nothing found, the action is selected")
        vm.press(.enter)
        #expect(vm.isEditingCustomFood)
        // The query is the name; values per 100 g, a slice of 60 g.
        vm.press(.tab)
        vm.press(.right)
        for text in ["1 slice", "60", "430", "6", "55", "20"] {
            vm.press(.tab)
            vm.type(text)
        }
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood, "\(vm.formErrors)")
        #expect(vm.search?.step == .serving)
        #expect(vm.search?.food?.name == "zqx flapjack")
        #expect(vm.search?.serving?.label == "1 slice")
        vm.press(.enter, times: 3)
        let r = try #require(try stored().first)
        #expect(r.foodName == "zqx flapjack")
        #expect(r.grams == 60)
        #expect(abs(r.kcal - 258) < 1e-9)
        #expect(r.fiberG == nil, "unknown stays unknown")
    }

    @Test func ctrlOMakesANewFoodWhateverIsSelected() throws {
        vm.press(.char("a"))
        vm.type("banana bread")
        #expect(vm.search?.isOnNewCustomFood == false)
        vm.press(.ctrl("o"))
        #expect(vm.isEditingCustomFood)
        #expect(vm.formErrors.isEmpty)
        vm.press(.escape)
        #expect(vm.search?.query.text == "banana bread")
    }

    @Test func escapeFromTheCustomFoodFormReturnsToTheSearch() throws {
        vm.press(.char("a"))
        vm.type("zqxzq")
        vm.press(.enter)
        vm.press(.escape)
        #expect(!vm.isEditingCustomFood)
        #expect(vm.search?.step == .food)
        #expect(vm.search?.query.text == "zqxzq")
        #expect(try db.repositories.customFoods().isEmpty)
    }

    @Test func myFoodsEditsACustomFood() throws {
        let food = try db.repositories.addCustomFood(
            Food(
                id: FoodID("custom:new"), name: "Skyr", source: "custom",
                per100g: Nutrients(kcal: 63, proteinG: 11, carbsG: 4, fatG: 0.2)))
        vm.press(.char("m"))
        #expect(vm.isShowingMyFoods)
        vm.press(.enter)
        #expect(vm.isEditingCustomFood)
        vm.press(.tab, times: 4)  // name, values per (100 g), serving, weight, energy
        vm.press(.ctrl("u"))
        vm.type("66")
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood)
        #expect(vm.isShowingMyFoods, "back in the list")
        #expect(try db.repositories.food(id: food.id)?.per100g.kcal == 66)
        vm.press(.escape)
        #expect(!vm.isShowingMyFoods)
    }

    // MARK: shell integration

    @Test func keysTheShellNeeds() throws {
        #expect(vm.handle(.char("1")) == .ignored, "tab keys go to the shell")
        #expect(vm.handle(.char("q")) == .ignored)
        vm.press(.char("a"))
        #expect(vm.handle(.char("q")) == .handled, "q types into the search")
        #expect(vm.hasUnsavedInput)
        vm.press(.backspace)
        vm.type("bana")
        vm.press(.enter)
        #expect(!vm.isEditingText, "no text in the serving step")
        #expect(vm.handle(.char("?")) == .ignored, "so ? reaches the shell's help")
        #expect(vm.keyMap.title == "Serving")
        #expect(vm.handle(.char("2")) == .handled, "a digit doesn't switch tabs: it types the amount")
        #expect(vm.search?.step == .amount)
        #expect(vm.search?.amount.text == "2")
    }
}
