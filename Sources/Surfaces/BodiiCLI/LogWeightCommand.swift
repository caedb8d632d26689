import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

struct LogWeightCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "weight", abstract: "Record a weight, with optional body fat and muscle mass.")

    @OptionGroup var global: GlobalOptions
    @Argument(
        parsing: .allUnrecognized, help: ArgumentHelp("Weight, in kg (or lb with --unit lb or an imperial profile).", valueName: "weight"))
    var words: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Body fat, percent (2–75).", valueName: "pct"))
    var fat: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Muscle mass, in the weight's unit.", valueName: "kg"))
    var muscle: OptionText?
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date")
    )
    var date: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "Unit of the weight and muscle mass: kg or lb (default: the profile's, else the config file's units).", valueName: "unit"))
    var unit: OptionText?

    func run() throws {
        try reportingFailures {
            let words = try PositionalWords.values(words)
            guard let weight = words.first else { throw CommandFailure.usage("say the weight: bodii log weight KG (20–400 kg)") }
            guard words.count == 1 else {
                throw CommandFailure.usage("one weight at a time: got \(ValidationError.quoted(words.joined(separator: " ")))")
            }
            let requested = try unit.map { try Self.unitSystem(from: $0.text) }
            let clock = try ProcessClock.current()
            // `--unit`, else the profile's units, else the config file's, else metric. A database
            // that is not there yet has no profile, and a refused weight must not create it.
            let existing = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock)
            let units = try requested ?? existing?.repositories.loadProfile()?.unitSystem ?? ProcessConfig.current.values.units ?? .metric
            let input = BodyEntryInput(weight: weight, bodyFat: fat?.text ?? "", muscleMass: muscle?.text ?? "", date: date?.text ?? "")
            switch BodyLogging.validate(input, unitSystem: units, today: clock.today, now: clock.now) {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid input")
            case .success(let record):
                let env = try existing ?? AppEnvironment.open(databasePath: global.db?.text, clock: clock)
                do {
                    let saved = try BodyLogging(store: env.repositories, clock: clock).save(record)
                    let fmt = UnitFormatter(units)
                    var line = "Logged \(saved.weightKg.map(fmt.mass) ?? "—") on \(saved.date.iso)"
                    if let f = saved.bodyFatPercent { line += ", body fat \(String(format: "%.1f", f)) %" }
                    if let m = saved.muscleMassKg { line += ", muscle \(fmt.mass(m))" }
                    PlainText.print(line)
                } catch let error as UseCaseError {
                    throw CommandFailure.data(error.description)
                }
            }
        }
    }

    static func unitSystem(from text: String) throws -> UnitSystem {
        switch text.lowercased() {
        case "kg", "metric": return .metric
        case "lb", "lbs", "imperial": return .imperial
        default: throw CommandFailure.usage("--unit \(ValidationError.quoted(text)) is not a unit: allowed kg or lb")
        }
    }
}
