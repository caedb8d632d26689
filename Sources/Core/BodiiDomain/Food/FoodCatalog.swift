import Foundation

/// The food catalog (PRODUCT.md §3): the USDA SR24 foods shipped with Bodii, a small supplement of
/// foods SR24 lacks (each from a cited food-composition record), and the user's custom foods.
/// BodiiStore implements it over SQLite FTS5 with Bodii's own ranking.
public protocol FoodCatalogRepository {
    /// Foods matching `query`, best first: what a person means ranks above brands, baby food and
    /// mixed dishes, and the user's recent and frequent foods are lifted. Plurals, word order,
    /// case, accents and one typo per word do not matter. An empty query gives `recentFoods`.
    /// Results carry no servings; `food(id:)` loads them.
    func searchFoods(_ query: String, limit: Int) throws -> [Food]
    /// `searchFoods`, and whether any food found has every word of `query` that names a food.
    /// When none has, the catalog lacks the food asked for and the foods are the closest ones.
    func searchCatalog(_ query: String, limit: Int) throws -> FoodSearchResult
    /// One food with all its servings, nil when no food has that id.
    func food(id: FoodID) throws -> Food?
    /// `searchCatalog`'s foods and order for a caller that reads only their ids, names, energy
    /// and macronutrients (the rest of `per100g` may be empty): a line's parts load the foods
    /// they log with `foods(ids:)`.
    func searchCatalogListing(_ query: String, limit: Int) throws -> FoodSearchResult
    /// The foods of `ids` with all their servings, by id, in one read; ids of no food are left out.
    func foods(ids: [FoodID]) throws -> [FoodID: Food]
    /// Foods from the user's log, the most recent and most frequent first, without servings.
    func recentFoods(limit: Int) throws -> [Food]
    /// Inserts a custom food and returns it with its new `custom:N` id (the id passed is ignored).
    @discardableResult
    func addCustomFood(_ food: Food) throws -> Food
    /// Replaces a custom food's name, nutrients and servings. Records already logged keep the
    /// energy and macros copied when they were logged.
    func updateCustomFood(_ food: Food) throws
    /// The user's custom foods, by name.
    func customFoods() throws -> [Food]
    /// Removes a custom food (and its servings) and returns it; nil when there is none with that
    /// id. Entries already logged keep its name, energy and macros, copied when they were logged.
    @discardableResult
    func deleteCustomFood(id: FoodID) throws -> Food?
}

/// What a food search found (`FoodCatalogRepository.searchCatalog`).
public struct FoodSearchResult: Equatable, Sendable {
    /// Best first.
    public var foods: [Food]
    /// False when no food found has every word of the query that names a food (describing words
    /// such as "fresh" aside): the foods are then only the closest to what was asked.
    public var answersQuery: Bool

    public init(foods: [Food], answersQuery: Bool) {
        self.foods = foods
        self.answersQuery = answersQuery
    }
}

extension FoodCatalogRepository {
    /// For a catalog that cannot tell a complete match from a partial one: every list answers.
    public func searchCatalog(_ query: String, limit: Int) throws -> FoodSearchResult {
        FoodSearchResult(foods: try searchFoods(query, limit: limit), answersQuery: true)
    }

    public func searchCatalogListing(_ query: String, limit: Int) throws -> FoodSearchResult {
        try searchCatalog(query, limit: limit)
    }

    public func foods(ids: [FoodID]) throws -> [FoodID: Food] {
        var out: [FoodID: Food] = [:]
        for id in ids where out[id] == nil {
            if let food = try food(id: id) { out[id] = food }
        }
        return out
    }
}

extension Meal {
    /// The meal a person most likely means at this local hour (0–23): breakfast until 10:59,
    /// lunch until 14:59, dinner from 17:00 to 20:59, snacks otherwise.
    public static func likely(atHour hour: Int) -> Meal {
        switch hour {
        case 4..<11: return .breakfast
        case 11..<15: return .lunch
        case 17..<21: return .dinner
        default: return .snacks
        }
    }

    /// The likely meal at the instant `date` on the wall clock of `timeZone` (e.g. a `Clock`'s now).
    /// Before `firstDayHour` it is still the day before (`DayCalendar`): a snack, never breakfast.
    public static func likely(at date: Date, timeZone: TimeZone, firstDayHour: Int = 0) -> Meal {
        let local = Int(floor(date.timeIntervalSince1970)) + timeZone.secondsFromGMT(for: date)
        let hour = (local % 86_400 + 86_400) % 86_400 / 3600
        return hour < firstDayHour ? .snacks : likely(atHour: hour)
    }

    /// The likely meal now, on `clock`'s wall clock and calendar.
    public static func likely(now clock: any Clock) -> Meal {
        likely(at: clock.now, timeZone: clock.timeZone, firstDayHour: clock.calendar.firstDayHour)
    }
}

extension Nutrients {
    /// These nutrients (per 100 g) scaled to `grams`; unknown stays unknown.
    public func scaled(toGrams grams: Double) -> Nutrients {
        let f = grams / 100
        return Nutrients(
            kcal: kcal * f, proteinG: proteinG * f, carbsG: carbsG * f, fatG: fatG * f,
            values: values.mapValues { $0 * f })
    }
}
