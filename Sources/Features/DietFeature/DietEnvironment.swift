import BodiiDomain
import TerminalKit

/// What the Diet tab and its flows use, and nothing more (isowords' clients): the ports they read
/// and write, the use cases they call, and the clock. The composition root builds it from the
/// store; the tab never sees the rest of the repositories.
public struct DietEnvironment {
    /// The food log, the catalog (custom foods, recipes), saved meals and favourites, the log's
    /// search (`h`), batch writes (copies, saved meals logged again), and the profile (its units
    /// choose the serving list's oz and lb).
    public typealias Store = FoodLogRepository & FoodCatalogRepository & MealLibraryRepository & FoodHistoryRepository & HistoryWriter
        & ProfileRepository

    public let store: any Store
    /// Logging a food, taking it from the pantry where its item says so.
    public let diary: FoodDiary
    /// The day's targets, exercise and cost, as every screen reads them.
    public let days: DaySummaryQuery
    public let clock: any Clock
    /// The Nutrients view's reads (`N`); nil where the store has no nutrient intake.
    public let nutrients: NutrientQuery?

    public init(store: any Store, diary: FoodDiary, days: DaySummaryQuery, clock: any Clock, nutrients: NutrientQuery? = nil) {
        self.store = store
        self.diary = diary
        self.days = days
        self.clock = clock
        self.nutrients = nutrients
    }
}
