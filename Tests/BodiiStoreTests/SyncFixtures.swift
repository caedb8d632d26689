import BodiiDomain
import Foundation
import Testing
@testable import BodiiStore

// Databases for the sync identity tests (issue 30): the demo's history, and one record of every
// kind written through every insert path the store has.

/// The demo's history, reviews and pantry, as `bodii demo` writes them.
func writeDemo(_ repos: SQLiteRepositories, days: Int = 21, end: LocalDate = day("2026-11-20")) throws {
    let demo = DemoHistory(days: days, endDate: end, now: instant(1_795_000_000))
    var batch = demo.makeBatch()
    batch.profile = DemoHistory.profile
    if let last = batch.body.last(where: { $0.0.weightKg != nil }) {
        batch.activeGoal = ProfileSetup.goal(.lose, tdee: last.1.tdee, weightKg: last.0.weightKg, on: end)
    }
    (batch.reviewItems, batch.actions) = demo.reviews(weekStart: .monday)
    batch.pantry = DemoPantry(days: days, endDate: end).makeBatch()
    try repos.write(batch)
}

/// One row of every kind, through every public insert of the store; `tag` keeps names apart.
func writeOneOfEverything(_ repos: SQLiteRepositories, tag: String, on date: LocalDate = day("2026-11-21")) throws {
    let per100g = Nutrients(kcal: 80, proteinG: 5, carbsG: 12, fatG: 1)
    let soup = try repos.addCustomFood(
        Food(
            id: CustomFoods.newID, name: "Soup \(tag)", source: "custom", per100g: per100g,
            servings: [FoodServing(label: "1 bowl", grams: 300)]))
    let stew = try repos.saveRecipe(Recipe(name: "Stew \(tag)", servings: 2, ingredients: [.init(food: soup, grams: 200)]))
    let eaten = try repos.addFoodRecord(
        FoodRecord(
            date: date, meal: .lunch, foodId: soup.id, foodName: soup.name, grams: 300, kcal: 240, proteinG: 15, carbsG: 36, fatG: 3,
            loggedAt: instant(1_795_100_000)))
    try repos.addFoodRecord(food(date, kcal: 105, meal: .breakfast))
    try repos.addExerciseRecord(exercise(date, kcal: 300))
    try repos.addSleepRecord(SleepRecord(date: date, minutes: 420, quality: 4, status: .good))
    try repos.addBodyRecord(body(date, kg: 79.5), snapshot: snapshot(date, bmr: 1700, tdee: 2400))
    let next = date.adding(days: 1)
    try repos.saveCheckInDay(
        CheckIn(date: next, mood: 4, note: "fine \(tag)"), body: (body(next, kg: 79.4), snapshot(next, bmr: 1699, tdee: 2399)),
        night: SleepRecord(date: next, minutes: 400, status: .fair))
    try repos.saveMeal(SavedMeal(name: "Lunch \(tag)", meal: .lunch, items: [eaten]))
    try repos.setFavourite(soup.id, true)
    if let foodID = stew.foodID { try repos.setFavourite(foodID, true) }
    try repos.saveActiveGoal(ProfileSetup.goal(.maintain, tdee: 2400, weightKg: 79.5, on: date))
    let week = ReviewPeriod(.week, containing: date, weekStart: .monday)
    let problem = try repos.addReviewItem(ReviewItem(period: week, kind: .problem, text: "Late snacks \(tag)"))
    let answer = try repos.addReviewItem(ReviewItem(period: week, kind: .try, text: "Tea instead \(tag)", problemId: problem.id))
    _ = try repos.addAction(ReviewAction(period: week, text: "Buy tea \(tag)", tryId: answer.id, createdOn: date))
    _ = try repos.addAction(ReviewAction(period: ReviewPeriod(.month, startingOn: day("2026-11-01")), text: "Walk \(tag)", createdOn: date))
    // The pantry: an item of the custom food on the list, bought, eaten from and wasted.
    let item = try repos.saveGroceryItem(GroceryItem(name: "Soup \(tag)", foodId: soup.id, takeFromPantryWhenLogging: true))
    let itemId = try #require(item.id)
    let entry = try repos.addShoppingListItem(ShoppingListItem(itemId: itemId, quantity: PantryQuantity(2, .pieces), addedOn: date))
    let bought = try repos.recordPurchase(
        Purchase(itemId: itemId, date: date, quantity: PantryQuantity(1000, .grams), grams: 1000, price: Money(minorUnits: 450)),
        item: item, bestBefore: date.adding(days: 5), shoppingListItemId: entry.id)
    let lotId = try #require(bought.lot.id)
    try repos.addFoodRecord(
        FoodRecord(
            date: date, meal: .dinner, foodId: soup.id, foodName: soup.name, grams: 250, kcal: 200, proteinG: 12.5, carbsG: 30, fatG: 2.5),
        takingFromPantry: [StockUse(lotId: lotId, date: date, amount: 250, kind: .use)])
    try repos.applyStockUses([StockUse(lotId: lotId, date: next, amount: 125, kind: .waste)])
    _ = try repos.addShoppingListItem(ShoppingListItem(itemId: itemId, addedOn: next))
    _ = try repos.recordPurchase(
        Purchase(itemId: 0, date: next, quantity: PantryQuantity(6, .pieces)), item: GroceryItem(name: "Eggs \(tag)"), bestBefore: nil,
        shoppingListItemId: nil)
    try repos.setPantryBudget(PantryBudget(period: .week, amount: Money(minorUnits: 6000), setOn: date))
    try repos.saveNutrientPreference(NutrientPreference(key: .ironMg, amount: 12))
    // What importers write: a merged batch with activity, and the meal library of a document.
    var batch = HistoryBatch()
    batch.activity = [
        ActivitySnapshot(
            date: date, steps: 9000, activeKcal: 350, provenance: Provenance(source: "apple_health", externalId: "steps/\(tag)"))
    ]
    batch.food = [food(date, kcal: 50, meal: .snacks)]
    batch.bareBody = [BodyRecord(date: date, weightKg: nil, bodyFatPercent: 21, muscleMassKg: nil, recordedAt: instant(1_795_200_000))]
    _ = try repos.merge(batch)
    let imported = try #require(
        try repos.importCustomFood(Food(id: FoodID("custom:3"), name: "Imported \(tag)", source: "custom", per100g: per100g)))
    _ = try repos.importRecipe(
        LibraryRecipe(
            food: Food(
                id: FoodID("recipe:4"), name: "Imported stew \(tag)", source: "recipe", per100g: per100g,
                servings: [FoodServing(label: "1 plate", grams: 350)]),
            servings: 2, ingredients: [RecipeIngredientRow(foodID: imported, grams: 100)], createdAt: instant(1_795_000_000),
            provenance: Provenance(source: "bodii", externalId: "recipe/\(tag)")))
    _ = try repos.importSavedMeal(
        LibrarySavedMeal(name: "Imported meal \(tag)", items: [eaten], createdAt: instant(1_795_000_000), provenance: .bodii))
}

