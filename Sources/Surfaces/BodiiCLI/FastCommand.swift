import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

// `bodii fast start|end|status` (issue 47 item 2).

struct FastCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fast", abstract: "Start, end and see fasts: bodii fast start --goal 16:8, bodii fast end.",
        subcommands: [FastStatusCommand.self, FastStartCommand.self, FastEndCommand.self], defaultSubcommand: FastStatusCommand.self)

    /// A fast in words: "16 h 05 of 16:8, started 20:10 yesterday".
    static func describe(_ fast: Fast, now: Date, clock: any Clock) -> String {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = clock.timeZone
        format.dateFormat = "HH:mm"
        let day = LocalDate(fast.startedAt, timeZone: clock.timeZone).shortLabel(relativeTo: clock.today)
        return "\(DurationFormat.hoursMinutes(fast.minutes(at: now))) of \(FastingGoal.name(fast.goalHours)), started \(format.string(from: fast.startedAt)) \(day)"
    }

    static func failure(_ refusal: Fasting.Refusal) -> CommandFailure { .data(refusal.description) }
}

struct FastStartCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "start", abstract: "Start a fast now (or --at a time today or last night).")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("The goal: 16:8, 18:6, 20:4 or hours (1–72; default 16:8).", valueName: "goal"))
    var goal: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("When it started (HH:MM; default now).", valueName: "time"))
    var at: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let hours: Double
            do throws(BodiiDomain.ValidationError) { hours = try FastingGoal.hours(goal?.text ?? "") } catch { throw CommandFailure.data(error.message) }
            let start = try at.latestInstant(option: "--at", clock: clock)
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            do {
                let fast = try Fasting(store: env.repositories, clock: clock).start(at: start, goalHours: hours)
                PlainText.print("Fast started: \(FastCommand.describe(fast, now: clock.now, clock: clock)).")
            } catch let refusal as Fasting.Refusal {
                throw FastCommand.failure(refusal)
            }
        }
    }
}

struct FastEndCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "end", abstract: "End the fast on now (or --at a time).")

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("When it ended (HH:MM; default now).", valueName: "time"))
    var at: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let end = try at.latestInstant(option: "--at", clock: clock)
            // No database yet is no fast on: nothing is made to say so.
            guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock) else {
                throw FastCommand.failure(.notFasting)
            }
            do {
                let fast = try Fasting(store: env.repositories, clock: clock).end(at: end)
                let reached = fast.reachedGoal(at: clock.now) ? "goal reached" : "short of the goal"
                PlainText.print("Fast ended: \(FastCommand.describe(fast, now: clock.now, clock: clock)) — \(reached).")
            } catch let refusal as Fasting.Refusal {
                throw FastCommand.failure(refusal)
            }
        }
    }
}

struct FastStatusCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "status", abstract: "The fast on, the last fasts and the streak.")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Print JSON for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            let status = try FastingStatus.load(source: env.repositories, clock: clock)
            defer { env.database.finishReading() }
            if json {
                print(Self.json(status).text)
                return
            }
            var lines = [status.current.map { "Fasting: " + FastCommand.describe($0, now: status.now, clock: clock) + "." } ?? "Not fasting."]
            if let fast = status.current, let food = try Fasting.firstFood(during: fast, source: env.repositories, today: clock.today) {
                let at = ClockTime(food, timeZone: clock.timeZone)
                lines.append("Food was logged at \(at) during it: bodii fast end --at \(at) ends it there.")
            }
            lines.append("Streak: \(Plural.count(status.streak, "day")) with a fast that reached its goal.")
            if !status.recent.isEmpty {
                lines.append("Last fasts:")
                for fast in status.recent.prefix(7) {
                    lines.append("  \(fast.date.iso)  \(DurationFormat.hoursMinutes(fast.minutes(at: status.now)))  \(FastingGoal.name(fast.goalHours))\(fast.reachedGoal(at: status.now) ? "  ✓" : "")")
                }
            }
            PlainText.print(lines.joined(separator: "\n"))
        }
    }

    static func json(_ status: FastingStatus) -> JSONValue {
        func fast(_ f: Fast) -> JSONValue {
            .object([
                ("date", .string(f.date.iso)), ("started_at", .string(ISOTimestamp.text(f.startedAt, timeZone: .gmt))),
                ("ended_at", f.endedAt.map { .string(ISOTimestamp.text($0, timeZone: .gmt)) } ?? .null),
                ("minutes", .int(f.minutes(at: status.now))), ("goal_hours", .number(f.goalHours)),
                ("reached_goal", .bool(f.reachedGoal(at: status.now))),
            ])
        }
        return .object([("current", status.current.map(fast) ?? .null), ("streak_days", .int(status.streak)), ("recent", .array(status.recent.map(fast)))])
    }
}
