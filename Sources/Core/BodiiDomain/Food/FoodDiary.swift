/// The food diary's one way to log a food, for `bodii log food` and the Diet tab alike: the
/// record is added and, when its food's pantry item says so (off by default), taken from the
/// pantry in the same transaction (`PantryBook.plannedTakes`: its grams, first-expiring-first,
/// as much as is in stock).
public struct FoodDiary {
    public typealias Store = FoodLogRepository & PantryRepository & FoodCatalogRepository

    private let store: any Store

    public init(store: any Store) {
        self.store = store
    }

    /// Logs `record`; the saved record (with its id) and what was taken from the pantry.
    public func log(_ record: FoodRecord) throws -> (record: FoodRecord, taken: [StockUse]) {
        // The week start only counts budgets, which planning a take never reads.
        let takes = try PantryBook(repository: store, weekStart: .monday).plannedTakes(for: record)
        return (try store.addFoodRecord(record, takingFromPantry: takes), takes)
    }
}
