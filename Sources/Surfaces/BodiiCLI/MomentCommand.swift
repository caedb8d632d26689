import ArgumentParser
import BodiiApp
import BodiiDocument
import BodiiDomain
import Foundation

// `bodii moment …` and `bodii moments` (issue 47 item 3).

struct MomentCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "moment", abstract: "Note a moment: bodii moment walk with Sam +social +outdoors --feel 4.")

    @OptionGroup var global: GlobalOptions
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("What happened, with +tags (and N/5 for how it felt).", valueName: "words"))
    var words: [String] = []
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How it felt, 1–5.", valueName: "1-5"))
    var feel: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("When it happened (HH:MM today or last night; default now).", valueName: "time"))
    var at: OptionText?

    func run() throws {
        try reportingFailures {
            let text = try PositionalWords.values(words).joined(separator: " ")
            guard !text.isEmpty else { throw CommandFailure.usage("say what happened: bodii moment walk with Sam +social --feel 4") }
            var line = try validated { () throws(BodiiDomain.ValidationError) in try MomentLine.parse(text) }
            if let feel {
                let rating = try validated { () throws(BodiiDomain.ValidationError) in try Validation.rating(feel.text, field: "--feel") }
                if let said = line.feeling, said != rating {
                    throw CommandFailure.data("feeling given twice: \(said)/5 in the words and --feel \(rating); give one")
                }
                line.feeling = rating
            }
            let clock = try ProcessClock.current()
            let when = try at.latestInstant(option: "--at", clock: clock)
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let moment: Moment
            do { moment = try MomentLogging(store: env.repositories, clock: clock).note(line, at: when) } catch let refusal as BodiiDomain.ValidationError {
                throw CommandFailure.data(refusal.message)
            }
            PlainText.print("Moment noted at \(ClockTime(moment.at, timeZone: clock.timeZone)): \(moment.line)")
        }
    }
}

struct MomentsCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "moments", abstract: "Your moments, newest first: bodii moments --tag social.")

    static let daysRange: ClosedRange<Int> = 1...3660
    static let defaultDays = 30

    @OptionGroup var global: GlobalOptions
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Only moments with this tag (social or +social).", valueName: "tag"))
    var tag: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("How many days back (1–3660, default 30).", valueName: "n"))
    var days: OptionText?
    @Flag(name: .long, help: "Print JSON [{\"date\",\"at\",\"text\",\"tags\",\"feeling\"}] for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let count = try days.map { d in
                try validated { () throws(BodiiDomain.ValidationError) in try Validation.integer(d.text, field: "--days", range: Self.daysRange, unit: nil) }
            } ?? Self.defaultDays
            let wanted = try tag.map { t in
                let name = t.text.hasPrefix("+") ? String(t.text.dropFirst()) : t.text
                guard let tag = MomentLine.tag(name) else {
                    throw CommandFailure.data("--tag \(ValidationError.quoted(t.text)) is not a tag: allowed letters, digits, - or _, up to \(MomentLine.tagLength)")
                }
                return tag
            }
            let clock = try ProcessClock.current()
            let range = DateRange(ending: clock.today, days: count)
            // No database yet is no moments: nothing is made to say so.
            let moments: [Moment] = try AppEnvironment.openIfPresent(databasePath: global.db?.text, access: .readOnly, clock: clock).map { env in
                defer { env.database.finishReading() }
                return try MomentLogging(store: env.repositories, clock: clock).moments(in: range, tag: wanted)
            } ?? []
            if json {
                print(Self.json(moments, timeZone: clock.timeZone).text)
            } else if moments.isEmpty {
                PlainText.print("No moments\(wanted.map { " with +\($0)" } ?? "") in the last \(Plural.count(count, "day")).")
            } else {
                PlainText.print(Self.text(moments, today: clock.today, timeZone: clock.timeZone))
            }
        }
    }

    /// Days, newest first, each with its moments: "  14:30  walk with Sam +social 4/5".
    static func text(_ moments: [Moment], today: LocalDate, timeZone: TimeZone) -> String {
        var lines: [String] = []
        for day in MomentDay.days(moments).reversed() {
            lines.append(day.date.iso + (day.date == today ? " (today)" : ""))
            for m in day.moments.reversed() { lines.append("  \(ClockTime(m.at, timeZone: timeZone))  \(m.line)") }
        }
        return lines.joined(separator: "\n")
    }

    static func json(_ moments: [Moment], timeZone: TimeZone) -> JSONValue {
        .array(moments.map { object($0, timeZone: timeZone) })
    }

    /// `{"date","at","text","tags","feeling"}`: `at` in the clock's zone with its offset, `feeling` null when not said.
    static func object(_ m: Moment, timeZone: TimeZone) -> JSONValue {
        .object([
            ("date", .string(m.date.iso)), ("at", .string(ISOTimestamp.text(m.at, timeZone: timeZone))), ("text", .string(m.text)),
            ("tags", .array(m.tags.map(JSONValue.string))), ("feeling", m.feeling.map { .number(Double($0)) } ?? .null),
        ])
    }
}
