import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

struct TodayCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "today", abstract: "Show a day's numbers: calories, macros, weight, sleep, exercise.")

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?
    @Flag(name: .long, help: "Print JSON (snake_case keys, metric units) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures { try Self.run(date: date, json: json, databasePath: global.db?.text) }
    }

    /// The day's numbers, with the arguments as parsed (by the parser, or by `PlainToday`).
    static func run(date: OptionText?, json: Bool, databasePath: String?) throws {
        let clock = try ProcessClock.current()
        var day = clock.today
        if let text = date {
            do throws(BodiiDomain.ValidationError) { day = try Validation.date(text.text, today: clock.today) } catch {
                throw CommandFailure.data(error.message)
            }
        }
        let env = try AppEnvironment.open(databasePath: databasePath, access: .readOnly)
        // All of the day's reads in one read transaction (one snapshot, one BEGIN/COMMIT).
        let text = try env.repositories.readingTogether {
            // The day's targets, read once for the summary and (in JSON) the nutrient targets.
            let targets = try TargetHistory.load(range: DateRange(start: day, end: day), source: env.repositories)
            let summary = try DaySummaryQuery(store: env.repositories).summary(for: day, targets: targets)
            let measurements = try MeasurementSummary.load(on: day, source: env.repositories)
            if json {
                let nutrients = try NutrientQuery(source: env.repositories).report(.day, endingOn: day, history: targets)
                return DaySummaryJSON.encode(summary, nutrients: nutrients, measurements: measurements, timeZone: clock.timeZone)
            }
            let units = try env.repositories.loadProfile()?.unitSystem ?? .metric
            return DaySummaryText.render(summary, units: units, measurements: measurements, timeZone: clock.timeZone)
        }
        env.database.finishReading()
        if json { print(text) } else { PlainText.print(text) }
    }
}
