import BodiiDomain
import BodiiStore
import GroceryPlanner
import PlannerSolver

// Reads what a grocery plan (PRODUCT.md §13) is solved from, through the ports: today's targets,
// the last 28 days of the food log, the past year's purchases, the stock and the budget.
package enum PlanLoader {
    package enum Failure: Error, CustomStringConvertible {
        /// No targets yet, or no protein target (a fixed kcal before a weigh-in): a profile and a weigh-in are needed.
        case noTargets

        package var description: String { "no targets yet: a plan needs a profile and a weigh-in" }
    }

    /// `budget` overrides what is left of the budget for the plan's days; `store` picks prices.
    package static func input(
        repositories: SQLiteRepositories, today: LocalDate, weekStart: WeekStart, days: Int, budget: Money?, store: String?,
        currency: Currency
    ) throws -> PlanInput {
        try repositories.readingTogether {
            guard let day = try TargetHistory.load(range: DateRange(start: today, end: today), source: repositories).targets(on: today)
            else { throw Failure.noTargets }
            let mealRecords = try repositories.foodRecords(
                in: DateRange(start: today.adding(days: -PlanRules.mealHistoryDays), end: today.adding(days: -1)))
            let usualFrom = today.adding(days: -PlanRules.historyDays)
            let records = mealRecords.filter { $0.date >= usualFrom }
            // The meals the plan is built from (issue 42): saved, recipes, and those logged lately.
            var recipes: [FoodID: Recipe] = [:]
            for food in try repositories.recipeFoods() { recipes[food.id] = try repositories.recipe(foodID: food.id) }
            let meals = PlanMealSources.meals(saved: try repositories.savedMeals(), recipes: recipes, records: mealRecords)
            let purchases = try repositories.purchases(in: DateRange(start: today.adding(days: -365), end: today))
            // The prices' currency, when none is in the configured one: never sum two currencies.
            let configured = currency
            let currency = PlanHistory.priceCurrency(purchases, configured: configured)
            let snapshot = try repositories.pantrySnapshot()
            var foods: [FoodID: Food] = [:]
            let mealFoods = PlanMealSources.foods(meals)
            for id in Set(records.map(\.foodId)).union(snapshot.items.compactMap(\.foodId)).union(mealFoods) where id != QuickAdd.foodID {
                if let food = try repositories.food(id: id) { foods[id] = food }
            }
            let candidates = PlanHistory.candidates(
                foods: foods, items: snapshot.items, purchases: purchases, lots: snapshot.lots, records: records, today: today,
                store: store, currency: currency, mealFoods: mealFoods, recipes: recipes)
            let money =
                try (budget ?? budgetFor(days: days, today: today, weekStart: weekStart, repositories: repositories, currency: configured))
                .map { Self.amount($0, in: currency) }
            // The targets the Nutrients view shows (PRODUCT.md §11: the DRI for the profile with the
            // user's own amounts), one resolution; hidden nutrients are not planned for.
            let resolved = try NutrientTargetSet.load(on: today, source: repositories)
            let nutrients = resolved.targets.filter { !resolved.hidden.contains($0.key) && PlanRules.plans($0.key) }
            guard let targets = PlanTargets(day, nutrients: nutrients) else { throw Failure.noTargets }
            var input = PlanInput(days: days, candidates: candidates, targets: targets, budget: money, currency: currency)
            input.configuredCurrency = configured.code == currency.code ? nil : configured
            (input.meals, input.leftOutOfMeals) = PlanMealSources.obtainable(meals, candidates: candidates)
            input.slotShare = PlanMealSources.slotShare(mealRecords)
            input.start = today
            return input
        }
    }

    /// The same amount read in the prices' currency (the plan says the currency differs; no exchange
    /// rate is known offline): 20.00 USD is a budget of 20.00 EUR.
    package static func amount(_ money: Money, in currency: Currency) -> Money {
        guard money.currency.code != currency.code else { return money }
        let from = money.currency.scale, to = currency.scale
        let units = to >= from ? money.minorUnits.multipliedReportingOverflow(by: to / from).partialValue : money.minorUnits / (from / to)
        return Money(minorUnits: units, currency: currency)
    }

    /// The Pantry tab's `P`: the plan for the next `days` at the budget left, any store.
    @MainActor
    package static func planner(repositories: SQLiteRepositories, clock: any Clock) -> @MainActor (Int) throws -> GroceryPlan {
        { days in
            let currency = ProcessConfig.currency
            let input = try PlanLoader.input(
                repositories: repositories, today: clock.today, weekStart: clock.weekStart, days: days, budget: nil, store: nil,
                currency: currency)
            return try GroceryPlanner.plan(input)
        }
    }

    /// What is left of this period's budget for the plan's days in it, plus the budget's daily
    /// share for the days past its end; nil without a budget.
    static func budgetFor(days: Int, today: LocalDate, weekStart: WeekStart, repositories: SQLiteRepositories, currency: Currency) throws
        -> Money?
    {
        let status = try PantryBook(repository: repositories, currency: currency, weekStart: weekStart).budgetStatus(today: today)
        guard let budget = status.budget, let left = status.left else { return nil }
        let period = status.period
        let beyond = max(0, days - (today.days(until: period.end) + 1))
        let periodDays = Double(period.start.days(until: period.end) + 1)
        let extra = budget.scaled(by: Double(beyond), over: periodDays) ?? .zero(currency)
        return Money(minorUnits: max(0, left.minorUnits), currency: currency) + extra
    }
}