/// Everything the screens and commands read, as text. Ids are shown as they were before the
/// database joined sync (an id's low 32 bits, a food number's too), so a database reads the
/// same before and after its rekey.
func everythingRead(_ repos: SQLiteRepositories) throws -> [String] {
    let all = DateRange(start: day("2000-01-01"), end: day("2030-12-31"))
    var out: [Any] = [
        try repos.foodRecords(in: all), try repos.exerciseRecords(in: all), try repos.sleepRecords(in: all),
        try repos.bodyRecords(in: all), try repos.dailyLogs(in: all), try repos.checkIns(in: all), try repos.goalHistory(),
        try repos.customFoods(), try repos.recipeFoods(), try repos.savedMeals(), try repos.favouriteFoods(),
        try repos.groceryItems(), try repos.stockLots(includingEmpty: true), try repos.stockUses(in: all), try repos.purchases(in: all),
        try repos.shoppingListItems(includingBought: true), try repos.activitySnapshots(in: all), try repos.pantryBudget() as Any,
        try repos.nutrientPreferences().sorted { $0.key.rawValue < $1.key.rawValue }, try repos.allActions(includingClosed: true),
    ]
    out += try repos.metabolismSnapshots(in: all).map { s in [s.bodyRecordId as Any, s.date, s.bmr, s.tdee] }
    let reviews = try repos.reviewHistory(startingIn: all)
    out += [reviews.items, reviews.actions]
    out += try repos.recipeFoods().map { try repos.recipe(foodID: $0.id) as Any }
    return out.map { localIDs(String(describing: $0)) }
}

/// `text` with every number of 2^32 or more replaced by its low 32 bits (ids and food numbers).
func localIDs(_ text: String) -> String {
    var out = ""
    var digits = ""
    func flush() {
        if let n = Int64(digits), n >= 1 << 32 { out += String(n & 0xFFFF_FFFF) } else { out += digits }
        digits = ""
    }
    for c in text {
        if c.isASCII && c.isNumber {
            digits.append(c)
        } else {
            flush()
            out.append(c)
        }
    }
    flush()
    return out
}

/// Rows (as "table:id") whose ids are not `device`'s: the tables the allocator numbers, food
/// numbers anywhere a food id is kept (every TEXT column of every synced table), the reviews.
func idsOutside(_ device: DeviceNumber, _ db: BodiiDatabase) throws -> [String] {
    let range = RowIdAllocator.range(of: device)
    let outside = "NOT BETWEEN \(range.lowerBound) AND \(range.upperBound)"
    var found: [String] = []
    for table in SyncedTables.synced where table.identity == .device {
        found += try db.fetchStrings("SELECT '\(table.name):' || id FROM \(table.name) WHERE id \(outside)")
    }
    found += try db.fetchStrings("SELECT 'review:' || id FROM review WHERE id < \(RowIdAllocator.naturalBase)")
    found += try db.fetchStrings("SELECT 'custom_food_number:' || n FROM custom_food_number WHERE n \(outside)")
    for table in SyncedTables.synced.map(\.name) {
        for column in try db.fetchStrings("SELECT name FROM pragma_table_info('\(table)') WHERE type = 'TEXT'") {
            found += try db.fetchStrings(
                """
                SELECT '\(table).\(column):' || \(column) FROM \(table)
                WHERE (\(column) GLOB 'custom:[0-9]*' OR \(column) GLOB 'recipe:[0-9]*') AND CAST(substr(\(column), 8) AS INTEGER) \(outside)
                """)
        }
    }
    return found
}

/// Every id of the tables the allocator numbers and every food number, as "table:id".
func deviceIDs(_ db: BodiiDatabase) throws -> Set<String> {
    var ids = Set<String>()
    for table in SyncedTables.synced where table.identity == .device {
        ids.formUnion(try db.fetchStrings("SELECT '\(table.name):' || id FROM \(table.name)"))
    }
    ids.formUnion(try db.fetchStrings("SELECT 'food:' || id FROM food WHERE source IN ('custom', 'recipe')"))
    return ids
}

func device(_ n: UInt32) throws -> DeviceNumber {
    try #require(DeviceNumber(n))
}
