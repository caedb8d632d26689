import ArgumentParser
import BodiiApp
import BodiiDomain
import Foundation

/// An option's value as typed, which the parser refuses when it is blank or is itself an option.
/// An empty value is an error, never "use the default": `--db ""` must not write to the default
/// database, `--date ""` must not mean today. Values are taken unconditionally (so `--fat -5` is a
/// bad value, not a missing one); a value that is itself an option (`--minutes --db x`) means the
/// value was left out. Every string option of every command has this type.
struct OptionText: ExpressibleByArgument, ExpressibleByStringLiteral, CustomStringConvertible, Sendable {
    let text: String

    init?(argument: String) {
        guard Self.problem(with: argument) == nil else { return nil }
        text = argument
    }

    init(stringLiteral value: String) { text = value }

    var description: String { text }

    /// Why `value` is no option value, nil when it is one.
    static func problem(with value: String) -> String? {
        // White_Space is the set trimming(.whitespacesAndNewlines) uses, without NSString's
        // bridging: this runs for every option of every command.
        if value.allSatisfy(\.isWhitespace) { return "is empty: give a value or leave the option out" }
        if value.hasPrefix("--") { return "needs a value, not the option \(ValidationError.quoted(value))" }
        return nil
    }

    /// The parser's refusal of a value ("The value '' is invalid for '--fat <pct>'") as one line
    /// naming the option, when the value is blank or an option; nil for any other refusal.
    static func refusal(parserMessage message: String) -> String? {
        var text = Substring(message)
        if text.hasPrefix("Error: ") { text = text.dropFirst("Error: ".count) }
        let opening = "The value '"
        guard text.hasPrefix(opening), let middle = text.range(of: "' is invalid for '") else { return nil }
        let value = String(text[text.index(text.startIndex, offsetBy: opening.count)..<middle.lowerBound])
        let option = text[middle.upperBound...].prefix { $0 != " " && $0 != "'" }
        guard option.hasPrefix("--"), let problem = problem(with: value) else { return nil }
        return "\(option) \(problem)"
    }
}

extension Optional<OptionText> {
    /// `--at HH:MM`: the latest such time (last night's 20:00 in the morning), or nil for now.
    func latestInstant(option: String, clock: any Clock) throws -> Date? {
        guard let text = self else { return nil }
        let time: ClockTime
        do throws(BodiiDomain.ValidationError) { time = try Validation.time(text.text, field: option) } catch {
            throw CommandFailure.data(error.message)
        }
        guard let at = Fasting.latest(time, clock: clock) else {
            throw CommandFailure.data("\(option) \(ValidationError.quoted(text.text)) is not a time today or yesterday")
        }
        return at
    }
}
