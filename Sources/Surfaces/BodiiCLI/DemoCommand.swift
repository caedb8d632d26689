import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

struct DemoCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Fill a new database with a sample profile and a realistic, generated history.",
        discussion: "Refuses a database that already has a profile, so your own data is never mixed with sample data.")

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How many days of history, ending today (1–\(DemoHistory.maxDays)).", valueName: "n"))
    var days: OptionText = "90"

    func run() throws {
        try reportingFailures {
            let days: Int
            do throws(BodiiDomain.ValidationError) {
                days = try Validation.integer(self.days.text, field: "--days", range: 1...DemoHistory.maxDays, unit: nil)
            } catch {
                throw CommandFailure.usage(error.message)
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text)
            let repos = env.repositories
            if try repos.loadProfile() != nil {
                throw CommandFailure.data(
                    "\(env.database.url.path) already has a profile; demo data goes only into a new database (try --db /tmp/bodii-demo.sqlite)"
                )
            }
            let today = env.clock.today
            let demo = DemoHistory(days: days, endDate: today, now: env.clock.now)
            var foods: [FoodID: Food] = [:]
            for id in DemoHistory.menuFoodIDs { foods[id] = try repos.food(id: id) }
            var batch = demo.makeBatch(foods: foods)
            batch.profile = DemoHistory.profile
            if let last = batch.body.last(where: { $0.0.weightKg != nil }) {
                batch.activeGoal = ProfileSetup.goal(.lose, tdee: last.1.tdee, weightKg: last.0.weightKg, on: today)
            }
            (batch.reviewItems, batch.actions) = demo.reviews(weekStart: env.clock.weekStart)
            batch.pantry = DemoPantry(days: days, endDate: today, currency: PantryCLI.currency).makeBatch(foods: foods)
            // Moments first, by their demo ids: a kill before the history's one transaction leaves no
            // profile, so the demo runs again and adds none of them twice.
            let moments = demo.moments()
            _ = try repos.merge(moments, into: .moments)
            try repos.write(batch)  // one transaction: a kill leaves all of it or nothing
            PlainText.print(
                "Created a demo profile (\(DemoHistory.profile.name)) with \(Plural.count(days, "day")) of history in \(env.database.url.path): "
                    + [
                        Plural.count(batch.body.count, "weigh-in"), Plural.count(batch.exercise.count, "workout"),
                        Plural.count(batch.sleep.count, "night"), Plural.count(batch.food.count, "food") + " eaten",
                        Plural.count(batch.checkIns.count, "check-in"), Plural.count(batch.measurements.count, "measurement"),
                        Plural.count(batch.fasts.count, "fast"), Plural.count(moments.count, "moment"),
                        Plural.count(batch.reviewItems.count, "review note"),
                    ].joined(separator: ", ")
                    + ", \(Plural.count(batch.actions.count, "action")) and a pantry ("
                    + "\(Plural.count(batch.pantry.purchases.count, "purchase")) at \(Plural.count(DemoPantry.stores.count, "store"))).")
        }
    }
}
