import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

/// `bodii log water [AMOUNT]` (issue 43): a drink of water, one glass (250 ml) unless said
/// otherwise, logged as the catalog's tap water so it counts in the day's water with the water
/// in foods (`WaterLogging`).
struct LogWaterCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "water", abstract: "Record a drink of water (default one glass, 250 ml).",
        discussion:
            "Amounts: 250 ml, 250, 1 glass (250 ml), 2 glasses, 0.5 l, 8 fl oz, 1 cup. It counts in the day's water with the water in foods."
    )

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("How much: 250 ml, 1 glass, 0.5 l, 8 fl oz (default 1 glass).", valueName: "amount"))
    var words: [String] = []
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("breakfast, lunch, dinner or snacks (default: by the time of day).", valueName: "meal"))
    var meal: OptionText?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?

    func run() throws {
        try reportingFailures {
            // Checked before the database is opened: a refused drink creates no database.
            let amount = try PositionalWords.values(words).joined(separator: " ")
            let ml = try validated { () throws(BodiiDomain.ValidationError) in try WaterLogging.millilitres(amount) }
            let clock = try ProcessClock.current()
            // The same --meal and --date rules as `log food`.
            let mealChoice = try LogFoodCommand.meal(meal, clock: clock)
            let day = try LogFoodCommand.day(date, clock: clock)
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            guard let water = try env.repositories.food(id: WaterLogging.foodID) else {
                throw CommandFailure.data("the catalog has no drinking water (\(WaterLogging.foodID.rawValue)): run bodii once to seed it")
            }
            let record = WaterLogging.record(ml: ml, water: water, date: day, meal: mealChoice, loggedAt: clock.now)
            try env.repositories.addFoodRecord(record)
            // The day's water in all (food and drinks), as the Nutrients view and `today --json` count it.
            let status = try NutrientQuery(source: env.repositories).report(.day, endingOn: day).status(.waterG)
            var line = "Logged \(WaterLogging.text(ml: ml)) of water at \(mealChoice.label) on \(day.iso)"
            if let total = status.amount {
                line += "; water this day: \(WaterLogging.text(ml: total))"
                if let target = status.target?.amount { line += " of \(WaterLogging.text(ml: target))" }
                line += " (food and drinks)"
            }
            PlainText.print(line)
        }
    }
}
