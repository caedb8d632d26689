import BodiiDomain
import Foundation
import GRDB

/// Every domain port (`Repositories`) on one SQLite database, composed of one store per port
/// (`foodLogStore`, `pantryLedgerStore`, `shoppingListStore`, …) on one shared `StoreConnection`. Get it from
/// `BodiiDatabase.repositories`; a screen or command that needs one port can be handed that store.
///
/// Each write is one transaction that also refreshes the affected `daily_log` rows (see
/// `DailyLogMaintenance`). Lists come back in ascending date order, then by id. Timestamps are
/// stored to the millisecond, so returned records carry their timestamps rounded that way.
/// An update or delete of an id that is not stored throws `StoreError.recordNotFound`; values out of
/// the schema's ranges (quality 6, grams 0…) are refused by SQLite CHECK constraints (`DatabaseError`).
public final class SQLiteRepositories: StoreBacked, Sendable {
    let connection: StoreConnection
    public let foodLogStore: FoodLogStore
    public let exerciseStore: ExerciseStore
    public let sleepStore: SleepStore
    public let dailyLogStore: DailyLogStore
    public let foodCatalogStore: FoodCatalogStore
    public let profileStore: ProfileStore
    public let goalStore: GoalStore
    public let checkInStore: CheckInStore
    public let historyStore: HistoryStore
    public let bodyStore: BodyStore
    public let mealLibraryStore: MealLibraryStore
    public let nutrientIntakeStore: NutrientIntakeStore
    public let activityStore: ActivityStore
    public let foodHistoryStore: FoodHistoryStore
    public let nutrientPreferenceStore: NutrientPreferenceStore
    public let reviewStore: ReviewStore
    public let pantryCatalogueStore: PantryCatalogueStore
    public let pantryLedgerStore: PantryLedgerStore
    public let shoppingListStore: ShoppingListStore
    public let measurementStore: MeasurementStore
    public let fastStore: FastStore
    public let momentStore: MomentStore

    init(writer: any DatabaseWriter, timeZone: TimeZone, catalog: ShippedCatalog?, readsOnly: Bool = false) {
        let connection = StoreConnection(writer: writer, timeZone: timeZone, catalog: catalog, readsOnly: readsOnly)
        self.connection = connection
        foodLogStore = FoodLogStore(connection: connection)
        exerciseStore = ExerciseStore(connection: connection)
        sleepStore = SleepStore(connection: connection)
        dailyLogStore = DailyLogStore(connection: connection)
        foodCatalogStore = FoodCatalogStore(connection: connection)
        profileStore = ProfileStore(connection: connection)
        goalStore = GoalStore(connection: connection)
        checkInStore = CheckInStore(connection: connection)
        historyStore = HistoryStore(connection: connection)
        bodyStore = BodyStore(connection: connection)
        mealLibraryStore = MealLibraryStore(connection: connection)
        nutrientIntakeStore = NutrientIntakeStore(connection: connection)
        activityStore = ActivityStore(connection: connection)
        foodHistoryStore = FoodHistoryStore(connection: connection)
        nutrientPreferenceStore = NutrientPreferenceStore(connection: connection)
        reviewStore = ReviewStore(connection: connection)
        pantryCatalogueStore = PantryCatalogueStore(connection: connection)
        pantryLedgerStore = PantryLedgerStore(connection: connection)
        shoppingListStore = ShoppingListStore(connection: connection)
        measurementStore = MeasurementStore(connection: connection)
        fastStore = FastStore(connection: connection)
        momentStore = MomentStore(connection: connection)
    }
}

extension SQLiteRepositories: ConsistentReading {
    public func readingTogether<T>(_ body: () throws -> T) throws -> T { try connection.readingTogether(body) }
    /// See `StoreConnection.readingWholeHistory`.
    public func readingWholeHistory<T>(_ body: () throws -> T) throws -> T { try connection.readingWholeHistory(body) }
    /// See `StoreConnection.inOneTransaction`.
    public func inOneTransaction<T>(_ body: () throws -> T) throws -> T { try connection.inOneTransaction(body) }
    public func installWriteRecorder(_ recorder: (any WriteTransactionRecorder)?) { connection.installWriteRecorder(recorder) }
    public func prepareFoodSearch() throws { try connection.prepareFoodSearch() }
    public func searchOnce() { connection.searchOnce() }
}

// MARK: - Each port, from its store

