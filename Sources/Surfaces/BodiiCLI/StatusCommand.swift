import ArgumentParser
import BodiiApp
import BodiiDomain
import BodiiStore
import Foundation

/// `bodii status`: one line for a status bar, cheap enough to run every few seconds. It only
/// reads: it never creates, migrates or changes a database, and with no database yet it prints
/// nothing and succeeds, so a status bar stays clean before the first run.
struct StatusCommand: ParsableCommand, DatabaseCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Print today's numbers on one line, for tmux, polybar or a shell prompt.",
        discussion: """
            Placeholders: \(StatusLine.allowedList). A value not known yet shows as a dash. Without \
            --format the line is {eaten}/{target} kcal, {weight} {trend}, {sleep} and {checkin}, \
            separated by middle dots: it fits 40 columns; while a fast is on, "fast {fast}" joins it. \
            With no database yet it prints nothing.
            """)

    @OptionGroup var global: GlobalOptions
    @Option(
        name: .long, parsing: .unconditional, help: ArgumentHelp("The line, with {placeholders} (listed above).", valueName: "template"))
    var format: OptionText?
    @Flag(name: .long, help: "Plain ASCII only (also when the locale is not UTF-8).")
    var ascii = false

    func run() throws {
        try reportingFailures {
            // A template of one's own is checked before anything is read.
            let chosen: StatusLine?
            do throws(BodiiDomain.ValidationError) {
                if let format { chosen = try StatusLine(template: format.text) } else { chosen = nil }
            } catch {
                throw CommandFailure.usage(error.message)
            }
            let clock = try ProcessClock.current()
            let url = AppEnvironment.databaseURL(explicit: global.db?.text)
            guard FileManager.default.fileExists(atPath: url.path) else { return }
            let env = try AppEnvironment.open(databasePath: global.db?.text, access: .readOnly, clock: clock)
            // Run every few seconds by status bars: one read transaction, and the end of a reader.
            let values = try env.repositories.readingTogether {
                try StatusLine.values(on: clock.today, now: clock.now, source: env.repositories)
            }
            env.database.finishReading()
            let line =
                try chosen ?? StatusLine(template: values.fastMinutes == nil ? StatusLine.defaultTemplate : StatusLine.fastingTemplate)
            PlainText.print(line.render(values), ascii: ascii)
        }
    }
}
