import Foundation

/// A rejected user input, with everything a form or the CLI needs to say what is wrong and what
/// would be accepted: `weight "1000" is out of range: allowed 20–400 kg` (PRODUCT.md §4 errors).
public struct ValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong; each has a fixed phrase used in `message`.
    public enum Problem: String, Equatable, Sendable, CaseIterable {
        case empty, notANumber, notAWholeNumber, unknownUnit, invalidFormat, notARealDate, outOfRange, tooLong,
            invalidCharacters, inFuture, tooFast, unknown, needsWeighIn

        public var phrase: String {
            switch self {
            case .empty: return "is empty"
            case .notANumber: return "is not a number"
            case .notAWholeNumber: return "is not a whole number"
            case .unknownUnit: return "has an unknown unit"
            case .invalidFormat: return "is not in a valid format"
            case .notARealDate: return "is not a real date"
            case .outOfRange: return "is out of range"
            case .tooLong: return "is too long"
            case .invalidCharacters: return "contains control characters"
            case .inFuture: return "is in the future"
            case .tooFast: return "is faster than is safe"
            case .unknown: return "is unknown"
            case .needsWeighIn: return "needs a weigh-in first"
            }
        }
    }

    /// The field as users know it: "weight", "body fat", "bedtime".
    public let field: String
    /// The input exactly as typed (not trimmed, not escaped).
    public let value: String
    /// What would be accepted, in the user's units: "20–400 kg", "HH:MM (00:00–23:59)".
    public let allowed: String
    public let problem: Problem

    public init(field: String, value: String, allowed: String, problem: Problem) {
        self.field = field
        self.value = value
        self.allowed = allowed
        self.problem = problem
    }

    /// One line, safe to print on a terminal: the value is shortened to 24 characters, quoted, and
    /// `\`, `"` and control characters are escaped (`\n`, `\u{1B}`), so a pasted escape sequence can
    /// never drive the terminal.
    public var message: String {
        let shown = value.isEmpty ? "" : " " + Self.quoted(value)
        return "\(field)\(shown) \(problem.phrase): allowed \(allowed)"
    }

    public var description: String { message }

    /// The shorter form shown under a form field, where label and value are already on screen:
    /// "Out of range: allowed 20–400 kg".
    public var inlineMessage: String {
        var phrase = problem.phrase
        if phrase.hasPrefix("is ") { phrase.removeFirst(3) }
        return phrase.prefix(1).uppercased() + phrase.dropFirst() + ": allowed " + allowed
    }

    /// For a field holding a list, where the label is on screen but not which item is wrong:
    /// "\"vitamn c 12 mg\" is unknown: allowed a name from the Nutrients view".
    public var itemMessage: String {
        "\(Self.quoted(value)) \(problem.phrase): allowed \(allowed)"
    }

    /// `text` as messages show a value: quoted, cut to 24 characters, control characters escaped.
    public static func quoted(_ text: String) -> String { quoted(text, limit: 24) }

    /// A path as messages show it: like `quoted`, but whole (up to PATH_MAX) — a path cut short
    /// names another file.
    public static func quotedPath(_ path: String) -> String { quoted(path, limit: 4096) }

    private static func quoted(_ text: String, limit: Int) -> String {
        let short = text.count > limit ? String(text.prefix(limit)) + "…" : text
        // Backslashes first, so the escapes added after them stay readable; TerminalText does the rest.
        let escaped = short.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n").replacingOccurrences(of: "\t", with: "\\t")
            .replacingOccurrences(of: "\r", with: "\\r")
        return "\"" + TerminalText.printable(escaped) + "\""
    }
}