extension SQLiteRepositories: FoodLogRepository {
    @discardableResult
    public func addFoodRecord(_ record: FoodRecord) throws -> FoodRecord { try foodLogStore.addFoodRecord(record) }
    public func updateFoodRecord(_ record: FoodRecord) throws { try foodLogStore.updateFoodRecord(record) }
    @discardableResult
    public func deleteFoodRecord(id: Int64) throws -> FoodRecord? { try foodLogStore.deleteFoodRecord(id: id) }
    public func foodRecords(in range: DateRange) throws -> [FoodRecord] { try foodLogStore.foodRecords(in: range) }
    public func lastGrams(of food: FoodID, in range: DateRange) throws -> Double? { try foodLogStore.lastGrams(of: food, in: range) }
    public func foodProtein(in range: DateRange) throws -> [(date: LocalDate, proteinG: Double)] { try foodLogStore.foodProtein(in: range) }
}

extension SQLiteRepositories: ExerciseRepository {
    @discardableResult
    public func addExerciseRecord(_ record: ExerciseRecord) throws -> ExerciseRecord { try exerciseStore.addExerciseRecord(record) }
    public func updateExerciseRecord(_ record: ExerciseRecord) throws { try exerciseStore.updateExerciseRecord(record) }
    @discardableResult
    public func deleteExerciseRecord(id: Int64) throws -> ExerciseRecord? { try exerciseStore.deleteExerciseRecord(id: id) }
    public func exerciseRecords(in range: DateRange) throws -> [ExerciseRecord] { try exerciseStore.exerciseRecords(in: range) }
}

extension SQLiteRepositories: SleepRepository {
    @discardableResult
    public func addSleepRecord(_ record: SleepRecord) throws -> SleepRecord { try sleepStore.addSleepRecord(record) }
    public func updateSleepRecord(_ record: SleepRecord) throws { try sleepStore.updateSleepRecord(record) }
    @discardableResult
    public func deleteSleepRecord(id: Int64) throws -> SleepRecord? { try sleepStore.deleteSleepRecord(id: id) }
    public func sleepRecords(in range: DateRange) throws -> [SleepRecord] { try sleepStore.sleepRecords(in: range) }
}

extension SQLiteRepositories: DailyLogRepository {
    public func dailyLog(on date: LocalDate) throws -> DailyLog? { try dailyLogStore.dailyLog(on: date) }
    public func dailyLogs(in range: DateRange) throws -> [DailyLog] { try dailyLogStore.dailyLogs(in: range) }
}

extension SQLiteRepositories: FoodCatalogRepository {
    public func prepareFoodCatalog() throws { try foodCatalogStore.prepareFoodCatalog() }
    public func holdsShippedCatalog() throws -> Bool { try foodCatalogStore.holdsShippedCatalog() }
    public func searchFoods(_ query: String, limit: Int) throws -> [Food] { try foodCatalogStore.searchFoods(query, limit: limit) }
    public func searchFoodsForListing(_ query: String, limit: Int) throws -> [Food] { try foodCatalogStore.searchFoodsForListing(query, limit: limit) }
    public func searchCatalog(_ query: String, limit: Int) throws -> FoodSearchResult { try foodCatalogStore.searchCatalog(query, limit: limit) }
    public func searchCatalogListing(_ query: String, limit: Int) throws -> FoodSearchResult { try foodCatalogStore.searchCatalogListing(query, limit: limit) }
    public func foods(ids: [FoodID]) throws -> [FoodID: Food] { try foodCatalogStore.foods(ids: ids) }
    public func food(id: FoodID) throws -> Food? { try foodCatalogStore.food(id: id) }
    public func recentFoods(limit: Int) throws -> [Food] { try foodCatalogStore.recentFoods(limit: limit) }
    @discardableResult
    public func addCustomFood(_ food: Food) throws -> Food { try foodCatalogStore.addCustomFood(food) }
    public func updateCustomFood(_ food: Food) throws { try foodCatalogStore.updateCustomFood(food) }
    @discardableResult
    public func deleteCustomFood(id: FoodID) throws -> Food? { try foodCatalogStore.deleteCustomFood(id: id) }
    public func customFoods() throws -> [Food] { try foodCatalogStore.customFoods() }
}

extension SQLiteRepositories: ProfileRepository {
    public func loadProfile() throws -> Profile? { try profileStore.loadProfile() }
    public func saveProfile(_ profile: Profile) throws { try profileStore.saveProfile(profile) }
}

extension SQLiteRepositories: GoalRepository {
    public func activeGoal() throws -> Goal? { try goalStore.activeGoal() }
    @discardableResult
    public func saveActiveGoal(_ goal: Goal) throws -> Goal { try goalStore.saveActiveGoal(goal) }
    public func goalHistory() throws -> [Goal] { try goalStore.goalHistory() }
}

