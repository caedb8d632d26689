import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation
import SharedCharts
import TerminalKit

/// `bodii review`: a period's summary and board (PRODUCT.md §8); `bodii review add` writes a note.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review", abstract: "Show a week's or month's health summary and its Keep / Problem / Try / Action board.",
        subcommands: [ReviewShowCommand.self, ReviewAddCommand.self], defaultSubcommand: ReviewShowCommand.self)
}

/// The period options `review` and `review add` share.
struct PeriodOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp(
            "A week (Monday–Sunday, or Sunday–Saturday with week_start = \"sunday\" in the config file) or a calendar month.",
            valueName: "week|month"))
    var period: OptionText = "week"
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("A day of the period (YYYY-MM-DD, not after today; default today).", valueName: "date"))
    var date: OptionText?

    /// The period asked for; bad input is a usage (kind) or data (date) failure.
    func resolve(today: LocalDate, weekStart: WeekStart) throws -> ReviewPeriod {
        guard let kind = ReviewPeriodKind(rawValue: period.text) else {
            throw CommandFailure.usage("period \(ValidationError.quoted(period.text)) is not one of week, month")
        }
        var day = today
        if let date {
            do throws(BodiiDomain.ValidationError) { day = try Validation.date(date.text, today: today) } catch {
                throw CommandFailure.data(error.message)
            }
        }
        return ReviewPeriod(kind, containing: day, weekStart: weekStart)
    }
}

struct ReviewShowCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the period's summary and board (the default).",
        shouldDisplay: false)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var options: PeriodOptions
    @Flag(name: .long, help: "Print JSON (snake_case keys, metric units) for scripts.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let period = try options.resolve(today: clock.today, weekStart: clock.weekStart)
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            let review = try PeriodReview.load(period, today: clock.today, source: env.repositories)
            if json {
                print(ReviewJSON.value(review).text)
            } else {
                let units = try env.repositories.loadProfile()?.unitSystem ?? .metric
                PlainText.print(ReviewText(review: review, unitSystem: units, today: clock.today).plainText)
            }
        }
    }
}

struct ReviewAddCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Write a Keep, Problem or Try note into a period's review.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Which column.", valueName: "keep|problem|try"))
    var kind: String
    @Argument(
        help: ArgumentHelp("The note: one line of plain text, up to \(ReviewInput.textLength.upperBound) characters.", valueName: "text"))
    var text: String
    @OptionGroup var options: PeriodOptions

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            guard let column = ReviewItemKind(rawValue: kind) else {
                throw CommandFailure.usage("column \(ValidationError.quoted(kind)) is not one of keep, problem, try")
            }
            let period = try options.resolve(today: clock.today, weekStart: clock.weekStart)
            let note: String
            do throws(BodiiDomain.ValidationError) { note = try ReviewInput.text(text) } catch { throw CommandFailure.data(error.message) }
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let saved = try env.repositories.addReviewItem(ReviewItem(period: period, kind: column, text: note))
            PlainText.print(
                "Added \(column.title) #\(saved.id.map(String.init) ?? "?") to the review of \(period.kind.rawValue) \(period.label).")
        }
    }
}

extension ReviewText {
    /// The review as plain text; stored notes come out with control characters escaped.
    var plainText: String {
        lines.map { TerminalText.printable($0.spans.map(\.text).joined()) }.joined(separator: "\n")
    }
}

/// `bodii action`: the actions of reviews, from the command line.
struct ActionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "action", abstract: "Add, list and close the actions of your reviews.",
        subcommands: [ActionAddCommand.self, ActionListCommand.self, ActionDoneCommand.self, ActionDropCommand.self])
}

