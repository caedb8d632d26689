import ArgumentParser
import BodiiDomain
import Foundation

struct LogSleepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep", abstract: "Record a night: bed and wake time (crossing midnight is fine), optional quality.")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, help: ArgumentHelp("Bedtime, HH:MM (24-hour).", valueName: "HH:MM"))
    var bed: String
    @Option(name: .long, help: ArgumentHelp("Wake time, HH:MM (24-hour).", valueName: "HH:MM"))
    var wake: String
    @Option(name: .long, help: ArgumentHelp("How well you slept, 1–5.", valueName: "1-5"))
    var quality: String?
    @Option(name: .long, help: ArgumentHelp("The day you woke up (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: String?

    func run() throws {
        try reportingFailures {
            let env = try AppEnvironment.open(databasePath: global.db, mustExist: true)
            let logging = SleepLogging(store: env.repositories, clock: env.clock)
            let input = SleepEntryInput(bedtime: bed, wakeTime: wake, quality: quality ?? "", date: date ?? "")
            switch logging.validate(input) {
            case .failure(let errors):
                throw CommandFailure.data(errors.first?.message ?? "invalid input")
            case .success(let night):
                let saved = try logging.save(night)
                var line = "Logged \(DurationFormat.hoursMinutes(saved.minutes)) of sleep (\(saved.status.label.lowercased())) for the night to \(saved.date.iso)"
                if let q = saved.quality { line += ", quality \(q)/5" }
                print(line)
            }
        }
    }
}