extension SQLiteRepositories: CheckInRepository {
    public func checkIn(on date: LocalDate) throws -> CheckIn? { try checkInStore.checkIn(on: date) }
    public func saveCheckIn(_ checkIn: CheckIn) throws { try checkInStore.saveCheckIn(checkIn) }
    public func checkIns(in range: DateRange) throws -> [CheckIn] { try checkInStore.checkIns(in: range) }
    public func saveCheckInDay(_ checkIn: CheckIn, body: (record: BodyRecord, snapshot: MetabolismSnapshot)?, night: SleepRecord?) throws { try checkInStore.saveCheckInDay(checkIn, body: body, night: night) }
    public func checkInStreaks(endingOn day: LocalDate) throws -> (current: Int, longest: Int) { try checkInStore.checkInStreaks(endingOn: day) }
}

extension SQLiteRepositories: HistoryWriter {
    public func write(_ batch: HistoryBatch) throws { try historyStore.write(batch) }
    public func merge(_ batch: HistoryBatch) throws -> MergeCounts { try historyStore.merge(batch) }
    public func mergePreview(_ batch: HistoryBatch) throws -> MergeCounts { try historyStore.mergePreview(batch) }
}

extension SQLiteRepositories: BodyRepository {
    @discardableResult
    public func addBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws -> BodyRecord { try bodyStore.addBodyRecord(record, snapshot: snapshot) }
    public func updateBodyRecord(_ record: BodyRecord, snapshot: MetabolismSnapshot?) throws { try bodyStore.updateBodyRecord(record, snapshot: snapshot) }
    @discardableResult
    public func deleteBodyRecord(id: Int64) throws -> BodyRecord? { try bodyStore.deleteBodyRecord(id: id) }
    public func bodyRecords(in range: DateRange) throws -> [BodyRecord] { try bodyStore.bodyRecords(in: range) }
    public func latestBodyRecord(onOrBefore date: LocalDate) throws -> BodyRecord? { try bodyStore.latestBodyRecord(onOrBefore: date) }
    public func latestMetabolismSnapshot(onOrBefore date: LocalDate) throws -> MetabolismSnapshot? { try bodyStore.latestMetabolismSnapshot(onOrBefore: date) }
    public func metabolismSnapshots(in range: DateRange) throws -> [MetabolismSnapshot] { try bodyStore.metabolismSnapshots(in: range) }
    public func dailyWeights(in range: DateRange) throws -> [(date: LocalDate, weightKg: Double)] { try bodyStore.dailyWeights(in: range) }
}

extension SQLiteRepositories: MeasurementRepository {
    @discardableResult
    public func addMeasurement(_ measurement: BodyMeasurement) throws -> BodyMeasurement { try measurementStore.addMeasurement(measurement) }
    public func updateMeasurement(_ measurement: BodyMeasurement) throws { try measurementStore.updateMeasurement(measurement) }
    @discardableResult
    public func deleteMeasurement(id: Int64) throws -> BodyMeasurement? { try measurementStore.deleteMeasurement(id: id) }
    public func measurements(in range: DateRange) throws -> [BodyMeasurement] { try measurementStore.measurements(in: range) }
    public func latestMeasurements(onOrBefore date: LocalDate) throws -> [MeasurementKind: BodyMeasurement] {
        try measurementStore.latestMeasurements(onOrBefore: date)
    }
}

extension SQLiteRepositories: FastRepository {
    @discardableResult
    public func addFast(_ fast: Fast) throws -> Fast { try fastStore.addFast(fast) }
    public func updateFast(_ fast: Fast) throws { try fastStore.updateFast(fast) }
    @discardableResult
    public func deleteFast(id: Int64) throws -> Fast? { try fastStore.deleteFast(id: id) }
    public func fasts(in range: DateRange) throws -> [Fast] { try fastStore.fasts(in: range) }
    public func currentFast() throws -> Fast? { try fastStore.currentFast() }
    public func finishedFasts(endingIn range: DateRange) throws -> [(ended: LocalDate, fast: Fast)] {
        try fastStore.finishedFasts(endingIn: range)
    }
}

extension SQLiteRepositories: MomentRepository {
    @discardableResult
    public func addMoment(_ moment: Moment) throws -> Moment { try momentStore.addMoment(moment) }
    public func updateMoment(_ moment: Moment) throws { try momentStore.updateMoment(moment) }
    @discardableResult
    public func deleteMoment(id: Int64) throws -> Moment? { try momentStore.deleteMoment(id: id) }
    public func moments(in range: DateRange) throws -> [Moment] { try momentStore.moments(in: range) }
}