struct ActionAddCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an action to this week's review.",
        discussion: "An action is for the period after the review that wrote it: a metric is judged over the next week.")

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("What you will do: one line of plain text.", valueName: "text"))
    var text: String
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Due date (YYYY-MM-DD, today to a year ahead).", valueName: "date"))
    var due: OptionText?
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Bind it to a metric: \(ActionMetric.names).", valueName: "metric"))
    var metric: OptionText?
    @Option(
        name: .long, parsing: .unconditional,
        help: ArgumentHelp("The metric's target (nights, minutes, days, weigh-ins or steps a day).", valueName: "n"))
    var target: OptionText?

    func validate() throws {
        if (metric == nil) != (target == nil) { throw ArgumentParser.ValidationError("give --metric and --target together") }
    }

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let today = clock.today
            var action = ReviewAction(
                period: ReviewPeriod(.week, containing: today, weekStart: clock.weekStart), text: "", createdOn: today)
            do throws(BodiiDomain.ValidationError) {
                action.text = try ReviewInput.text(text)
                action.due = try due.map { text throws(BodiiDomain.ValidationError) in try ReviewInput.dueDate(text.text, today: today) }
                if let metric, let target {
                    let m = try ReviewInput.metric(metric.text)
                    action.metric = m
                    action.target = try ReviewInput.target(target.text, metric: m)
                }
            } catch {
                throw CommandFailure.data(error.message)
            }
            let env = try AppEnvironment.open(databasePath: global.db?.text, clock: clock)
            let saved = try env.repositories.addAction(action)
            var line = "Added action #\(saved.id.map(String.init) ?? "?"): \(saved.text)"
            if let due = saved.due { line += ", due \(due.iso)" }
            if let m = saved.metric, let t = saved.target {
                line += "; judged \(saved.judgedPeriod.start.iso) to \(saved.judgedPeriod.end.iso): \(t) \(m.unit)"
            }
            PlainText.print(TerminalText.printable(line))
        }
    }
}

struct ActionListCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the open actions (all with --all).")

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: "Also the done and dropped ones.")
    var all = false
    @Flag(name: .long, help: "Print JSON: the actions array of `review --json`.")
    var json = false

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            let actions = try env.repositories.allActions(includingClosed: all)
            let progress = try ActionProgress.judge(actions, today: clock.today, source: env.repositories)
            if json {
                print(ReviewJSON.actions(actions, progress: progress).text)
                return
            }
            guard !actions.isEmpty else {
                PlainText.print(all ? "No actions yet." : "No open actions.")
                return
            }
            let review = PeriodReview(
                period: ReviewPeriod(.week, containing: clock.today, weekStart: clock.weekStart), summary: nil, items: [], actions: actions,
                carriedOver: [], progress: progress)
            let text = ReviewText(review: review, unitSystem: .metric, today: clock.today)
            PlainText.print(actions.map { TerminalText.printable(text.actionLine($0).map(\.text).joined()) }.joined(separator: "\n"))
        }
    }
}

/// The id argument `done` and `drop` take, and the action it names.
struct ActionIDArgument: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp("The action's number (see `bodii action list`).", valueName: "id"))
    var id: [String] = []

    /// The open action with this id; nothing is opened for writing before it is found.
    func openAction(global: GlobalOptions, clock: any Clock) throws -> (AppEnvironment, ReviewAction) {
        let id = try PositionalWords.single(self.id, missing: "say which action: its number (see bodii action list)")
        let number = try validated { () throws(BodiiDomain.ValidationError) in
            try Validation.integer(id, field: "id", range: 1...Int(Int32.max), unit: nil)
        }
        guard let env = try AppEnvironment.openIfPresent(databasePath: global.db?.text, clock: clock),
            let action = try env.repositories.action(id: Int64(number))
        else {
            throw CommandFailure.data("action \(ValidationError.quoted(id)) does not exist: see `bodii action list --all`")
        }
        guard action.status == .open else {
            throw CommandFailure.data(
                "action \(number) is already \(action.status.rawValue) (on \(action.closedOn?.iso ?? "?")); only open actions can be closed"
            )
        }
        return (env, action)
    }
}

struct ActionDoneCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "done", abstract: "Mark an open action done.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: ActionIDArgument

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            var (env, action) = try argument.openAction(global: global, clock: clock)
            action.status = .done
            action.closedOn = clock.today
            try env.repositories.updateAction(action)
            PlainText.print(TerminalText.printable("Done: #\(action.id.map(String.init) ?? "?") \(action.text)"))
        }
    }
}

struct ActionDropCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(commandName: "drop", abstract: "Drop an open action, with a note on why.")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var argument: ActionIDArgument
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Why it was dropped (one line).", valueName: "text"))
    var note: OptionText?

    func run() throws {
        try reportingFailures {
            let clock = try ProcessClock.current()
            var dropNote: String?
            if let note {
                do throws(BodiiDomain.ValidationError) { dropNote = try ReviewInput.text(note.text, field: "note") } catch {
                    throw CommandFailure.data(error.message)
                }
            }
            var (env, action) = try argument.openAction(global: global, clock: clock)
            action.status = .dropped
            action.closedOn = clock.today
            action.dropNote = dropNote
            try env.repositories.updateAction(action)
            PlainText.print(
                TerminalText.printable(
                    "Dropped: #\(action.id.map(String.init) ?? "?") \(action.text)" + (dropNote.map { " (\($0))" } ?? "")))
        }
    }
}
