import Foundation
import Testing
import SnapshotTesting
import BodiiDomain
import BodiiSearch
import BodiiStore
import TerminalKit
import DietFeature

/// Issue 15's last parts on the Diet tab, driven by keys on a real temporary database: history
/// (`h`), the macro warning of custom foods, recipes (`r`), and renaming and deleting saved meals
/// in the search. Snapshots at 80×24 (the 80×21 content area).
@MainActor
@Suite struct DietLibraryFlowTests {
    let db: TestDatabase
    let vm: FlowHost<DietViewModel>
    let today = TestDay.fixed

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
        try RealMeals.log(in: db, on: TestDay.fixed.adding(days: -3))
        try RealMeals.log(in: db, on: TestDay.fixed.adding(days: -1))
        vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
    }

    private func snap(_ label: String, testName: String = #function, line: UInt = #line, column: UInt = #column) {
        assertSnapshot(
            of: render(vm, .small).text, as: .lines, named: ContentSize.small.name + "-" + label,
            testName: testName, line: line, column: column)
    }

    private func food(_ id: String) throws -> Food { try #require(try db.repositories.food(id: FoodID(id))) }

    // MARK: history

    @Test func historyFindsAFoodNewestFirstAndEnterGoesToItsDay() throws {
        #expect(vm.handle(.char("h")) == .handled)
        #expect(vm.history != nil && vm.isEditingText)
        snap("history-empty")
        vm.type("bananas")
        let entries = try #require(vm.history?.entries)
        #expect(entries.map(\.date) == [today.adding(days: -1), today.adding(days: -3)])
        #expect(entries.allSatisfy { $0.foodName == "Bananas, raw" && $0.meal == .breakfast })
        // The same computation as `bodii history`.
        #expect(entries == (try EatingHistory.entries("bananas", today: today, limit: 200, in: db.repositories)))
        snap("history-bananas")
        vm.press(.down)
        vm.press(.enter)
        #expect(vm.history == nil)
        #expect(vm.day == today.adding(days: -3), "the selected day moved to the entry's")
        #expect(vm.selectedRecord?.foodName == "Bananas, raw")
    }

    @Test func historyTakesADayAndJKTypeAndEscCloses() throws {
        vm.press(.char("h"))
        vm.type("jk")
        #expect(vm.history?.query.text == "jk", "j and k type into the query")
        #expect(vm.history?.entries.isEmpty == true)
        vm.press(.ctrl("u"))
        vm.type("yesterday")
        #expect(vm.history?.entries.count == RealMeals.day.count)
        #expect(vm.history?.entries.first?.meal == .breakfast)
        vm.press(.escape)
        #expect(vm.history == nil && vm.day == today)
    }

    // MARK: macro warning

    @Test func macrosAboveTheLabelsEnergyWarnThenSaveOnASecondEnter() throws {
        vm.press(.char("n"))
        vm.type("Odd label")
        vm.press(.tab, times: 3)
        for text in ["60", "10", "20", "25", "5"] {  // 60 g serving: 10 kcal, 20 g P, 25 g C, 5 g F
            vm.type(text)
            vm.press(.tab)
        }
        vm.press(.enter)
        #expect(vm.isEditingCustomFood, "not saved on the first Enter")
        #expect(vm.formErrors["kcal"] == "4·P + 4·C + 9·F = 225 kcal > 10 kcal · Enter again saves")
        #expect(try db.repositories.customFoods().isEmpty)
        snap("macro-warning")
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood)
        #expect(try db.repositories.customFoods().map(\.name) == ["Odd label"])
    }

    @Test func aLabelThatAddsUpSavesAtOnce() throws {
        vm.press(.char("n"))
        vm.type("Fine bar")
        vm.press(.tab, times: 3)
        for text in ["40", "180", "10", "20", "6"] {  // 4·10 + 4·20 + 9·6 = 174 ≤ 180
            vm.type(text)
            vm.press(.tab)
        }
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood)
        #expect(try db.repositories.customFoods().map(\.name) == ["Fine bar"])
    }

    // MARK: recipes

    @Test func aRecipeIsMadeFromTheSearchLoggedLikeAFoodAndItsEditsLeaveTheLog() throws {
        vm.press(.char("r"))
        #expect(vm.isShowingRecipes)
        vm.press(.char("n"))
        #expect(vm.isEditingRecipe)
        vm.type("Overnight oats")
        vm.press(.tab)
        vm.press(.ctrl("u"))
        vm.type("2")
        vm.press(.enter)
        #expect(vm.formErrors["ingredients"] != nil, "a recipe needs an ingredient")
        // Oats, 80 g; then milk, 400 g — each through the food search, in grams (the last serving).
        for (query, grams) in [("oats", "80"), ("milk", "400")] {
            vm.press(.ctrl("o"))
            #expect(vm.keyMap.title == "Food search")
            vm.type(query)
            vm.press(.enter)  // the first match
            vm.press(.down, times: 30)  // grams
            vm.press(.enter)
            vm.type(grams)
            vm.press(.enter)  // the amount: added, no meal step
        }
        #expect(vm.keyMap.title == "Ingredients")
        snap("recipe-editor")
        vm.press(.enter)
        #expect(vm.isShowingRecipes, "saved, back to the list")
        let recipeFood = try #require(try db.repositories.recipeFoods().first)
        #expect(recipeFood.name == "Overnight oats")
        let recipe = try #require(try db.repositories.recipe(foodID: recipeFood.id))
        #expect(recipe.servings == 2 && recipe.ingredients.count == 2)

        // Logged like a food.
        vm.press(.escape)
        vm.press(.char("a"))
        vm.type("overnight oats")
        #expect(vm.search?.results.first?.id == recipeFood.id)
        vm.press(.enter, times: 4)
        let logged = try #require(try db.repositories.foodRecords(in: DateRange(start: today, end: today)).first)
        #expect(logged.foodId == recipeFood.id && abs(logged.kcal - recipe.perServing.kcal) < 1e-9)

        // Edited: the log keeps what it copied.
        vm.press(.char("r"))
        vm.press(.enter)
        #expect(vm.isEditingRecipe)
        vm.press(.tab, times: 2)  // to the ingredients
        vm.press(.char("x"))  // remove the selected (first) one
        vm.press(.enter)
        #expect(try db.repositories.recipe(foodID: recipeFood.id)?.ingredients.count == 1)
        #expect(try db.repositories.foodRecords(in: DateRange(start: today, end: today)) == [logged])

        // Deleted after y/n; the entry stays.
        vm.press(.char("x"))
        vm.press(.char("y"))
        #expect(try db.repositories.recipeFoods().isEmpty)
        #expect(try db.repositories.foodRecords(in: DateRange(start: today, end: today)) == [logged])
    }

    // MARK: saved meals

    @Test func aSavedMealIsRenamedAndDeletedFromTheSearch() throws {
        vm.press(.char("["))  // yesterday: save its breakfast
        #expect(vm.day == today.adding(days: -1))
        vm.press(.char("S"))
        vm.press(.char("a"))
        #expect(vm.search?.savedMeals.count == 1)
        vm.press(.ctrl("r"))
        #expect(vm.search?.renaming != nil)
        vm.press(.ctrl("u"))
        vm.type("Usual breakfast")
        vm.press(.enter)
        #expect(try db.repositories.savedMeals().map(\.name) == ["Usual breakfast"])
        #expect(vm.search?.notice == "Renamed to Usual breakfast.")
        #expect(vm.search?.preview?.name.hasPrefix("Usual breakfast") == true, "the panel shows the new name")
        vm.press(.ctrl("x"))
        #expect(vm.search?.pendingMealDelete != nil)
        vm.press(.char("n"))
        #expect(try db.repositories.savedMeals().count == 1)
        vm.press(.ctrl("x"))
        vm.press(.char("y"))
        #expect(try db.repositories.savedMeals().isEmpty)
        #expect(vm.search?.savedMeals.isEmpty == true)
    }
}