extension SQLiteRepositories: MealLibraryRepository {
    public func favouriteFoods() throws -> [Food] { try mealLibraryStore.favouriteFoods() }
    public func isFavourite(_ id: FoodID) throws -> Bool { try mealLibraryStore.isFavourite(id) }
    public func setFavourite(_ id: FoodID, _ favourite: Bool) throws { try mealLibraryStore.setFavourite(id, favourite) }
    public func savedMeals() throws -> [SavedMeal] { try mealLibraryStore.savedMeals() }
    @discardableResult
    public func saveMeal(_ meal: SavedMeal) throws -> SavedMeal { try mealLibraryStore.saveMeal(meal) }
    public func deleteSavedMeal(id: Int64) throws { try mealLibraryStore.deleteSavedMeal(id: id) }
    public func renameSavedMeal(id: Int64, to name: String) throws { try mealLibraryStore.renameSavedMeal(id: id, to: name) }
    @discardableResult
    public func saveRecipe(_ recipe: Recipe) throws -> Recipe { try mealLibraryStore.saveRecipe(recipe) }
    public func recipe(foodID: FoodID) throws -> Recipe? { try mealLibraryStore.recipe(foodID: foodID) }
    public func recipeFoods() throws -> [Food] { try mealLibraryStore.recipeFoods() }
    public func deleteRecipe(foodID: FoodID) throws { try mealLibraryStore.deleteRecipe(foodID: foodID) }
}

extension SQLiteRepositories: NutrientIntakeRepository {
    public func nutrientIntakes(in range: DateRange) throws -> [LocalDate: NutrientIntake] { try nutrientIntakeStore.nutrientIntakes(in: range) }
    public func nutrientIntakes(in range: DateRange, of keys: [NutrientKey]) throws -> [LocalDate: NutrientIntake] { try nutrientIntakeStore.nutrientIntakes(in: range, of: keys) }
    public func nutrientSources(on day: LocalDate, nutrient: NutrientKey) throws -> [NutrientSource] { try nutrientIntakeStore.nutrientSources(on: day, nutrient: nutrient) }
}

extension SQLiteRepositories: ActivityRepository {
    public func activitySnapshot(on date: LocalDate) throws -> ActivitySnapshot? { try activityStore.activitySnapshot(on: date) }
    public func activitySnapshots(in range: DateRange) throws -> [ActivitySnapshot] { try activityStore.activitySnapshots(in: range) }
}

extension SQLiteRepositories: FoodHistoryRepository {
    public func loggedFoodNames() throws -> [String] { try foodHistoryStore.loggedFoodNames() }
    public func foodRecords(named names: [String], limit: Int) throws -> [FoodRecord] { try foodHistoryStore.foodRecords(named: names, limit: limit) }
}

extension SQLiteRepositories: NutrientPreferenceRepository {
    public func nutrientPreferences() throws -> [NutrientKey: NutrientPreference] { try nutrientPreferenceStore.nutrientPreferences() }
    public func saveNutrientPreference(_ preference: NutrientPreference) throws { try nutrientPreferenceStore.saveNutrientPreference(preference) }
}

extension SQLiteRepositories: ReviewRepository {
    public func reviewItems(in period: ReviewPeriod) throws -> [ReviewItem] { try reviewStore.reviewItems(in: period) }
    public func addReviewItem(_ item: ReviewItem) throws -> ReviewItem { try reviewStore.addReviewItem(item) }
    public func updateReviewItem(_ item: ReviewItem) throws { try reviewStore.updateReviewItem(item) }
    public func deleteReviewItem(id: Int64) throws -> ReviewItem? { try reviewStore.deleteReviewItem(id: id) }
    public func deleteReviewItemKeepingLinks(id: Int64) throws -> (item: ReviewItem, links: ReviewLinks)? { try reviewStore.deleteReviewItemKeepingLinks(id: id) }
    public func restoreReviewItem(_ item: ReviewItem, links: ReviewLinks) throws -> ReviewItem { try reviewStore.restoreReviewItem(item, links: links) }
    public func reviewHistory(startingIn range: DateRange) throws -> (items: [ReviewItem], actions: [ReviewAction]) { try reviewStore.reviewHistory(startingIn: range) }
    public func actions(in period: ReviewPeriod) throws -> [ReviewAction] { try reviewStore.actions(in: period) }
    public func actionsCarriedOver(into period: ReviewPeriod) throws -> [ReviewAction] { try reviewStore.actionsCarriedOver(into: period) }
    public func allActions(includingClosed: Bool) throws -> [ReviewAction] { try reviewStore.allActions(includingClosed: includingClosed) }
    public func action(id: Int64) throws -> ReviewAction? { try reviewStore.action(id: id) }
    public func addAction(_ action: ReviewAction) throws -> ReviewAction { try reviewStore.addAction(action) }
    public func updateAction(_ action: ReviewAction) throws { try reviewStore.updateAction(action) }
    public func deleteAction(id: Int64) throws -> ReviewAction? { try reviewStore.deleteAction(id: id) }
    public func reviewedPeriods(_ kind: ReviewPeriodKind, startingIn range: DateRange) throws -> [LocalDate] { try reviewStore.reviewedPeriods(kind, startingIn: range) }
}

