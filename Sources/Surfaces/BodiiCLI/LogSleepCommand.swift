import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

struct LogSleepCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "Record a night: bed and wake time (crossing midnight is fine) or a duration, optional quality.",
        discussion: "A date has one night: logging another night for it replaces the first.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Bedtime, as 23:15, 2315, 11:15pm or 11pm.", valueName: "HH:MM"))
    var bed: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Wake time, as 07:00, 700, 6.50 or 7am.", valueName: "HH:MM"))
    var wake: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("How long you slept (7h30, 7:30, 7.5, 450m), instead of --bed or --wake.", valueName: "duration"))
    var duration: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How well you slept, 1–5.", valueName: "1-5"))
    var quality: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The day you woke up (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: OptionText?

    func validate() throws {
        if duration == nil, bed == nil || wake == nil {
            throw ArgumentParser.ValidationError("give --bed and --wake, or --duration")
        }
    }

    func run() throws {
        try reportingFailures {
            // Checked before the database is opened: a refused night creates no database.
            let clock = try ProcessClock.current()
            let input = SleepEntryInput(
                bedtime: bed?.text ?? "", wakeTime: wake?.text ?? "", duration: duration?.text ?? "",
                quality: quality?.text ?? "", date: date?.text ?? "")
            switch SleepLogging.validate(input, today: clock.today) {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid input")
            case .success(let night):
                let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
                let saved = try SleepLogging(store: env.repositories, clock: clock).save(night)
                let n = saved.night
                var line =
                    "Logged \(DurationFormat.hoursMinutes(n.minutes)) of sleep (\(n.status.label.lowercased())) for the night to \(n.date.iso)"
                if let q = n.quality { line += ", quality \(q)/5" }
                if let old = saved.replaced { line += "; it replaces the \(DurationFormat.hoursMinutes(old.minutes)) logged before" }
                PlainText.print(line)
            }
        }
    }
}