/// The custom food form's "More nutrients" line, on a real temporary database.
@MainActor
@Suite struct CustomFoodNutrientsFlowTests {
    let db: TestDatabase
    let vm: FlowHost<DietViewModel>

    init() throws {
        db = try TestDatabase(profile: DemoHistory.profile)
        vm = FlowHost(DietViewModel(source: db.repositories, clock: db.clock))
        vm.didBecomeVisible()
    }

    /// An imported food's vitamins used to be dropped when its form was saved: the form had no
    /// field for them and rebuilt the food from the fields it had.
    @Test func savingAnImportedFoodsFormKeepsItsVitamins() throws {
        let imported = try db.repositories.addCustomFood(
            Food(
                id: CustomFoods.newID, name: "Imported cereal", source: "custom",
                per100g: Nutrients(kcal: 380, proteinG: 8, carbsG: 80, fatG: 2, values: [.vitaminCMg: 30, .ironMg: 12]),
                servings: [FoodServing(label: "1 bowl", grams: 40)]))
        vm.press(.char("m"))
        vm.press(.enter)
        #expect(vm.isEditingCustomFood)
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood)
        let saved = try #require(try db.repositories.food(id: imported.id))
        #expect(saved.per100g[.vitaminCMg] == 30)
        #expect(saved.per100g[.ironMg] == 12)
    }

    @Test func moreNutrientsAreTypedAsALabelPrintsThemAndAWrongOneIsNamed() throws {
        vm.press(.char("n"))
        vm.type("Fortified bar")
        vm.press(.tab, times: 3)
        for text in ["50", "200", "10", "25", "6"] {
            vm.type(text)
            vm.press(.tab)
        }
        vm.press(.tab, times: 4)
        vm.type("iron 3 mg, vitamn c 20 mg")
        vm.press(.enter)
        #expect(vm.isEditingCustomFood)
        #expect(vm.formErrors["other"] == "\"vitamn c 20 mg\" is unknown: allowed a name from the Nutrients view")
        vm.press(.backspace, times: 14)
        vm.type("vitamin C 20 mg")
        vm.press(.enter)
        #expect(!vm.isEditingCustomFood)
        let saved = try #require(try db.repositories.customFoods().first)
        #expect(saved.per100g[.ironMg] == 6)
        #expect(saved.per100g[.vitaminCMg] == 40)
    }
}
