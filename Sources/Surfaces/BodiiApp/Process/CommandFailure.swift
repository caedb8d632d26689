import BodiiDomain
import BodiiStore
import Foundation

/// A failure a command reports as one line on stderr, with the exit codes of PRODUCT.md §4
/// (sysexits: 64 usage, 65 data, 66 no input, 74 I/O).
package struct CommandFailure: Error, CustomStringConvertible {
    package enum Kind: Int32 {
        case usage = 64
        case data = 65
        case noInput = 66
        case io = 74
    }
    package let kind: Kind
    package let message: String
    /// The store's reason, when the failure is one (commands that can do without the file ask).
    var storeError: StoreError?

    package init(kind: Kind, message: String, storeError: StoreError? = nil) {
        self.kind = kind
        self.message = message
        self.storeError = storeError
    }

    package static func usage(_ m: String) -> CommandFailure { CommandFailure(kind: .usage, message: m) }
    package static func data(_ m: String) -> CommandFailure { CommandFailure(kind: .data, message: m) }
    package static func noInput(_ m: String) -> CommandFailure { CommandFailure(kind: .noInput, message: m) }
    package static func io(_ m: String) -> CommandFailure { CommandFailure(kind: .io, message: m) }

    /// True when it says there is no database at the path yet.
    package var isNoDatabase: Bool { if case .noDatabase = storeError { true } else { false } }
    /// True when it says the database must be upgraded, which a read-only open does not do.
    package var needsUpgrade: Bool { if case .needsUpgrade = storeError { true } else { false } }

    package var description: String { message }
}

package enum StandardError {
    /// Writes one line: whatever `line` holds (a value typed on the command line, a stored name),
    /// control and bidi characters come out escaped, so a message is one line and moves no cursor.
    package static func write(_ line: String) {
        let text = line.hasSuffix("\n") ? String(line.dropLast()) : line
        CommandOutput.standardError(Data((PlainText.forLocale(TerminalText.printable(text)) + "\n").utf8))
    }
}