extension SQLiteRepositories: PantryCatalogueRepository {
    public func groceryItems() throws -> [GroceryItem] { try pantryCatalogueStore.groceryItems() }
    public func groceryItem(id: Int64) throws -> GroceryItem? { try pantryCatalogueStore.groceryItem(id: id) }
    public func groceryItem(foodId: FoodID?, name: String) throws -> GroceryItem? { try pantryCatalogueStore.groceryItem(foodId: foodId, name: name) }
    @discardableResult
    public func saveGroceryItem(_ item: GroceryItem) throws -> GroceryItem { try pantryCatalogueStore.saveGroceryItem(item) }
    public func purchases(in range: DateRange) throws -> [Purchase] { try pantryCatalogueStore.purchases(in: range) }
    public func purchases(itemId: Int64) throws -> [Purchase] { try pantryCatalogueStore.purchases(itemId: itemId) }
    public func latestPricedPurchases(foodIds: Set<FoodID>, onOrBefore date: LocalDate) throws -> [FoodID: Purchase] { try pantryCatalogueStore.latestPricedPurchases(foodIds: foodIds, onOrBefore: date) }
}

extension SQLiteRepositories: PantryLedgerRepository {
    public func recordPurchase(_ purchase: Purchase, item: GroceryItem, bestBefore: LocalDate?, shoppingListItemId: Int64?) throws -> (item: GroceryItem, purchase: Purchase, lot: StockLot) { try pantryLedgerStore.recordPurchase(purchase, item: item, bestBefore: bestBefore, shoppingListItemId: shoppingListItemId) }
    public func deleteLotAndPurchase(lotId: Int64) throws -> RemovedPurchase? { try pantryLedgerStore.deleteLotAndPurchase(lotId: lotId) }
    public func stockLots(includingEmpty: Bool) throws -> [StockLot] { try pantryLedgerStore.stockLots(includingEmpty: includingEmpty) }
    public func stockLot(id: Int64) throws -> StockLot? { try pantryLedgerStore.stockLot(id: id) }
    public func stockLots(itemId: Int64) throws -> [StockLot] { try pantryLedgerStore.stockLots(itemId: itemId) }
    public func stockLots(takenFromIn range: DateRange) throws -> [StockLot] { try pantryLedgerStore.stockLots(takenFromIn: range) }
    public func applyStockUses(_ uses: [StockUse]) throws { try pantryLedgerStore.applyStockUses(uses) }
    @discardableResult
    public func addFoodRecord(_ record: FoodRecord, takingFromPantry uses: [StockUse]) throws -> FoodRecord { try pantryLedgerStore.addFoodRecord(record, takingFromPantry: uses) }
    public func stockUses(in range: DateRange) throws -> [StockUse] { try pantryLedgerStore.stockUses(in: range) }
    public func pantrySnapshot() throws -> PantrySnapshot { try pantryLedgerStore.pantrySnapshot() }
}

extension SQLiteRepositories: ShoppingListRepository {
    public func shoppingListItems(includingBought: Bool) throws -> [ShoppingListItem] { try shoppingListStore.shoppingListItems(includingBought: includingBought) }
    @discardableResult
    public func addShoppingListItem(_ entry: ShoppingListItem) throws -> ShoppingListItem { try shoppingListStore.addShoppingListItem(entry) }
    public func updateShoppingListItem(_ entry: ShoppingListItem) throws { try shoppingListStore.updateShoppingListItem(entry) }
    @discardableResult
    public func deleteShoppingListItem(id: Int64) throws -> ShoppingListItem? { try shoppingListStore.deleteShoppingListItem(id: id) }
    public func pantryBudget() throws -> PantryBudget? { try shoppingListStore.pantryBudget() }
    public func setPantryBudget(_ budget: PantryBudget) throws { try shoppingListStore.setPantryBudget(budget) }
}
