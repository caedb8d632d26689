import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

// `bodii log measure KIND VALUE`, `bodii log bp 120/80`, `bodii log rhr 58` (issue 47).

/// What the three commands share: the day, the unit, and logging what `MeasurementLogging` allows.
struct MeasurementLine {
    let global: GlobalOptions
    let date: OptionText?
    let unit: OptionText?

    func log(kind: String, value: String) throws {
        let clock = try ProcessClock.current()
        let requested = try unit.map { try Self.unitSystem(from: $0.text) }
        // A refused value must not create the database: the profile's units are read only if it is there.
        let existing = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock)
        let units = try requested ?? existing?.repositories.loadProfile()?.unitSystem ?? ProcessConfig.current.values.units ?? .metric
        let input = MeasurementInput(kind: kind, value: value, date: date?.text ?? "")
        switch MeasurementLogging.validate(input, unitSystem: units, today: clock.today, now: clock.now) {
        case .failure(let errors):
            throw CommandFailure.data(errors.first?.message ?? "invalid input")
        case .success(let measurement):
            let env = try existing ?? AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let saved = try env.repositories.addMeasurement(measurement)
            PlainText.print("Logged \(saved.kind.name) \(saved.text(units)) on \(saved.date.iso)")
        }
    }

    static func unitSystem(from text: String) throws -> UnitSystem {
        switch text.lowercased() {
        case "cm", "metric": .metric
        case "in", "inch", "inches", "imperial": .imperial
        default: throw CommandFailure.usage("--unit \(ValidationError.quoted(text)) is not a unit: allowed cm or in")
        }
    }

    /// The one value the command takes, said in a usage line when missing or more than one.
    static func oneValue(_ words: [String], usage: String) throws -> String {
        let values = try PositionalWords.values(words)
        guard let value = values.first else { throw CommandFailure.usage(usage) }
        guard values.count == 1 else {
            throw CommandFailure.usage("one value at a time: got \(ValidationError.quoted(values.joined(separator: " "))); \(usage)")
        }
        return value
    }
}

struct LogMeasureCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "measure",
        abstract: "Record a body measurement: waist, hips, neck, chest, upper-arm, thigh, bp or rhr.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("What and how much: waist 82cm, hips 38in, bp 120/80, rhr 58.", valueName: "kind value"))
    var words: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("Unit of a circumference without one: cm or in (default: the profile's units).", valueName: "unit"))
    var unit: OptionText?

    func run() throws {
        try reportingFailures {
            let kinds = MeasurementKind.allCases.map(\.argument).joined(separator: ", ")
            let usage = "say what and how much: bodii log measure waist 82cm (kinds: \(kinds))"
            let values = try PositionalWords.values(words)
            guard values.count == 2 else {
                throw CommandFailure.usage(values.isEmpty ? usage : "got \(ValidationError.quoted(values.joined(separator: " "))); \(usage)")
            }
            try MeasurementLine(global: global, date: date, unit: unit).log(kind: values[0], value: values[1])
        }
    }
}

struct LogBloodPressureCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "bp", abstract: "Record a blood pressure reading: bodii log bp 120/80.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Systolic/diastolic in mmHg, e.g. 120/80.", valueName: "reading"))
    var words: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: OptionText?

    func run() throws {
        try reportingFailures {
            let value = try MeasurementLine.oneValue(words, usage: "say the reading: bodii log bp 120/80")
            try MeasurementLine(global: global, date: date, unit: nil).log(kind: MeasurementKind.bloodPressure.rawValue, value: value)
        }
    }
}

struct LogRestingHeartRateCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "rhr", abstract: "Record a resting heart rate: bodii log rhr 58.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Beats per minute at rest (25–220).", valueName: "bpm"))
    var words: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The day (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: OptionText?

    func run() throws {
        try reportingFailures {
            let value = try MeasurementLine.oneValue(words, usage: "say the rate: bodii log rhr 58")
            try MeasurementLine(global: global, date: date, unit: nil).log(kind: MeasurementKind.restingHeartRate.rawValue, value: value)
        }
    }
}
